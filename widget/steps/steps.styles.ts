import { css } from 'lit';

/** The steps' own pieces: copy buttons, the USSD code link, the fee line and the loading skeleton. */
export const stepStyles = css`
  .pay__summary dd {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 4px 8px;
    min-width: 0;
  }
  .pay__copy {
    min-height: 32px;
    padding: 4px 10px;
    font: inherit;
    font-size: 14px;
    font-weight: 600;
    color: var(--_primary);
    background: transparent;
    border: 1px solid currentColor;
    border-radius: 8px;
    cursor: pointer;
  }
  .pay__ussd {
    font-weight: 600;
    color: var(--_primary);
    white-space: nowrap;
  }
  .pay__fee {
    margin-top: calc(var(--_space) * -0.5);
    text-align: center;
  }
`;
