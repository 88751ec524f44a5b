import type { RelationKind } from '../../ir/ir.generated.js';
import { camel } from '../../passes/naming/str.js';
import { belongsToNameFor, selfInverseName, toManyNameFor } from '../../passes/relations/relation-pairs.js';

/** How many instances of an entity take part in a relationship, in erDiagram's four markers. */
export type Multiplicity = 'zeroOrOne' | 'exactlyOne' | 'zeroOrMore' | 'oneOrMore';

const isMany = (multiplicity: Multiplicity) => multiplicity === 'zeroOrMore' || multiplicity === 'oneOrMore';

export type DeclaredKind = Extract<RelationKind, 'hasOne' | 'hasMany' | 'belongsTo' | 'belongsToMany'>;

/**
 * The relation the first entity of a relationship declares; the relations pass adds the other side. Each
 * marker says how many of its own entity take part: in `CUSTOMER ||--o{ ORDER` an order has exactly one
 * customer and a customer any number of orders, so Customer hasMany Order (and Order belongsTo Customer).
 * Of two entities with one each, the foreign key goes to the one that cannot exist without the other
 * (`PERSON ||--o| PASSPORT`: Passport belongsTo Person), else to the second.
 */
export function declaredKind(fromMultiplicity: Multiplicity, toMultiplicity: Multiplicity): DeclaredKind {
  if (isMany(fromMultiplicity)) return isMany(toMultiplicity) ? 'belongsToMany' : 'belongsTo';
  if (isMany(toMultiplicity)) return 'hasMany';
  return fromMultiplicity === 'zeroOrOne' && toMultiplicity === 'exactlyOne' ? 'belongsTo' : 'hasOne';
}

/** Neither side many: a hasOne and its belongsTo, whichever entity declares which. */
export function isOneToOne(fromMultiplicity: Multiplicity, toMultiplicity: Multiplicity): boolean {
  return !isMany(fromMultiplicity) && !isMany(toMultiplicity);
}

/**
 * Whether the foreign key of the relation the first entity declares may be null: the parent's own marker
 * says whether a child may have none (`CUSTOMER |o--o{ ORDER`: an order has zero or one customer). The
 * parent is the first entity of a hasOne or hasMany, the second of a belongsTo.
 */
export function declaredNullable(kind: DeclaredKind, fromMultiplicity: Multiplicity, toMultiplicity: Multiplicity): boolean {
  if (kind === 'belongsToMany') return false;
  return (kind === 'belongsTo' ? toMultiplicity : fromMultiplicity) === 'zeroOrOne';
}

/** Relations in diagrams have no names of their own: each is named after its target, as Laravel's guides name them. */
export function relationNameFor(kind: DeclaredKind, targetClass: string): string {
  return kind === 'hasMany' || kind === 'belongsToMany' ? toManyNameFor(targetClass) : belongsToNameFor(targetClass);
}

/** The belongsTo of a one-to-one of an entity with itself whose relationship has no usable label. */
const SELF_BELONGS_TO_DEFAULT = 'parent';

/**
 * A one-to-one of an entity with itself is a belongsTo and a hasOne between the same two classes, which
 * their target cannot tell apart: the relationship's label names the belongsTo (`parent`, its key
 * `parent_id`), else `parent`, and the hasOne is `<that name>Of` (`parentOf`), which pairs with it.
 */
export function selfOneToOneNames(label: string | undefined): { belongsTo: string; hasOne: string } {
  // A word in capitals (`PARENT`, as erDiagram entities are often written) is a word, not an acronym.
  const words = (label?.match(/[A-Za-z0-9]+/g) ?? []).map((word) => (word === word.toUpperCase() ? word.toLowerCase() : word));
  const named = camel(words.join(' '));
  const belongsTo = /^[A-Za-z]/.test(named) ? named : SELF_BELONGS_TO_DEFAULT;
  return { belongsTo, hasOne: selfInverseName(belongsTo) };
}

/** UML multiplicities as class diagrams write them, compared without spaces and case. */
const CLASS_MULTIPLICITIES: Readonly<Record<string, Multiplicity>> = {
  '1': 'exactlyOne',
  '1..1': 'exactlyOne',
  one: 'exactlyOne',
  '0..1': 'zeroOrOne',
  '*': 'zeroOrMore',
  '0..*': 'zeroOrMore',
  n: 'zeroOrMore',
  '0..n': 'zeroOrMore',
  many: 'zeroOrMore',
  '1..*': 'oneOrMore',
  '1..n': 'oneOrMore',
  '1+': 'oneOrMore',
};

export const CLASS_MULTIPLICITY_WORDS = Object.keys(CLASS_MULTIPLICITIES);

export function classMultiplicity(text: string): Multiplicity | undefined {
  return CLASS_MULTIPLICITIES[text.replace(/\s+/g, '').toLowerCase()];
}
