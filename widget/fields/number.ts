import type { TemplateResult } from 'lit';
import type { FieldProps } from './field.ts';
import { textField } from './text.ts';

/** Any decimal (`step="any"`); the browser's own number parsing, sent as a JSON number. */
export const numberField = (props: FieldProps): TemplateResult => textField(props, { type: 'number' });
