import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { minifyTemplates, shortenClassNames } from '../../widget/build/minify-templates.ts';

type Transform = (code: string, id: string) => { code: string } | undefined;
const transform = (plugin: Plugin) => plugin.transform as Transform;

describe('minifyTemplates (Vite plugin)', () => {
  it('minifies html and css templates of widget modules, and nothing else in them', () => {
    const code = [
      'const styles = css`',
      '  .pay {',
      '    display: grid;',
      '  }',
      '`;',
      'const view = (label: string) => html`',
      '  <button',
      '    type="button"',
      '  >',
      '    ${label}',
      '  </button>',
      '`;',
      'const text = `keep  \n  this`;',
      'const other = svg`  <g>  </g>  `;',
    ].join('\n');
    expect(transform(minifyTemplates())(code, '/repo/widget/steps/form.ts')?.code).toBe(
      [
        'const styles = css` .pay{display:grid}`;',
        'const view = (label: string) => html`<button type="button">${label}</button>`;',
        'const text = `keep  \n  this`;',
        'const other = svg`  <g>  </g>  `;',
      ].join('\n'),
    );
  });

  it('leaves modules outside the widget alone', () => {
    expect(
      transform(minifyTemplates())('html`\n  <p>x</p>\n`', '/repo/node_modules/lit-html/lit-html.js'),
    ).toBe(undefined);
    expect(transform(minifyTemplates())('html`\n  <p>x</p>\n`', '/repo/demo/spa/main.ts')).toBe(undefined);
  });
});

describe('shortenClassNames', () => {
  it('gives each pay__ class one short name, the most used first, in templates, styles and selectors alike', () => {
    const chunk = [
      'const s=css`.pay__button{color:red}.pay__button--secondary{color:blue}.pay__field .pay__button{margin:0}`;',
      'const t=html`<button class="pay__button ${x?"pay__button--secondary":""}" part="submit">`;',
      'root.querySelector(".pay__button");',
      'const id="pay-fee",k="pay-pulse";',
    ].join('\n');
    expect(shortenClassNames(chunk)).toBe(
      [
        'const s=css`.a{color:red}.b{color:blue}.c .a{margin:0}`;',
        'const t=html`<button class="a ${x?"b":""}" part="submit">`;',
        'root.querySelector(".a");',
        'const id="pay-fee",k="pay-pulse";',
      ].join('\n'),
    );
  });

  it("gives the styles' own custom properties short names too, and leaves the public --pay-* ones", () => {
    expect(
      shortenClassNames(
        'css`.pay{--_primary:var(--pay-color-primary,#3f3cbb);--_space:8px;gap:var(--_space);color:var(--_space)}`',
      ),
    ).toBe('css`.pay{--_b:var(--pay-color-primary,#3f3cbb);--_a:8px;gap:var(--_a);color:var(--_a)}`');
  });

  it('runs past 52 names to two letters', () => {
    const names = Array.from({ length: 54 }, (_, index) => `pay__n${index}`);
    const short = shortenClassNames(names.join(' ')).split(' ');
    expect(new Set(short).size).toBe(54);
    expect(short.filter((name) => /^[a-zA-Z]$/.test(name))).toHaveLength(52);
    expect(short.filter((name) => /^a[ab]$/.test(name))).toHaveLength(2);
  });

  it('fails on a class name completed at run time, which it could not rename', () => {
    expect(() => shortenClassNames('html`<section class="pay__step pay__step--${tone}">`')).toThrow(
      'pay__step--… is a name completed at run time',
    );
  });
});
