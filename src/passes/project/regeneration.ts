import { error, warningAt, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { CheckedModel, Entity, Field, Relation } from '../../ir/ir.generated.js';
import { relationTarget } from '../../ir/relations.js';

/**
 * What a regeneration takes from the entities it generates, against `before`: the record of their last
 * generation (class_data.json, checked like any input). A field or relation it no longer has, a field whose
 * type or constraints changed, soft deletes turned off: each is a warning naming it, at the entity or field
 * of the input that does it, so that nothing leaves the generated code with only a line of a diff to say so;
 * a field whose column a table altered in place still holds is an error (fieldStillInTable).
 * What is added says nothing; nor do morph relations, defaults and extra rules. On a table that may have been
 * migrated, the changes of its columns are said by its migration of the changes instead (table-changes.ts).
 */
export function regenerationDiagnostics(before: CheckedModel, generated: readonly Entity[], allowDataLoss = false): Diagnostic[] {
  const recorded = new Map(before.entities.map((entity) => [entity.naming.className, entity]));
  return generated.flatMap((entity) => {
    const previous = recorded.get(entity.naming.className);
    if (previous === undefined) return [];
    // A migrated table's column changes are its migration's, refused where they lose data (table-changes.ts).
    const migrated = entity.tableChange !== undefined;
    return [
      ...(migrated ? [] : softDeletesLost(previous, entity)),
      ...fieldChanges(previous, entity, migrated, allowDataLoss),
      ...relationChanges(previous, entity, migrated),
    ];
  });
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

/**
 * On a migrated table, only what changes no column: an enum that lost a value. A field whose column a table
 * altered in place still holds (`--add-fields`, a model of the project's own) is refused: the API would lose it
 * while its column and values stay, because another input does not list it.
 */
function fieldChanges(previous: Entity, entity: Entity, migrated: boolean, allowDataLoss: boolean): Diagnostic[] {
  const name = entity.naming.className;
  const fields = new Map(entity.fields.map((field) => [field.name, field]));
  return previous.fields.flatMap((was): Diagnostic[] => {
    const field = fields.get(was.name);
    if (field === undefined) {
      if (migrated) return [];
      // A field renamed from it is the input saying what became of it (table-changes.ts warns that the column stays).
      const renamed = entity.fields.some((candidate) => candidate.renamedFrom === was.name);
      if (!allowDataLoss && !renamed && entity.existing?.tableColumns.includes(was.name) === true) return [fieldStillInTable(previous, entity, was)];
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
    if (typeLost(was, field) && !(migrated && was.type !== field.type)) {
      changes.push(
        warningAt('field_type_changed', `this regeneration changes the type of ${name}'s field ${field.name} from ${typeText(was)} to ${typeText(field)}`, field.span, MIGRATED_HINT),
      );
    }
    const constraints = constraintChanges(constraintsOf(was, previous), constraintsOf(field, entity));
    if (constraints.length > 0 && !migrated) {
      changes.push(
        warningAt('field_constraint_changed', `this regeneration changes ${name}'s field ${field.name}: ${constraints.join(', ')}`, field.span, MIGRATED_HINT),
      );
    }
    return changes;
  });
}

function fieldStillInTable(previous: Entity, entity: Entity, was: Field): Diagnostic {
  const input = entity.span.file ?? entity.span.flag ?? 'the input';
  return error(
    'field_still_in_table',
    `${entity.naming.className}'s field ${was.name} (${typeText(was)}) is a column of ${entity.naming.table}, which class_data.json records, and ${input} does not have it: this regeneration would take it out of the API while the column and its values stay`,
    entity.span,
    `add ${was.name} to ${input} (${was.name}:${fieldSpelling(was, previous)}), or pass --allow-data-loss to take it out of the API`,
  );
}

/** On a migrated table, a belongsTo's column is the migration's: its removal and its nullability are not said here. */
function relationChanges(previous: Entity, entity: Entity, migrated: boolean): Diagnostic[] {
  const name = entity.naming.className;
  const relations = new Map(entity.relations.map((relation) => [relation.name, relation]));
  return previous.relations.flatMap((was): Diagnostic[] => {
    const relation = relations.get(was.name);
    if (relation === undefined) {
      if (migrated && was.kind === 'belongsTo') return [];
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
    if (relation.kind === 'belongsTo' && was.kind === 'belongsTo' && (was.nullable === true) !== (relation.nullable === true) && !migrated) {
      const now = relation.nullable === true ? 'optional (it was required)' : 'required (it was optional)';
      return [warningAt('relation_changed', `this regeneration makes ${name}'s relation ${relation.name} ${now}`, relation.span, MIGRATED_HINT)];
    }
    return [];
  });
}

/** A field's type as the record writes it: an enum with its values. */
function typeText(field: Field): string {
  return field.type === 'enum' ? `enum(${field.enumClass.cases.map((c) => c.value).join(',')})` : field.type;
}

/** A new type, or an enum that lost a value (a value added loses nothing: rows keep theirs). */
function typeLost(was: Field, field: Field): boolean {
  if (was.type !== 'enum' || field.type !== 'enum') return was.type !== field.type;
  const values = new Set(field.enumClass.cases.map((c) => c.value));
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
  const target = relationTarget(relation);
  return target === undefined ? relation.kind : `${relation.kind} ${target}`;
}
