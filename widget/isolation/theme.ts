/**
 * The `--pay-*` properties the host forwards into the frame (the element's documented ones), and the
 * values the frame accepts for them: a colour, a length, or a font family. Anything else (a `url(`, a
 * `;` or a brace that would reach past the property) is dropped, so the host page cannot make the frame
 * load anything or style more than the checkout's own properties.
 */
export const THEME_PROPERTIES = [
  ...['primary', 'on-primary', 'text', 'muted', 'background', 'surface', 'border', 'error', 'success'].map(
    (name) => `--pay-color-${name}`,
  ),
  '--pay-radius',
  '--pay-font',
  '--pay-spacing',
] as const;

const COLOR = /^(?:#[\da-f]{3,8}|[a-z]+|(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\([\d\s.,%/+-]+\))$/i;
const LENGTH = /^(?:0|[\d.]+(?:px|r?em|%|vw|vh|ch|ex))$/;
const FONT = /^[\w\s,'"-]+$/;

/** `value` when it is well-formed for property `name`, else undefined. */
export function themeValue(name: string, value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 200) return undefined;
  const trimmed = value.trim();
  const rule = name.startsWith('--pay-color-') ? COLOR : name === '--pay-font' ? FONT : LENGTH;
  return rule.test(trimmed) ? trimmed : undefined;
}
