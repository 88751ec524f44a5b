/**
 * The erDiagram grammar's facade: text in, the located model and every error out, accepting exactly what
 * Mermaid 11.14 accepts. Nothing here throws on bad input; errors are values with positions in the text given.
 */
import type { ILexingError, IRecognitionException, IToken } from 'chevrotain';
import { firstErrorPerLine, type GrammarError } from '../errors.js';
import { decodeMermaidEntities, lineColumnOf, mermaidParserInput, type MappedText } from '../preprocess.js';
import type { TextSpan } from '../span.js';
import { lowerErDiagram, type SourcePlaces } from './ast.js';
import { lexErDiagram } from './lexer.js';
import type { AttributeKey, Cardinality, ErDiagram } from './model.js';
import { parseErTokens } from './parser.js';

export type { AttributeKey, Cardinality, ErAttribute, ErDiagram, ErEntity, ErRelationship } from './model.js';
export type { GrammarError } from '../errors.js';

/** The tooling view printed by `fullapi parse --json`: what the grammar saw, with no positions. */
export interface ErJsonView {
  kind: 'erDiagram';
  entities: {
    name: string;
    alias?: string;
    attributes: { type: string; name: string; keys: AttributeKey[]; comment?: string }[];
  }[];
  relationships: {
    from: string;
    to: string;
    fromCardinality: Cardinality;
    toCardinality: Cardinality;
    identifying: boolean;
    label: string;
  }[];
}

export function erJsonView(diagram: ErDiagram): ErJsonView {
  return {
    kind: 'erDiagram',
    entities: diagram.entities.map(({ name, alias, attributes }) => ({
      name,
      ...(alias === undefined ? {} : { alias }),
      attributes: attributes.map(({ type, name: attributeName, keys, comment }) => ({
        type,
        name: attributeName,
        keys,
        ...(comment === undefined ? {} : { comment }),
      })),
    })),
    relationships: diagram.relationships.map(({ from, to, fromCardinality, toCardinality, identifying, label }) => ({
      from,
      to,
      fromCardinality,
      toCardinality,
      identifying,
      label,
    })),
  };
}

/** Places in the user's text, and the line and column of one offset of the lexed text. */
interface Places extends SourcePlaces {
  at(offset: number): { line: number; column: number };
}

/** Offsets in the text the lexer saw, turned into places in the text the user wrote. */
function placesIn(input: MappedText, original: string): Places {
  const locate = lineColumnOf(original);
  const originOf = (offset: number) => input.origin[Math.min(offset, input.text.length)] ?? original.length;
  return {
    at: (offset) => locate(originOf(offset)),
    span(start, end) {
      const from = locate(originOf(start));
      const to = locate(end > start ? originOf(end - 1) + 1 : originOf(start));
      return { line: from.line, column: from.column, endLine: to.line, endColumn: to.column };
    },
    decode: decodeMermaidEntities,
  };
}

function errorAt(message: string, span: TextSpan): GrammarError {
  const error: GrammarError = { message, line: span.line, column: span.column };
  if (span.endLine === span.line && span.endColumn > span.column) error.endColumn = span.endColumn - 1;
  return error;
}

function lexingError(error: ILexingError, input: MappedText, places: Places): GrammarError {
  const character = input.text.slice(error.offset, error.offset + 1);
  return errorAt(`unexpected character \`${character}\` in a style line`, places.span(error.offset, error.offset + 1));
}

/**
 * An error points at the token's text without surrounding blanks (a line break counts as one character); an
 * error at the end of the text points just past the last token, where something is missing.
 */
function parseError(error: IRecognitionException, tokens: IToken[], places: Places): GrammarError {
  const { image, startOffset } = error.token;
  if (Number.isFinite(startOffset) && image !== '') {
    const leading = image.trim() === '' ? 0 : image.length - image.trimStart().length;
    const start = startOffset + leading;
    const end = Math.max(start + 1, startOffset + image.trimEnd().length);
    return errorAt(error.message, places.span(start, end));
  }
  const last = tokens.filter((token) => token.image.trim() !== '').at(-1);
  const at = last ? places.at(last.startOffset + last.image.trimEnd().length - 1) : { line: 1, column: 0 };
  return { message: error.message, line: at.line, column: at.column + 1 };
}

/**
 * Parses one erDiagram (a bare diagram, or a Markdown file whose first ```mermaid fence holds it).
 * `diagram` is present exactly when there are no errors; positions in `errors` are lines and columns
 * of the text given, for the caller to prefix with the file's name.
 * `input` is the text as Mermaid's parser receives it, when the caller has it already.
 */
export function parseErDiagram(text: string, input: MappedText = mermaidParserInput(text)): { diagram?: ErDiagram; errors: GrammarError[] } {
  const places = placesIn(input, text);
  // Mermaid picks the diagram type by a case-sensitive `erDiagram` at the start, before its parser runs.
  if (!input.text.startsWith('erDiagram')) {
    const found = /^\S*/.exec(input.text)?.[0] ?? '';
    const where = places.span(0, Math.max(1, found.length));
    const what = found === '' ? 'the end of the diagram' : `\`${found}\``;
    return { errors: [errorAt(`a diagram must start with \`erDiagram\`, found ${what}`, where)] };
  }
  const lexed = lexErDiagram(input.text);
  const { cst, parseErrors } = parseErTokens(lexed.tokens);
  const errors = firstErrorPerLine([
    ...lexed.errors.map((error) => lexingError(error, input, places)),
    ...parseErrors.map((error) => parseError(error, lexed.tokens, places)),
  ]);
  if (errors.length > 0) return { errors };
  return { diagram: lowerErDiagram(cst, lexed.invisible, places), errors };
}
