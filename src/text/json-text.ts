import type { Span } from '../ir/ir.generated.js';

/**
 * Editors on Windows may start a UTF-8 file with a byte-order mark. It is not part of the text: JSON.parse
 * refuses it, and it would shift every column of the first line.
 */
export function withoutByteOrderMark(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Node's JSON.parse says `at position N` (or nothing, at the end of input); turn that into line and column. */
export function jsonErrorSpan(file: string, text: string, reason: string): Span {
  const offset = /at position (\d+)/.exec(reason)?.[1];
  if (offset !== undefined) return { file, ...lineAndColumn(text, Number(offset)) };
  if (reason.includes('end of JSON input')) return { file, ...lineAndColumn(text, text.length) };
  return { file, line: 1, column: 1 };
}

/** 1-based line and column of a UTF-16 offset. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}
