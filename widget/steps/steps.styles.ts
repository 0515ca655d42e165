import { css } from '../internal/css.ts';

/** The steps' own pieces: copy buttons, the USSD code and receipt links, the fee line and the loading skeleton. */
export const stepStyles = css`
  /* In the card's font, not the monospace of the value beside it. */
  .pay__copy {
    min-height: 32px;
    padding: 4px 10px;
    font: 600 14px/1.5 var(--_font);
    color: var(--_primary);
    background: transparent;
    border: 1px solid currentColor;
    border-radius: 8px;
    cursor: pointer;
  }
  .pay__ussd,
  .pay__receipt {
    font-weight: 600;
    color: var(--_primary);
    white-space: nowrap;
  }
  /* "Pay on your phone" only where the phone is another device: a wide screen with a mouse. */
  .pay__phone {
    display: none;
  }
  @media (min-width: 48rem) and (hover: hover) {
    .pay__phone {
      display: block;
    }
  }
  /* The QR code's SVG brings its own light background and quiet zone, whatever the theme. */
  .pay__qr {
    display: block;
    margin: auto;
  }
  .pay__url {
    overflow-wrap: anywhere;
    text-align: center;
  }
  .pay__fee {
    margin-top: calc(var(--_space) * -0.5);
    text-align: center;
  }
`;

/** The loading skeleton: blocks of the form's shape in the surface colour, pulsing unless motion is reduced. */
export const skeletonStyles = css`
  .pay__skeleton {
    display: grid;
    gap: 12px;
  }
  .pay__bone {
    height: 16px;
    background: var(--_surface);
    border-radius: 8px;
    animation: pay-pulse 1.5s ease-in-out infinite alternate;
  }
  .pay__bone--logo {
    width: 48px;
    height: 48px;
  }
  .pay__bone--title {
    width: 60%;
    height: 28px;
  }
  .pay__bone--text {
    width: 85%;
  }
  .pay__bone--label {
    width: 35%;
    margin-top: 12px;
  }
  .pay__bone--amount,
  .pay__bone--button {
    height: 52px;
  }
  .pay__bone--input {
    height: 46px;
  }
  .pay__bone--options {
    height: 120px;
  }
  @keyframes pay-pulse {
    to {
      opacity: 0.5;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .pay__bone {
      animation: none;
    }
  }
`;
