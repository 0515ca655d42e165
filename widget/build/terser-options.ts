import type { TerserOptions } from 'vite';
import { FLOOR_ECMA_VERSION } from './browser-targets.ts';

/**
 * How every minified build of the widget is minified: the self-contained builds (vite.config.ts) and the
 * package's entries (vite.package.config.ts), so that the npm route costs an app what the IIFE costs a page.
 * Terser (several passes, `String(x)` as `x+''`, arrows) ships ~200 B brotli less than Vite's default
 * minifier, and minifies the ES library output fully too.
 */
export const terserOptions = {
  // Terser must not bring back syntax the target lowered (`??=` from `a ?? (a = b)`).
  ecma: FLOOR_ECMA_VERSION,
  // Vite asks terser for Safari 10 workarounds unless told not to; the floor is long past Safari 10 (-9 B).
  safari10: false,
  format: { comments: false },
  // `keep_fargs: false` drops the unused trailing parameters of functions (most are Lit's empty hooks,
  // `willUpdate(t){}`): only code that reads a function's `length` could tell, and none here does (-21 B).
  compress: { passes: 3, unsafe: true, unsafe_arrows: true, unsafe_methods: true, keep_fargs: false },
  // The widget's class-private members are TypeScript `private _name`, not `#name`: the floor lowers `#name`
  // to a WeakMap and a helper call per access (~540 B brotli), while `_name` is mangled to a short
  // property. Terser never gives one a name another property in the bundle uses (Lit's own are `_$x`).
  mangle: { properties: { regex: /^_[a-z]/ } },
} satisfies TerserOptions;

/** The names `packageTerserOptions` gives the widget's private members: `_` and a short name. */
const privateName = (index: number): string => {
  const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  let name = '';
  for (let rest = index; ; rest = Math.floor(rest / letters.length) - 1) {
    name = letters[rest % letters.length] + name;
    if (rest < letters.length) return `_${name}`;
  }
};

/**
 * The package's: as above, except that each mangled member is `_` and a short name. There Lit is not in
 * the bundle but an import, so terser cannot see Lit's own property names to avoid them, and Lit's
 * minified classes, which the element extends, name members in one or two bare letters (`this.C(...)`,
 * which another Lit version may name otherwise); Lit's own never start with `_` and a letter.
 */
export const packageTerserOptions: TerserOptions = {
  ...terserOptions,
  // Terser drops directives it does not know; `'use client'` (vite.package.config.ts) must stay.
  compress: { ...terserOptions.compress, directives: false },
  mangle: { properties: { regex: /^_[a-z]/, nth_identifier: { get: privateName } } },
};
