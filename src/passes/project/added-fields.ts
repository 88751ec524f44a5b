import { warningAt, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { AlteredTable, CheckedModel, Entity, ExistingModel } from '../../ir/ir.generated.js';

/** `make <Entity> --add-fields`: the entity, and the names of the fields its migrated table lacks. */
export interface AddedFields {
  className: string;
  fields: readonly string[];
}

/**
 * Lowers `--add-fields`, and any later generation of an entity whose table had fields added, into the
 * integration of a model the project has (integration.ts), as the entity's table has been migrated and its
 * files may hold hand edits: its model and factory are edited in place through the PHP parser, and a new
 * `add_<columns>_to_<table>_table` migration adds the columns the table lacks, while the migration that
 * created the table stays as it ran. Rewriting the create migration with the added columns would add them
 * twice on a fresh migrate, so an altered table (read by src/project/read/altered-tables.ts) keeps its entity
 * integrated whatever the input: the record, a schema file, `--fields`.
 */
export function lowerAddedFields(
  model: CheckedModel,
  added: AddedFields | undefined,
  alteredTables: readonly AlteredTable[] = [],
  migrations: readonly string[] = [],
): { model: CheckedModel; diagnostics: Diagnostic[] } {
  if (added === undefined && alteredTables.length === 0) return { model, diagnostics: [] };
  const diagnostics: Diagnostic[] = [];
  const entities = model.entities.map((entity) => {
    if (entity.existing !== undefined) return entity;
    const altered = alteredTables.find((table) => table.table === entity.naming.table);
    const adding = entity.naming.className === added?.className ? added.fields : [];
    if (altered === undefined && adding.length === 0) return entity;
    diagnostics.push(...requiredColumnWarnings(entity, adding));
    return { ...entity, existing: altered === undefined ? unalteredTable(entity, adding, migrations) : alteredTable(entity, altered) };
  });
  return { model: { ...model, entities }, diagnostics };
}

function alteredTable(entity: Entity, altered: AlteredTable): ExistingModel {
  const { className } = entity.naming;
  return {
    model: `app/Models/${className}.php`,
    factory: `database/factories/${className}Factory.php`,
    ...(altered.createdBy === undefined ? {} : { createdBy: altered.createdBy }),
    tableColumns: altered.columns,
    shownColumns: [],
    ownMigrations: altered.migrations,
  };
}

/** A table that only its create migration made: it has every column of the entity but those being added. */
function unalteredTable(entity: Entity, adding: readonly string[], migrations: readonly string[]): ExistingModel {
  const { className, table } = entity.naming;
  const added = new Set(adding);
  const createdBy = migrations.find((name) => name.endsWith(`_create_${table}_table.php`));
  return {
    model: `app/Models/${className}.php`,
    factory: `database/factories/${className}Factory.php`,
    ...(createdBy === undefined ? {} : { createdBy }),
    tableColumns: [
      entity.primaryKey.column,
      ...entity.fields.filter((field) => !added.has(field.name)).map((field) => field.name),
      ...entity.foreignKeys.map((key) => key.column),
      ...entity.morphs.flatMap((morph) => [`${morph}_type`, `${morph}_id`]),
      'created_at',
      'updated_at',
      ...(entity.softDeletes ? ['deleted_at'] : []),
    ],
    shownColumns: [],
    ownMigrations: createdBy === undefined ? [] : [createdBy],
  };
}

/**
 * The rows already in the table have no value for a new column, so one without a default is nullable in the
 * database (add-columns-migration.ts), while the API still requires it: said once per column.
 */
function requiredColumnWarnings(entity: Entity, adding: readonly string[]): Diagnostic[] {
  const { className, table } = entity.naming;
  return entity.fields
    .filter((field) => adding.includes(field.name) && !field.nullable && field.defaultValue === undefined)
    .map((field) =>
      warningAt(
        'added_column_nullable',
        `${className}.${field.name} has no default, and the rows already in ${table} have no value for it: its column is nullable in the database, while the API requires it`,
        field.span,
        `fill ${field.name} in the rows already there, or add it with :nullable`,
      ),
    );
}
