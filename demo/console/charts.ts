/**
 * The payment link analytics as inline SVG bar charts, drawn with DOM calls (no library, no inline
 * style: the page runs under a strict CSP). Each chart is an image with a title for assistive
 * technology, followed by a visually hidden table holding the same numbers.
 */
import { h, svg, table } from './dom.ts';
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

const WIDTH = 640;
const HEIGHT = 260;
const MARGIN = { top: 24, right: 48, bottom: 44, left: 88 };

let chartIds = 0;

function figure(title: string, chart: SVGElement, data: HTMLTableElement): HTMLElement {
  const id = `chart-${++chartIds}`;
  chart.setAttribute('role', 'img');
  chart.setAttribute('aria-labelledby', id);
  chart.prepend(svg('title', { id }, title));
  return h('figure', { class: 'chart' }, h('figcaption', {}, title), chart, data);
}

/** Weekly revenue (left scale) and payment count (right scale) as paired vertical bars. */
export function weeklyChart(points: WeekPoint[], currency: string): HTMLElement {
  const title = `Weekly revenue and number of payments (${currency})`;
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const maxRevenue = Math.max(1, ...points.map((point) => point.revenue));
  const maxCount = Math.max(1, ...points.map((point) => point.count));
  const slot = plotWidth / Math.max(1, points.length);
  const bar = Math.min(28, slot / 3);
  const chart = svg('svg', { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: 'chart-svg' });
  const baseline = MARGIN.top + plotHeight;
  chart.append(
    svg('line', {
      x1: MARGIN.left,
      x2: WIDTH - MARGIN.right,
      y1: baseline,
      y2: baseline,
      class: 'chart-axis',
    }),
  );
  if (points.length)
    chart.append(
      svg(
        'text',
        { x: MARGIN.left - 8, y: MARGIN.top + 4, class: 'chart-tick', 'text-anchor': 'end' },
        money(maxRevenue, currency),
      ),
      svg(
        'text',
        { x: MARGIN.left - 8, y: baseline, class: 'chart-tick', 'text-anchor': 'end' },
        money(0, currency),
      ),
      svg('text', { x: WIDTH - MARGIN.right + 8, y: MARGIN.top + 4, class: 'chart-tick' }, String(maxCount)),
      svg('text', { x: WIDTH - MARGIN.right + 8, y: baseline, class: 'chart-tick' }, '0'),
    );
  points.forEach((point, index) => {
    const centre = MARGIN.left + slot * index + slot / 2;
    const revenueHeight = (point.revenue / maxRevenue) * plotHeight;
    const countHeight = (point.count / maxCount) * plotHeight;
    chart.append(
      svg('rect', {
        x: centre - bar - 1,
        y: baseline - revenueHeight,
        width: bar,
        height: revenueHeight,
        class: 'bar-revenue',
      }),
      svg('rect', {
        x: centre + 1,
        y: baseline - countHeight,
        width: bar,
        height: countHeight,
        class: 'bar-count',
      }),
      svg(
        'text',
        { x: centre, y: baseline + 18, class: 'chart-tick', 'text-anchor': 'middle' },
        day(point.week),
      ),
    );
  });
  if (points.length === 0) {
    chart.append(
      svg(
        'text',
        { x: WIDTH / 2, y: HEIGHT / 2, class: 'chart-tick', 'text-anchor': 'middle' },
        'No payments yet',
      ),
    );
  }
  const legend = h(
    'p',
    { class: 'chart-legend', 'aria-hidden': 'true' },
    h('span', { class: 'swatch swatch-revenue' }),
    'Revenue (left scale) ',
    h('span', { class: 'swatch swatch-count' }),
    'Payments (right scale)',
  );
  const data = table(
    title,
    ['Week of', 'Revenue', 'Payments'],
    points.map((point) => [day(point.week), money(point.revenue, currency), String(point.count)]),
    'visually-hidden',
  );
  const result = figure(title, chart, data);
  result.insertBefore(legend, data);
  return result;
}

/** Revenue by channel as horizontal bars, largest first. */
export function channelChart(points: ChannelPoint[], currency: string): HTMLElement {
  const title = `Revenue by channel (${currency})`;
  const sorted = [...points].sort((a, b) => b.revenue - a.revenue);
  const row = 36;
  const height = Math.max(1, sorted.length) * row + 16;
  const left = 140;
  const right = 160;
  const maxRevenue = Math.max(1, ...sorted.map((point) => point.revenue));
  const chart = svg('svg', { viewBox: `0 0 ${WIDTH} ${height}`, class: 'chart-svg' });
  sorted.forEach((point, index) => {
    const y = 8 + index * row;
    const width = (point.revenue / maxRevenue) * (WIDTH - left - right);
    const label = point.channel ?? 'unknown';
    chart.append(
      svg(
        'text',
        {
          x: left - 8,
          y: y + row / 2,
          class: 'chart-label',
          'text-anchor': 'end',
          'dominant-baseline': 'middle',
        },
        label,
      ),
      svg('rect', { x: left, y: y + 6, width: Math.max(width, 1), height: row - 12, class: 'bar-revenue' }),
      svg(
        'text',
        { x: left + width + 8, y: y + row / 2, class: 'chart-label', 'dominant-baseline': 'middle' },
        `${money(point.revenue, currency)} (${point.count} ${point.count === 1 ? 'payment' : 'payments'})`,
      ),
    );
  });
  if (sorted.length === 0) {
    chart.append(
      svg('text', { x: WIDTH / 2, y: 30, class: 'chart-tick', 'text-anchor': 'middle' }, 'No payments yet'),
    );
  }
  const data = table(
    title,
    ['Channel', 'Revenue', 'Payments'],
    sorted.map((point) => [point.channel ?? 'unknown', money(point.revenue, currency), String(point.count)]),
    'visually-hidden',
  );
  return figure(title, chart, data);
}
