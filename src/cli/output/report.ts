import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { FileChange } from '../../plan/file-change.js';

/** The `--json` document: the contract tools script against, so its shape changes only on purpose. */
export interface JsonReport {
  ok: boolean;
  files: { path: string; action: FileChange['action'] }[];
  warnings: { code: string; message: string; path?: string; source?: SourcePlace }[];
  errors: { code: string; message: string; source?: SourcePlace }[];
}

/** Where in the user's input a diagnostic points. */
interface SourcePlace {
  file?: string;
  line?: number;
  column?: number;
  flag?: string;
}

export function jsonReport(ok: boolean, changes: readonly FileChange[], diagnostics: readonly Diagnostic[]): JsonReport {
  return {
    ok,
    files: changes.map((change) => ({ path: change.path, action: change.action })),
    warnings: diagnostics.filter((d) => d.severity === 'warning').map(jsonWarning),
    errors: diagnostics.filter((d) => d.severity === 'error').map(jsonError),
  };
}

function jsonWarning(diagnostic: Diagnostic): JsonReport['warnings'][number] {
  const source = sourcePlace(diagnostic);
  return {
    code: diagnostic.code,
    message: diagnostic.message,
    ...(diagnostic.path === undefined ? {} : { path: diagnostic.path }),
    ...(source === undefined ? {} : { source }),
  };
}

function jsonError(diagnostic: Diagnostic): JsonReport['errors'][number] {
  const source = sourcePlace(diagnostic);
  return source === undefined ? { code: diagnostic.code, message: diagnostic.message } : { code: diagnostic.code, message: diagnostic.message, source };
}

function sourcePlace(diagnostic: Diagnostic): SourcePlace | undefined {
  const span = diagnostic.span;
  if (span === undefined) return undefined;
  const source: SourcePlace = {};
  if (span.file !== undefined) source.file = span.file;
  if (span.line !== undefined) source.line = span.line;
  if (span.column !== undefined) source.column = span.column;
  if (span.flag !== undefined) source.flag = span.flag;
  return source;
}

export interface Palette {
  red(text: string): string;
  yellow(text: string): string;
  green(text: string): string;
  dim(text: string): string;
  bold(text: string): string;
}

const ansi = (open: number, close: number) => (text: string) => `\u001b[${open}m${text}\u001b[${close}m`;

export function palette(enabled: boolean): Palette {
  const plain = (text: string) => text;
  if (!enabled) return { red: plain, yellow: plain, green: plain, dim: plain, bold: plain };
  return { red: ansi(31, 39), yellow: ansi(33, 39), green: ansi(32, 39), dim: ansi(2, 22), bold: ansi(1, 22) };
}

const ACTION_WIDTH = 'unchanged'.length;

export function humanChanges(changes: readonly FileChange[], colors: Palette): string[] {
  return changes.map((change) => {
    const label = change.action.padEnd(ACTION_WIDTH);
    const coloured = change.action === 'unchanged' ? colors.dim(label) : change.action === 'kept' || change.action === 'conflicted' ? colors.yellow(label) : colors.green(label);
    return `  ${coloured}  ${change.path}`;
  });
}

/**
 * One diagnostic for a person: where (file:line:column or the flag), what, and a code frame of the
 * user's own text with the span underlined.
 */
export function humanDiagnostic(diagnostic: Diagnostic, sources: ReadonlyMap<string, string>, colors: Palette): string[] {
  const severity = diagnostic.severity === 'error' ? colors.red('error') : colors.yellow('warning');
  const where = locationOf(diagnostic);
  const lines = [`${severity}[${diagnostic.code}] ${where === '' ? '' : `${colors.bold(where)}: `}${diagnostic.message}`];
  lines.push(...codeFrame(diagnostic, sources, colors));
  if (diagnostic.hint !== undefined) lines.push(`  ${colors.dim(`hint: ${diagnostic.hint}`)}`);
  return lines;
}

function locationOf(diagnostic: Diagnostic): string {
  const span = diagnostic.span;
  // Messages about a file (warnings with a path) already name it.
  if (span === undefined) return '';
  const origin = span.file ?? span.flag ?? '';
  if (span.line !== undefined) return `${origin}:${span.line}${span.column === undefined ? '' : `:${span.column}`}`;
  if (span.column !== undefined) return `${origin}, column ${span.column}`;
  return origin;
}

function codeFrame(diagnostic: Diagnostic, sources: ReadonlyMap<string, string>, colors: Palette): string[] {
  const span = diagnostic.span;
  const origin = span?.file ?? span?.flag;
  if (span === undefined || origin === undefined || span.column === undefined) return [];
  const text = sources.get(origin);
  if (text === undefined) return [];
  const line = lineOf(text, span.line ?? 1);
  if (line === undefined) return [];
  const width = Math.max(1, (span.endColumn ?? span.column + 1) - span.column);
  const shown = frameWindow(line, span.column - 1);
  return [`    ${shown.text}`, `    ${' '.repeat(shown.caret)}${colors.red('^'.repeat(Math.min(width, FRAME_WIDTH)))}`];
}

/** Characters of a line a code frame shows: a minified file is one line of a megabyte. */
const FRAME_WIDTH = 120;

/** The part of a long line around a column, with `...` where it was cut, and where the column is in it. */
function frameWindow(line: string, column: number): { text: string; caret: number } {
  if (line.length <= FRAME_WIDTH) return { text: line, caret: column };
  const start = Math.max(0, Math.min(column - FRAME_WIDTH / 4, line.length - FRAME_WIDTH));
  const before = start > 0 ? '...' : '';
  const after = start + FRAME_WIDTH < line.length ? '...' : '';
  return { text: `${before}${line.slice(start, start + FRAME_WIDTH)}${after}`, caret: column - start + before.length };
}

/** The n-th line (from 1) of a text, found without splitting all of it: a report may frame many errors. */
function lineOf(text: string, n: number): string | undefined {
  let start = 0;
  for (let line = 1; line < n; line++) {
    const newline = text.indexOf('\n', start);
    if (newline === -1) return undefined;
    start = newline + 1;
  }
  const end = text.indexOf('\n', start);
  return text.slice(start, end === -1 ? text.length : end).replace(/\r$/, '');
}

/**
 * How many diagnostics a human report prints: past that, the first ones are the ones to fix, and a file
 * of thousands of errors would bury them (and take seconds to frame). `--json` lists them all.
 */
export const MAX_PRINTED_DIAGNOSTICS = 100;

export function humanDiagnostics(diagnostics: readonly Diagnostic[], sources: ReadonlyMap<string, string>, colors: Palette): string[] {
  const printed = diagnostics.slice(0, MAX_PRINTED_DIAGNOSTICS).flatMap((diagnostic) => humanDiagnostic(diagnostic, sources, colors));
  const unprinted = diagnostics.length - MAX_PRINTED_DIAGNOSTICS;
  if (unprinted > 0) printed.push(colors.dim(`... and ${unprinted} more not shown (--json lists them all)`));
  return printed;
}
