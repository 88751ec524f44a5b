/** Diagnostics shared by the diagram grammars: plain values, never thrown. */
import type { ILexingError, IRecognitionException, IToken } from 'chevrotain';

/** A syntax error; `line` and `column` are 1-based, `endColumn` is the last column (inclusive). */
export interface GrammarError {
  message: string;
  line: number;
  column: number;
  endColumn?: number;
}

export function lexingErrorToGrammarError(error: ILexingError, text: string): GrammarError {
  const character = text.slice(error.offset, error.offset + error.length);
  return {
    message: `unexpected character \`${character}\``,
    line: error.line ?? 1,
    column: error.column ?? 1,
    endColumn: (error.column ?? 1) + error.length - 1,
  };
}

/** End of input has no position (Chevrotain gives NaN), so errors there point just after the last token. */
function errorPosition(token: IToken, previous: IToken | undefined): Omit<GrammarError, 'message'> {
  if (Number.isFinite(token.startOffset) && token.startLine !== undefined && !Number.isNaN(token.startLine)) {
    return { line: token.startLine, column: token.startColumn ?? 1, endColumn: token.endColumn };
  }
  if (previous?.endLine !== undefined && previous.endColumn !== undefined) {
    return { line: previous.endLine, column: previous.endColumn + 1 };
  }
  return { line: 1, column: 1 };
}

export function parseErrorToGrammarError(error: IRecognitionException): GrammarError {
  const previous = (error as IRecognitionException & { previousToken?: IToken }).previousToken;
  return { message: error.message, ...errorPosition(error.token, previous) };
}
