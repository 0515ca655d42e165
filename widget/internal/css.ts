/**
 * The tag of the widget's style sheets: the text of a `css` template as Lit's `unsafeCSS` result. Lit's
 * own `css` tag checks what is interpolated at run time and carries a long error text for it; every
 * interpolation of ours is another of these constants, never input, so the check buys nothing, and
 * without Lit's tag the IIFE is smaller (`npm run bench`, its `widget IIFE, brotli q11` line). The tag
 * keeps the name
 * `css`, so editors still read these templates as CSS and the build still minifies them.
 */
import { unsafeCSS, type CSSResult } from 'lit';

export const css = (strings: TemplateStringsArray, ...values: CSSResult[]): CSSResult =>
  unsafeCSS(String.raw({ raw: strings }, ...values));
