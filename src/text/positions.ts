import type { Span } from '../ir/ir.generated.js';
import type { Range } from './doc-node.js';

/** Turns offsets into the file's text into spans diagnostics print as file:line:column. */
export type Locate = (range: Range) => Span;

export function locator(file: string, text: string): Locate {
  const lineStarts = [0];
  for (let offset = text.indexOf('\n'); offset !== -1; offset = text.indexOf('\n', offset + 1)) lineStarts.push(offset + 1);
  // Editors do not count a byte-order mark as a column.
  const bom = text.startsWith('\uFEFF') ? 1 : 0;
  return (range) => {
    const line = lineOf(lineStarts, range.start);
    const counted = range.start - (lineStarts[line - 1] ?? 0) + 1;
    const col = line === 1 ? Math.max(1, counted - bom) : counted;
    // The next line's start is known: searching for the newline would cost the rest of a one-line file.
    const nextLineStart = lineStarts[line];
    // A span covers one line: a node running over several is underlined to the end of its first.
    const end = nextLineStart === undefined ? Math.min(range.end, text.length) : Math.min(range.end, nextLineStart - 1);
    return { file, line, column: col, endColumn: col + Math.max(1, end - range.start) };
  };
}

/** The 1-based line holding `offset`: the number of line starts at or before it. */
function lineOf(lineStarts: readonly number[], offset: number): number {
  let low = 0;
  let high = lineStarts.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (offset < (lineStarts[middle] ?? 0)) high = middle;
    else low = middle + 1;
  }
  return Math.max(1, low);
}
