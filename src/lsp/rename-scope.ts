import type { TextEdit } from 'vscode-languageserver';
import type { SourceEntity } from '../ir/ir.generated.js';
import type { Analysis } from './analysis.js';
import { wordRanges } from './lookup.js';
import { lineAt } from './ranges.js';

/**
 * The 0-based lines that declare an entity: from its name to the next entity's, or, in a diagram, to the brace
 * that closes its body (a diagram's relationships follow the bodies, and name no column).
 */
export function entityLines(analysis: Analysis, entity: SourceEntity): number[] {
  const first = (entity.span.line ?? 1) - 1;
  const starts = (analysis.source?.entities ?? []).map((other) => (other.span.line ?? 1) - 1).filter((line) => line > first);
  const end = Math.min(analysis.text.split('\n').length, ...starts);
  const lines: number[] = [];
  for (let line = first; line < end; line++) {
    lines.push(line);
    if (analysis.kind === 'diagram' && line > first && lineAt(analysis.text, line).trim() === '}') break;
  }
  return lines;
}

/** `word` replaced by `newText` wherever it stands whole on `lines`. */
export function renamedWords(analysis: Analysis, lines: readonly number[], word: string, newText: string): TextEdit[] {
  if (word === newText) return [];
  return lines.flatMap((line) => wordRanges(analysis.text, line + 1, word).map((range) => ({ range, newText })));
}
