import type { DeclaredRelation } from '../../ir/ir.generated.js';
import { camel, pluralStudly, snake } from '../naming/str.js';
import type { RelatingEntity } from './relating-entity.js';

/**
 * Which relation on the other side a relation pairs with. One rule, used by the synthesis pass (to know what
 * is missing) and by the keys pass (to read the pair's foreign key or pivot), so the two cannot disagree.
 */

/** The belongsTo name whose foreign key is Laravel's default for a parent (`category` -> `category_id`). */
export function belongsToNameFor(parentClass: string): string {
  return camel(snake(parentClass));
}

/** The name of a to-many relation to a class: `posts` for Post, `blogPosts` for BlogPost. */
export function toManyNameFor(relatedClass: string): string {
  return camel(pluralStudly(relatedClass));
}

/** The morphTo name Laravel's documentation would give a child: `commentable` for Comment. */
export function morphNameFor(childClass: string): string {
  return camel(`${snake(childClass)}able`);
}

/**
 * The inverse of one of several belongsTo to the same parent, named after it: `authorPosts` for `author`
 * (`authorProfile` for a hasOne). Declaring a hasMany under this name pairs it with that belongsTo.
 */
export function qualifiedInverseName(kind: 'hasOne' | 'hasMany', belongsToName: string, childClass: string): string {
  const related = kind === 'hasMany' ? pluralStudly(childClass) : childClass;
  return camel(`${snake(belongsToName)}_${snake(related)}`);
}

/**
 * The hasOne or hasMany of an entity to itself that pairs with its belongsTo `parent`: `parentOf`, read as
 * "the node this one is the parent of". The other convention, `parentNode`, would read as the parent itself.
 */
export function selfInverseName(belongsToName: string): string {
  return `${belongsToName}Of`;
}

export type Inverse = { found: DeclaredRelation } | { none: true } | { ambiguous: DeclaredRelation[] };

/**
 * The relation on `target` that `relation` of `owner` pairs with. Candidates have the inverse kind and point
 * back (a belongsToMany also shares the pivot): the one the relation's own name designates; else, leaving
 * out those another relation's name designates, the only one, or the one Laravel's conventions would name.
 * A belongsToMany of an entity to itself is its own inverse.
 */
export function inverseOf(owner: RelatingEntity, relation: DeclaredRelation, target: RelatingEntity): Inverse {
  if (relation.kind === 'belongsToMany' && target === owner) return { found: relation };
  const candidates = target.relations.filter((candidate) => isCandidate(owner, relation, candidate));
  const designated = candidates.find((candidate) => isDesignated(relation, candidate, owner, target));
  if (designated !== undefined) return { found: designated };
  const free = candidates.filter((candidate) => !isDesignatedByAnother(owner, relation, candidate, target));
  const [only] = free;
  if (only === undefined) return { none: true };
  if (free.length === 1) return { found: only };
  const conventional = free.find((candidate) => candidate.name === conventionalInverseName(relation, owner, target));
  return conventional === undefined ? { ambiguous: free } : { found: conventional };
}

/** `parentOf` takes `parent`: a hasMany next to it pairs with another belongsTo, or gets its own. */
function isDesignatedByAnother(owner: RelatingEntity, relation: DeclaredRelation, candidate: DeclaredRelation, target: RelatingEntity): boolean {
  return owner.relations.some((other) => other !== relation && other.target === relation.target && isDesignated(other, candidate, owner, target));
}

function isCandidate(owner: RelatingEntity, relation: DeclaredRelation, candidate: DeclaredRelation): boolean {
  switch (relation.kind) {
    case 'hasOne':
    case 'hasMany':
      return candidate.kind === 'belongsTo' && candidate.target === owner.naming.className;
    case 'belongsToMany':
      return candidate.kind === 'belongsToMany' && candidate.target === owner.naming.className && candidate.pivotTable === relation.pivotTable;
    case 'morphOne':
    case 'morphMany':
      return candidate.kind === 'morphTo';
    case 'belongsTo':
    case 'morphTo':
      return false;
  }
}

function isDesignated(relation: DeclaredRelation, candidate: DeclaredRelation, owner: RelatingEntity, target: RelatingEntity): boolean {
  if (relation.kind !== 'hasOne' && relation.kind !== 'hasMany') return false;
  if (owner === target && relation.name === selfInverseName(candidate.name)) return true;
  return relation.name === qualifiedInverseName(relation.kind, candidate.name, target.naming.className);
}

function conventionalInverseName(relation: DeclaredRelation, owner: RelatingEntity, target: RelatingEntity): string | undefined {
  switch (relation.kind) {
    case 'hasOne':
    case 'hasMany':
      return belongsToNameFor(owner.naming.className);
    case 'belongsToMany':
      return toManyNameFor(owner.naming.className);
    case 'morphOne':
    case 'morphMany':
      return morphNameFor(target.naming.className);
    case 'belongsTo':
    case 'morphTo':
      return undefined;
  }
}

/** Whether some hasOne/hasMany of the parent pairs with this belongsTo of the child. */
export function isPairedBelongsTo(child: RelatingEntity, belongsTo: DeclaredRelation, parent: RelatingEntity): boolean {
  return parent.relations.some((relation) => {
    if ((relation.kind !== 'hasOne' && relation.kind !== 'hasMany') || relation.target !== child.naming.className) return false;
    const inverse = inverseOf(parent, relation, child);
    return 'found' in inverse && inverse.found === belongsTo;
  });
}

/** Entities by class name, which is what a checked relation's target holds. */
export function byClassName(entities: readonly RelatingEntity[]): ReadonlyMap<string, RelatingEntity> {
  return new Map(entities.map((entity) => [entity.naming.className, entity]));
}
