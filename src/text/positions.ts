import { LineCounter } from 'yaml';
import type { Span } from '../ir/ir.generated.js';
import type { Range } from './doc-node.js';

/** Turns offsets into the file's text into spans diagnostics print as file:line:column. */
export type Locate = (range: Range) => Span;

export function locator(file: string, text: string): Locate {
  const lines = new LineCounter();
  lines.addNewLine(0);
  for (let offset = text.indexOf('\n'); offset !== -1; offset = text.indexOf('\n', offset + 1)) lines.addNewLine(offset + 1);
  // Editors do not count a byte-order mark as a column.
  const bom = text.startsWith('\uFEFF') ? 1 : 0;
  return (range) => {
    const { line, col: counted } = lines.linePos(range.start);
    const col = line === 1 ? Math.max(1, counted - bom) : counted;
    // The next line's start is known: searching for the newline would cost the rest of a one-line file.
    const nextLineStart = lines.lineStarts[line];
    // A span covers one line: a node running over several is underlined to the end of its first.
    const end = nextLineStart === undefined ? Math.min(range.end, text.length) : Math.min(range.end, nextLineStart - 1);
    return { file, line, column: col, endColumn: col + Math.max(1, end - range.start) };
  };
}
