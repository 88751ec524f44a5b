/**
 * What the erDiagram grammar hands on: the diagram as Mermaid reads it, every node with where it was written.
 * `erJsonView` (index.ts) projects it onto the `fullapi parse --json` view, which has no positions.
 */
import type { IgnoredStatement, TextSpan } from '../span.js';

/** `mdParent` is Mermaid's `u` marker (written directly before a line, as in `u--o{`). */
export type Cardinality = 'zeroOrOne' | 'exactlyOne' | 'zeroOrMore' | 'oneOrMore' | 'mdParent';
export type AttributeKey = 'PK' | 'FK' | 'UK';

export interface ErAttribute {
  type: string;
  name: string;
  keys: AttributeKey[];
  comment?: string;
  typeSpan: TextSpan;
  nameSpan: TextSpan;
  /** One per key, in the order of `keys`. */
  keySpans: TextSpan[];
  /** The comment with its quotes. */
  commentSpan?: TextSpan;
}

export interface ErEntity {
  /** As Mermaid reports it: a quoted name without its quotes. */
  name: string;
  alias?: string;
  attributes: ErAttribute[];
  /** The name where the entity first appears, in a declaration or a relationship. */
  span: TextSpan;
  aliasSpan?: TextSpan;
}

export interface ErRelationship {
  from: string;
  to: string;
  /** The marker written next to `from`: how many `from` instances take part. */
  fromCardinality: Cardinality;
  toCardinality: Cardinality;
  identifying: boolean;
  label: string;
  /** From the first entity's name to the end of the label. */
  span: TextSpan;
  fromSpan: TextSpan;
  toSpan: TextSpan;
  /** The cardinalities and the line between them, e.g. `||--o{` or `one to many`. */
  operatorSpan: TextSpan;
  labelSpan: TextSpan;
}

export interface ErDiagram {
  kind: 'erDiagram';
  /** In order of first appearance; repeated declarations merged as Mermaid merges them. */
  entities: ErEntity[];
  relationships: ErRelationship[];
  /** Styles, class assignments (`class`, `:::name`), direction, accTitle/accDescr, in source order. */
  ignored: IgnoredStatement[];
}
