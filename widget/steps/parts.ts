/** Pieces every step's screen is built from: the screen itself, buttons and the summary of a payment. */
import { html, nothing, type TemplateResult } from 'lit';

export type Tone = 'wait' | 'success' | 'error';

/** A step's screen: an icon for a result, the heading that takes focus, then the step's own content. */
export function screen(tone: Tone, title: string, content: TemplateResult): TemplateResult {
  return html`<section class="pay__step pay__step--${tone}">
    ${tone === 'wait' ? nothing : html`<span class="pay__icon" aria-hidden="true">${tone === 'success' ? '✓' : '!'}</span>`}
    <h2 class="pay__heading" part="status" tabindex="-1">${title}</h2>
    ${content}
  </section>`;
}

export function button(label: string, onClick: () => void, secondary = false): TemplateResult {
  return html`<button
    class="pay__button ${secondary ? 'pay__button--secondary' : ''}"
    part="submit"
    type="button"
    @click=${onClick}
  >
    ${label}
  </button>`;
}

/**
 * A summary row: its term, its value (the row is left out without one), and whether it can be copied.
 * A copyable value is one the payer reads out or types elsewhere (a reference, an account number): it is
 * set in monospace and may break anywhere, so a long one wraps inside the card instead of widening it.
 */
export type Row = [term: string, value: string | undefined, copyable?: boolean];

/** How a copyable row offers its value: the button's accessible name for a term, and the copy itself. */
export interface Copier {
  label: (term: string) => string;
  text: string;
  copy: (value: string) => void;
}

export function summary(rows: Row[], copier?: Copier): TemplateResult {
  return html`<dl class="pay__summary">
    ${rows.map(([term, value, copyable]) =>
      value
        ? html`<div>
            <dt>${term}</dt>
            <dd class=${copyable ? 'pay__code' : ''}>
              ${value}${
                copyable && copier
                  ? html`<button
                      class="pay__copy"
                      type="button"
                      aria-label=${copier.label(term)}
                      @click=${() => copier.copy(value)}
                    >
                      ${copier.text}
                    </button>`
                  : nothing
              }
            </dd>
          </div>`
        : nothing,
    )}
  </dl>`;
}
