/**
 * Lowering of the erDiagram CST into the tooling view printed by `fullapi parse --json`:
 * what the grammar saw, before any Laravel mapping.
 *
 * Mermaid merges repeated declarations of an entity (attribute blocks accumulate, the
 * first alias wins) and lists entities in order of first appearance, relationships included.
 */
import { tokenMatcher, type CstElement, type CstNode, type IToken } from 'chevrotain';
import type { GrammarError } from '../errors.js';
import * as t from './tokens.js';

export type Cardinality = 'zeroOrOne' | 'exactlyOne' | 'zeroOrMore' | 'oneOrMore';
export type AttributeKey = 'PK' | 'FK' | 'UK';

export interface ErAttribute {
  type: string;
  name: string;
  keys: AttributeKey[];
  comment?: string;
}

export interface ErEntity {
  name: string;
  alias?: string;
  attributes: ErAttribute[];
}

export interface ErRelationship {
  from: string;
  to: string;
  /** The marker written next to `from`: how many `from` instances take part. */
  fromCardinality: Cardinality;
  toCardinality: Cardinality;
  identifying: boolean;
  label: string;
}

export interface ErDiagramView {
  kind: 'erDiagram';
  entities: ErEntity[];
  relationships: ErRelationship[];
}

function isToken(element: CstElement | undefined): element is IToken {
  return element !== undefined && 'image' in element;
}

function tokensOf(node: CstNode, key: string): IToken[] {
  return (node.children[key] ?? []).filter(isToken);
}

function nodesOf(node: CstNode, key: string): CstNode[] {
  return (node.children[key] ?? []).filter((element): element is CstNode => !isToken(element));
}

/** Error recovery can leave rules half-built; an inserted token has an empty image. */
function firstImage(node: CstNode, key: string): string | undefined {
  const image = tokensOf(node, key)[0]?.image;
  return image === undefined || image === '' ? undefined : image;
}

const unquote = (image: string) => (image.startsWith('"') ? image.slice(1, -1) : image);

function nameOf(node: CstNode | undefined): string | undefined {
  if (!node) return undefined;
  const image = firstImage(node, 'Name') ?? firstImage(node, 'Quoted');
  return image === undefined ? undefined : unquote(image);
}

function cardinalityOf(token: IToken): Cardinality {
  if (tokenMatcher(token, t.ZeroOrOne)) return 'zeroOrOne';
  if (tokenMatcher(token, t.ExactlyOne)) return 'exactlyOne';
  if (tokenMatcher(token, t.ZeroOrMore)) return 'zeroOrMore';
  return 'oneOrMore';
}

function lowerAttribute(node: CstNode): ErAttribute | undefined {
  const type = firstImage(node, 'type');
  const name = firstImage(node, 'name');
  if (type === undefined || name === undefined) return undefined;
  // Mermaid keeps keys as written (`pk` stays `pk`); the view normalises them to its closed set.
  const keys = tokensOf(node, 'Key').map((key) => key.image.toUpperCase() as AttributeKey);
  const comment = firstImage(node, 'comment');
  return comment === undefined ? { type, name, keys } : { type, name, keys, comment: unquote(comment) };
}

function lowerRelationship(from: string, node: CstNode): ErRelationship | undefined {
  const [fromCard] = tokensOf(node, 'fromCardinality');
  const [toCard] = tokensOf(node, 'toCardinality');
  const [line] = tokensOf(node, 'RelationshipLine');
  const to = nameOf(nodesOf(node, 'to')[0]);
  const label = firstImage(node, 'label');
  if (!fromCard || !toCard || !line || to === undefined || label === undefined) return undefined;
  return {
    from,
    to,
    fromCardinality: cardinalityOf(fromCard),
    toCardinality: cardinalityOf(toCard),
    identifying: tokenMatcher(line, t.Identifying),
    label: unquote(label),
  };
}

/** Points just after the relationship's last token, where the label should be. */
function missingLabelError(relationship: CstNode, to: string): GrammarError {
  const location = relationship.location;
  return {
    message: `expected a label like \`: places\` after \`${to}\``,
    line: location?.endLine ?? 1,
    column: (location?.endColumn ?? 0) + 1,
  };
}

function aliasError(alias: CstNode): GrammarError {
  const location = alias.location;
  return {
    message: 'an alias `[...]` is only allowed on an entity declaration, not in a relationship',
    line: location?.startLine ?? 1,
    column: location?.startColumn ?? 1,
    endColumn: location?.endColumn,
  };
}

export function lowerErDiagram(cst: CstNode): { diagram: ErDiagramView; errors: GrammarError[] } {
  const entities = new Map<string, ErEntity>();
  const relationships: ErRelationship[] = [];
  const errors: GrammarError[] = [];
  const entity = (name: string): ErEntity => {
    const existing = entities.get(name);
    if (existing) return existing;
    const created: ErEntity = { name, attributes: [] };
    entities.set(name, created);
    return created;
  };

  for (const statement of nodesOf(cst, 'statement')) {
    for (const declaration of nodesOf(statement, 'entityStatement')) {
      const name = nameOf(nodesOf(declaration, 'entityName')[0]);
      if (name === undefined) continue;
      const declared = entity(name);
      const [aliasNode] = nodesOf(declaration, 'alias');
      const alias = aliasNode ? nameOf(aliasNode) : undefined;
      if (alias && declared.alias === undefined) declared.alias = alias;
      for (const block of nodesOf(declaration, 'attributeBlock')) {
        const attributes = nodesOf(block, 'attribute').map(lowerAttribute);
        declared.attributes.push(...attributes.filter((attribute) => attribute !== undefined));
      }
      for (const relationshipNode of nodesOf(declaration, 'relationship')) {
        if (aliasNode) errors.push(aliasError(aliasNode));
        const to = nameOf(nodesOf(relationshipNode, 'to')[0]);
        const hasLabel = tokensOf(relationshipNode, 'Colon').length > 0;
        if (to !== undefined && !hasLabel) errors.push(missingLabelError(relationshipNode, to));
        const relationship = lowerRelationship(name, relationshipNode);
        if (!relationship) continue;
        entity(relationship.to);
        relationships.push(relationship);
      }
    }
  }
  // Rebuilt so that `alias` comes right after `name` in the JSON, wherever it was found.
  const inSourceOrder = [...entities.values()].map(({ name, alias, attributes }) =>
    alias === undefined ? { name, attributes } : { name, alias, attributes },
  );
  return { diagram: { kind: 'erDiagram', entities: inSourceOrder, relationships }, errors };
}
