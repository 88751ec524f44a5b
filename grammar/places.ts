/**
 * Where the grammars' tokens were written: the lexers read the text as Mermaid's parser receives it
 * (`mermaidParserInput`), and every position they report is turned back into a line and column of the text the
 * user wrote. Shared by both facades and their CST lowerings.
 */
import type { IRecognitionException, IToken } from 'chevrotain';
import type { GrammarError } from './errors.js';
import { decodeMermaidEntities, lineColumnOf, type MappedText } from './preprocess.js';
import type { TextSpan } from './span.js';

/** Where a run of the lexed text was written, and what a token's text says once Mermaid's encoding is undone. */
export interface SourcePlaces {
  /** `start` and `end` are offsets in the lexed text, `end` just past the last character. */
  span(start: number, end: number): TextSpan;
  decode(text: string): string;
}

export function placesIn(input: MappedText, original: string): SourcePlaces {
  const locate = lineColumnOf(original);
  const originOf = (offset: number) => input.origin[Math.min(offset, input.text.length)] ?? original.length;
  return {
    span(start, end) {
      const from = locate(originOf(start));
      const to = locate(end > start ? originOf(end - 1) + 1 : originOf(start));
      return { line: from.line, column: from.column, endLine: to.line, endColumn: to.column };
    },
    decode: decodeMermaidEntities,
  };
}

/** An error over `span`; its `endColumn` is the last column, and only when the span stays on its line. */
export function errorAt(message: string, span: TextSpan): GrammarError {
  const error: GrammarError = { message, line: span.line, column: span.column };
  if (span.endLine === span.line && span.endColumn > span.column) error.endColumn = span.endColumn - 1;
  return error;
}

/**
 * A parse error points at its token's text without surrounding blanks (a line break counts as one character);
 * an error at the end of the text points just past the last token, where something is missing.
 */
export function parseErrorAt(error: IRecognitionException, tokens: readonly IToken[], places: SourcePlaces): GrammarError {
  const { image, startOffset } = error.token;
  if (Number.isFinite(startOffset) && image !== '') {
    const leading = image.trim() === '' ? 0 : image.length - image.trimStart().length;
    const start = startOffset + leading;
    const end = Math.max(start + 1, startOffset + image.trimEnd().length);
    return errorAt(error.message, places.span(start, end));
  }
  const last = tokens.filter((token) => token.image.trim() !== '').at(-1);
  const end = last ? last.startOffset + last.image.trimEnd().length : 0;
  const at = places.span(end, end);
  return { message: error.message, line: at.line, column: at.column };
}
