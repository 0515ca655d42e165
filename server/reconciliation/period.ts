/**
 * The period a reconciliation report covers: two UTC dates, both inclusive, as the provider's lists take
 * them. One schema for the API's query and the CLI's flags, so both refuse the same input the same way.
 */
import { z } from 'zod';
import { requiredOr } from '../contract/common.ts';

export const DAY_MS = 86_400_000;
/** A year and a day: a whole year of books in one report, and no unbounded walk through the lists. */
const MAX_PERIOD_DAYS = 366;

const DateSchema = z.iso.date({ error: requiredOr('must be a date written YYYY-MM-DD') });

export const PeriodFields = {
  from: DateSchema.meta({ description: 'First day of the period (UTC), inclusive' }),
  to: DateSchema.meta({ description: 'Last day of the period (UTC), inclusive' }),
};

/** The period's rules, on any object holding `from` and `to` (the API's query adds `format`). */
export function withPeriodRules<S extends z.ZodType<{ from: string; to: string }>>(schema: S): S {
  return schema
    .refine((period) => period.from <= period.to, { message: 'must not be before from', path: ['to'] })
    .refine((period) => daysIn(period) <= MAX_PERIOD_DAYS, {
      message: `the period may cover at most ${MAX_PERIOD_DAYS} days`,
      path: ['to'],
    });
}

export const PeriodSchema = withPeriodRules(z.strictObject(PeriodFields));
export interface Period {
  from: string;
  to: string;
}

const startOf = (date: string) => Date.parse(`${date}T00:00:00.000Z`);

/** `[from, toExclusive)` in epoch ms. */
export const boundsOf = (period: Period) => ({
  from: startOf(period.from),
  toExclusive: startOf(period.to) + DAY_MS,
});

const daysIn = (period: { from: string; to: string }): number =>
  Math.round((startOf(period.to) - startOf(period.from)) / DAY_MS) + 1;

/** The UTC date `days` away from `date`. */
export const shiftDate = (date: string, days: number) =>
  new Date(startOf(date) + days * DAY_MS).toISOString().slice(0, 10);
