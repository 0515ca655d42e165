/**
 * The pay page's one stylesheet, inlined in each page's `<style>` and allowed by its SHA-256 in the
 * page's policy (`style-src 'sha256-...'`, worked out here when the server starts, so an edit of the rules
 * never leaves a stale hash): a linked stylesheet was a second request before the first paint, 400 ms
 * more on a slow phone, while the rules weigh about 1 kB compressed in each page. A string in a module
 * rather than a file beside it, so the bundled server carries it.
 */
import { createHash } from 'node:crypto';

const rules = `:root{color-scheme:light dark;--fg:#1a1a1a;--bg:#fff;--muted:#5c5c5c;--line:#c8c8c8;--accent:#0b57d0;--on-accent:#fff;--error:#b3261e;--card:#f5f5f5}
@media (prefers-color-scheme:dark){:root{--fg:#ececec;--bg:#121212;--muted:#b0b0b0;--line:#4a4a4a;--accent:#a8c7fa;--on-accent:#062e6f;--error:#f2b8b5;--card:#1e1e1e}}
*{box-sizing:border-box}
/* system-ui, which every floor browser has, then the generic family: each other name a stack lists (-apple-system,
   "Segoe UI", Roboto) is a font lookup that fails wherever it is not installed, for each style of text drawn. */
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:var(--fg);background:var(--bg)}
main{max-width:30rem;margin:0 auto;padding:1rem}
h1{font-size:1.35rem;line-height:1.25;margin:.5rem 0}
p{margin:.5rem 0}
a{color:var(--accent)}
.logo{width:48px;height:48px;object-fit:contain;border-radius:8px}
.muted,.hint{color:var(--muted)}
.hint{font-size:.875rem;margin:.25rem 0 0}
/* stylelint-disable-next-line plugin/no-unsupported-browser-features -- flex gap: fallback at the end */
.amount{display:flex;justify-content:space-between;gap:1rem;padding:.75rem;background:var(--card);border-radius:8px}
.field{margin:1rem 0}
label,legend{display:block;font-weight:600;margin-bottom:.25rem}
legend{padding:0}
/* stylelint-disable-next-line plugin/no-unsupported-browser-features -- flex gap: fallback at the end */
.inline{display:flex;gap:.5rem;align-items:flex-start;font-weight:400}
input,select,textarea,button,.button{font:inherit}
/* stylelint-disable-next-line plugin/no-unsupported-browser-features -- :not() of one selector, not a list */
input:not([type=radio]):not([type=checkbox]),select,textarea{width:100%;padding:.6rem;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--fg)}
input[type=radio],input[type=checkbox]{width:1.25rem;height:1.25rem;margin:.15rem 0 0}
[aria-invalid=true]{border-color:var(--error)!important}
.error{color:var(--error);font-size:.875rem;margin:.25rem 0 0}
.alert{color:var(--error);border:1px solid var(--error);border-radius:6px;padding:.5rem .75rem}
fieldset{border:0;padding:0;margin:1rem 0}
/* stylelint-disable-next-line plugin/no-unsupported-browser-features -- flex gap: fallback at the end */
.option{display:flex;gap:.5rem;align-items:flex-start;padding:.6rem;border:1px solid var(--line);border-radius:6px;margin:.4rem 0;font-weight:400}
.option small{display:block;color:var(--muted)}
.button{display:block;width:100%;padding:.8rem;border:0;border-radius:8px;background:var(--accent);color:var(--on-accent);font-weight:700;text-align:center;text-decoration:none;cursor:pointer;margin:1rem 0 .5rem}
.secondary{background:transparent;color:var(--accent);border:1px solid var(--line)}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:1rem 0}
dt{color:var(--muted)}
dd{margin:0;font-weight:600;overflow-wrap:anywhere}
pay-checkout{display:block;margin:.5rem 0}
pay-checkout[hidden]{display:none}
/* stylelint-disable-next-line plugin/no-unsupported-browser-features -- flex gap: fallback at the end */
nav{display:flex;flex-wrap:wrap;gap:.25rem .75rem;font-size:.875rem;margin-top:2rem;border-top:1px solid var(--line);padding-top:.5rem}
nav [aria-current]{font-weight:700;color:var(--fg);text-decoration:none}
.qr{display:block;width:240px;height:240px;margin:1rem auto;background:#fff}
.share{margin:1.5rem 0 0;padding:.75rem;background:var(--card);border-radius:8px}
.share__title{font-size:1rem;margin:0 0 .5rem}
/* stylelint-disable-next-line plugin/no-unsupported-browser-features -- flex gap: fallback at the end */
.share__apps{display:flex;flex-wrap:wrap;gap:.5rem;margin:0 0 .75rem}
.share__app{flex:1 1 7rem;padding:.6rem;border:1px solid var(--line);border-radius:8px;background:var(--bg);text-align:center;font-weight:700;text-decoration:none}
.share__label{font-weight:400;color:var(--muted);font-size:.875rem}
.share__url{display:block;resize:none;overflow-wrap:anywhere}
/* Paying on a phone is offered where the page is not on one: a wide screen with a mouse. */
.wide-only{display:none}
@media (min-width:48rem) and (hover:hover){.wide-only{display:block}}
/* Chromium 80-83 leaves no gap in a flex box (84 brought it with the revert keyword, which every floor browser
   with flex gaps has): there, and nowhere else, margins make the same space. */
@supports not (color:revert){.amount>:first-child{margin-right:1rem}.inline>:first-child,.option>:first-child{margin-right:.5rem}nav{padding-top:.25rem}nav>*{margin:.25rem .75rem 0 0}.share__app{margin:0 .5rem .5rem 0}}
`;

// Raw text inside <style>: the rules must never close the element themselves.
if (/<\/style/i.test(rules)) throw new Error('the pay page stylesheet must not contain </style');

/**
 * The rules as the page carries them: without their comments (notes for stylelint and for us) and the
 * line break after each rule, which a browser never reads. 4.4 kB become 3.4 kB, and 230 B less of brotli
 * (1,258 B to 1,030 B) stand in front of the Pay button. No string in the rules holds a `/*`.
 */
const css = rules.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\}\n+/g, '}');
// A line break anywhere else could be the only space between two words of a rule.
if (css.includes('\n')) throw new Error('the pay page stylesheet may break lines only after a rule');

/**
 * The rules: `css` as the page sends it, `rules` as written (with the comments stylelint reads), and the
 * CSP source expression: the hash of the `<style>` element's exact text.
 */
export const STYLESHEET = {
  rules,
  css,
  source: `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`,
} as const;
