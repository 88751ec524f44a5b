import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { FileChange } from '../project/index.js';

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
    const coloured = change.action === 'unchanged' ? colors.dim(label) : change.action === 'kept' ? colors.yellow(label) : colors.green(label);
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
  const line = linesOf(text)[(span.line ?? 1) - 1];
  if (line === undefined) return [];
  const { shown, shift } = clipped(line, span.column);
  const caret = span.column - 1 - shift;
  const width = Math.max(1, Math.min((span.endColumn ?? span.column + 1) - span.column, shown.length - caret));
  return [`    ${shown}`, `    ${' '.repeat(caret)}${colors.red('^'.repeat(width))}`];
}

/** The lines of the last text framed: a file with many diagnostics is split once, not once per diagnostic. */
let framed: { text: string; lines: string[] } | undefined;

function linesOf(text: string): string[] {
  if (framed?.text !== text) framed = { text, lines: text.split(/\r?\n/) };
  return framed.lines;
}

/** Longest line a frame shows whole; a longer one (a generated or minified line can be a megabyte) is cut around the column. */
const FRAME_WIDTH = 160;

/** The part of `line` shown, with `…` where it is cut, and how far left that moves `column`. */
function clipped(line: string, column: number): { shown: string; shift: number } {
  if (line.length <= FRAME_WIDTH) return { shown: line, shift: 0 };
  const start = Math.max(0, Math.min(column - 1 - FRAME_WIDTH / 2, line.length - FRAME_WIDTH));
  const end = start + FRAME_WIDTH;
  const shown = `${start > 0 ? '…' : ''}${line.slice(start, end)}${end < line.length ? '…' : ''}`;
  return { shown, shift: start > 0 ? start - 1 : 0 };
}
