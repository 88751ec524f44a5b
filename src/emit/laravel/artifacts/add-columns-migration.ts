import type { Entity, ExistingModel, Field, ForeignKey } from '../../../ir/ir.generated.js';
import type { EmitContext } from '../../context.js';
import { renderStubFiles, type EmitResult } from '../../emit-result.js';
import { columnCall, indexArgument, modifiers, referenceCalls, referenceRemovalCalls } from './migration.js';
import { blueprintCalls } from '../values/blueprint.js';
import { phpString, phpStringBody } from '../values/php-literals.js';

/**
 * `database/migrations/<timestamp>_add_<columns>_to_<table>_table.php`: the columns an existing table (Laravel's
 * `users`) lacks, added by `Schema::table` and dropped again by `down()`. The project's own migration of the
 * table is never rewritten, and the columns it has are not added twice. The rows already there have no value
 * for a new column, so one without a default is nullable in the database; the API still requires it where the
 * input does. Regeneration rewrites fullapi's migration of the table in place, as it does its create
 * migrations. Nothing when the table lacks nothing.
 */
export function emitAddColumnsMigration(entity: Entity, existing: ExistingModel, ctx: EmitContext): EmitResult {
  const { table } = entity.naming;
  const has = new Set(existing.tableColumns);
  const foreignKeys = entity.foreignKeys.filter((foreignKey) => !has.has(foreignKey.column));
  const fields = entity.fields.filter((field) => !has.has(field.name)).map(nullableUnlessDefaulted);
  const timestamps = entity.timestamps !== false && (!has.has('created_at') || !has.has('updated_at'));
  const softDeletes = entity.softDeletes && !has.has('deleted_at');
  if (foreignKeys.length + fields.length === 0 && !timestamps && !softDeletes) return { ok: true, files: [] };
  const columns = [
    ...foreignKeys.flatMap((foreignKey) => referenceCalls(table, foreignKey, { nullable: true, onDelete: foreignKey.onDelete })),
    ...fields.map((field) => `${columnCall(field)}${modifiers(table, field)}`),
    ...(timestamps ? ['timestamps()'] : []),
    ...(softDeletes ? ['softDeletes()'] : []),
  ];
  const names = [...foreignKeys.map((foreignKey) => foreignKey.column), ...fields.map((field) => field.name), ...(timestamps ? ['timestamps'] : []), ...(softDeletes ? ['deleted_at'] : [])];
  return renderStubFiles(
    [
      {
        stub: 'migrations.add-columns',
        path: `database/migrations/${addColumnsFileName(table, names, existing, ctx)}`,
        artifact: 'Migration',
        values: {
          table: phpStringBody(table),
          columns: blueprintCalls(columns),
          droppedColumns: blueprintCalls(droppedCalls(table, foreignKeys, fields, timestamps, softDeletes)),
        },
      },
    ],
    ctx,
  );
}

function nullableUnlessDefaulted(field: Field): Field {
  return field.defaultValue === undefined ? { ...field, nullable: true } : field;
}

/**
 * What `up()` added, undone in reverse: a foreign key and a unique index before their column (SQLite cannot
 * drop an indexed column), then the columns in one call.
 */
function droppedCalls(table: string, foreignKeys: readonly ForeignKey[], fields: readonly Field[], timestamps: boolean, softDeletes: boolean): string[] {
  const foreign = foreignKeys.flatMap((foreignKey) => referenceRemovalCalls(table, foreignKey.column, true));
  const unique = [
    ...fields.filter((field) => field.unique).map((field) => `dropUnique(${indexArgument(table, [field.name], 'unique')})`),
    ...fields.filter((field) => field.index === true).map((field) => `dropIndex(${indexArgument(table, [field.name], 'index')})`),
  ];
  const columns = [...foreignKeys.map((foreignKey) => foreignKey.column), ...fields.map((field) => field.name)];
  return [
    ...foreign,
    ...unique,
    ...(columns.length === 0 ? [] : [`dropColumn([${columns.map(phpString).join(', ')}])`]),
    ...(softDeletes ? ['dropSoftDeletes()'] : []),
    ...(timestamps ? ['dropTimestamps()'] : []),
  ];
}

/** The index's explicit name where the migration gave one (index-names.ts), else its columns, from which Laravel derives it. */

/** Longer lists of columns are named as a whole, so that the file name stays readable. */
const MAX_NAMED_COLUMNS = 3;

/**
 * fullapi's earlier migration of the table when there is one (a migration adding columns to it that is none of
 * the project's own), else a new one named after its columns.
 */
function addColumnsFileName(table: string, columns: readonly string[], existing: ExistingModel, ctx: EmitContext): string {
  const own = new Set(existing.ownMigrations);
  const earlier = ctx.existingMigrations.filter((name) => addsColumnsTo(name, table) && !own.has(name)).sort()[0];
  if (earlier !== undefined) return earlier;
  const named = columns.length <= MAX_NAMED_COLUMNS ? columns.join('_') : 'columns';
  return `${ctx.migrationTimestamp}_add_${named}${addColumnsSuffix(table)}`;
}

function addColumnsSuffix(table: string): string {
  return `_to_${table}_table.php`;
}

/** Whether a migration's file name is that of a migration adding columns to `table`, as this emitter names them. */
export function addsColumnsTo(fileName: string, table: string): boolean {
  return /^\d{4}_\d{2}_\d{2}_\d{6}_add_/.test(fileName) && fileName.endsWith(addColumnsSuffix(table));
}
