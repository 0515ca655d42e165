/**
 * The shell every input shares: a label tied to the control, an optional hint and the error, both
 * referenced by `aria-describedby`, so a screen reader reads why an input is invalid.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { FieldAnswer } from '../shared/contract.ts';
import { ifDefined } from 'lit/directives/if-defined.js';

export interface FieldProps {
  /** The server's path of the value (`fields.company`, `customer.email`), used as name and error key. */
  name: string;
  label: string;
  required: boolean;
  value?: FieldAnswer;
  error?: string;
  hint?: string;
  /** The localized word shown after an optional field's label. */
  optional: string;
}

/** Ids inside the shadow root are private to it, so the server path is a safe, unique id. */
export const describedBy = ({ name, hint, error }: FieldProps) =>
  ifDefined([hint && `${name}-hint`, error && `${name}-error`].filter(Boolean).join(' ') || undefined);

export const invalid = (props: FieldProps) => (props.error ? 'true' : 'false');

export function field(props: FieldProps, control: TemplateResult, inline = false): TemplateResult {
  const label = html`<label class="pay__label" part="label" for=${props.name}
    >${props.label}${props.required ? nothing : html` <span class="pay__optional">(${props.optional})</span>`}</label
  >`;
  return html`<div class="pay__field ${inline ? 'pay__field--inline' : ''}" part="field">
    ${inline ? control : label}${inline ? label : control}
    ${props.hint ? html`<p class="pay__hint" id="${props.name}-hint">${props.hint}</p>` : nothing}
    ${props.error ? html`<p class="pay__error" part="error" id="${props.name}-error">${props.error}</p>` : nothing}
  </div>`;
}
