/** One template per custom-field type of the checkout config. */
import type { TemplateResult } from 'lit';
import type { CustomField } from '../shared/contract.ts';
import { checkboxField } from './checkbox.ts';
import { dateField } from './date.ts';
import { dropdownField } from './dropdown.ts';
import type { FieldProps } from './field.ts';
import { fileUploadField } from './file-upload.ts';
import { numberField } from './number.ts';
import { paragraphTextField } from './paragraph-text.ts';
import { textField } from './text.ts';

export { field, type FieldProps } from './field.ts';
export { textField, type TextOptions } from './text.ts';

export function customField(
  custom: CustomField,
  props: FieldProps,
  choose: string,
  progress?: number,
): TemplateResult {
  switch (custom.type) {
    case 'paragraph-text':
      return paragraphTextField(props);
    case 'dropdown':
      return dropdownField(props, custom.options ?? [], choose);
    case 'number':
      return numberField(props);
    case 'date':
      return dateField(props);
    case 'file-upload':
      return fileUploadField(props, progress);
    case 'checkbox':
      return checkboxField(props);
    default:
      return textField(props);
  }
}
