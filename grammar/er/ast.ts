/**
 * Lowering of an erDiagram CST (one with no syntax error) into the located model of `model.ts`, the way
 * Mermaid's ErDB stores a diagram: entities in order of first appearance (relationships included), repeated
 * declarations merged (attribute blocks accumulate, the first alias wins), and every statement that describes no
 * data listed in `ignored`.
 */
import { tokenMatcher, type CstElement, type CstNode, type IToken } from 'chevrotain';
import type {
  AttributeBlockCstNode,
  AttributeCstNode,
  ClassShorthandCstNode,
  DiagramCstNode,
  EntityNameCstNode,
  EntityStatementCstNode,
  RelationshipCstNode,
  StatementCstNode,
  StyleStatementCstNode,
} from './cst.generated.js';
import { directionStatementRange } from '../direction.js';
import type { SourcePlaces } from '../places.js';
import type { IgnoredStatement, TextSpan } from '../span.js';
import type { AttributeKey, Cardinality, ErAttribute, ErDiagram, ErEntity, ErRelationship } from './model.js';
import * as t from './tokens.js';

function isToken(element: CstElement): element is IToken {
  return 'image' in element;
}

/** Every token under a node, in source order. */
function tokensUnder(node: CstNode): IToken[] {
  const tokens = Object.values(node.children).flatMap((elements) =>
    elements.flatMap((element) => (isToken(element) ? [element] : tokensUnder(element))),
  );
  return tokens.sort((a, b) => a.startOffset - b.startOffset);
}

/** The first element of a CST child list the grammar makes mandatory (only error-free CSTs are lowered). */
function only<T>(elements: T[] | undefined, what: string): T {
  const [element] = elements ?? [];
  if (element === undefined) throw new Error(`erDiagram CST without its ${what}`);
  return element;
}

const end = (token: IToken) => token.startOffset + token.image.length;
const unquote = (image: string) => image.replace(/"/g, '');

const CARDINALITIES: [Parameters<typeof tokenMatcher>[1], Cardinality][] = [
  [t.ZeroOrOne, 'zeroOrOne'],
  [t.ExactlyOne, 'exactlyOne'],
  [t.ZeroOrMore, 'zeroOrMore'],
  [t.OneOrMore, 'oneOrMore'],
  [t.MdParent, 'mdParent'],
];

function cardinalityOf(token: IToken): Cardinality {
  return only(CARDINALITIES.filter(([type]) => tokenMatcher(token, type)), 'cardinality meaning')[1];
}

class ErDiagramBuilder {
  private readonly entities = new Map<string, ErEntity>();
  private readonly relationships: ErRelationship[] = [];
  private readonly ignored: IgnoredStatement[] = [];

  constructor(private readonly places: SourcePlaces) {}

  private tokenSpan(token: IToken, trim = false): TextSpan {
    if (!trim) return this.places.span(token.startOffset, end(token));
    const leading = token.image.length - token.image.trimStart().length;
    const trailing = token.image.length - token.image.trimEnd().length;
    return this.places.span(token.startOffset + leading, Math.max(token.startOffset + leading, end(token) - trailing));
  }

  /** The erDiagram's direction rules ignore case (jison's `case-insensitive`). */
  private directionSpan(token: IToken): TextSpan {
    const { start, end } = directionStatementRange(token, true);
    return this.places.span(start, end);
  }

  private spanOver(first: IToken, last: IToken): TextSpan {
    return this.places.span(first.startOffset, end(last));
  }

  private ignore(what: string, span: TextSpan): void {
    this.ignored.push({ what, span });
  }

  /** Mermaid's `addEntity`: the first appearance names the entity, the first alias sticks. */
  private addEntity(nameToken: IToken, alias?: IToken): ErEntity {
    const name = this.places.decode(unquote(nameToken.image));
    let entity = this.entities.get(name);
    if (!entity) {
      entity = { name, attributes: [], span: this.tokenSpan(nameToken) };
      this.entities.set(name, entity);
    }
    if (alias && entity.alias === undefined) {
      entity.alias = this.places.decode(unquote(alias.image));
      entity.aliasSpan = this.tokenSpan(alias);
    }
    return entity;
  }

  private nameToken(entityName: EntityNameCstNode): IToken {
    return only(tokensUnder(entityName), 'entity name');
  }

  private classShorthand(node: ClassShorthandCstNode): void {
    const tokens = tokensUnder(node);
    const [first] = tokens;
    const last = tokens.at(-1);
    if (first && last) this.ignore(`class shorthand ${tokens.map((token) => token.image).join('')}`, this.spanOver(first, last));
  }

  private attribute({ children }: AttributeCstNode): ErAttribute {
    const typeToken = only(children.type, 'attribute type');
    const nameToken = only(children.name, 'attribute name');
    const keyTokens = children.Key ?? [];
    const [commentToken] = children.Comment ?? [];
    const attribute: ErAttribute = {
      type: this.places.decode(typeToken.image),
      name: this.places.decode(nameToken.image),
      // Mermaid keeps a key as written (`pk`); the model's keys are the closed, upper-case set.
      keys: keyTokens.map((key) => key.image.toUpperCase() as AttributeKey),
      typeSpan: this.tokenSpan(typeToken),
      nameSpan: this.tokenSpan(nameToken),
      keySpans: keyTokens.map((key) => this.tokenSpan(key)),
    };
    if (commentToken) {
      attribute.comment = this.places.decode(unquote(commentToken.image));
      attribute.commentSpan = this.tokenSpan(commentToken);
    }
    return attribute;
  }

  private attributeBlock(entity: ErEntity, block: AttributeBlockCstNode | undefined): void {
    const attributes = block?.children.attribute ?? [];
    // One by one: a block of many attributes is too many for the arguments of one call.
    for (const node of attributes) entity.attributes.push(this.attribute(node));
  }

  private relationship(fromToken: IToken, { children }: RelationshipCstNode): void {
    const toToken = this.nameToken(only(children.to, 'second entity'));
    this.addEntity(fromToken);
    this.addEntity(toToken);
    const fromCardinality = only(children.fromCardinality, 'first cardinality');
    const toCardinality = only(children.toCardinality, 'second cardinality');
    const label = only(children.label, 'label');
    this.relationships.push({
      from: this.places.decode(unquote(fromToken.image)),
      to: this.places.decode(unquote(toToken.image)),
      fromCardinality: cardinalityOf(fromCardinality),
      toCardinality: cardinalityOf(toCardinality),
      identifying: tokenMatcher(only(children.RelationshipLine, 'line'), t.Identifying),
      label: this.places.decode(unquote(label.image)),
      span: this.spanOver(fromToken, label),
      fromSpan: this.tokenSpan(fromToken),
      toSpan: this.tokenSpan(toToken),
      operatorSpan: this.spanOver(fromCardinality, toCardinality),
      labelSpan: this.tokenSpan(label),
    });
  }

  /** Jison's statements that begin with an entity name, in the order its actions call the ErDB. */
  private entityStatement({ children }: EntityStatementCstNode): void {
    const nameToken = this.nameToken(only(children.entityName, 'entity name'));
    const [alias] = children.alias ?? [];
    const [relationship] = children.relationship ?? [];
    if (relationship) this.relationship(nameToken, relationship);
    else {
      const aliasToken = alias ? this.nameToken(only(alias.children.entityName, 'alias')) : undefined;
      this.attributeBlock(this.addEntity(nameToken, aliasToken), children.attributeBlock?.[0]);
    }
    const shorthands = [...(children.classShorthand ?? []), ...(relationship?.children.classShorthand ?? [])];
    shorthands.forEach((shorthand) => this.classShorthand(shorthand));
  }

  private styleStatement(node: StyleStatementCstNode): void {
    const tokens = tokensUnder(node).filter((token) => !tokenMatcher(token, t.StyleNewline));
    const [keyword] = tokens;
    const last = tokens.at(-1);
    if (!keyword || !last) return;
    const what = tokenMatcher(keyword, t.StyleKeyword) ? 'style line' : 'classDef line';
    this.ignore(what, this.spanOver(keyword, last));
  }

  statement(node: StatementCstNode): void {
    const [entityStatement] = node.children.entityStatement ?? [];
    if (entityStatement) return this.entityStatement(entityStatement);
    const [styleStatement] = node.children.styleStatement ?? [];
    if (styleStatement) return this.styleStatement(styleStatement);
    const tokens = tokensUnder(node);
    const [first] = tokens;
    const last = tokens.at(-1);
    if (!first || !last) return;
    if (tokenMatcher(first, t.ClassKeyword)) this.ignore('class line', this.spanOver(first, last));
    else if (tokenMatcher(first, t.Direction)) this.ignore('direction', this.directionSpan(first));
    else if (tokenMatcher(first, t.AccTitle)) this.ignore('accTitle', this.tokenSpan(first, true));
    else this.ignore('accDescr', this.spanOver(first, last));
  }

  /** An empty `accDescr {}` never reaches the parser, but it is written and so listed. */
  invisible(token: IToken): void {
    this.ignore('accDescr', this.tokenSpan(token));
  }

  build(): ErDiagram {
    const bySource = (a: IgnoredStatement, b: IgnoredStatement) => a.span.line - b.span.line || a.span.column - b.span.column;
    return {
      kind: 'erDiagram',
      entities: [...this.entities.values()],
      relationships: this.relationships,
      ignored: this.ignored.sort(bySource),
    };
  }
}

export function lowerErDiagram(cst: DiagramCstNode, invisible: readonly IToken[], places: SourcePlaces): ErDiagram {
  const builder = new ErDiagramBuilder(places);
  for (const statement of cst.children.statement ?? []) builder.statement(statement);
  for (const token of invisible) builder.invisible(token);
  return builder.build();
}
