import { describe, expect, it } from 'vitest';
import { minifyCss, minifyHtml } from '../../widget/build/minify-text.ts';

describe('minifyCss', () => {
  it('drops comments and formatting whitespace, keeps values', () => {
    const css = `
      /* the card */
      .pay {
        display: grid;
        gap: calc(var(--pay-spacing) * 2);
      }
      .pay > p,
      .pay__text { margin: 0 auto; }
    `;
    expect(minifyCss(css)).toBe(
      ' .pay{display:grid;gap:calc(var(--pay-spacing) * 2)}.pay>p,.pay__text{margin:0 auto}',
    );
  });
});

describe('minifyHtml', () => {
  it('drops indentation between nodes and keeps a space typed on one line', () => {
    expect(minifyHtml(['<div>\n  <span> a </span>\n  <b>x</b> <i>y</i>\n</div>'])).toEqual([
      '<div><span> a </span><b>x</b> <i>y</i></div>',
    ]);
  });

  it('collapses whitespace between attributes, none before ">", one space for a line break in a value', () => {
    expect(minifyHtml(['<button\n    class="a\n      b"\n    type="button"\n  >Pay</button>'])).toEqual([
      '<button class="a b" type="button">Pay</button>',
    ]);
  });

  it('follows a tag across the expressions of a template', () => {
    // html`<input\n  name=${name}\n  .value=${value}\n/>\n<p>${text}</p>`
    expect(minifyHtml(['<input\n  name=', '\n  .value=', '\n/>\n<p>', '</p>'])).toEqual([
      '<input name=',
      ' .value=',
      ' /><p>',
      '</p>',
    ]);
  });

  it('leaves a "<" that opens no tag, and quotes outside tags, as text', () => {
    expect(minifyHtml(['<p>1 < 2 and it\'s "fine"</p>'])).toEqual(['<p>1 < 2 and it\'s "fine"</p>']);
  });
});
