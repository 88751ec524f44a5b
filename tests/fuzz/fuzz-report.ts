import type { FrontEndReport } from './fuzz-runner.js';
import type { ShrunkClass } from './fuzz-session.js';
import { describeInput } from './inputs/fuzz-input.js';
import { classOf, PROPERTIES, PROPERTY_IDS } from './properties.js';

/** The figures and failures of a run, as `npm run fuzz` prints them and the suite in `npm test` reports them. */

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export function formatTable(reports: readonly FrontEndReport[]): string {
  const header = ['front end', 'inputs', 'accepted', 'rejected', ...PROPERTY_IDS, 'slowest input (CPU)', 'peak heap'];
  const rows = reports.map(({ stats }) => [
    stats.frontEnd,
    String(stats.runs),
    String(stats.accepted),
    String(stats.rejected),
    ...PROPERTY_IDS.map((id) => String(stats.failingInputs[id])),
    `${Math.round(stats.slowestMs)} ms (run ${stats.slowestRunId})`,
    megabytes(stats.peakHeapBytes),
  ]);
  const total = ['all', ...[1, 2, 3].map((column) => String(rows.reduce((sum, row) => sum + Number(row[column]), 0))), ...PROPERTY_IDS.map((_, index) => String(rows.reduce((sum, row) => sum + Number(row[4 + index]), 0))), '', ''];
  const table = [header, ...rows, total];
  const widths = header.map((_, column) => Math.max(...table.map((row) => (row[column] ?? '').length)));
  const line = (row: readonly string[]) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ');
  const legend = PROPERTY_IDS.map((id) => `  ${id}: ${PROPERTIES[id]}`).join('\n');
  return `${[line(header), ...rows.map(line), line(total)].join('\n')}\n\nFailing inputs per property:\n${legend}`;
}

export function formatClass(found: ShrunkClass, index: number): string {
  const replay = `npm run fuzz -- --front-end ${found.frontEnd} --seed ${found.seed} --replay ${found.path}`;
  return [
    `${index + 1}. [${found.frontEnd}] ${classOf(found.failure)}`,
    `   ${found.count} input${found.count === 1 ? '' : 's'}; first: run ${found.runId} (${found.mode}), seed ${found.seed}`,
    `   ${found.reproduced ? `shrunk (path ${found.path})` : 'not shrunk (first input as generated)'}: ${describeInput(found.counterexample, 600)}`,
    `   ${found.failure.detail.split('\n').join('\n   ')}`,
    `   replay: ${replay}`,
  ].join('\n');
}

export function formatClasses(reports: readonly FrontEndReport[]): string {
  const classes = reports.flatMap((report) => report.classes);
  return classes.length === 0 ? 'No failures.' : `${classes.length} failure class${classes.length === 1 ? '' : 'es'}:\n\n${classes.map(formatClass).join('\n\n')}`;
}
