import { warningAt, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { CheckedModel, Entity, ExistingModel } from '../ir/ir.generated.js';

/** `make <Entity> --add-fields`: the entity, and the names of the fields its migrated table lacks. */
export interface AddedFields {
  className: string;
  fields: readonly string[];
}

/**
 * Lowers `--add-fields`, and the plain regeneration of an entity whose table had fields added (`fields` is
 * then empty), into the integration of a model the project has (integration.ts), as the entity's
 * table has been migrated and its files may hold hand edits: its model and factory are edited in place
 * through the PHP parser, and a new `add_<columns>_to_<table>_table` migration adds the columns, while the
 * migration that created the table stays as it ran. The table has every column of the entity but the added
 * ones; every fullapi migration of the table already ran, so none is rewritten. Regenerating the create
 * migration with the added columns would add them twice, so the entity stays integrated once they exist.
 */
export function lowerAddedFields(model: CheckedModel, added: AddedFields | undefined, migrations: readonly string[]): { model: CheckedModel; diagnostics: Diagnostic[] } {
  if (added === undefined) return { model, diagnostics: [] };
  const diagnostics: Diagnostic[] = [];
  const entities = model.entities.map((entity) => {
    if (entity.naming.className !== added.className || entity.existing !== undefined) return entity;
    if (added.fields.length === 0 && !migrations.some(addsColumnsTo(entity.naming.table))) return entity;
    diagnostics.push(...requiredColumnWarnings(entity, added));
    return { ...entity, existing: existingTable(entity, added, migrations) };
  });
  return { model: { ...model, entities }, diagnostics };
}

function addsColumnsTo(table: string): (migration: string) => boolean {
  return (migration) => /^\d{4}_\d{2}_\d{2}_\d{6}_add_/.test(migration) && migration.endsWith(`_to_${table}_table.php`);
}

function existingTable(entity: Entity, added: AddedFields, migrations: readonly string[]): ExistingModel {
  const { className, table } = entity.naming;
  const adding = new Set(added.fields);
  const ofTable = migrations.filter((name) => name.endsWith(`_create_${table}_table.php`) || name.endsWith(`_to_${table}_table.php`)).sort();
  const createdBy = ofTable.find((name) => name.endsWith(`_create_${table}_table.php`));
  return {
    model: `app/Models/${className}.php`,
    factory: `database/factories/${className}Factory.php`,
    ...(createdBy === undefined ? {} : { createdBy }),
    tableColumns: [
      entity.primaryKey.column,
      ...entity.fields.filter((field) => !adding.has(field.name)).map((field) => field.name),
      ...entity.foreignKeys.map((key) => key.column),
      ...entity.morphs.flatMap((morph) => [`${morph}_type`, `${morph}_id`]),
      'created_at',
      'updated_at',
      ...(entity.softDeletes ? ['deleted_at'] : []),
    ],
    shownColumns: [],
    ownMigrations: ofTable,
  };
}

/**
 * The rows already in the table have no value for a new column, so one without a default is nullable in the
 * database (add-columns-migration.ts), while the API still requires it: said once per column.
 */
function requiredColumnWarnings(entity: Entity, added: AddedFields): Diagnostic[] {
  const { className, table } = entity.naming;
  return entity.fields
    .filter((field) => added.fields.includes(field.name) && !field.nullable && field.defaultValue === undefined)
    .map((field) =>
      warningAt(
        'added_column_nullable',
        `${className}.${field.name} has no default, and the rows already in ${table} have no value for it: its column is nullable in the database, while the API requires it`,
        field.span,
        `fill ${field.name} in the rows already there, or add it with :nullable`,
      ),
    );
}
