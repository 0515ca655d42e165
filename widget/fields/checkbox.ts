import { html, type TemplateResult } from 'lit';
import { describedBy, field, invalid, type FieldProps } from './field.ts';

export const checkboxField = (props: FieldProps): TemplateResult =>
  field(
    props,
    html`<input
      class="pay__check"
      part="input"
      id=${props.name}
      name=${props.name}
      type="checkbox"
      ?required=${props.required}
      aria-invalid=${invalid(props)}
      aria-describedby=${describedBy(props)}
      .checked=${props.value === true}
    />`,
    true,
  );
