import type { Span } from '../../ir/ir.generated.js';
import type { TextSpan } from '../../../grammar/span.js';

/** A grammar's span as the IR keeps it: the file, where it starts, and its end when on the same line. */
export function spanIn(file: string, span: TextSpan): Span {
  const endColumn = span.endLine === span.line ? Math.max(span.endColumn, span.column + 1) : span.column + 1;
  return { file, line: span.line, column: span.column, endColumn };
}

/** The part of a one-line span that starts `offset` characters in and is `length` long. */
export function subSpan(span: Span, offset: number, length: number): Span {
  const column = (span.column ?? 1) + offset;
  return { ...span, column, endColumn: column + Math.max(1, length) };
}
