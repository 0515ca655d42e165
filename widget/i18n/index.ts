/**
 * Localization: English is inline; any other language is fetched once, as JSON, from the `locales/`
 * folder next to the built widget (an IIFE cannot code-split), and falls back to English if missing.
 */
import type { Transport } from '../transport.ts';
import { en, type Messages } from './en.ts';

export { en, type Messages };

const loaded = new Map<string, Promise<Messages>>();

/** The messages of `locale`'s language ("fr-CI" -> fr.json), English for English or on any failure. */
export function loadMessages(locale: string, base: URL, transport: Transport): Promise<Messages> {
  const language = locale.toLowerCase().split('-')[0] ?? 'en';
  if (language === 'en' || !/^[a-z]{2,3}$/.test(language)) return Promise.resolve(en);
  const url = new URL(`${language}.json`, base).href;
  let messages = loaded.get(url);
  if (!messages) {
    messages = transport
      .fetch(url, {})
      .then(async (response) => {
        if (!response.ok) throw new Error(response.statusText);
        return { ...en, ...((await response.json()) as Partial<Messages>) };
      })
      .catch(() => {
        loaded.delete(url);
        return en;
      });
    loaded.set(url, messages);
  }
  return messages;
}

/** Fills `{name}` placeholders. */
export const fill = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));
