import { html, type TemplateResult } from 'lit';
import { describedBy, field, invalid, type FieldProps } from './field.ts';

export const dropdownField = (
  props: FieldProps,
  options: readonly string[],
  placeholder: string,
): TemplateResult =>
  field(
    props,
    html`<select
      class="pay__input"
      part="input"
      id=${props.name}
      name=${props.name}
      ?required=${props.required}
      aria-invalid=${invalid(props)}
      aria-describedby=${describedBy(props)}
    >
      <option value="">${placeholder}</option>
      ${options.map((option) => html`<option .value=${option} ?selected=${option === props.value}>${option}</option>`)}
    </select>`,
  );
