import type { Position, Range } from 'vscode-languageserver';
import type { Span } from '../ir/ir.generated.js';

/**
 * The one place positions change counting. A span is 1-based (line, column) and counts columns in UTF-16 code
 * units, since the locator measures offsets into a JavaScript string (src/text/positions.ts); LSP counts the
 * same units from 0. A span without an end covers one character.
 */
export function spanRange(span: Span): Range {
  const line = Math.max(0, (span.line ?? 1) - 1);
  const start = Math.max(0, (span.column ?? 1) - 1);
  const end = span.endColumn === undefined ? start + 1 : Math.max(start, span.endColumn - 1);
  return { start: { line, character: start }, end: { line, character: end } };
}

/** Whether `position` falls inside `span` (its end included: a cursor just after a name is on it). */
export function spanHolds(span: Span, position: Position): boolean {
  const range = spanRange(span);
  return range.start.line === position.line && range.start.character <= position.character && position.character <= range.end.character;
}

/** The line of `text` at a 0-based index, without its line break. */
export function lineAt(text: string, line: number): string {
  return text.split('\n')[line]?.replace(/\r$/, '') ?? '';
}
