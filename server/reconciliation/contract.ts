/** The reconciliation routes' shapes as the OpenAPI contract describes them (report.ts and actions.ts). */
import { z } from 'zod';
import { ExportFormatSchema } from '../http/dated-list.ts';
import { PeriodFields, withPeriodRules } from './period.ts';

export const ReportQuerySchema = withPeriodRules(z.strictObject(PeriodFields));

export const ExportQuerySchema = withPeriodRules(
  z.strictObject({
    ...PeriodFields,
    format: ExportFormatSchema,
  }),
);

const BookEntrySchema = z
  .object({
    status: z.string(),
    amount: z.int().meta({ description: 'Integer minor units' }),
    currency: z.string(),
    createdAt: z.string().optional(),
    flag: z.string().optional().meta({ description: 'Ours only: the payment’s flag' }),
  })
  .meta({ id: 'ReconciliationBookEntry' });

const ActionNameSchema = z.enum(['verify', 'record']);

const DifferenceSchema = z
  .object({
    kind: z.enum(['payment', 'payout']),
    class: z.enum(['mismatched', 'provider_only', 'ours_only']),
    reference: z.string().meta({ description: 'Our reference, as the provider lists it' }),
    ours: BookEntrySchema.optional(),
    provider: BookEntrySchema.optional(),
    differs: z.array(z.enum(['status', 'amount', 'currency'])),
    actions: z.array(ActionNameSchema).meta({
      description:
        '`verify`: ask the provider now and apply its answer; `record`: keep a success only the provider knows, flagged `found_by_reconciliation`',
    }),
  })
  .meta({ id: 'ReconciliationDifference' });

const CountsSchema = z.object({
  matched: z.int(),
  mismatched: z.int(),
  providerOnly: z.int(),
  oursOnly: z.int(),
  notSent: z.int().meta({
    description: 'Ours only, never taken by the provider and final without money moving: not a difference',
  }),
});

const SumsSchema = z.object({ ours: z.int(), provider: z.int() });

export const ReportSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    generatedAt: z.string(),
    counts: z.object({ payments: CountsSchema, payouts: CountsSchema }),
    totals: z.array(
      z.object({
        currency: z.string(),
        exponent: z.int().nullable().meta({ description: 'Minor-unit digits as this server is configured' }),
        payments: SumsSchema.meta({ description: 'Sums of successful payments, minor units' }),
        payouts: SumsSchema.meta({ description: 'Sums of successful payouts, minor units' }),
      }),
    ),
    differences: z.array(DifferenceSchema),
  })
  .meta({ id: 'ReconciliationReport' });

export const ActionOutcomeSchema = z
  .object({
    action: ActionNameSchema,
    kind: z.enum(['payment', 'payout']),
    reference: z.string(),
    outcome: z.enum(['updated', 'unchanged', 'not_at_provider', 'recorded', 'already_recorded']),
    status: z.string().meta({ description: 'Our record’s status after the action' }),
    flag: z.string().optional(),
  })
  .meta({ id: 'ReconciliationActionOutcome' });
