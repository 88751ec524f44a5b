/**
 * What the classDiagram grammar hands on: the diagram as Mermaid reads it, every node with where it was written.
 * `classJsonView` (index.ts) projects it onto the `fullapi parse --json` view, which has no positions.
 */
import type { IgnoredStatement, TextSpan } from '../span.js';

export type Visibility = '+' | '-' | '#' | '~';
/** Mermaid's `$` (static) and `*` (abstract) after a member. */
export type Classifier = 'static' | 'abstract';

/**
 * One member line of a class, classified as Mermaid classifies it: a method when it has `)` after its first
 * character, else an attribute. Mermaid does not split an attribute's type from its name, and neither does
 * the grammar: `text` is `int id`, `id: int` or `List~Order~ orders` as written, without visibility or classifier.
 */
export type ClassMember =
  | { kind: 'attribute'; visibility?: Visibility; text: string; classifier?: Classifier; span: TextSpan; textSpan: TextSpan }
  | {
      kind: 'method';
      visibility?: Visibility;
      name: string;
      parameters: string;
      returnType?: string;
      classifier?: Classifier;
      span: TextSpan;
    };

export interface ClassNode {
  /** Mermaid's id: the name without a generic suffix or backticks; dotted names are one id. */
  name: string;
  /** `class Name["Label"]`. */
  label?: string;
  /** `Name~T~` gives `T`. */
  generic?: string;
  /** Without `<<` and `>>`: `interface`, `enumeration`, ... */
  annotations: string[];
  members: ClassMember[];
  /** The innermost namespace that declares it, dotted (`A.B`). */
  namespace?: string;
  /** The name where the class first appears. */
  span: TextSpan;
}

export type RelationHead = 'extension' | 'composition' | 'aggregation' | 'dependency' | 'lollipop';

export interface ClassRelation {
  from: string;
  to: string;
  /** The quoted string written next to `from` (`"1"`, `"0..*"`), without its quotes. */
  fromCardinality?: string;
  toCardinality?: string;
  /** The head at `from`'s end: in `A <|-- B` it is `extension`. */
  fromHead?: RelationHead;
  toHead?: RelationHead;
  line: 'solid' | 'dotted';
  /** As Mermaid keeps it: trimmed, quotes kept. */
  label?: string;
  span: TextSpan;
  fromSpan: TextSpan;
  toSpan: TextSpan;
  /** With its quotes. */
  fromCardinalitySpan?: TextSpan;
  toCardinalitySpan?: TextSpan;
  /** The heads and the line, e.g. `<|--`. */
  operatorSpan: TextSpan;
}

export interface ClassNote {
  text: string;
  /** `note for Name "..."`. */
  for?: string;
  span: TextSpan;
}

export interface ClassDiagram {
  kind: 'classDiagram';
  /** In order of first appearance (declarations, relations, `Name : member` lines). */
  classes: ClassNode[];
  relations: ClassRelation[];
  notes: ClassNote[];
  /** Styles, cssClass, classDef, click/link/callback, direction, accTitle/accDescr, in source order. */
  ignored: IgnoredStatement[];
}
