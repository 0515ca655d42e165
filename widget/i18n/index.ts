/**
 * Localization: English is inline; any other language comes with the link's config or is fetched once,
 * as JSON, from the `locales/` folder next to the built widget (an IIFE cannot code-split). Where a
 * language's messages cannot be had, the widget shows English, all of it, never a mix.
 */
import type { AmountRule, ApiError } from '../shared/contract.ts';
import { en, type Messages } from '../shared/en.ts';

export { en, type Messages };
export { LocaleController, type LocaleSources } from './locale-controller.ts';

/** Fills `{name}` placeholders. */
export const fill = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));

/**
 * What a typed amount may be and what is left to collect, in one line ("Between 500 and 5 000 · 12 000
 * left to collect"); empty when there is neither. The widget's form and the pay page show the same hint.
 */
export const amountHint = (
  messages: Messages,
  { min, max, remaining }: AmountRule,
  money: (minor: number) => string,
): string =>
  [
    min !== undefined && max !== undefined
      ? fill(messages.between, { min: money(min), max: money(max) })
      : min !== undefined
        ? fill(messages.atLeast, { min: money(min) })
        : max !== undefined && fill(messages.atMost, { max: money(max) }),
    remaining !== undefined && fill(messages.remaining, { amount: money(remaining) }),
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * A text the server or the provider wrote, which is English: shown only while the widget speaks English,
 * else our own text for it (`ours`), so no frame mixes two languages.
 */
export const theirs = (messages: Messages, text: string | undefined, ours: string): string =>
  (messages === en && text) || ours;

/** A refusal of the server's, in our words unless the widget speaks English; refused fields keep their place. */
export const ours = (error: ApiError, messages: Messages): ApiError =>
  messages === en
    ? error
    : {
        ...error,
        message: messages.error,
        fields: error.fields?.map(({ path }) => ({ path, message: messages.invalidValue })),
      };
