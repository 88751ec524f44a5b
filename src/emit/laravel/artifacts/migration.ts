import type { Entity, Field, FieldType, OnDelete } from '../../../ir/ir.generated.js';
import type { EmitContext } from '../../context.js';
import { renderStubFiles, type EmitResult } from '../../emit-result.js';
import { fieldColumnMethod, MIGRATION_COLUMN } from '../values/field-types.js';
import { explicitIndexName } from '../values/index-names.js';
import { legacyMigrationValues, type LegacyMigrationParts } from '../values/legacy-stubs.js';
import { blueprintCalls } from '../values/blueprint.js';
import { phpScalar, phpString, phpStringBody } from '../values/php-literals.js';

/**
 * `database/migrations/<timestamp>_create_<table>_table.php`: the anonymous-class migration of `make:migration`.
 * Each migration has its own timestamp (migration-order.ts), so parents are created before their children.
 */
export function emitMigration(entity: Entity, ctx: EmitContext): EmitResult {
  const { table } = entity.naming;
  return renderStubFiles(
    [
      {
        stub: 'migrations',
        path: `database/migrations/${migrationFileName(table, ctx)}`,
        artifact: 'Migration',
        values: { table: phpStringBody(table), columns: blueprintCalls(columnCalls(entity)), ...legacyMigrationValues(columnParts(entity)) },
      },
    ],
    ctx,
  );
}

/** Regeneration reuses the table's existing migration instead of adding a second `create` of the same table. */
export function migrationFileName(table: string, ctx: EmitContext): string {
  return existingMigrationName(table, ctx) ?? `${ctx.migrationTimestamp}${createMigrationSuffix(table)}`;
}

export function existingMigrationName(table: string, ctx: EmitContext): string | undefined {
  const suffix = createMigrationSuffix(table);
  return ctx.existingMigrations.filter((name) => name.endsWith(suffix)).sort()[0];
}

export function createMigrationSuffix(table: string): string {
  return `_create_${table}_table.php`;
}

/**
 * A new migration named after the run's moment, or the first second after it whose name no migration has: two
 * runs within one second must not give a second migration of a table the name of the first, which would replace it.
 */
export function unusedMigrationName(suffix: string, ctx: EmitContext): string {
  const taken = new Set(ctx.existingMigrations);
  let seconds = 0;
  while (taken.has(`${migrationTimestampAfter(ctx.migrationTimestamp, seconds)}${suffix}`)) seconds++;
  return `${migrationTimestampAfter(ctx.migrationTimestamp, seconds)}${suffix}`;
}

const TIMESTAMP = /^(\d{4})_(\d{2})_(\d{2})_(\d{2})(\d{2})(\d{2})$/;

/**
 * The run's `Y_m_d_His` timestamp plus some seconds: Laravel runs migrations in file-name order, so the n-th
 * table of a run, in dependency order, is named n seconds later.
 */
export function migrationTimestampAfter(timestamp: string, seconds: number): string {
  const parts = TIMESTAMP.exec(timestamp);
  if (parts === null) return timestamp;
  const [year, month, day, hour, minute, second] = parts.slice(1).map(Number) as [number, number, number, number, number, number];
  const moment = new Date(Date.UTC(year, month - 1, day, hour, minute, second + seconds));
  const pad = (value: number) => String(value).padStart(2, '0');
  const date = [moment.getUTCFullYear(), pad(moment.getUTCMonth() + 1), pad(moment.getUTCDate())].join('_');
  return `${date}_${pad(moment.getUTCHours())}${pad(moment.getUTCMinutes())}${pad(moment.getUTCSeconds())}`;
}

/**
 * The key column first, where `$table->id()` conventionally stands, then the columns of the relations
 * (foreign keys, morphs), then the fields in source order.
 */
function columnCalls(entity: Entity): string[] {
  const { key, references, fields, indexes } = columnParts(entity);
  const timestamps = entity.timestamps === false ? [] : ['timestamps()'];
  return [key, ...references, ...fields, ...timestamps, ...(entity.softDeletes ? ['softDeletes()'] : []), ...indexes];
}

/** The key column, the columns besides the timestamps: the relations' (foreign keys, morphs), then the fields'; and the indexes over several columns. */
function columnParts(entity: Entity): LegacyMigrationParts {
  const key = entity.primaryKey;
  const keyField = entity.fields.find((field) => key.custom && field.name === key.column);
  const { table } = entity.naming;
  const foreignKeyCalls = entity.foreignKeys.flatMap((foreignKey) => referenceCalls(table, foreignKey, { nullable: foreignKey.nullable, onDelete: foreignKey.onDelete }));
  // The generated requests do not fill morph columns: they must accept a row without a parent.
  const morphCalls = entity.morphs.map((morph) => `nullableMorphs(${phpString(morph)}${nameArgument(explicitIndexName(table, [`${morph}_type`, `${morph}_id`], 'index'))})`);
  const fieldCalls = entity.fields.filter((field) => field !== keyField).map((field) => fieldColumnCall(entity, field));
  const keyCall = keyField === undefined ? 'id()' : fieldColumnCall(entity, keyField);
  return { table: phpStringBody(table), key: keyCall, references: [...foreignKeyCalls, ...morphCalls], fields: fieldCalls, indexes: (entity.indexes ?? []).map((index) => tableIndexCall(table, index.columns)), softDeletes: entity.softDeletes };
}

/** A column holding another table's key, and the table and key column it references. */
export interface ReferenceColumn {
  column: string;
  fieldType: FieldType;
  referencesTable: string;
  referencesColumn: string;
}

/**
 * `foreignId()->constrained()` for the conventional `id` (the table passed explicitly: constrained() would
 * guess it from the column, wrongly for `author_id`); a column typed like the key and a `foreign()` for a
 * custom key. `nullable()` must come before `constrained()`. The column has an index of its own on every engine
 * (`index()`): MySQL and MariaDB make one for a foreign key (and drop theirs for this one), PostgreSQL and SQLite
 * make none, and every parent's rows are found by it (`filter[author_id]`, a parent's delete, an include).
 * `indexed: false` for a column that leads an index already (a pivot's first key, first in its primary key).
 */
export function referenceCalls(table: string, reference: ReferenceColumn, options: { nullable: boolean; onDelete: OnDelete; indexed?: false }): string[] {
  const { column, fieldType, referencesTable, referencesColumn } = reference;
  const nullable = options.nullable ? '->nullable()' : '';
  const onDelete = ON_DELETE_CALL[options.onDelete];
  const indexName = explicitIndexName(table, [column], 'foreign');
  const indexed = options.indexed === false ? '' : `->index(${nameArgumentOnly(explicitIndexName(table, [column], 'index'))})`;
  if (referencesColumn === 'id' && fieldType === 'bigint') {
    const named = indexName === undefined ? '' : `, indexName: ${phpString(indexName)}`;
    return [`foreignId(${phpString(column)})${nullable}${indexed}->constrained(${phpString(referencesTable)}${named})${onDelete}`];
  }
  return [
    `${MIGRATION_COLUMN[fieldType].method}(${phpString(column)})${nullable}${indexed}`,
    `foreign(${phpString(column)}${nameArgument(indexName)})->references(${phpString(referencesColumn)})->on(${phpString(referencesTable)})${onDelete}`,
  ];
}

/**
 * Written out even for restrict, close to the engines' own default (NO ACTION, which differs only for deferred
 * checks): the migration then says what a delete of the parent will meet.
 */
export const ON_DELETE_CALL: Record<OnDelete, string> = {
  cascade: '->cascadeOnDelete()',
  restrict: '->restrictOnDelete()',
  set_null: '->nullOnDelete()',
};

/** `'name'` as a call's only argument, for an index that must be named (index-names.ts); nothing for Laravel's own name. */
function nameArgumentOnly(indexName: string | undefined): string {
  return indexName === undefined ? '' : phpString(indexName);
}

/** `, 'name'` after a call's first argument, for an index that must be named (index-names.ts). */
function nameArgument(indexName: string | undefined): string {
  return indexName === undefined ? '' : `, ${phpString(indexName)}`;
}

/** The field's call in the create migration, after `$table->`. A primary key is unique and not null by itself: no modifiers on it. */
export function fieldColumnCall(entity: Entity, field: Field): string {
  const key = entity.primaryKey;
  return key.custom && key.column === field.name ? `${columnCall(field)}->primary()` : `${columnCall(field)}${modifiers(entity.naming.table, field)}`;
}

export function columnCall(field: Field): string {
  const { method, extraArguments } = fieldColumnMethod(field);
  const args = extraArguments === undefined ? phpString(field.name) : `${phpString(field.name)}, ${extraArguments}`;
  return `${method}(${args})`;
}

export function modifiers(table: string, field: Field): string {
  const defaultValue = field.defaultValue === undefined ? '' : `->default(${phpScalar(field.defaultValue.value)})`;
  const uniqueName = explicitIndexName(table, [field.name], 'unique');
  const unique = field.unique ? `->unique(${uniqueName === undefined ? '' : phpString(uniqueName)})` : '';
  const index = field.index === true ? `->index(${nameArgumentOnly(explicitIndexName(table, [field.name], 'index'))})` : '';
  return `${field.nullable ? '->nullable()' : ''}${defaultValue}${unique}${index}`;
}

/** `index([...])` of an index over several columns (Entity.indexes), named when Laravel's own name is too long. */
export function tableIndexCall(table: string, columns: readonly string[]): string {
  return `index([${columns.map(phpString).join(', ')}]${nameArgument(explicitIndexName(table, columns, 'index'))})`;
}

/** How a drop names an index: by its columns when Laravel's own name fits, else by the name given it. */
export function indexArgument(table: string, columns: readonly string[], type: 'unique' | 'foreign' | 'index'): string {
  const name = explicitIndexName(table, columns, type);
  return name === undefined ? `[${columns.map(phpString).join(', ')}]` : phpString(name);
}

/**
 * What goes before a reference column can: its constraint, then its index (`indexed`: created by referenceCalls;
 * a column fullapi's migrations gave no index has none), which SQLite refuses to drop a column under, and which
 * MySQL keeps as long as the constraint needs it.
 */
export function referenceRemovalCalls(table: string, column: string, indexed: boolean): string[] {
  return [`dropForeign(${indexArgument(table, [column], 'foreign')})`, ...(indexed ? [`dropIndex(${indexArgument(table, [column], 'index')})`] : [])];
}
