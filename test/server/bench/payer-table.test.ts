import { describe, expect, it } from 'vitest';
import type { PayerLoad } from '../../bench/payer-loads.ts';
import { payerTable } from '../../bench/report.ts';

const loads = (...readyMs: number[]): PayerLoad[] =>
  readyMs.map((ms) => ({ readyMs: ms, cls: 0.01, clsUntilQuiet: 0.01, scripts: 0 }));
/** The table's rows whose metric starts with `start` (indent aside), cells split on two spaces or more. */
const rows = (table: string, start: string) =>
  table
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith(start))
    .map((line) => line.split(/ {2,}/));
const row = (table: string, start: string) => rows(table, start)[0];

describe('payerTable', () => {
  const table = payerTable({
    payer: {
      loads: {
        floor: loads(1200, 1000, 1100),
        inlineScriptFloor: loads(800, 750, 820),
        bare: loads(1650, 1600, 1700),
        snippet: loads(1400, 1300, 1500),
        inlineFloor: loads(1000, 1100, 1050),
        // Shifts after the settle (the widget taking the form over) count in the pay page's CLS.
        payPage: loads(1000, 1150, 1050).map((load, index) => ({
          ...load,
          clsUntilQuiet: [0.02, 0.08, 0.06][index]!,
        })),
        demo: [
          { readyMs: 2000, cls: 0.04, clsUntilQuiet: 0.04, scripts: 1 },
          { readyMs: 2100, cls: 0.3, clsUntilQuiet: 0.3, scripts: 1 },
          { readyMs: 2200, cls: 0.06, clsUntilQuiet: 0.06, scripts: 1 },
        ],
      },
      lighthouse: { notMeasured: 'no DevTools port' },
    },
    widget: 20_001,
    widgetInApp: 19_652,
    locales: [
      { name: 'fr.json', bytes: 2_000 },
      { name: 'sw.json', bytes: 2_001 },
    ],
  });

  it('judges each embed by the ratio of its median to the floor page median', () => {
    expect(row(table, 'floor page')?.slice(1)).toEqual(['1,100 ms', '-', 'n/a']);
    expect(table).toContain('(median of 3, 1,000 ms to 1,200 ms)');
    const [bare, snippet, ...others] = rows(table, 'ratio to the floor page');
    expect(bare?.slice(1)).toEqual(['1.50x', '<= 1.50x', 'ok']);
    expect(snippet?.slice(1)).toEqual(['1.27x', '<= 1.25x', 'OVER']);
    expect(others).toEqual([]);
  });

  it('reports each embed against the inline-script floor too, without a budget, and judges the pay page by it', () => {
    expect(row(table, 'inline-script floor page')?.slice(1)).toEqual(['800 ms', '-', 'n/a']);
    const [bare, snippet, payPage, ...others] = rows(table, 'ratio to the inline-script floor page');
    expect(bare?.slice(1)).toEqual(['2.06x', '-', 'n/a']);
    expect(snippet?.slice(1)).toEqual(['1.75x', '-', 'n/a']);
    // 1,050 / 800.
    expect(payPage?.slice(1)).toEqual(['1.31x', '<= 1.00x', 'OVER']);
    expect(others).toEqual([]);
  });

  it('judges the pay page against its own floor, the same form alone in a bare page, right below it', () => {
    expect(row(table, 'inline floor page')?.slice(1)).toEqual(['1,050 ms', '-', 'n/a']);
    const lines = table.split('\n').map((line) => line.trim());
    const at = lines.findIndex((line) => line.startsWith('inline floor page'));
    expect(lines[at + 1]).toMatch(/^the link's pay page/);
    // 1,050 / 1,050: at the floor, within the budget.
    expect(row(table, 'ratio to the inline floor page')?.slice(1)).toEqual(['1.00x', '<= 1.00x', 'ok']);
  });

  it("judges the storefront's median CLS, and says why Lighthouse was not measured", () => {
    expect(row(table, 'CLS, storefront /')?.slice(1)).toEqual(['0.060', '<= 0.05', 'OVER']);
    expect(row(table, 'Lighthouse')?.[0]).toContain('not measured (no DevTools port)');
  });

  it("judges the pay page's CLS over its whole load, its widget's takeover included", () => {
    expect(row(table, 'CLS, the pay page')?.slice(1)).toEqual(['0.060', '<= 0.05', 'OVER']);
  });

  it('judges the widget and each locale against their byte budgets', () => {
    expect(row(table, 'widget IIFE')?.slice(1)).toEqual(['20,001 B', '<= 20,000 B', 'OVER']);
    expect(row(table, 'locale fr.json')?.slice(1)).toEqual(['2,000 B', '<= 2,000 B', 'ok']);
    expect(row(table, 'locale sw.json')?.slice(1)).toEqual(['2,001 B', '<= 2,000 B', 'OVER']);
  });

  it('judges what the npm package adds to a Vite app against the same budget, or says why it was not measured', () => {
    expect(row(table, 'widget from npm')?.slice(1)).toEqual(['19,652 B', '<= 20,000 B', 'ok']);
    const unmeasured = payerTable({
      payer: { notMeasured: 'no Chromium' },
      widget: null,
      widgetInApp: { notMeasured: 'npm pack failed' },
      locales: [],
    });
    expect(row(unmeasured, 'widget from npm')?.[0]).toContain('not measured (npm pack failed)');
    expect(row(unmeasured, 'widget from npm')?.slice(1)).toEqual(['-', '<= 20,000 B', 'n/a']);
  });
});
