/**
 * Localization: English is inline; any other language comes with the link's config or is fetched once,
 * as JSON, from the `locales/` folder next to the built widget (an IIFE cannot code-split). Where a
 * language's messages cannot be had, the widget shows English, all of it, never a mix.
 */
export { en, type Messages } from './en.ts';
export { LocaleController, type LocaleSources } from './locale-controller.ts';

/** Fills `{name}` placeholders. */
export const fill = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));
