import { html, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { describedBy, field, invalid, type FieldProps } from './field.ts';

export interface TextOptions {
  type?: 'text' | 'email' | 'tel' | 'number' | 'date';
  autocomplete?: string;
  inputmode?: 'text' | 'decimal' | 'numeric' | 'tel' | 'email';
  pattern?: string;
  maxlength?: number;
}

/** A one-line input: custom `text` fields (and, by type, `number` and `date`), the payer, the amount, the OTP. */
export const textField = (props: FieldProps, options: TextOptions = {}): TemplateResult =>
  field(
    props,
    html`<input
      class="pay__input"
      part="input"
      id=${props.name}
      name=${props.name}
      type=${options.type ?? 'text'}
      step=${ifDefined(options.type === 'number' ? 'any' : undefined)}
      autocomplete=${ifDefined(options.autocomplete)}
      inputmode=${ifDefined(options.inputmode)}
      pattern=${ifDefined(options.pattern)}
      maxlength=${ifDefined(options.maxlength)}
      ?required=${props.required}
      aria-invalid=${invalid(props)}
      aria-describedby=${describedBy(props)}
      .value=${String(props.value ?? '')}
    />`,
  );
