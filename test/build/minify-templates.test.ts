import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { minifyTemplates } from '../../widget/build/minify-templates.ts';

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
