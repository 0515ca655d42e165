/**
 * How an export writes money and time: amounts in major units as exact decimal text (integer arithmetic
 * on the minor units, never a float, so 1999 with exponent 2 is "19.99" and never "19.990000000000002"),
 * and each instant three times: in UTC and in the merchant's time zone, both ISO 8601 with milliseconds,
 * and that local wall clock once more as `YYYY-MM-DD HH:MM:SS`, the one form spreadsheets read as a date.
 */

/** `150050`, exponent 2 -> `"1500.50"`; exponent 0 -> `"150050"`. No grouping: a spreadsheet reads it. */
function majorUnits(minor: number, exponent: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not an integer amount: ${minor}`);
  const digits = String(Math.abs(minor)).padStart(exponent + 1, '0');
  const cut = digits.length - exponent;
  const text = exponent === 0 ? digits : `${digits.slice(0, cut)}.${digits.slice(cut)}`;
  return minor < 0 ? `-${text}` : text;
}

const utcIso = (time: number) => new Date(time).toISOString();

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      fractionalSecondDigits: 3,
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The instant as the wall clock of `timeZone` reads it, with its offset: `2026-11-27T01:29:05.000+01:00`
 * in Africa/Lagos. The offset is the zone's on that date (daylight saving included), from Intl's data.
 */
function zonedIso(time: number, timeZone: string): string {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(time))) parts[part.type] = part.value;
  // Intl writes "GMT+01:00", or a bare "GMT" for a zero offset.
  const offset = (parts.timeZoneName ?? 'GMT').replace(/^GMT/, '') || '+00:00';
  const { year, month, day, hour, minute, second, fractionalSecond } = parts;
  return `${year}-${month}-${day}T${hour}:${minute}:${second}.${fractionalSecond}${offset}`;
}

/**
 * The local wall clock without `T`, milliseconds or offset: `2026-11-27 01:29:05`. LibreOffice (with
 * "Detect special numbers", its import dialog's option) and Excel read this as a date-time cell an
 * accountant can sort, filter and subtract; they keep every ISO 8601 form with a `T`, a fraction or an
 * offset as text. The seconds are cut, not rounded, so the cell never reads a second later than `_local`.
 */
const spreadsheetDateTime = (zoned: string) => `${zoned.slice(0, 10)} ${zoned.slice(11, 19)}`;

/**
 * An instant as three columns: `<name>_utc`, `<name>_local` (ISO 8601, exact to the millisecond, with the
 * offset) and `<name>_local_datetime` (the same wall clock as a spreadsheet date); all empty when there is
 * none.
 */
export function instant(name: string, time: number | null | undefined, timeZone: string) {
  const known = time !== null && time !== undefined;
  const local = known ? zonedIso(time, timeZone) : null;
  return {
    [`${name}_utc`]: known ? utcIso(time) : null,
    [`${name}_local`]: local,
    [`${name}_local_datetime`]: local === null ? null : spreadsheetDateTime(local),
  };
}

/** An amount as two columns: `<name>` in major units (text) and `<name>_minor` (the integer we hold). */
export function amount(name: string, minor: number | null | undefined, exponent: number | null) {
  const known = minor !== null && minor !== undefined;
  return {
    [name]: known && exponent !== null ? majorUnits(minor, exponent) : null,
    [`${name}_minor`]: known ? minor : null,
  };
}

/** The column names of `instant` and `amount`, for a header. */
export const instantColumns = (name: string) => [`${name}_utc`, `${name}_local`, `${name}_local_datetime`];
export const amountColumns = (name: string) => [name, `${name}_minor`];
