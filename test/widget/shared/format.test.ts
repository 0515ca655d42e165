// Money and times as the widget writes them in Chromium, against the table Node, Firefox and WebKit
// must match too (test/format-cases.ts).
import { expect } from '@open-wc/testing';
import { EXPECTED, renderFormatCases } from '../../format-cases.ts';
import { formatDateTime, formatLocale } from '../../../widget/shared/format.ts';

describe('format', () => {
  it('Chromium writes every language × currency and time as the table says', () => {
    expect(renderFormatCases()).to.deep.equal(EXPECTED);
  });

  it('asks Intl only in locales every engine has, whatever this one ships', () => {
    expect(formatLocale('fr-CI')).to.equal('fr-CI');
    expect(formatLocale('sw')).to.equal('sw');
    expect(formatLocale('ha')).to.equal('en-NG');
    expect(formatLocale('yo-NG')).to.equal('en-NG');
    expect(formatLocale('en-'), 'a malformed tag: no region').to.equal('en-GB');
    expect(formatLocale('WO-sn'), 'tags are case-insensitive').to.equal('fr-SN');
    expect(formatLocale('ig'), 'no market known: digits, day first').to.equal('en-GB');
    expect(formatLocale('en_US'), 'a malformed tag is no crash').to.equal('en-GB');
  });

  it('writes nothing for a missing or invalid time', () => {
    expect(formatDateTime(undefined, 'fr')).to.equal('');
    expect(formatDateTime('not a date', 'fr')).to.equal('');
  });
});
