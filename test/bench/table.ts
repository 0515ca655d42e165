/** Plain-text tables for the bench report: fixed-width columns, nothing to install, readable in CI logs. */

export function formatTable(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 });

export const fmt = {
  int: (value: number) => integer.format(value),
  rate: (value: number) => `${integer.format(value)}/s`,
  ms: (value: number) => `${decimal.format(value)} ms`,
  wholeMs: (value: number) => `${integer.format(value)} ms`,
  mb: (bytes: number) => `${decimal.format(bytes / 1024 / 1024)} MB`,
  pct: (ratio: number) => `${decimal.format(ratio * 100)}%`,
  cores: (share: number) => share.toFixed(2),
  ratio: (ratio: number) => `${ratio.toFixed(2)}x`,
  cls: (score: number) => score.toFixed(3),
};

/** The verdict column: a budget met, missed ("OVER", the usual word for a blown budget), or not checked. */
export function verdict(met: boolean | null): string {
  if (met === null) return 'n/a';
  return met ? 'ok' : 'OVER';
}
