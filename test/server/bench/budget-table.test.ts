import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readBaseline, saveBaseline, type Baseline } from '../../bench/baseline.ts';
import {
  budgetTable,
  medianRatios,
  serverRatios,
  type Measurements,
  type RunOutcome,
} from '../../bench/report.ts';

const run = (label: string, rps: number): RunOutcome => ({
  label,
  optional: false,
  serverCpu: 1,
  result: { requests: rps * 5, errors: 0, non2xx: 0, rps, p50: 1, p99: 9, max: 20, clientCpu: 0.5 },
});

const measurements: Measurements = {
  runs: {
    bare: run('bare', 11_000),
    apiLink: run('link', 5_950),
    sandboxLink: run('sandbox link', 1_000),
    qrPng: run('qr png', 5_000),
    apiPayment: run('payments', 200),
    sandboxCharge: run('charge', 400),
    webhook: run('webhook', 1_000),
    bareAgain: run('bare again', 9_000),
  },
  verify: { opsPerSecond: 100_000, rejected: 0 },
  qrDraw: { opsPerSecond: 20, cpuMsPerDraw: 48 },
  rssAtStart: 80 * 1024 * 1024,
  peakRss: 151 * 1024 * 1024,
  widgetReady: null,
  widget: null,
  locales: [],
  payer: { notMeasured: 'not in this test' },
};

const baseline: Baseline = {
  commit: 'abc1234',
  measuredAt: '2026-11-24T00:00:00.000Z',
  load: 0.5,
  // Before: links 0.70 of bare, payments 0.02, webhooks 0.05.
  ratios: { apiLink: 0.7, apiPayment: 0.02, webhook: 0.05 },
  peakRssBytes: 140 * 1024 * 1024,
};

/** The row whose metric starts with `start`, cells split on two spaces or more. */
const row = (table: string, start: string) =>
  table
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line.startsWith(start))
    ?.split(/ {2,}/);

describe('budgetTable', () => {
  it('takes each ratio to the mean of the two bare runs', () => {
    // Bare: (11,000 + 9,000) / 2 = 10,000/s.
    expect(serverRatios(measurements)).toEqual({ apiLink: 0.595, apiPayment: 0.02, webhook: 0.1 });
  });

  it('judges each ratio against the baseline: at most 15% lower', () => {
    const table = budgetTable(measurements, baseline);
    // 0.595 is 15% below 0.70: exactly on the line.
    expect(row(table, 'ratio to bare (-15.0%')?.slice(1)).toEqual(['59.5%', '>= 59.5%', 'ok']);
    expect(row(table, 'ratio to bare (+0.0%')?.slice(1)).toEqual(['2.0%', '>= 1.7%', 'ok']);
    expect(row(table, 'ratio to bare (+100.0%')?.slice(1)).toEqual(['10.0%', '>= 4.3%', 'ok']);
    expect(row(table, 'peak RSS')?.slice(1)).toEqual(['151.0 MB', '<= 150 MB', 'OVER']);
  });

  it("shows the QR PNG route's cost beside the bare route: cached under load, and a cold draw", () => {
    const table = budgetTable(measurements, baseline);
    expect(row(table, 'GET /pay/qr/:link.png (cached) (ref; 50.0% of bare')?.slice(1)).toEqual(['5,000/s', '-', 'n/a']);
    expect(row(table, 'PNG QR code drawn cold (each request without the cache; ref; 0.2% of bare, 48.0 ms cpu each)')?.slice(1)).toEqual(['20/s', '-', 'n/a']);
  });

  it('calls a ratio more than 15% below its baseline over budget', () => {
    const slower = { ...measurements, runs: { ...measurements.runs, apiLink: run('link', 5_900) } };
    expect(row(budgetTable(slower, baseline), 'ratio to bare (-15.7%')?.slice(1)).toEqual(['59.0%', '>= 59.5%', 'OVER']);
  });

  it('judges the median of the rounds when the load runs were repeated, not the last round', () => {
    // The last round (measurements.runs) reads 0.595 for the link, exactly on the line; the rounds'
    // median, 0.55, is 21.4% below the baseline's 0.70.
    const roundRatios = [0.55, 0.7, 0.5].map((apiLink) => ({ apiLink, apiPayment: 0.02, webhook: 0.05 }));
    expect(medianRatios(roundRatios)).toEqual({ apiLink: 0.55, apiPayment: 0.02, webhook: 0.05 });
    const table = budgetTable({ ...measurements, roundRatios }, baseline);
    expect(row(table, 'ratio to bare, median of 3 rounds (-21.4%')?.slice(1)).toEqual([
      '55.0%',
      '>= 59.5%',
      'OVER',
    ]);
  });

  it('prints the ratios without a verdict when no baseline is recorded', () => {
    const table = budgetTable(measurements, null);
    expect(row(table, 'ratio to bare')?.slice(1)).toEqual(['59.5%', 'no baseline recorded', 'n/a']);
  });
});

describe('the baseline file', () => {
  const file = (name: string) => pathToFileURL(join(mkdtempSync(join(tmpdir(), 'bench-baseline-')), name));

  it('reads back what was saved', () => {
    const target = file('baseline.json');
    const saved = saveBaseline({ apiLink: 0.61234567, apiPayment: 0.0245, webhook: 0.16 }, 123, 0.25, target);
    expect(saved.ratios.apiLink).toBe(0.6123);
    expect(readBaseline(target)).toEqual({ baseline: saved });
  });

  it('says why a file is not a baseline', () => {
    const target = file('broken.json');
    writeFileSync(target, JSON.stringify({ commit: 'x', ratios: { apiLink: 0.5 }, peakRssBytes: 1 }));
    expect(readBaseline(target)).toEqual({ missing: expect.stringContaining('is not a baseline') });
    expect(readBaseline(file('absent.json'))).toEqual({ missing: expect.stringContaining('ENOENT') });
  });

  it('the committed baseline is one', () => {
    expect(readBaseline()).toHaveProperty('baseline');
  });
});
