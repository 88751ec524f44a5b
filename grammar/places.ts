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
export function parseErrorAt({ message, token }: IRecognitionException, tokens: readonly IToken[], places: SourcePlaces): GrammarError {
  const span = writtenSpan(token, places);
  return span ? errorAt(message, span) : { message, ...endOfText(tokens, places) };
}

/** Where an error at `token` starts. */
export function placeOf(token: IToken, tokens: readonly IToken[], places: SourcePlaces): { line: number; column: number } {
  const span = writtenSpan(token, places);
  return span ? { line: span.line, column: span.column } : endOfText(tokens, places);
}

/** The token's text without surrounding blanks; none for a token the parser made up or the end of the input. */
function writtenSpan({ image, startOffset }: IToken, places: SourcePlaces): TextSpan | undefined {
  if (!Number.isFinite(startOffset) || image === '') return undefined;
  const leading = image.trim() === '' ? 0 : image.length - image.trimStart().length;
  const start = startOffset + leading;
  const end = Math.max(start + 1, startOffset + image.trimEnd().length);
  return places.span(start, end);
}

/** Just past the last token. */
function endOfText(tokens: readonly IToken[], places: SourcePlaces): { line: number; column: number } {
  const last = lastWritten(tokens);
  const end = last ? last.startOffset + last.image.trimEnd().length : 0;
  const { line, column } = places.span(end, end);
  return { line, column };
}

/** The last token that is more than blanks. */
function lastWritten(tokens: readonly IToken[]): IToken | undefined {
  for (let index = tokens.length - 1; index >= 0; index--) {
    const token = tokens[index];
    if (token !== undefined && token.image.trim() !== '') return token;
  }
  return undefined;
}

/**
 * The token right before `token` in `tokens` (lexed, so in order of offset), by binary search: messages name the
 * token before the culprit, and a linear search per error is quadratic in a text of many errors.
 */
export function tokenBefore(tokens: readonly IToken[], token: IToken): IToken | undefined {
  let low = 0;
  let high = tokens.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((tokens[middle]?.startOffset ?? 0) < token.startOffset) low = middle + 1;
    else high = middle;
  }
  return tokens[low] === token && low > 0 ? tokens[low - 1] : undefined;
}
