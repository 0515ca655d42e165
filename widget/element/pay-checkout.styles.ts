import { css } from '../internal/css.ts';

/** Dark defaults; a merchant's `--pay-*` values still win. */
const dark = css`
  color-scheme: dark;
  --_primary: var(--pay-color-primary, #8b93ff);
  --_on-primary: var(--pay-color-on-primary, #10122b);
  --_text: var(--pay-color-text, #eceef3);
  --_muted: var(--pay-color-muted, #a9afbd);
  --_bg: var(--pay-color-background, #17191f);
  --_surface: var(--pay-color-surface, #22252d);
  --_border: var(--pay-color-border, #3a3f4b);
  --_control-border: var(--pay-color-border, #6b7280);
  --_error: var(--pay-color-error, #ff8a8a);
  --_success: var(--pay-color-success, #5dd39e);
`;

export const styles = css`
  :host {
    display: block;
  }
  :host([hidden]) {
    display: none;
  }
  .pay {
    color-scheme: light;
    --_primary: var(--pay-color-primary, #3f3cbb);
    --_on-primary: var(--pay-color-on-primary, #fff);
    --_text: var(--pay-color-text, #1b1e27);
    --_muted: var(--pay-color-muted, #596070);
    --_bg: var(--pay-color-background, #fff);
    --_surface: var(--pay-color-surface, #f5f6f8);
    /* The card's outline is decoration; a control's edge is how it is found, so it needs 3:1 (WCAG
       1.4.11) against the card and the field's own background, in both schemes. */
    --_border: var(--pay-color-border, #cfd3dc);
    --_control-border: var(--pay-color-border, #868c99);
    --_error: var(--pay-color-error, #b3261e);
    --_success: var(--pay-color-success, #137a48);
    --_radius: var(--pay-radius, 12px);
    --_space: var(--pay-spacing, 16px);
    box-sizing: border-box;
    max-width: 480px;
    margin: 0 auto;
    padding: calc(var(--_space) * 1.5);
    /* Every floor browser has system-ui; any other name listed would be a failed font lookup on most devices. */
    --_font: var(--pay-font, system-ui, sans-serif);
    font: 16px/1.5 var(--_font);
    color: var(--_text);
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    overflow-wrap: break-word;
  }
  :host([theme='dark']) .pay {
    ${dark}
  }
  @media (prefers-color-scheme: dark) {
    /* stylelint-disable-next-line plugin/no-unsupported-browser-features -- :not() of one selector, not a list */
    :host(:not([theme='light'])) .pay {
      ${dark}
    }
  }
  @media (max-width: 360px) {
    .pay {
      padding: var(--_space);
    }
  }
  * {
    box-sizing: inherit;
  }
  /* No browser margins on text blocks: the grids' gaps space the card. */
  h2,
  p,
  dl,
  dd,
  fieldset {
    margin: 0;
  }
  .pay__live {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  .pay__form,
  .pay__step,
  .pay__group {
    display: grid;
    gap: var(--_space);
  }
  /* A fieldset lays out as a block before Chromium 86, whatever its display: its fields are spaced by
     margins instead of the grid's gap, the same space in every browser (a grid item's margin adds to the
     gap). Its first child is its legend, no grid item: the margins start at the second field. */
  .pay__group {
    gap: 0;
  }
  .pay__group > * + * + * {
    margin-top: var(--_space);
  }
  .pay__header {
    display: grid;
    gap: 4px;
  }
  /* One column as wide as the card, never wider: an implicit grid column is as wide as its longest
     unbreakable line (a payment reference, an e-mail address), which pushed whole steps off a phone's
     screen. Long words wrap inside the column instead. */
  .pay__form,
  .pay__step,
  .pay__group,
  .pay__header,
  .pay__field,
  .pay__options,
  .pay__summary {
    grid-template-columns: minmax(0, 1fr);
  }
  /* stylelint-disable-next-line plugin/no-unsupported-browser-features -- flex gap: fallback below */
  .pay__merchant {
    display: flex;
    align-items: center;
    gap: 8px;
    margin-bottom: var(--_space);
    color: var(--_muted);
    font-size: 14px;
  }
  .pay__merchant .pay__logo {
    width: 24px;
    height: 24px;
  }
  .pay__logo {
    width: 48px;
    height: 48px;
    object-fit: contain;
    border-radius: 8px;
  }
  .pay__heading {
    font-size: 22px;
    line-height: 1.25;
    outline: none;
  }
  .pay__description,
  .pay__text,
  .pay__hint {
    color: var(--_muted);
    white-space: pre-line;
  }
  .pay__hint,
  .pay__error,
  .pay__optional {
    font-size: 14px;
  }
  /* stylelint-disable-next-line plugin/no-unsupported-browser-features -- flex gap: fallback below */
  .pay__amount {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    align-items: baseline;
    gap: 8px;
    padding: var(--_space);
    background: var(--_surface);
    border-radius: var(--_radius);
    color: var(--_muted);
  }
  .pay__amount strong {
    color: var(--_text);
    font-size: 26px;
    font-variant-numeric: tabular-nums;
  }
  .pay__group {
    padding: 0;
    border: 0;
    min-width: 0;
  }
  .pay__legend {
    padding: 0;
    margin-bottom: 8px;
    font-size: 17px;
    font-weight: 700;
  }
  .pay__field {
    display: grid;
    gap: 6px;
  }
  .pay__field--inline {
    grid-template-columns: auto minmax(0, 1fr);
    align-items: start;
    column-gap: 10px;
  }
  .pay__field--inline > p {
    grid-column: 2;
  }
  .pay__label {
    font-weight: 600;
  }
  .pay__field--inline .pay__label {
    font-weight: 400;
  }
  .pay__optional {
    color: var(--_muted);
    font-weight: 400;
  }
  .pay__input {
    width: 100%;
    min-height: 48px;
    padding: 10px 12px;
    font: inherit;
    color: inherit;
    background: var(--_surface);
    border: 1px solid var(--_control-border);
    border-radius: calc(var(--_radius) - 4px);
  }
  textarea.pay__input {
    resize: vertical;
  }
  .pay__file {
    padding: 10px;
  }
  [aria-invalid='true'] {
    border-color: var(--_error);
    box-shadow: inset 0 0 0 1px var(--_error);
  }
  .pay__error,
  .pay__alert {
    color: var(--_error);
  }
  .pay__alert,
  .pay__notice {
    padding: 12px;
    border-radius: calc(var(--_radius) - 4px);
    background: var(--_surface);
    border-left: 4px solid currentColor;
  }
  .pay__check,
  .pay__radio {
    flex: none;
    width: 20px;
    height: 20px;
    margin: 2px 0 0;
    accent-color: var(--_primary);
  }
  /* Rows as tall as their options, not stretched: stretched, WebKit kept an option's one-line height
     when a narrower screen (a phone turned upright) wrapped its words onto two lines. */
  .pay__options {
    display: grid;
    gap: 8px;
    align-items: start;
  }
  .pay__options--grid {
    grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
  }
  /* stylelint-disable-next-line plugin/no-unsupported-browser-features -- flex gap: fallback below */
  .pay__option {
    display: flex;
    align-items: center;
    gap: 10px;
    min-height: 56px;
    padding: 8px 12px;
    border: 1px solid var(--_control-border);
    border-radius: calc(var(--_radius) - 4px);
    cursor: pointer;
  }
  .pay__option:has(:checked) {
    border-color: var(--_primary);
    box-shadow: inset 0 0 0 1px var(--_primary);
  }
  .pay__option .pay__logo {
    flex: none;
    width: 32px;
    height: 32px;
  }
  .pay__initial {
    display: grid;
    place-items: center;
    font-weight: 700;
    color: var(--_muted);
    background: var(--_surface);
    border: 1px solid var(--_border);
  }
  [autocomplete='one-time-code'] {
    font-size: 22px;
    letter-spacing: 0.3em;
    text-align: center;
  }
  .pay__button {
    display: block;
    width: 100%;
    min-height: 52px;
    padding: 12px 16px;
    font: inherit;
    font-weight: 600;
    text-align: center;
    text-decoration: none;
    color: var(--_on-primary);
    background: var(--_primary);
    border: 1px solid var(--_primary);
    border-radius: calc(var(--_radius) - 2px);
    cursor: pointer;
  }
  .pay__button--secondary {
    color: var(--_primary);
    background: transparent;
  }
  [aria-disabled='true'] {
    opacity: 0.7;
    cursor: progress;
  }
  :focus-visible {
    outline: 3px solid var(--_primary);
    outline-offset: 2px;
  }
  .pay__progress {
    width: 100%;
    height: 6px;
    accent-color: var(--_primary);
  }
  .pay__summary {
    display: grid;
    gap: 8px;
    padding: var(--_space);
    background: var(--_surface);
    border-radius: var(--_radius);
  }
  /* stylelint-disable-next-line plugin/no-unsupported-browser-features -- flex gap: fallback below */
  .pay__summary div {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: 4px 12px;
  }
  .pay__summary dt {
    color: var(--_muted);
  }
  /* A value and its copy button side by side, the button below when they do not fit. */
  /* stylelint-disable-next-line plugin/no-unsupported-browser-features -- flex gap: fallback below */
  .pay__summary dd {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 4px 8px;
    min-width: 0;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
    overflow-wrap: anywhere;
  }
  /* References and account numbers: read out or copied character by character, so each character is
     distinct (0/O, 1/l), and a line may break anywhere in them. */
  .pay__code {
    font-family: ui-monospace, 'SF Mono', Menlo, Consolas, 'Liberation Mono', monospace;
    font-size: 0.9375em;
  }
  .pay__icon {
    display: grid;
    place-items: center;
    width: 48px;
    height: 48px;
    border-radius: 50%;
    font-size: 26px;
    font-weight: 700;
    color: var(--_bg);
    background: var(--_error);
  }
  .pay__step--success .pay__icon {
    background: var(--_success);
  }
  /* Chromium 80-83 leaves no gap in a flex box (84 brought it with the revert keyword, which every floor
     browser with flex gaps has): there, and nowhere else, margins make the same space. A wrapping row
     gets its row gap as each item's top margin, taken back from the box's own padding or margin. */
  @supports not (color: revert) {
    .pay__merchant > * + * {
      margin-left: 8px;
    }
    .pay__option > * + * {
      margin-left: 10px;
    }
    .pay__amount {
      padding-top: calc(var(--_space) - 8px);
    }
    .pay__amount > * {
      margin-top: 8px;
    }
    .pay__amount > :first-child {
      margin-right: 8px;
    }
    .pay__summary div {
      margin-top: -4px;
    }
    .pay__summary div > * {
      margin-top: 4px;
    }
    .pay__summary div > :first-child {
      margin-right: 12px;
    }
    /* dd's own items carry the row's top margin, and their own row gap. */
    .pay__summary dd {
      margin-top: 0;
    }
    .pay__summary dd > * {
      margin-top: 4px;
    }
    .pay__summary dd > :first-child {
      margin-right: 8px;
    }
  }
`;
