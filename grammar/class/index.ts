/**
 * The classDiagram grammar's facade: text in, the located model, its tooling view and every error out,
 * accepting exactly what Mermaid accepts. Nothing here throws on bad input; errors are values with positions
 * in the text given.
 */
import type { ILexingError, IRecognitionException, IToken } from 'chevrotain';
import { firstErrorPerLine, type GrammarError } from '../errors.js';
import { decodeMermaidEntities, lineColumnOf, mermaidParserInput, type MappedText } from '../preprocess.js';
import { errorAt, lowerClassDiagram, type SourcePlaces } from './ast.js';
import { lexClassDiagram } from './lexer.js';
import type { ClassDiagram, ClassMember, ClassRelation, Classifier, RelationHead, Visibility } from './model.js';
import { parseClassTokens } from './parser.js';

export type * from './model.js';
export type { GrammarError } from '../errors.js';

/** Offsets in the text the lexer saw, as places in the text the user wrote. */
function placesIn(input: MappedText, original: string): SourcePlaces {
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

/** Quotes what the user wrote there: an entity placeholder is shown as the `#name;` it stands for. */
function lexingError(error: ILexingError, input: MappedText, original: string, places: SourcePlaces): GrammarError {
  const span = places.span(error.offset, error.offset + error.length);
  const written = original.slice(input.origin[error.offset] ?? 0, (input.origin[error.offset + error.length - 1] ?? 0) + 1);
  const message = written.startsWith(';')
    ? '`;` cannot separate statements: put each on its own line'
    : `unexpected character \`${written.split('\n')[0] ?? ''}\``;
  return errorAt(message, written.startsWith(';') ? { ...span, endLine: span.line, endColumn: span.column + 1 } : span);
}

/**
 * An error points at the token's text without surrounding blanks (a line break counts as one character); an
 * error at the end of the text points just past the last token, where something is missing.
 */
function parseError(error: IRecognitionException, tokens: IToken[], places: SourcePlaces): GrammarError {
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

/**
 * Parses one classDiagram (a bare diagram, or a Markdown file whose first ```mermaid fence holds it).
 * `diagram` is present exactly when there are no errors.
 * `input` is the text as Mermaid's parser receives it, when the caller has it already.
 */
export function parseClassDiagram(text: string, input: MappedText = mermaidParserInput(text)): { diagram?: ClassDiagram; errors: GrammarError[] } {
  const places = placesIn(input, text);
  // Mermaid picks the diagram type by a case-sensitive `classDiagram` at the start, before its parser runs.
  if (!input.text.startsWith('classDiagram')) {
    const found = /^\S*/.exec(input.text)?.[0] ?? '';
    const what = found === '' ? 'the end of the diagram' : `\`${found}\``;
    return { errors: [errorAt(`a diagram must start with \`classDiagram\`, found ${what}`, places.span(0, Math.max(1, found.length)))] };
  }
  const lexed = lexClassDiagram(input.text);
  const { cst, parseErrors } = parseClassTokens(lexed.tokens);
  const lowered = lowerClassDiagram(cst, places);
  const errors = firstErrorPerLine([
    ...lexed.errors.map((error) => lexingError(error, input, text, places)),
    ...parseErrors.map((error) => parseError(error, lexed.tokens, places)),
    ...lowered.errors,
  ]);
  return errors.length === 0 ? { diagram: lowered.diagram, errors } : { errors };
}

export type ClassMemberView =
  | { kind: 'attribute'; visibility?: Visibility; text: string; classifier?: Classifier }
  | { kind: 'method'; visibility?: Visibility; name: string; parameters: string; returnType?: string; classifier?: Classifier };

export interface ClassView {
  name: string;
  label?: string;
  annotations: string[];
  members: ClassMemberView[];
}

export interface ClassRelationView {
  from: string;
  to: string;
  fromCardinality?: string;
  toCardinality?: string;
  fromHead?: RelationHead;
  toHead?: RelationHead;
  line: 'solid' | 'dotted';
  label?: string;
}

/** What `fullapi parse --json` prints for a classDiagram: the model without positions. */
export interface ClassJsonView {
  kind: 'classDiagram';
  classes: ClassView[];
  relations: ClassRelationView[];
}

function memberView(member: ClassMember): ClassMemberView {
  if (member.kind === 'attribute') {
    const { visibility, text, classifier } = member;
    return { kind: 'attribute', ...(visibility ? { visibility } : {}), text, ...(classifier ? { classifier } : {}) };
  }
  const { visibility, name, parameters, returnType, classifier } = member;
  return {
    kind: 'method',
    ...(visibility ? { visibility } : {}),
    name,
    parameters,
    ...(returnType === undefined ? {} : { returnType }),
    ...(classifier ? { classifier } : {}),
  };
}

function relationView(relation: ClassRelation): ClassRelationView {
  const { from, to, fromCardinality, toCardinality, fromHead, toHead, line, label } = relation;
  return {
    from,
    to,
    ...(fromCardinality === undefined ? {} : { fromCardinality }),
    ...(toCardinality === undefined ? {} : { toCardinality }),
    ...(fromHead ? { fromHead } : {}),
    ...(toHead ? { toHead } : {}),
    line,
    ...(label === undefined ? {} : { label }),
  };
}

export function classJsonView(diagram: ClassDiagram): ClassJsonView {
  return {
    kind: 'classDiagram',
    classes: diagram.classes.map(({ name, label, annotations, members }) => ({
      name,
      ...(label === undefined ? {} : { label }),
      annotations,
      members: members.map(memberView),
    })),
    relations: diagram.relations.map(relationView),
  };
}
