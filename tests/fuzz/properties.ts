import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { Diagnostic } from '../../src/diagnostics/diagnostic.js';

/**
 * The properties every input must keep, and how a broken one is named: a property and a signature, the
 * signature being what tells one defect from another (an exception's type, message and place; a
 * diagnostic's code; a PHP error's kind and file). Inputs failing with the same signature are one class.
 */

export const PROPERTIES = {
  exception: 'no exception escapes (runMake/runValidate/runParse return; main() exits 0 or 1)',
  position: 'every error has a position (file+line+column, or a flag) inside the input',
  unwritten: 'nothing is written on error (and a dry run writes nothing)',
  php: 'accepted input gives PHP that parses and compiles',
  paths: 'every generated path stays in the project',
  injection: 'no payload of a name becomes PHP code',
  slow: 'each input is handled in time',
} as const;

export type PropertyId = keyof typeof PROPERTIES;
export const PROPERTY_IDS = Object.keys(PROPERTIES) as PropertyId[];

export interface Failure {
  property: PropertyId;
  /** What tells this defect from others; the class of the failure. */
  signature: string;
  /** The particulars of this occurrence, for the report. */
  detail: string;
}

export const classOf = (failure: Pick<Failure, 'property' | 'signature'>) => `${failure.property}: ${failure.signature}`;

/** A message without what varies between occurrences of one defect: quoted names, numbers, long runs. */
export function normalizeMessage(message: string): string {
  return message
    .replace(/"[^"\n]*"|'[^'\n]*'|`[^`\n]*`/g, '…')
    .replace(/\d+/g, 'N')
    .replace(/\s+/g, ' ')
    .slice(0, 140);
}

/**
 * An exception as a class: its type, its message without particulars, and the first frame in fullapi's
 * code. A stack overflow gives the file alone: where in a recursion the stack runs out varies with the
 * depth it started at. `during` (make, validate, parse) goes to the detail: one defect shows in each.
 */
export function exceptionFailure(cause: unknown, during: string): Failure {
  const error = cause instanceof Error ? cause : new Error(String(cause));
  const lines = (error.stack ?? '').split('\n');
  const frame = lines.map((line) => /\/dist\/((?:src|grammar)\/[^\s:)]+):(\d+)/.exec(line)).find((match) => match !== null);
  const dependency = lines.map((line) => /\/node_modules\/([^\s:)]+)/.exec(line)).find((match) => match !== null);
  const overflow = error instanceof RangeError && /call stack/.test(error.message);
  const place =
    frame !== undefined && frame !== null ? (overflow ? frame[1] : `${frame[1]}:${frame[2]}`)
    : dependency !== undefined && dependency !== null ? `${dependency[1]}, called by fullapi`
    : 'outside fullapi';
  return {
    property: 'exception',
    signature: `${error.name}: ${normalizeMessage(error.message)} @ ${place}`,
    detail: `during ${during}: ${(error.stack ?? error.message).split('\n').slice(0, 6).join('\n')}`,
  };
}

/**
 * Every error points into the input: a file with a line and a column, or a flag (whose column, when given,
 * lies in its value). Where the text is known, the place must lie inside it (a line past the end, or a
 * column past the end of its line, points at nothing).
 */
export function positionFailures(diagnostics: readonly Diagnostic[], texts: ReadonlyMap<string, string> | undefined, during: string): Failure[] {
  return diagnostics
    .filter((diagnostic) => diagnostic.severity === 'error')
    .flatMap((diagnostic): Failure[] => {
      const span = diagnostic.span;
      const text = span === undefined ? undefined : texts?.get(span.file ?? span.flag ?? '');
      const fail = (what: string): Failure[] => [
        { property: 'position', signature: `${diagnostic.code} ${what}`, detail: `during ${during}: ${JSON.stringify(span)} ${diagnostic.message.slice(0, 300)}` },
      ];
      if (span?.file !== undefined) {
        if (span.line === undefined || span.column === undefined) return fail('has a file but no line and column');
        if (text !== undefined && !insideText(text, span.line, span.column)) return fail('points outside the text');
        return [];
      }
      if (span?.flag !== undefined) {
        if (span.column !== undefined && text !== undefined && !(span.column >= 1 && span.column <= text.length + 1)) return fail('points outside the flag value');
        return [];
      }
      return fail('has no position');
    });
}

/** The ways a reader may count lines: YAML and Mermaid's own rules differ on `\r` and U+2028. */
const LINE_BREAKS = [/\n/, /\r\n|\r|\n/, /\r\n|\r|\n|\u2028|\u2029/];

/** A place inside the text by one of the ways of counting lines: an existing line (or the one after the last), a column at most one past its end. */
function insideText(text: string, line: number, column: number): boolean {
  if (!Number.isInteger(line) || !Number.isInteger(column) || line < 1 || column < 1) return false;
  return LINE_BREAKS.some((breaks) => {
    const lines = text.split(breaks);
    if (line === lines.length + 1) return column === 1;
    const found = lines[line - 1];
    return found !== undefined && column <= found.length + 2;
  });
}

/** A path the writer may touch: relative, `/`-separated, no `.`, `..` or empty segment, and below the root once resolved. */
export function pathFailures(paths: readonly string[], root: string, during: string): Failure[] {
  return paths.flatMap((path): Failure[] => {
    const segments = path.split('/');
    const resolved = resolve(root, path);
    const fromRoot = relative(root, resolved);
    const problem =
      path === '' ? 'an empty path'
      : isAbsolute(path) || /^[A-Za-z]:/.test(path) ? 'an absolute path'
      : path.includes('\\') ? 'a backslash'
      : path.includes('\0') ? 'a NUL'
      : segments.some((segment) => segment === '..') ? 'a `..` segment'
      : segments.some((segment) => segment === '.' || segment === '') ? 'a `.` or empty segment'
      : fromRoot === '' || fromRoot.startsWith(`..${sep}`) || fromRoot === '..' || isAbsolute(fromRoot) ? 'a path resolving outside the root'
      : undefined;
    return problem === undefined ? [] : [{ property: 'paths', signature: problem, detail: `during ${during}: ${JSON.stringify(path)}` }];
  });
}

/** Files that differ between two snapshots of a tree (path -> content hash). */
export function treeDifferences(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): string[] {
  const paths = new Set([...before.keys(), ...after.keys()]);
  return [...paths].filter((path) => before.get(path) !== after.get(path)).sort();
}
