/** Syntax errors of the diagram grammars: plain values, never thrown. */

/** A syntax error; `line` and `column` are 1-based, `endColumn` is the last column (inclusive). */
export interface GrammarError {
  message: string;
  line: number;
  column: number;
  endColumn?: number;
}

/** In source order, the first of each line: later errors on a line are almost always the parser re-syncing. */
export function firstErrorPerLine(errors: readonly GrammarError[]): GrammarError[] {
  const sorted = [...errors].sort((a, b) => a.line - b.line || a.column - b.column);
  return sorted.filter((error, index) => index === 0 || sorted[index - 1]?.line !== error.line);
}
