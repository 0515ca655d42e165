// The edges of the form's controls (text inputs, selects, payment options) must stand out at 3:1 (WCAG
// 1.4.11, non-text contrast) from the card around them and from the field's own fill, in both themes.
// Measured on the colours the browser computes, so a change of any default is caught. (axe checks text
// contrast only, and form.test.ts runs it on this same form.)
import { expect } from '@open-wc/testing';
import { config, FakeBackend } from './fake-backend.ts';
import { $, $$, mount } from './helpers.ts';

/** Relative luminance of a computed `rgb(r, g, b)` colour (WCAG 2 definition). */
function luminance(color: string): number {
  const channels = /^rgba?\((\d+), (\d+), (\d+)(?:, 1)?\)$/.exec(color);
  if (!channels) throw new Error(`not an opaque rgb() colour: ${color}`);
  const [red, green, blue] = channels.slice(1).map((channel) => {
    const value = Number(channel) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
}

const contrast = (first: string, second: string) => {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
};

describe('control borders', () => {
  it('luminance follows the WCAG definition (white on black is 21:1, grey #767676 on white 4.54:1)', () => {
    expect(contrast('rgb(255, 255, 255)', 'rgb(0, 0, 0)')).to.equal(21);
    expect(contrast('rgb(118, 118, 118)', 'rgb(255, 255, 255)')).to.be.closeTo(4.54, 0.01);
  });

  for (const theme of ['light', 'dark']) {
    it(`stand out at 3:1 from the card and from their own fill, ${theme} theme`, async () => {
      const { el } = await mount(new FakeBackend(config()), { link: 'lnk_1', theme });
      const card = getComputedStyle($(el, '.pay')!).backgroundColor;
      const controls = $$(el, '.pay__input, .pay__option');
      expect(controls.map((control) => control.localName)).to.include.members(['input', 'label']);
      for (const control of controls) {
        const style = getComputedStyle(control);
        expect(contrast(style.borderTopColor, card), `${control.className} against the card`).to.be.at.least(
          3,
        );
        const fill = style.backgroundColor === 'rgba(0, 0, 0, 0)' ? card : style.backgroundColor;
        expect(contrast(style.borderTopColor, fill), `${control.className} against its fill`).to.be.at.least(
          3,
        );
      }
    });
  }
});
