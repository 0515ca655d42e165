import type { TemplateResult } from 'lit';
import type { FieldProps } from './field.ts';
import { textField } from './text.ts';

/** The browser's date picker; the value is ISO `YYYY-MM-DD` whatever the payer's locale shows. */
export const dateField = (props: FieldProps): TemplateResult => textField(props, { type: 'date' });
