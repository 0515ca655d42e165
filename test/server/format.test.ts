// Money and times as the pay page and the receipt write them (Node's ICU), against the table every
// engine must match (test/format-cases.ts); the widget's engines run the same table.
import { expect, test } from 'vitest';
import { EXPECTED, renderFormatCases } from '../format-cases.ts';

test('Node writes every language × currency and time as the table says', () => {
  expect(renderFormatCases()).toEqual(EXPECTED);
});
