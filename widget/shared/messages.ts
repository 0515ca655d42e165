/**
 * What the widget and the server's pay pages do with a message: fill its `{placeholders}`, and say what an
 * amount may be in one line. Both sides show the same words for the same link, so both use these.
 */
import type { AmountRule } from './contract.ts';
import type { Messages } from './en.ts';

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
