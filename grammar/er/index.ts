/**
 * The erDiagram grammar's facade: text in, the located model and every error out, accepting exactly what
 * Mermaid 11.14 accepts. Nothing here throws on bad input; errors are values with positions in the text given.
 */
import { leadingErrors, reportedErrors, type GrammarError } from '../errors.js';
import { errorAt, parseErrorAt, placeOf, placesIn, type SourcePlaces } from '../places.js';
import { mermaidParserInput, type MappedText } from '../preprocess.js';
import type { UnexpectedRun } from '../unexpected.js';
import { lowerErDiagram } from './ast.js';
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

function lexingError(error: UnexpectedRun, input: MappedText, places: SourcePlaces): GrammarError {
  const character = input.text.slice(error.offset, error.offset + 1);
  return errorAt(`unexpected character \`${character}\` in a style line`, places.span(error.offset, error.offset + 1));
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
  const lexingErrors = leadingErrors(lexed.errors, (error) => lexingError(error, input, places));
  if (lexed.stoppedAt !== undefined) return { errors: reportedErrors(lexingErrors, places.span(lexed.stoppedAt, lexed.stoppedAt)) };
  const parse = parseErTokens(lexed.tokens);
  const stop = 'stoppedAt' in parse ? placeOf(parse.stoppedAt, lexed.tokens, places) : undefined;
  const errors = reportedErrors([...lexingErrors, ...parse.errors.map((error) => parseErrorAt(error, lexed.tokens, places))], stop);
  if (errors.length > 0 || !('cst' in parse)) return { errors };
  return { diagram: lowerErDiagram(parse.cst, lexed.invisible, places), errors };
}
