import { error, hasErrors, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { DeclaredRelation, RelationKind, SourceEntity, Span } from '../../ir/ir.generated.js';
import { camel, singular, snake } from '../naming/str.js';
import {
  belongsToNameFor,
  byClassName,
  inverseOf,
  isPairedBelongsTo,
  morphNameFor,
  qualifiedInverseName,
  selfInverseName,
  toManyNameFor,
  type Inverse,
} from './relation-pairs.js';
import { declareRelations } from './relation-targets.js';
import type { RelatingEntity } from './relating-entity.js';

/**
 * Declaring one side of a relation is enough: this pass adds the other side where it is missing.
 * - hasOne/hasMany on A to B: a belongsTo on B named after A (`category`);
 * - belongsTo on B to A: a hasMany on A named after B's plural (`posts`);
 * - belongsToMany on A to B: the belongsToMany back, sharing the pivot;
 * - morphOne/morphMany on A to C: C's morphTo, `commentable` for Comment, unless C has one.
 * Both sides declared are paired (relation-pairs.ts), never duplicated. Added relations come after the
 * declared ones, each marked synthesized, with the span of the relation that implied it.
 */
export function synthesizeRelations(
  sources: readonly SourceEntity[],
  entities: readonly RelatingEntity[],
): { entities: RelatingEntity[]; diagnostics: Diagnostic[] } {
  const declared = declareRelations(sources, entities);
  if (hasErrors(declared.diagnostics)) return declared;
  // The relation arrays are this pass's own copies: the steps below append to them in place.
  const model = declared.entities;
  const steps = [addMissingBelongsTo, addMissingHasMany, addMissingBelongsToMany, addMissingMorphTo, checkBelongsToManyPairs];
  for (const step of steps) {
    const diagnostics = step(model);
    if (hasErrors(diagnostics)) return { entities: model, diagnostics };
  }
  return { entities: model, diagnostics: nameClashes(model) };
}

function synthesized(name: string, kind: RelationKind, span: Span, target?: string, pivotTable?: string): DeclaredRelation {
  const relation: DeclaredRelation = { name, kind, synthesized: true, span };
  if (target !== undefined) relation.target = target;
  if (pivotTable !== undefined) relation.pivotTable = pivotTable;
  return relation;
}

/** Each declared relation of the given kinds with its entity and target (declared targets are resolved). */
function declaredOf(model: readonly RelatingEntity[], kinds: readonly RelationKind[]): { owner: RelatingEntity; relation: DeclaredRelation; target: RelatingEntity }[] {
  const classes = byClassName(model);
  return model.flatMap((owner) =>
    owner.relations
      .filter((relation) => !relation.synthesized && kinds.includes(relation.kind))
      .flatMap((relation) => {
        const target = relation.target === undefined ? undefined : classes.get(relation.target);
        return target === undefined ? [] : [{ owner, relation, target }];
      }),
  );
}

/**
 * The belongsTo's foreign key is nullable when the belongsTo says so, or the hasOne/hasMany paired with it does,
 * and so is it an owner (a diagram drawn from the user's side says so on the hasMany); its delete rule is the
 * belongsTo's own, else the one its pair declares.
 */
function addMissingBelongsTo(model: readonly RelatingEntity[]): Diagnostic[] {
  return declaredOf(model, ['hasOne', 'hasMany']).flatMap(({ owner, relation, target }) => {
    const inverse = inverseOf(owner, relation, target);
    if ('none' in inverse) {
      const name = belongsToNameFor(owner.naming.className);
      const belongsTo = synthesized(name, 'belongsTo', relation.span, owner.naming.className);
      if (relation.nullable === true) belongsTo.nullable = true;
      if (relation.onDelete !== undefined) belongsTo.onDelete = relation.onDelete;
      if (relation.owner === true) belongsTo.owner = true;
      target.relations.push(belongsTo);
    } else if ('found' in inverse) {
      if (relation.nullable === true) inverse.found.nullable = true;
      if (relation.owner === true) inverse.found.owner = true;
      const rules = [inverse.found.onDelete, relation.onDelete];
      if (inverse.found.onDelete === undefined && relation.onDelete !== undefined) inverse.found.onDelete = relation.onDelete;
      if (rules.every((rule) => rule !== undefined) && rules[0] !== rules[1]) return [deleteRuleClash(owner, relation, target, inverse.found)];
    }
    return ambiguity(owner, relation, target, inverse);
  });
}

/**
 * A belongsTo no hasOne/hasMany pairs with gets a hasMany. Its name is the child's plural, unless the parent
 * has several belongsTo from this child and this one is not the conventional one: `author` and `editor`
 * to User give `authorPosts` and `editorPosts`, so each name still designates its pair.
 */
function addMissingHasMany(model: readonly RelatingEntity[]): Diagnostic[] {
  for (const { owner: child, relation, target: parent } of declaredOf(model, ['belongsTo'])) {
    if (isPairedBelongsTo(child, relation, parent)) continue;
    const siblings = child.relations.filter((other) => other.kind === 'belongsTo' && other.target === parent.naming.className);
    const plain = siblings.length === 1 || relation.name === belongsToNameFor(parent.naming.className);
    const name = plain ? toManyNameFor(child.naming.className) : qualifiedInverseName('hasMany', relation.name, child.naming.className);
    parent.relations.push(synthesized(name, 'hasMany', relation.span, child.naming.className));
  }
  return [];
}

function addMissingBelongsToMany(model: readonly RelatingEntity[]): Diagnostic[] {
  return declaredOf(model, ['belongsToMany']).flatMap(({ owner, relation, target }) => {
    const inverse = inverseOf(owner, relation, target);
    if ('none' in inverse) {
      const name = toManyNameFor(owner.naming.className);
      target.relations.push(synthesized(name, 'belongsToMany', relation.span, owner.naming.className, relation.pivotTable));
    }
    return ambiguity(owner, relation, target, inverse);
  });
}

function addMissingMorphTo(model: readonly RelatingEntity[]): Diagnostic[] {
  return declaredOf(model, ['morphOne', 'morphMany']).flatMap(({ owner, relation, target }) => {
    const inverse = inverseOf(owner, relation, target);
    if ('none' in inverse) target.relations.push(synthesized(morphNameFor(target.naming.className), 'morphTo', relation.span));
    return ambiguity(owner, relation, target, inverse);
  });
}

function deleteRuleClash(owner: RelatingEntity, relation: DeclaredRelation, target: RelatingEntity, belongsTo: DeclaredRelation): Diagnostic {
  return error(
    'invalid_relation',
    `${owner.naming.className}.${relation.name} says on_delete ${relation.onDelete ?? ''}, but the belongsTo it pairs with, ${target.naming.className}.${belongsTo.name}, says ${belongsTo.onDelete ?? ''}`,
    relation.span,
    'say the rule on one side only',
  );
}

function ambiguity(owner: RelatingEntity, relation: DeclaredRelation, target: RelatingEntity, inverse: Inverse): Diagnostic[] {
  if (!('ambiguous' in inverse)) return [];
  const names = inverse.ambiguous.map((candidate) => `${target.naming.className}.${candidate.name}`);
  const subject = `${owner.naming.className}.${relation.name} (${relation.kind} ${target.naming.className})`;
  return [
    error(
      'ambiguous_relation',
      `${subject} could pair with ${names.join(' or ')}: nothing says which one`,
      relation.span,
      ambiguityHint(relation, inverse.ambiguous, owner, target),
    ),
  ];
}

function ambiguityHint(relation: DeclaredRelation, candidates: readonly DeclaredRelation[], owner: RelatingEntity, target: RelatingEntity): string {
  const [first] = candidates;
  if (relation.kind === 'hasOne' || relation.kind === 'hasMany') {
    const firstName = first?.name ?? '';
    const example = `${qualifiedInverseName(relation.kind, firstName, target.naming.className)} for ${target.naming.className}.${firstName}`;
    return `name it after the belongsTo it pairs with (e.g. ${example}), or leave it out: each belongsTo gets its own inverse`;
  }
  if (relation.kind === 'belongsToMany') return `give the pair its own pivot table, or name the inverse ${toManyNameFor(owner.naming.className)}`;
  return `name the morphTo it uses ${morphNameFor(target.naming.className)}, or keep a single morphTo on ${target.naming.className}`;
}

/** Both sides of a belongsToMany must choose each other, or the two would write different pivot rows. */
function checkBelongsToManyPairs(model: readonly RelatingEntity[]): Diagnostic[] {
  const classes = byClassName(model);
  return model.flatMap((owner) =>
    owner.relations.flatMap((relation) => {
      const target = relation.kind === 'belongsToMany' && relation.target !== undefined ? classes.get(relation.target) : undefined;
      if (target === undefined) return [];
      const inverse = inverseOf(owner, relation, target);
      if (!('found' in inverse)) return ambiguity(owner, relation, target, inverse);
      const back = inverseOf(target, inverse.found, owner);
      if ('found' in back && back.found === relation) return [];
      return [
        error(
          'ambiguous_relation',
          `${owner.naming.className}.${relation.name} pairs with ${target.naming.className}.${inverse.found.name}, which pairs with another relation`,
          relation.span,
          'give each belongsToMany pair its own pivot table',
        ),
      ];
    }),
  );
}

/**
 * A relation is a method and reads like an attribute (`$post->category`): it must not share its name with a
 * field, nor with another relation. PHP method names ignore case, and the DTO folds field names to camel case.
 */
function nameClashes(model: readonly RelatingEntity[]): Diagnostic[] {
  return model.flatMap((entity) => {
    const seen = new Map<string, string>(entity.fields.map((field) => [camel(field.name).toLowerCase(), `the field ${field.name}`]));
    const keysClashes = entity.relations.flatMap((relation) => {
      const keys = relation.kind === 'belongsToMany' ? syncedKeysName(relation.name) : undefined;
      const field = keys === undefined ? undefined : seen.get(camel(keys).toLowerCase());
      if (keys === undefined || field === undefined) return [];
      return [
        error(
          'duplicate_relation',
          `the belongsToMany ${entity.naming.className}.${relation.name} takes the keys to relate as ${keys}, the name of ${field}`,
          relation.span,
          `rename the field or the relation`,
        ),
      ];
    });
    return [...keysClashes, ...entity.relations.flatMap((relation) => {
      const folded = camel(relation.name).toLowerCase();
      const earlier = seen.get(folded);
      seen.set(folded, `the relation ${relation.name}`);
      if (earlier === undefined) return [];
      const selfPair = relation.synthesized ? selfPairClash(entity, relation) : undefined;
      if (selfPair !== undefined) return [selfPair];
      const subject = relation.synthesized
        ? `the inverse relation ${entity.naming.className}.${relation.name}, added for a relation declared on the other side,`
        : `the relation ${entity.naming.className}.${relation.name}`;
      return [
        error(
          'duplicate_relation',
          `${subject} has the name of ${earlier}`,
          relation.span,
          relation.synthesized ? 'declare the inverse relation yourself, under another name' : undefined,
        ),
      ];
    })];
  });
}

/** The request key of a belongsToMany's related keys, as a client sends them to sync: `tags` takes `tag_ids`. */
export function syncedKeysName(relation: string): string {
  return `${singular(snake(relation))}_ids`;
}

/**
 * A hasOne or hasMany of an entity to itself named like the belongsTo its inverse would be (`node` on Node):
 * the two sides of one relation need two names, which only the declaration can give.
 */
function selfPairClash(entity: RelatingEntity, synthesizedInverse: DeclaredRelation): Diagnostic | undefined {
  const { className } = entity.naming;
  const declared = entity.relations.find(
    (relation) =>
      !relation.synthesized &&
      (relation.kind === 'hasOne' || relation.kind === 'hasMany') &&
      relation.target === className &&
      relation.name.toLowerCase() === synthesizedInverse.name.toLowerCase(),
  );
  if (declared === undefined || synthesizedInverse.target !== className) return undefined;
  const parent = 'parent';
  return error(
    'duplicate_relation',
    `${className}.${declared.name}, a ${declared.kind} of ${className} to itself, and its inverse ${synthesizedInverse.kind} would both be named ${declared.name}`,
    declared.span,
    `name both sides, e.g. ${parent}: { kind: belongsTo, target: ${className} } and ${selfInverseName(parent)}: { kind: ${declared.kind}, target: ${className} }`,
  );
}
