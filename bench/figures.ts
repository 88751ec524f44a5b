import { loadavg } from 'node:os';

/**
 * How the bench's sections sum up and print their figures: percentiles, durations, the load average, and
 * tables.
 */

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** Nearest-rank percentile. */
export function percentile(values: readonly number[], rank: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((rank / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export function ms(value: number | undefined): string {
  return `${(value ?? Number.NaN).toFixed(value !== undefined && value >= 100 ? 0 : 1)} ms`;
}

/** Other work on the machine moves every figure here: the load average says how much there was. */
export function load(): string {
  return `load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`;
}

/** The first `textColumns` columns are lined up on the left, the figures after them on the right. */
export function table(header: readonly string[], rows: readonly (readonly string[])[], textColumns = 1): string {
  const lines = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...lines.map((line) => line[column]?.length ?? 0)));
  const cellOf = (cell: string, column: number) => (column < textColumns ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0));
  return lines.map((line) => line.map(cellOf).join('  ')).join('\n');
}
