import { warningAt, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { CheckedModel, Entity, Field, Relation } from '../ir/ir.generated.js';

/**
 * What a regeneration takes from the entities it generates, against `before`: the record of their last
 * generation (class_data.json, checked like any input). A field or relation it no longer has, a field whose
 * type or constraints changed, soft deletes turned off: each is a warning naming it, at the entity or field
 * of the input that does it, so that nothing leaves the generated code with only a line of a diff to say so.
 * What is added says nothing. The record holds no morph relations, defaults or extra rules, so those are not
 * compared.
 */
export function regenerationWarnings(before: CheckedModel, generated: readonly Entity[]): Diagnostic[] {
  const recorded = new Map(before.entities.map((entity) => [entity.naming.className, entity]));
  return generated.flatMap((entity) => {
    const previous = recorded.get(entity.naming.className);
    if (previous === undefined) return [];
    const warnings = [...softDeletesLost(previous, entity), ...fieldChanges(previous, entity), ...relationChanges(previous, entity)];
    return entity.tableChange === undefined ? warnings : warnings.filter((warning) => !saidByMigration(warning, previous, entity));
  });
}

/**
 * A migrated table's changes are a migration's (src/passes/table-changes.ts), refused when they lose data:
 * what these warnings say of its columns, with their hint to migrate fresh, is said there. What changes no
 * column is still said: an enum that lost a value, a relation of another kind.
 */
function saidByMigration(warning: Diagnostic, previous: Entity, entity: Entity): boolean {
  if (warning.code === 'field_type_changed') {
    const field = entity.fields.find((candidate) => candidate.span === warning.span);
    const was = previous.fields.find((candidate) => candidate.name === field?.name);
    return field === undefined || was === undefined || was.type !== field.type;
  }
  if (warning.code === 'relation_removed' || warning.code === 'relation_changed') return warning.hint === MIGRATED_HINT || /its column/.test(warning.message);
  return ['soft_deletes_removed', 'field_removed', 'field_constraint_changed'].includes(warning.code);
}

const MIGRATED_HINT = 'a database migrated before keeps its old columns until it is migrated again (php artisan migrate:fresh, or a migration of your own)';

function softDeletesLost(previous: Entity, entity: Entity): Diagnostic[] {
  if (!previous.softDeletes || entity.softDeletes) return [];
  const name = entity.naming.className;
  return [
    warningAt(
      'soft_deletes_removed',
      `this regeneration turns off ${name}'s soft deletes, which class_data.json records: the deleted_at column and the restore and force-delete routes go, and deletes are final`,
      entity.span,
      'to keep them, give --soft-deletes (or soft_deletes: true in a schema file)',
    ),
  ];
}

function fieldChanges(previous: Entity, entity: Entity): Diagnostic[] {
  const name = entity.naming.className;
  const fields = new Map(entity.fields.map((field) => [field.name, field]));
  return previous.fields.flatMap((was): Diagnostic[] => {
    const field = fields.get(was.name);
    if (field === undefined) {
      return [
        warningAt(
          'field_removed',
          `this regeneration removes ${name}'s field ${was.name} (${typeText(was)}), which class_data.json records: the migration, model, requests, resource and tests no longer have it`,
          entity.span,
          `to keep it, give it again (${was.name}:${fieldSpelling(was, previous)})`,
        ),
      ];
    }
    const changes: Diagnostic[] = [];
    if (typeLost(was, field)) {
      changes.push(
        warningAt('field_type_changed', `this regeneration changes the type of ${name}'s field ${field.name} from ${typeText(was)} to ${typeText(field)}`, field.span, MIGRATED_HINT),
      );
    }
    const constraints = constraintChanges(constraintsOf(was, previous), constraintsOf(field, entity));
    if (constraints.length > 0) {
      changes.push(
        warningAt('field_constraint_changed', `this regeneration changes ${name}'s field ${field.name}: ${constraints.join(', ')}`, field.span, MIGRATED_HINT),
      );
    }
    return changes;
  });
}

function relationChanges(previous: Entity, entity: Entity): Diagnostic[] {
  const name = entity.naming.className;
  const relations = new Map(entity.relations.map((relation) => [relation.name, relation]));
  return previous.relations.flatMap((was): Diagnostic[] => {
    const relation = relations.get(was.name);
    if (relation === undefined) {
      const column = was.kind === 'belongsTo' && was.foreignKey !== undefined ? ` and its column ${was.foreignKey}` : '';
      return [
        warningAt(
          'relation_removed',
          `this regeneration removes ${name}'s relation ${was.name} (${relationText(was)})${column}, which class_data.json records`,
          entity.span,
          `to keep it, declare it again (${was.name}: ${relationText(was)})`,
        ),
      ];
    }
    if (relationText(was) !== relationText(relation)) {
      return [warningAt('relation_changed', `this regeneration changes ${name}'s relation ${relation.name} from ${relationText(was)} to ${relationText(relation)}`, relation.span)];
    }
    if (relation.kind === 'belongsTo' && (was.nullable === true) !== (relation.nullable === true)) {
      const now = relation.nullable === true ? 'optional (it was required)' : 'required (it was optional)';
      return [warningAt('relation_changed', `this regeneration makes ${name}'s relation ${relation.name} ${now}`, relation.span, MIGRATED_HINT)];
    }
    return [];
  });
}

/** A field's type as the record writes it: an enum with its values. */
function typeText(field: Field): string {
  return field.enumClass === undefined ? field.type : `enum(${field.enumClass.cases.map((c) => c.value).join(',')})`;
}

/** A new type, or an enum that lost a value (a value added loses nothing: rows keep theirs). */
function typeLost(was: Field, field: Field): boolean {
  if (was.type !== field.type) return true;
  if (was.enumClass === undefined) return false;
  const values = new Set(field.enumClass?.cases.map((c) => c.value));
  return was.enumClass.cases.some((c) => !values.has(c.value));
}

interface Constraints {
  nullable: boolean;
  unique: boolean;
  primary: boolean;
}

function constraintsOf(field: Field, entity: Entity): Constraints {
  return { nullable: field.nullable, unique: field.unique, primary: entity.primaryKey.custom && entity.primaryKey.column === field.name };
}

function constraintChanges(was: Constraints, now: Constraints): string[] {
  const changes: string[] = [];
  if (was.nullable !== now.nullable) changes.push(now.nullable ? 'now nullable (it was required)' : 'now required (it was nullable)');
  if (was.unique !== now.unique) changes.push(now.unique ? 'now unique' : 'no longer unique');
  if (was.primary !== now.primary) changes.push(now.primary ? 'now the primary key' : 'no longer the primary key');
  return changes;
}

/** The field as --fields spells it, modifiers included. */
function fieldSpelling(field: Field, entity: Entity): string {
  const { nullable, unique, primary } = constraintsOf(field, entity);
  return [typeText(field), ...(primary ? ['primary'] : []), ...(nullable ? ['nullable'] : []), ...(unique ? ['unique'] : [])].join(':');
}

function relationText(relation: Relation): string {
  return relation.target === undefined ? relation.kind : `${relation.kind} ${relation.target}`;
}
