/**
 * The receipt page's stylesheet and its one script, kept as text in the server's code so they ship inside
 * the bundled server (no file to find at run time) and are served from our own origin, which is all the
 * page's policy allows. Both are small: a 2G phone gets the receipt with two short requests after it.
 */

export const RECEIPT_STYLESHEET_PATH = '/pay/receipt/receipt.css';
export const RECEIPT_SCRIPT_PATH = '/pay/receipt/receipt-share.js';

/**
 * Light and dark follow the device; print drops the buttons and colours for a plain A4 page. Sizes are
 * in rem and the layout is one column, so nothing overflows at 320 px. The font is the pay page's: the
 * system's, with no other names that would each be a failed lookup where they are not installed.
 */
export const RECEIPT_CSS = `*,*::before,*::after{box-sizing:border-box}
[hidden]{display:none!important}
:root{color-scheme:light dark;--bg:#f4f5f7;--card:#fff;--text:#1b1d21;--muted:#4f5560;--line:#d9dce1;--ok:#0b6b32;--bad:#a4161a;--wait:#7a4d00;--accent:#1d4ed8;--accent-text:#fff}
@media (prefers-color-scheme:dark){:root{--bg:#101215;--card:#1b1e23;--text:#eef0f3;--muted:#b9bfc9;--line:#3a3f47;--ok:#6fdc95;--bad:#ff9b94;--wait:#f5c56b;--accent:#8fb3ff;--accent-text:#0b1020}}
html{font-family:system-ui,sans-serif;line-height:1.45;background:var(--bg);color:var(--text);-webkit-text-size-adjust:100%}
body{margin:0;padding:1rem .75rem}
.receipt{max-width:32rem;margin:0 auto;background:var(--card);border:1px solid var(--line);border-radius:.75rem;padding:1.25rem 1rem}
.receipt__header{text-align:center;margin-bottom:1rem}
.receipt__merchant{margin:0;font-weight:600;font-size:1.05rem;overflow-wrap:anywhere}
.receipt__title{margin:.25rem 0 0;font-size:1.5rem}
.receipt__for{margin:.25rem 0 0;color:var(--muted);overflow-wrap:anywhere}
.receipt__status{border-top:1px solid var(--line);border-bottom:1px solid var(--line);padding:.75rem 0;margin-bottom:.75rem;text-align:center}
.receipt__status-title{margin:0;font-weight:700;font-size:1.15rem}
.receipt--success .receipt__status-title{color:var(--ok)}
.receipt--error .receipt__status-title{color:var(--bad)}
.receipt--wait .receipt__status-title{color:var(--wait)}
.receipt__status-text{margin:.25rem 0 0;color:var(--muted)}
.receipt__rows{margin:0}
/* stylelint-disable-next-line plugin/no-unsupported-browser-features -- flex gap: fallback at the end */
.receipt__row{display:flex;flex-wrap:wrap;justify-content:space-between;gap:.25rem 1rem;padding:.45rem 0;border-bottom:1px dashed var(--line)}
.receipt__row dt{color:var(--muted)}
.receipt__row dd{margin:0;font-weight:600;text-align:end;overflow-wrap:anywhere;min-width:0}
/* stylelint-disable-next-line plugin/no-unsupported-browser-features -- flex gap: fallback at the end */
.receipt__actions{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:1rem}
.receipt__actions form{display:contents}
.receipt__button{flex:1 1 8rem;min-height:2.75rem;font:inherit;font-weight:600;border-radius:.5rem;border:2px solid var(--accent);background:var(--accent);color:var(--accent-text);padding:.5rem 1rem;cursor:pointer}
.receipt__button--plain{background:transparent;color:var(--accent)}
.receipt__button:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.share{margin-top:1rem;padding-top:.75rem;border-top:1px solid var(--line)}
.share__title{margin:0 0 .5rem;font-size:1rem}
/* stylelint-disable-next-line plugin/no-unsupported-browser-features -- flex gap: fallback at the end */
.share__apps{display:flex;flex-wrap:wrap;gap:.5rem;margin:0 0 .75rem}
.share__app{flex:1 1 7rem;padding:.6rem 1rem;border:2px solid var(--accent);border-radius:.5rem;color:var(--accent);font-weight:600;text-align:center;text-decoration:none}
.share__app:focus-visible,.share__url:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.share__label{display:block;color:var(--muted);font-size:.875rem;margin-bottom:.25rem}
.share__url{display:block;width:100%;font:inherit;padding:.5rem;border:1px solid var(--line);border-radius:.5rem;background:var(--card);color:var(--text);resize:none;overflow-wrap:anywhere}
@page{size:A4;margin:18mm}
/* Chromium 80-83 leaves no gap in a flex box (84 brought it with the revert keyword, which every floor browser
   with flex gaps has): there, and nowhere else, margins make the same space. */
@supports not (color:revert){.receipt__row{padding-top:.2rem}.receipt__row>dt,.receipt__row>dd{margin-top:.25rem}.receipt__row>dt{margin-right:1rem}.receipt__actions{margin:.5rem 0 0 -.5rem}.receipt__button{margin:.5rem 0 0 .5rem}.share__app{margin:0 .5rem .5rem 0}}
@media print{:root{--bg:#fff;--card:#fff;--text:#000;--muted:#333;--line:#999;--ok:#000;--bad:#000;--wait:#000}html{background:#fff;color:#000}body{padding:0}.receipt{border:0;max-width:none;padding:0}.receipt__actions,.share{display:none}}
`;

/**
 * Progressive enhancement, in the ES5 every browser the page serves can run: Print where the browser can
 * print, Share where it has the Web Share API. Without this script both stay hidden. The address to
 * copy is selected whole when its field is focused or tapped; without the script it is selected by hand.
 */
export const RECEIPT_SCRIPT = `(function () {
  var print = document.querySelector('[data-print]');
  var share = document.querySelector('[data-share]');
  var copy = document.querySelector('[data-copy]');
  if (copy) {
    var select = function () { copy.select(); };
    copy.addEventListener('focus', select);
    copy.addEventListener('click', select);
  }
  if (print && typeof window.print === 'function') {
    print.hidden = false;
    print.addEventListener('click', function () { window.print(); });
  }
  if (share && typeof navigator.share === 'function') {
    share.hidden = false;
    share.addEventListener('click', function () {
      // A dismissed share sheet rejects: nothing to tell the payer.
      navigator.share({ title: document.title, url: location.href })['catch'](function () {});
    });
  }
})();
`;
