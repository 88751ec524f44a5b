import { error, hasErrors, warningAt, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { CheckedModel, Entity, ExistingModel, Field, ProjectColumn, ProjectModel, SourceField } from '../../ir/ir.generated.js';
import { enumClassOf } from '../enums.js';
import { secretFlags } from '../secrets.js';

/**
 * Lowers the project's own models (src/project/read/project-models.ts) into the entities of the same name, so the
 * emitters integrate them instead of replacing them: Laravel's `User` keeps its class, its table and its
 * factory, and gets what the input adds. The entity's fields become what the API really has:
 *
 * - a declared field the table already has takes the table's type (a warning says so when the input's
 *   differs), is nullable only when the column is, and unique when either says so;
 * - a column the table requires (not null, no default) that the input does not declare is a field too, so a
 *   client can create a row (Laravel's `name`, `email`, `password`);
 * - every other column the model shows (not hidden, no secret) is answered by the resource, not written;
 * - a column the model hides is a secret, as are the columns named like one (secrets.ts).
 *
 * The table's own columns come first, in the table's order, then the declared fields it lacks, which an
 * `add_..._to_<table>_table` migration adds.
 */
export function integrateExistingModels(model: CheckedModel, projectModels: readonly ProjectModel[] = []): { model: CheckedModel; diagnostics: Diagnostic[] } {
  if (projectModels.length === 0) return { model, diagnostics: [] };
  const diagnostics: Diagnostic[] = [];
  const entities = model.entities.map((entity) => {
    const projectModel = projectModels.find((candidate) => candidate.className === entity.naming.className);
    if (projectModel === undefined) return entity;
    const integrated = integrate(entity, projectModel);
    diagnostics.push(...integrated.diagnostics);
    return integrated.entity;
  });
  return hasErrors(diagnostics) ? { model, diagnostics } : { model: { ...model, entities }, diagnostics };
}

/** Columns every generated table has, which no field stands for. */
const TIMESTAMP_COLUMNS = new Set(['created_at', 'updated_at', 'deleted_at']);

function integrate(entity: Entity, projectModel: ProjectModel): { entity: Entity; diagnostics: Diagnostic[] } {
  const problems = mismatches(entity, projectModel);
  if (problems.length > 0) return { entity, diagnostics: problems };
  const diagnostics: Diagnostic[] = [];
  const relationColumns = new Set([...entity.foreignKeys.map((key) => key.column), ...entity.morphs.flatMap((morph) => [`${morph}_type`, `${morph}_id`])]);
  const tableColumns = projectModel.columns.filter((column) => !column.primary && !TIMESTAMP_COLUMNS.has(column.name) && !relationColumns.has(column.name));
  const declared = new Map(entity.fields.map((field) => [field.name, field]));
  const fromTable: Field[] = [];
  const shownColumns: Field[] = [];
  for (const column of tableColumns) {
    const field = declared.get(column.name);
    if (field !== undefined) {
      const merged = mergedField(entity, field, column);
      diagnostics.push(...merged.diagnostics);
      fromTable.push(merged.field);
    } else if (!column.nullable && !column.hasDefault && column.type !== undefined) {
      const required = columnField(entity, column, entity.span);
      diagnostics.push(...required.diagnostics);
      if (required.field !== undefined) fromTable.push(required.field);
    } else if (!column.hidden && column.type !== undefined) {
      // Only shown: an enum column reads as its string, with no class of fullapi's.
      shownColumns.push({ name: column.name, type: column.type === 'enum' ? 'string' : column.type, nullable: column.nullable, unique: column.unique, span: {} });
    }
  }
  const inTable = new Set(projectModel.columns.map((column) => column.name));
  const added = entity.fields.filter((field) => !inTable.has(field.name));
  const existing: ExistingModel = {
    model: projectModel.path,
    ...(projectModel.factory === undefined ? {} : { factory: projectModel.factory }),
    ...(projectModel.createdBy === undefined ? {} : { createdBy: projectModel.createdBy }),
    tableColumns: projectModel.columns.map((column) => column.name),
    shownColumns,
    ownMigrations: projectModel.migrations,
  };
  return { entity: { ...entity, fields: [...fromTable, ...added], existing }, diagnostics };
}

/**
 * What the emitters cannot integrate: a model whose table is not the one its class name gives (children's
 * foreign keys are named after that), or a table whose key is not the entity's.
 */
function mismatches(entity: Entity, projectModel: ProjectModel): Diagnostic[] {
  const { className, table } = entity.naming;
  const hint = `rename the entity, or make ${projectModel.path} and its table follow Laravel's conventions`;
  if (projectModel.table !== table) {
    return [error('unsupported_existing_model', `${projectModel.path} keeps its rows in table ${projectModel.table}; fullapi integrates ${className} only with its conventional table ${table}`, entity.span, hint)];
  }
  if (projectModel.createdBy === undefined) return [];
  const keyColumn = projectModel.columns.find((column) => column.primary);
  const key = entity.primaryKey;
  const sameKey = keyColumn !== undefined && keyColumn.name === key.column && (keyColumn.type === key.fieldType || (!key.custom && keyColumn.type === 'integer'));
  if (sameKey) return [];
  const found = keyColumn === undefined ? 'no primary key fullapi can read' : `the primary key ${keyColumn.name} (${keyColumn.type ?? 'of a type fullapi does not map'})`;
  return [error('unsupported_existing_model', `table ${table} (database/migrations/${projectModel.createdBy}) has ${found}, not the key ${key.column} of ${className}`, entity.span, hint)];
}

/** A declared field the table has: the table decides what it holds, the input may only be stricter. */
function mergedField(entity: Entity, field: Field, column: ProjectColumn): { field: Field; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  let merged: Field = { ...field, nullable: field.nullable && column.nullable, unique: field.unique || column.unique, ...secretFlags(column.name, field.type, column.hidden || field.secret === true) };
  if (column.type !== undefined && column.type !== field.type) {
    diagnostics.push(
      warningAt(
        'existing_column_differs',
        `${entity.naming.className}.${field.name} is a ${field.type} here but a ${column.type} column of table ${entity.naming.table}: the API follows the table`,
        field.span,
        'give the field the column\'s type, or change the column with a migration of your own',
      ),
    );
    const retyped = columnField(entity, column, field.span);
    diagnostics.push(...retyped.diagnostics);
    if (retyped.field !== undefined) merged = { ...retyped.field, nullable: merged.nullable, unique: merged.unique, ...(field.rules === undefined ? {} : { rules: field.rules }) };
  }
  return { field: merged, diagnostics };
}

/** A column of the table as a field of the API, an enum column with its own enum class like any enum field. */
function columnField(entity: Entity, column: ProjectColumn, span: Field['span']): { field?: Field; diagnostics: Diagnostic[] } {
  const type = column.type ?? 'string';
  const common = { name: column.name, nullable: column.nullable, unique: column.unique, span, ...secretFlags(column.name, type, column.hidden) };
  if (type !== 'enum') return { field: { ...common, type }, diagnostics: [] };
  const source: SourceField = { name: column.name, type, enumValues: column.enumValues ?? [], nullable: column.nullable, unique: column.unique, primary: false, span };
  const { enumClass, diagnostics } = enumClassOf(entity.naming.className, source);
  return enumClass === undefined ? { diagnostics } : { field: { ...common, type, enumClass }, diagnostics };
}

