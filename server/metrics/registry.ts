/**
 * The few Prometheus metric types the backend needs, without a dependency: counters and histograms with
 * labels, rendered in the text exposition format 0.0.4. Label values come from bounded sets (route
 * patterns, methods, statuses, error codes), never from raw paths or user input.
 */

export type Labels = Record<string, string>;

/** `a="1",b="2"` with the escapes the format requires (backslash, double quote, newline). */
function formatLabels(labels: Labels): string {
  return Object.entries(labels)
    .map(
      ([name, value]) =>
        `${name}="${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`,
    )
    .join(',');
}

const sample = (name: string, labels: Labels, value: number) => {
  const text = formatLabels(labels);
  return `${name}${text ? `{${text}}` : ''} ${Number.isFinite(value) ? value : 0}`;
};

/**
 * The map key of a label set: its values alone (a metric always uses the same label names, in the same
 * order), so counting a request costs no escaping; the exposition text is formatted only when scraped.
 */
function keyOf(labels: Labels): string {
  let key = '';
  for (const name in labels) key += `${labels[name]}\u0000`;
  return key;
}

const header = (name: string, help: string, type: string) => [
  `# HELP ${name} ${help}`,
  `# TYPE ${name} ${type}`,
];

/** One label set's count; a caller counting the same labels often may keep it and add to `value`. */
export interface CounterSeries {
  readonly labels: Labels;
  value: number;
}

export class Counter {
  readonly #values = new Map<string, CounterSeries>();

  constructor(
    readonly name: string,
    readonly help: string,
  ) {}

  /** The series of `labels`, made (at 0) when first asked for. */
  series(labels: Labels): CounterSeries {
    const key = keyOf(labels);
    let entry = this.#values.get(key);
    if (!entry) {
      entry = { labels, value: 0 };
      this.#values.set(key, entry);
    }
    return entry;
  }

  inc(labels: Labels = {}, by = 1): void {
    this.series(labels).value += by;
  }

  render(): string[] {
    const lines = header(this.name, this.help, 'counter');
    for (const { labels, value } of this.#values.values()) lines.push(sample(this.name, labels, value));
    return lines;
  }
}

/** One label set's observations; pass it to `record` to observe without looking the labels up. */
export interface HistogramSeries {
  readonly labels: Labels;
  readonly buckets: number[];
  sum: number;
  count: number;
}

export class Histogram {
  readonly #series = new Map<string, HistogramSeries>();

  constructor(
    readonly name: string,
    readonly help: string,
    /** Upper bounds, ascending; `+Inf` is added. */
    readonly bounds: readonly number[],
  ) {}

  /** The series of `labels`, made (empty) when first asked for. */
  series(labels: Labels): HistogramSeries {
    const key = keyOf(labels);
    let series = this.#series.get(key);
    if (!series) {
      series = { labels, buckets: this.bounds.map(() => 0), sum: 0, count: 0 };
      this.#series.set(key, series);
    }
    return series;
  }

  observe(labels: Labels, value: number): void {
    this.record(this.series(labels), value);
  }

  /** Observes `value` in a series this histogram made. */
  record(series: HistogramSeries, value: number): void {
    for (let i = 0; i < this.bounds.length; i++)
      if (value <= (this.bounds[i] ?? 0)) series.buckets[i] = (series.buckets[i] ?? 0) + 1;
    series.sum += value;
    series.count += 1;
  }

  render(): string[] {
    const lines = header(this.name, this.help, 'histogram');
    for (const { labels, buckets, sum, count } of this.#series.values()) {
      this.bounds.forEach((bound, i) =>
        lines.push(sample(`${this.name}_bucket`, { ...labels, le: String(bound) }, buckets[i] ?? 0)),
      );
      lines.push(sample(`${this.name}_bucket`, { ...labels, le: '+Inf' }, count));
      lines.push(sample(`${this.name}_sum`, labels, sum));
      lines.push(sample(`${this.name}_count`, labels, count));
    }
    return lines;
  }
}

/** A gauge measured at scrape time (e.g. a COUNT query): rendered from the values given. */
export function renderGauge(
  name: string,
  help: string,
  values: { labels: Labels; value: number }[],
): string[] {
  return [...header(name, help, 'gauge'), ...values.map(({ labels, value }) => sample(name, labels, value))];
}
