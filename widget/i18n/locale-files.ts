/**
 * The locale files, fetched once per page (every widget on it shares them) from the `locales/` folder
 * next to the built widget. A file that cannot be fetched, or is not a complete translation, counts as
 * missing.
 */
import type { Transport } from '../internal/transport.ts';
import type { Messages } from '../shared/en.ts';
import { isTranslation } from '../shared/translation.ts';

/**
 * A locale file on its way or in: `done` once settled, with `messages` unless it was missing. A missing
 * file is remembered too, so the page's widgets show English at once instead of asking again.
 */
export interface Download {
  readonly promise: Promise<unknown>;
  done: boolean;
  messages?: Messages;
}

const downloads = new Map<string, Download>();

/** Starts fetching `language`'s file from `base`, unless it is on its way or in already. */
export function download(language: string, base: URL, transport: Transport): Download {
  const url = new URL(`${language}.json`, base).href;
  let entry = downloads.get(url);
  if (!entry) {
    const started: Download = {
      done: false,
      promise: transport
        .fetch(url, {})
        .then((response) => (response.ok ? response.json() : undefined))
        .catch(() => undefined)
        .then((messages: unknown) => {
          started.done = true;
          if (isTranslation(messages)) started.messages = messages;
        }),
    };
    downloads.set(url, (entry = started));
  }
  return entry;
}
