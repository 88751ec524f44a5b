/**
 * Lowering of the classDiagram CST into the located model (model.ts), doing what Mermaid's ClassDB does
 * with each statement, in source order:
 * - a class exists once it is declared, used in a relation or given a `Name : member` line; a bare
 *   `Name` line creates nothing; the first appearance fixes its generic type, the last label wins;
 * - `Name~T~` is the class `Name`: Mermaid splits an id at its first `~`;
 * - a lollipop end `()` is an interface, not a class (unless both ends are lollipops); the relation keeps
 *   its name as that end (Mermaid numbers it `interface0`, `interface1`, ...);
 * - a member is an annotation `<<x>>` (in a body only: Mermaid sanitizes a `Name : <<x>>` line first, which
 *   leaves no `<<`, so that line is an attribute), a method (a `)` after its first character) or an attribute.
 * Mermaid also fails at run time on a few texts its grammar accepts (an annotation, a `click` or a
 * tooltip for a class not declared yet, a "method" it cannot split); those are errors here too.
 *
 * The CST holds the text Mermaid's parser receives, with `#name;` entities as placeholders; the model holds
 * what the user wrote, at the places where they wrote it (`SourcePlaces`). A CST with syntax errors is lowered
 * too, for the run-time errors, so a child the grammar makes mandatory may still be missing after recovery.
 */
import type { CstNode, IToken } from 'chevrotain';
import type {
  AnnotationStatementCstNode,
  CallbackStatementCstNode,
  ClassNameCstNode,
  ClassStatementCstNode,
  ClickStatementCstNode,
  DiagramCstNode,
  LinkStatementCstNode,
  NamespaceNameCstNode,
  NamespaceStatementCstNode,
  NoteStatementCstNode,
  RelationOrMemberCstNode,
  RelationRestCstNode,
  StatementCstNode,
} from './cst.generated.js';
import { directionStatementRange } from '../direction.js';
import type { GrammarError } from '../errors.js';
import { errorAt, type SourcePlaces } from '../places.js';
import type { IgnoredStatement, TextSpan } from '../span.js';
import type { ClassDiagram, ClassMember, ClassNode, ClassNote, ClassRelation, Classifier, RelationHead, Visibility } from './model.js';
import { shown } from './messages.js';
import { methodParts, VISIBILITIES } from './method-parts.js';
import * as t from './tokens.js';

/** The text between the quotes of a quoted text. */
const inner = (token: IToken) => token.image.slice(1, -1);

/**
 * The name as Mermaid's parser builds it: pieces glued, `.` kept, backticks dropped, `~T~` appended. The pieces
 * of a node are in source order by offset; its last piece may be a node of its own (parser.ts).
 */
function rawName(node: ClassNameCstNode | NamespaceNameCstNode): string {
  const generic = node.name === 'className' ? node.children.GenericText?.[0] : undefined;
  const { AlphaNum = [], Dot = [], BacktickText = [] } = node.children;
  const pieces = [...AlphaNum, ...Dot, ...BacktickText].sort((a, b) => a.startOffset - b.startOffset);
  const last = node.name === 'className' ? node.children.className?.[0] : node.children.namespaceName?.[0];
  return pieces.map((piece) => piece.image).join('') + (last ? rawName(last) : '') + (generic ? `~${generic.image}~` : '');
}

/** ClassDB's split of an id: before the first `~` is the class, between it and the next is the generic type. */
function splitId(raw: string): { name: string; generic?: string } {
  if (raw.indexOf('~') <= 0) return { name: raw };
  const [name = '', generic = ''] = raw.split('~');
  return generic === '' ? { name } : { name, generic };
}

const headOf = new Map<string, RelationHead>([
  [t.Extension.name, 'extension'],
  [t.Composition.name, 'composition'],
  [t.Aggregation.name, 'aggregation'],
  [t.Dependency.name, 'dependency'],
  [t.Lollipop.name, 'lollipop'],
]);

const classifierOf = new Map<string, Classifier>([
  ['$', 'static'],
  ['*', 'abstract'],
]);

/** One member line of the lexed text: its text (trimmed) and the offset where that text starts. */
interface MemberText {
  text: string;
  start: number;
}

type LoweredMember = { annotation: string } | { member: ClassMember } | { error: string };

/** Mermaid's database while the statements run, plus what it would throw. */
class ClassDatabase {
  readonly classes = new Map<string, ClassNode>();
  readonly relations: ClassRelation[] = [];
  readonly notes: ClassNote[] = [];
  readonly ignored: IgnoredStatement[] = [];
  readonly errors: GrammarError[] = [];

  constructor(private readonly places: SourcePlaces) {}

  tokenSpan(token: IToken): TextSpan {
    return this.places.span(token.startOffset, (token.endOffset ?? token.startOffset) + 1);
  }

  /** The classDiagram's direction rules are case-sensitive. */
  directionSpan(token: IToken): TextSpan {
    const { start, end } = directionStatementRange(token, false);
    return this.places.span(start, end);
  }

  nodeSpan(node: CstNode): TextSpan {
    return this.places.span(node.location?.startOffset ?? 0, (node.location?.endOffset ?? 0) + 1);
  }

  decode(text: string): string {
    return this.places.decode(text);
  }

  /** A class reference in the user's terms: `{ name, generic }` from the text as Mermaid built it. */
  id(raw: string): { name: string; generic?: string } {
    const { name, generic } = splitId(raw);
    return generic === undefined ? { name: this.decode(name) } : { name: this.decode(name), generic: this.decode(generic) };
  }

  addClass(nameNode: ClassNameCstNode): ClassNode {
    const { name, generic } = this.id(rawName(nameNode));
    const existing = this.classes.get(name);
    if (existing) return existing;
    const created: ClassNode = { name, ...(generic ? { generic } : {}), annotations: [], members: [], span: this.nodeSpan(nameNode) };
    this.classes.set(name, created);
    return created;
  }

  addMember(owner: ClassNode, raw: string, rawStart: number, inBody: boolean): void {
    const text = raw.trim();
    if (text === '') return;
    const start = rawStart + raw.length - raw.trimStart().length;
    const lowered = this.lowerMember({ text, start }, inBody);
    if ('annotation' in lowered) owner.annotations.push(lowered.annotation);
    else if ('member' in lowered) owner.members.push(lowered.member);
    else this.errors.push(errorAt(lowered.error, this.places.span(start, start + text.length)));
  }

  private lowerMember(member: MemberText, inBody: boolean): LoweredMember {
    const { text } = member;
    if (inBody && text.startsWith('<<') && text.endsWith('>>')) return { annotation: this.decode(text.slice(2, -2)) };
    return text.indexOf(')') > 0 ? this.lowerMethod(member) : this.lowerAttribute(member);
  }

  private lowerMethod({ text, start }: MemberText): LoweredMember {
    const parts = methodParts(text);
    if (!parts) return { error: `\`${shown(this.decode(text))}\` is not a valid method: write it like \`name(parameters)\`` };
    let returnType = parts.returnType.trim();
    let classifier = classifierOf.get(parts.classifier.trim());
    const lastMark = classifierOf.get(returnType.slice(-1));
    if (classifier === undefined && lastMark !== undefined) {
      classifier = lastMark;
      returnType = returnType.slice(0, -1).trim();
    }
    const { visibility } = parts;
    return {
      member: {
        kind: 'method',
        ...(visibility === '' ? {} : { visibility: visibility as Visibility }),
        name: this.decode(parts.name.trim()),
        parameters: this.decode(parts.parameters.trim()),
        ...(returnType === '' ? {} : { returnType: this.decode(returnType) }),
        ...(classifier === undefined ? {} : { classifier }),
        span: this.places.span(start, start + text.length),
      },
    };
  }

  private lowerAttribute({ text, start }: MemberText): LoweredMember {
    const visibility = VISIBILITIES.has(text[0] ?? '') ? (text[0] as Visibility) : undefined;
    const classifier = classifierOf.get(text.slice(-1));
    const body = text.slice(visibility ? 1 : 0, classifier ? -1 : undefined);
    const bodyStart = start + (visibility ? 1 : 0) + body.length - body.trimStart().length;
    const attributeText = body.trim();
    return {
      member: {
        kind: 'attribute',
        ...(visibility ? { visibility } : {}),
        text: this.decode(attributeText),
        ...(classifier ? { classifier } : {}),
        span: this.places.span(start, start + text.length),
        textSpan: this.places.span(bodyStart, bodyStart + attributeText.length),
      },
    };
  }

  ignore(what: string, span: TextSpan): void {
    this.ignored.push({ what, span });
  }

  /** Mermaid looks the class up by the name exactly as written (each of a comma list), generic included. */
  requireDeclared(nameNode: ClassNameCstNode, statement: string): void {
    for (const id of rawName(nameNode).split(',').map((piece) => this.decode(piece))) {
      if (!this.classes.has(id)) this.errors.push(errorAt(`class \`${id}\` must be declared before ${statement}`, this.nodeSpan(nameNode)));
    }
  }
}

function lowerRelation(db: ClassDatabase, statement: RelationOrMemberCstNode, fromNode: ClassNameCstNode, rest: RelationRestCstNode): void {
  const operator = rest.children.relationOperator?.[0];
  const toNode = rest.children.to?.[0];
  const line = operator?.children.RelationLine?.[0];
  if (!operator || !toNode || !line) return;
  const fromHead = headOf.get(operator.children.fromHead?.[0]?.tokenType.name ?? '');
  const toHead = headOf.get(operator.children.toHead?.[0]?.tokenType.name ?? '');
  if (fromHead === 'lollipop' && toHead === undefined) db.addClass(toNode);
  else if (toHead === 'lollipop' && fromHead === undefined) db.addClass(fromNode);
  else {
    db.addClass(fromNode);
    db.addClass(toNode);
  }
  const fromCardinality = statement.children.fromCardinality?.[0];
  const toCardinality = rest.children.toCardinality?.[0];
  const label = rest.children.label?.[0];
  db.relations.push({
    from: db.id(rawName(fromNode)).name,
    to: db.id(rawName(toNode)).name,
    ...(fromCardinality ? { fromCardinality: db.decode(inner(fromCardinality).trim()) } : {}),
    ...(toCardinality ? { toCardinality: db.decode(inner(toCardinality).trim()) } : {}),
    ...(fromHead ? { fromHead } : {}),
    ...(toHead ? { toHead } : {}),
    line: line.tokenType === t.DottedLine ? 'dotted' : 'solid',
    ...(label ? { label: db.decode(label.image.slice(1).trim()) } : {}),
    span: db.nodeSpan(statement),
    fromSpan: db.nodeSpan(fromNode),
    toSpan: db.nodeSpan(toNode),
    ...(fromCardinality ? { fromCardinalitySpan: db.tokenSpan(fromCardinality) } : {}),
    ...(toCardinality ? { toCardinalitySpan: db.tokenSpan(toCardinality) } : {}),
    operatorSpan: db.nodeSpan(operator),
  });
}

function lowerRelationOrMember(db: ClassDatabase, statement: RelationOrMemberCstNode): void {
  const fromNode = statement.children.from?.[0];
  if (!fromNode) return;
  const rest = statement.children.relationRest?.[0];
  if (rest) return lowerRelation(db, statement, fromNode, rest);
  const member = statement.children.member?.[0];
  if (member) db.addMember(db.addClass(fromNode), member.image.slice(1), member.startOffset + 1, false);
}

/** Returns the class name, for the enclosing namespace. */
function lowerClassStatement(db: ClassDatabase, { children }: ClassStatementCstNode): string | undefined {
  const nameNode = children.className?.[0];
  if (!nameNode) return undefined;
  const declared = db.addClass(nameNode);
  const label = children.squareLabel?.[0]?.children.Quoted?.[0];
  if (label) declared.label = db.decode(inner(label));
  for (const shorthand of children.cssShorthand ?? []) db.ignore('class shorthand :::name', db.nodeSpan(shorthand));
  for (const annotation of children.inlineAnnotation ?? []) {
    const word = annotation.children.AlphaNum?.[0];
    if (word) declared.annotations.push(word.image);
  }
  const bodies = [...(children.classBody ?? []), ...(children.filledClassBody ?? [])];
  for (const member of bodies.flatMap((body) => body.children.Member ?? [])) db.addMember(declared, member.image, member.startOffset, true);
  return declared.name;
}

function lowerNote(db: ClassDatabase, statement: NoteStatementCstNode): void {
  const text = statement.children.Quoted?.[0];
  if (!text) return;
  const target = statement.children.className?.[0];
  db.notes.push({ text: db.decode(inner(text)), ...(target ? { for: db.id(rawName(target)).name } : {}), span: db.nodeSpan(statement) });
}

function lowerNamespace(db: ClassDatabase, { children }: NamespaceStatementCstNode, enclosing: string | undefined): void {
  const nameNode = children.namespaceName?.[0];
  if (!nameNode) return;
  const written = db.decode(rawName(nameNode));
  const name = enclosing === undefined ? written : `${enclosing}.${written}`;
  const declared: string[] = [];
  for (const member of children.namespaceMember ?? []) {
    for (const classStatement of member.children.classStatement ?? []) {
      const className = lowerClassStatement(db, classStatement);
      if (className !== undefined) declared.push(className);
    }
    for (const note of member.children.noteStatement ?? []) lowerNote(db, note);
    for (const nested of member.children.namespaceStatement ?? []) lowerNamespace(db, nested, name);
  }
  // Mermaid files the classes when the namespace closes, so a later namespace wins.
  for (const className of declared) {
    const node = db.classes.get(className);
    if (node) node.namespace = name;
  }
}

function lowerAnnotation(db: ClassDatabase, { children }: AnnotationStatementCstNode): void {
  const word = children.AlphaNum?.[0];
  const nameNode = children.className?.[0];
  if (!word || !nameNode) return;
  const { name } = db.id(rawName(nameNode));
  const target = db.classes.get(name);
  if (target) target.annotations.push(word.image);
  else db.errors.push(errorAt(`class \`${name}\` must be declared before \`<<${word.image}>>\``, db.nodeSpan(nameNode)));
}

/** Mermaid looks a `click`/`callback` class up at once, and a link's only when it has a tooltip. */
function lowerInteraction(db: ClassDatabase, statement: ClickStatementCstNode | LinkStatementCstNode | CallbackStatementCstNode): void {
  const what = statement.name === 'clickStatement' ? 'click' : statement.name === 'linkStatement' ? 'link' : 'callback';
  db.ignore(`${what} line`, db.nodeSpan(statement));
  const nameNode = statement.children.className?.[0];
  if (!nameNode) return;
  const callsBack = what === 'callback' || ('CallbackCall' in statement.children && statement.children.CallbackCall !== undefined);
  if (callsBack) db.requireDeclared(nameNode, `its \`${what}\` line`);
  else if (statement.children.tooltip) db.requireDeclared(nameNode, `a \`${what}\` line with a tooltip`);
}

const ignoredTokens = [
  ['AccTitle', 'accTitle'],
  ['AccDescrLine', 'accDescr'],
  ['AccDescrBlock', 'accDescr'],
] as const;

const ignoredStatements = [
  ['styleStatement', 'style line'],
  ['classDefStatement', 'classDef line'],
  ['cssClassStatement', 'cssClass line'],
] as const;

function lowerStatement(db: ClassDatabase, { children }: StatementCstNode): void {
  for (const token of children.DirectionLine ?? []) db.ignore('direction', db.directionSpan(token));
  for (const [key, what] of ignoredTokens) for (const token of children[key] ?? []) db.ignore(what, db.tokenSpan(token));
  for (const [key, what] of ignoredStatements) for (const node of children[key] ?? []) db.ignore(what, db.nodeSpan(node));
  for (const node of children.relationOrMember ?? []) lowerRelationOrMember(db, node);
  for (const node of children.classStatement ?? []) lowerClassStatement(db, node);
  for (const node of children.namespaceStatement ?? []) lowerNamespace(db, node, undefined);
  for (const node of children.annotationStatement ?? []) lowerAnnotation(db, node);
  for (const node of children.noteStatement ?? []) lowerNote(db, node);
  for (const node of [...(children.clickStatement ?? []), ...(children.linkStatement ?? []), ...(children.callbackStatement ?? [])]) {
    lowerInteraction(db, node);
  }
}

/** The CST's statements in source order (each `statement` node holds exactly one). */
export function lowerClassDiagram(cst: DiagramCstNode, places: SourcePlaces): { diagram: ClassDiagram; errors: GrammarError[] } {
  const db = new ClassDatabase(places);
  for (const statement of cst.children.statement ?? []) lowerStatement(db, statement);
  const classes = [...db.classes.values()].map(({ name, label, generic, annotations, members, namespace, span }) => ({
    name,
    ...(label === undefined ? {} : { label }),
    ...(generic === undefined ? {} : { generic }),
    annotations,
    members,
    ...(namespace === undefined ? {} : { namespace }),
    span,
  }));
  return {
    diagram: { kind: 'classDiagram', classes, relations: db.relations, notes: db.notes, ignored: db.ignored },
    errors: db.errors,
  };
}
