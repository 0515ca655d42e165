/**
 * The payment link analytics as bar charts, one measure per chart (no second scale to decode). Bars are
 * horizontal and their labels are HTML text, so on a narrow screen a label wraps instead of being cut.
 * Each bar is an SVG rectangle sized by attributes (no inline style: the page runs under a strict CSP).
 * Each chart is an image named by its caption, followed by a visually hidden table of the same numbers.
 */
import { h, svg, table, type Child } from './dom.ts';
import { day, money } from './format.ts';

export interface WeekPoint {
  week: string;
  revenue: number;
  count: number;
}

export interface ChannelPoint {
  channel: string | null;
  revenue: number;
  count: number;
}

interface Bar {
  label: string;
  /** The bar's length, relative to the chart's longest. */
  value: number;
  /** The value as the reader reads it ("F CFA 45,000"). */
  text: string;
}

interface ChartData {
  headings: string[];
  rows: Child[][];
}

let chartIds = 0;

const payments = (count: number) => `${count} ${count === 1 ? 'payment' : 'payments'}`;

/** A bar of `fraction` of the full width, on a faint track of the full width. */
function barShape(fraction: number, kind: 'revenue' | 'count'): SVGElement {
  return svg(
    'svg',
    { class: `bar bar-${kind}`, viewBox: '0 0 100 1', preserveAspectRatio: 'none' },
    svg('rect', { class: 'bar-track', width: 100, height: 1 }),
    // A value above zero keeps a sliver visible, however small beside the largest.
    svg('rect', { class: 'bar-fill', width: fraction > 0 ? Math.max(fraction * 100, 0.5) : 0, height: 1 }),
  );
}

function barChart(title: string, kind: 'revenue' | 'count', bars: Bar[], data: ChartData): HTMLElement {
  const id = `chart-${++chartIds}`;
  const longest = Math.max(1, ...bars.map((bar) => bar.value));
  const chart = h(
    'div',
    { class: 'bar-chart', role: 'img', 'aria-labelledby': id },
    ...bars.map((bar) =>
      h(
        'div',
        { class: 'bar-row' },
        h('span', { class: 'bar-label' }, bar.label),
        h('span', { class: 'bar-value' }, bar.text),
        barShape(bar.value / longest, kind),
      ),
    ),
    bars.length === 0 && h('p', { class: 'muted' }, 'No payments yet'),
  );
  return h(
    'figure',
    { class: 'chart' },
    h('figcaption', { id }, title),
    chart,
    table(title, data.headings, data.rows, 'visually-hidden'),
  );
}

/** Revenue per week, oldest week first. */
export function weeklyRevenueChart(points: WeekPoint[], currency: string): HTMLElement {
  return barChart(
    `Weekly revenue (${currency})`,
    'revenue',
    points.map((point) => ({
      label: `Week of ${day(point.week)}`,
      value: point.revenue,
      text: money(point.revenue, currency),
    })),
    {
      headings: ['Week of', 'Revenue'],
      rows: points.map((point) => [day(point.week), money(point.revenue, currency)]),
    },
  );
}

/** Payments per week, oldest week first. */
export function weeklyCountChart(points: WeekPoint[]): HTMLElement {
  return barChart(
    'Weekly number of payments',
    'count',
    points.map((point) => ({
      label: `Week of ${day(point.week)}`,
      value: point.count,
      text: payments(point.count),
    })),
    {
      headings: ['Week of', 'Payments'],
      rows: points.map((point) => [day(point.week), String(point.count)]),
    },
  );
}

/** Revenue by channel, largest first, each with its number of payments. */
export function channelChart(points: ChannelPoint[], currency: string): HTMLElement {
  const sorted = [...points].sort((a, b) => b.revenue - a.revenue);
  return barChart(
    `Revenue by channel (${currency})`,
    'revenue',
    sorted.map((point) => ({
      label: point.channel ?? 'unknown',
      value: point.revenue,
      text: `${money(point.revenue, currency)} (${payments(point.count)})`,
    })),
    {
      headings: ['Channel', 'Revenue', 'Payments'],
      rows: sorted.map((point) => [
        point.channel ?? 'unknown',
        money(point.revenue, currency),
        String(point.count),
      ]),
    },
  );
}
