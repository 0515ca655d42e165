import { html, type TemplateResult } from 'lit';
import { describedBy, field, invalid, type FieldProps } from './field.ts';

export const paragraphTextField = (props: FieldProps): TemplateResult =>
  field(
    props,
    html`<textarea
      class="pay__input"
      part="input"
      id=${props.name}
      name=${props.name}
      rows="3"
      ?required=${props.required}
      aria-invalid=${invalid(props)}
      aria-describedby=${describedBy(props)}
      .value=${String(props.value ?? '')}
    ></textarea>`,
  );
