import { html, nothing, type TemplateResult } from 'lit';
import { describedBy, field, invalid, type FieldProps } from './field.ts';

/** A file sent as soon as it is chosen; the answer is the upload's id, so `required` holds once it is in. */
export const fileUploadField = (props: FieldProps, progress: number | undefined): TemplateResult =>
  field(
    props,
    html`<input
        class="pay__input pay__file"
        part="input"
        id=${props.name}
        name=${props.name}
        type="file"
        accept="image/png,image/jpeg,application/pdf"
        ?required=${props.required && !props.value}
        aria-invalid=${invalid(props)}
        aria-describedby=${describedBy(props)}
      />${
        progress === undefined
          ? nothing
          : html`<progress
              class="pay__progress"
              max="1"
              .value=${progress}
              aria-label=${props.label}
            ></progress>`
      }`,
  );
