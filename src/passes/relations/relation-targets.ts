import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { nearestWord } from '../../diagnostics/nearest-word.js';
import type { DeclaredRelation, RelationKind, SourceEntity, SourceRelation } from '../../ir/ir.generated.js';
import { snake, studly } from '../naming/str.js';
import { MAX_DATABASE_NAME_LENGTH, NAME, pivotTableProblem } from '../php-names.js';
import type { RelatingEntity } from './relating-entity.js';

/**
 * The declared relations of each entity, with their targets resolved to class names. A front end usually
 * refuses a bad relation first; the passes check again, since any front end may lower into the IR.
 */
export function declareRelations(
  sources: readonly SourceEntity[],
  entities: readonly RelatingEntity[],
): { entities: RelatingEntity[]; diagnostics: Diagnostic[] } {
  const classNames = entities.map((entity) => entity.naming.className);
  const known = new Set(classNames);
  const diagnostics: Diagnostic[] = [];
  const declared = entities.map((entity, index) => {
    const relations = (sources[index]?.relations ?? []).flatMap((source) => {
      const resolved = declareRelation(source, classNames, known);
      diagnostics.push(...resolved.diagnostics);
      return resolved.relation === undefined ? [] : [resolved.relation];
    });
    return { ...entity, relations };
  });
  return { entities: declared, diagnostics };
}

function declareRelation(
  source: SourceRelation,
  classNames: readonly string[],
  known: ReadonlySet<string>,
): { relation?: DeclaredRelation; diagnostics: Diagnostic[] } {
  const problem = relationProblem(source, classNames, known);
  if (problem !== undefined) return { diagnostics: [problem] };
  const relation: DeclaredRelation = { name: source.name, kind: source.kind, synthesized: false, span: source.span };
  if (source.target !== undefined) relation.target = studly(source.target);
  if (source.pivot !== undefined) relation.pivotTable = source.pivot;
  if (source.nullable === true) relation.nullable = true;
  if (source.onDelete !== undefined) relation.onDelete = source.onDelete;
  if (source.owner === true) relation.owner = true;
  return { relation, diagnostics: [] };
}

/** The kinds whose pair has a foreign key: a belongsTo's own, or that of the belongsTo a hasOne/hasMany pairs with. */
const NULLABLE_KINDS: readonly RelationKind[] = ['belongsTo', 'hasOne', 'hasMany'];

function relationProblem(source: SourceRelation, classNames: readonly string[], known: ReadonlySet<string>): Diagnostic | undefined {
  const { name, kind, target, span } = source;
  if (!NAME.test(name)) {
    return error('invalid_identifier', `"${name}" is not a valid relation name: use letters, digits and underscores, starting with a letter`, span);
  }
  // Its foreign key or morph columns add `_id` and `_type`.
  if (name.length > MAX_DATABASE_NAME_LENGTH - '_type'.length) {
    return error('invalid_identifier', `relation name "${name}" is too long for the database columns named after it`, span);
  }
  const pivotProblem = source.pivot === undefined ? undefined : pivotTableProblem(source.pivot);
  if (pivotProblem !== undefined) return error('invalid_identifier', pivotProblem, span);
  if (source.pivot !== undefined && kind !== 'belongsToMany') {
    return error('invalid_relation', `only a belongsToMany has a pivot table, not the ${kind} ${name}`, span);
  }
  if (source.nullable === true && !NULLABLE_KINDS.includes(kind)) {
    return error('invalid_relation', `only a foreign key can be nullable, and the ${kind} ${name} has none`, span, 'nullable goes on a belongsTo, or on the hasOne or hasMany it pairs with');
  }
  if (source.onDelete !== undefined && !NULLABLE_KINDS.includes(kind)) {
    return error('invalid_relation', `only a foreign key has a delete rule, and the ${kind} ${name} has none`, span, 'on_delete goes on a belongsTo, or on the hasOne or hasMany it pairs with');
  }
  if (source.owner === true && !NULLABLE_KINDS.includes(kind)) {
    return error('invalid_owner', `only a foreign key has an owner, and the ${kind} ${name} has none`, span, 'owner goes on the belongsTo to User, or on the hasMany or hasOne it pairs with');
  }
  if (kind === 'morphTo') {
    return target === undefined
      ? undefined
      : error('invalid_relation', `the morphTo ${name} takes no target: the parent's class is stored in its ${snake(name)}_type column`, span);
  }
  if (target === undefined) return error('invalid_relation', `the ${kind} ${name} needs a target entity`, span);
  if (known.has(studly(target))) return undefined;
  const suggestion = nearestWord(target, classNames);
  return error(
    'invalid_relation',
    `the ${kind} ${name} targets "${target}", which is not an entity of this model`,
    span,
    suggestion === undefined ? `declare ${target} as an entity, or target one of ${classNames.slice(0, 10).join(', ')}${classNames.length > 10 ? ', ...' : ''}` : `did you mean ${suggestion}?`,
  );
}
