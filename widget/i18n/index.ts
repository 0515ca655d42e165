/**
 * Localization: English is inline; any other language comes with the link's config or is fetched once,
 * as JSON, from the `locales/` folder next to the built widget (an IIFE cannot code-split). Where a
 * language's messages cannot be had, the widget shows English, all of it, never a mix.
 */
import type { ApiError } from '../shared/contract.ts';
import { en, type Messages } from '../shared/en.ts';

export { en, type Messages };
export { amountHint, fill } from '../shared/messages.ts';
export { LocaleController, type LocaleSources } from './locale-controller.ts';

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
        fields: error.fields?.map((field) => ({ ...field, message: messages.invalidValue })),
      };
