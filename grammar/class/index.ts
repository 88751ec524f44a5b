/**
 * The classDiagram grammar's facade: text in, the located model, its tooling view and every error out,
 * accepting exactly what Mermaid accepts. Nothing here throws on bad input; errors are values with positions
 * in the text given.
 */
import type { IToken } from 'chevrotain';
import { leadingErrors, reportedErrors, type GrammarError } from '../errors.js';
import { errorAt, parseErrorAt, placeOf, placesIn, type SourcePlaces } from '../places.js';
import { mermaidParserInput, type MappedText } from '../preprocess.js';
import type { UnexpectedRun } from '../unexpected.js';
import { lowerClassDiagram } from './ast.js';
import { lexClassDiagram } from './lexer.js';
import type { ClassDiagram, ClassMember, ClassRelation, Classifier, RelationHead, Visibility } from './model.js';
import { shown } from './messages.js';
import { MAX_NAMESPACE_DEPTH, tooDeepNamespace } from './nesting.js';
import { parseClassTokens } from './parser.js';

export type * from './model.js';
export type { GrammarError } from '../errors.js';

/** Quotes what the user wrote there: an entity placeholder is shown as the `#name;` it stands for. */
function lexingError(error: UnexpectedRun, input: MappedText, original: string, places: SourcePlaces): GrammarError {
  const span = places.span(error.offset, error.offset + error.length);
  const written = original.slice(input.origin[error.offset] ?? 0, (input.origin[error.offset + error.length - 1] ?? 0) + 1);
  const message = written.startsWith(';')
    ? '`;` cannot separate statements: put each on its own line'
    : `unexpected character \`${shown(written)}\``;
  return errorAt(message, written.startsWith(';') ? { ...span, endLine: span.line, endColumn: span.column + 1 } : span);
}

function namespaceTooDeep(keyword: IToken, places: SourcePlaces): GrammarError {
  const span = places.span(keyword.startOffset, (keyword.endOffset ?? keyword.startOffset) + 1);
  return { ...errorAt(`namespaces nested deeper than ${MAX_NAMESPACE_DEPTH} levels`, span), code: 'too_deep' };
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
  const lexingErrors = leadingErrors(lexed.errors, (error) => lexingError(error, input, text, places));
  if (lexed.stoppedAt !== undefined) return { errors: reportedErrors(lexingErrors, places.span(lexed.stoppedAt, lexed.stoppedAt)) };
  const tooDeep = tooDeepNamespace(lexed.tokens);
  if (tooDeep) return { errors: [namespaceTooDeep(tooDeep, places)] };
  const parse = parseClassTokens(lexed.tokens);
  const syntaxErrors = [...lexingErrors, ...parse.errors.map((error) => parseErrorAt(error, lexed.tokens, places))];
  if ('stoppedAt' in parse) return { errors: reportedErrors(syntaxErrors, placeOf(parse.stoppedAt, lexed.tokens, places)) };
  const lowered = lowerClassDiagram(parse.cst, places);
  const errors = reportedErrors([...syntaxErrors, ...lowered.errors]);
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
