import type { Entity, Field, ForeignKey, TableChange } from '../../../ir/ir.generated.js';
import { isEmpty, sameSize, updateMigrationSuffix } from '../../../passes/project/table-changes.js';
import type { EmitContext } from '../../context.js';
import { renderStubFiles, type EmitResult } from '../../emit-result.js';
import { MIGRATION_COLUMN } from '../values/field-types.js';
import { explicitIndexName } from '../values/index-names.js';
import { columnCall, indexArgument, ON_DELETE_CALL, tableIndexCall, referenceCalls, referenceRemovalCalls, unusedMigrationName } from './migration.js';
import { blueprintCalls } from '../values/blueprint.js';
import { phpScalar, phpString, phpStringBody } from '../values/php-literals.js';

/**
 * `database/migrations/<timestamp>_update_<table>_table.php`: the changes of an entity whose table may have been
 * migrated (src/passes/project/table-changes.ts), from the table class_data.json recorded to the input's. The renames
 * run in a block of their own, first: Laravel runs a blueprint's column additions and changes before its other
 * commands, so a change of a renamed column in the same block would name a column that is not there yet.
 * `down()` undoes it all in reverse. Nothing when nothing changed.
 */
export function emitUpdateMigration(entity: Entity, change: TableChange, ctx: EmitContext): EmitResult {
  if (isEmpty(change)) return { ok: true, files: [] };
  const { table } = entity.naming;
  // The dropped indexes come back last, once the columns they read have their recorded names again.
  const restoredIndexes = change.droppedIndexes.map((index) => tableIndexCall(table, index.columns));
  return renderStubFiles(
    [
      {
        stub: 'migrations.update',
        path: `database/migrations/${unusedMigrationName(updateMigrationSuffix(table), ctx)}`,
        artifact: 'Migration',
        values: {
          table: phpStringBody(table),
          renamedColumns: blueprintCalls(change.renamed.map(({ from, to }) => `renameColumn(${phpString(from)}, ${phpString(to)})`)),
          changedColumns: blueprintCalls(upCalls(entity, change)),
          restoredColumns: blueprintCalls([...downCalls(table, change), ...(change.renamed.length === 0 ? restoredIndexes : [])]),
          restoredNames: blueprintCalls([...change.renamed.map(({ from, to }) => `renameColumn(${phpString(to)}, ${phpString(from)})`), ...(change.renamed.length === 0 ? [] : restoredIndexes)]),
        },
      },
    ],
    ctx,
  );
}

/**
 * What goes, then what changes, then what comes: the indexes over several columns the input dropped go first (SQLite
 * cannot drop a column an index reads), a dropped column frees its name and indexes, and the new indexes come last,
 * after the columns they read. The kept foreign keys of a table from before foreign_key_indexes get their index last.
 */
function upCalls(entity: Entity, change: TableChange): string[] {
  const { table } = entity.naming;
  const unindexed = change.foreignKeyIndexes === 'added';
  const dropped = { fields: change.dropped, foreignKeys: change.droppedForeignKeys, indexedKeys: !unindexed, morphs: change.droppedMorphs };
  return [
    ...change.droppedIndexes.map((index) => `dropIndex(${indexArgument(table, index.columns, 'index')})`),
    ...removalCalls(table, { ...dropped, softDeletes: change.softDeletes === 'dropped', timestamps: change.timestamps === 'dropped' }),
    ...change.changed.flatMap(({ from, to }) => changeCalls(table, from, to)),
    ...change.changedForeignKeys.flatMap(({ from, to }) => foreignKeyChangeCalls(table, from, to)),
    ...additionCalls(table, { fields: change.added, foreignKeys: change.addedForeignKeys, indexedKeys: true, morphs: change.addedMorphs, softDeletes: change.softDeletes === 'added', timestamps: change.timestamps === 'added' }),
    ...(unindexed ? keptForeignKeys(entity, change).map((key) => `index(${phpString(key.column)}${nameArgument(explicitIndexName(table, [key.column], 'index'))})`) : []),
    ...change.addedIndexes.map((index) => tableIndexCall(table, index.columns)),
  ];
}

/**
 * The indexes up() gave kept foreign keys stay: MySQL refuses to drop the index a foreign key uses, and an index
 * changes no row. The indexes up() added go first, before the columns they read.
 */
function downCalls(table: string, change: TableChange): string[] {
  return [
    ...change.addedIndexes.map((index) => `dropIndex(${indexArgument(table, index.columns, 'index')})`),
    ...removalCalls(table, { fields: change.added, foreignKeys: change.addedForeignKeys, indexedKeys: true, morphs: change.addedMorphs, softDeletes: change.softDeletes === 'added', timestamps: change.timestamps === 'added' }),
    ...change.changed.flatMap(({ from, to }) => changeCalls(table, to, from)),
    ...change.changedForeignKeys.flatMap(({ from, to }) => foreignKeyChangeCalls(table, to, from)),
    ...additionCalls(table, { fields: change.dropped, foreignKeys: change.droppedForeignKeys, indexedKeys: true, morphs: change.droppedMorphs, softDeletes: change.softDeletes === 'dropped', timestamps: change.timestamps === 'dropped' }),
  ];
}

/** The input's foreign keys the recorded table has already. */
function keptForeignKeys(entity: Entity, change: TableChange): ForeignKey[] {
  const added = new Set(change.addedForeignKeys.map((key) => key.column));
  return entity.foreignKeys.filter((key) => !added.has(key.column));
}

interface Columns {
  fields: readonly Field[];
  foreignKeys: readonly ForeignKey[];
  /** The foreign keys have an index of their own (all those fullapi's migrations make since foreign_key_indexes). */
  indexedKeys: boolean;
  morphs: readonly string[];
  softDeletes: boolean;
  timestamps: boolean;
}

/**
 * Columns added to a table that has rows: those have no value for them, so a column without a default is
 * nullable in the database (the API still requires what the input requires), and so is a foreign key.
 */
function additionCalls(table: string, columns: Columns): string[] {
  return [
    ...columns.foreignKeys.flatMap((key) => referenceCalls(table, key, { nullable: true, onDelete: key.onDelete })),
    ...columns.morphs.map((morph) => `nullableMorphs(${phpString(morph)}${nameArgument(explicitIndexName(table, [`${morph}_type`, `${morph}_id`], 'index'))})`),
    ...columns.fields.map((field) => {
      const stored = field.defaultValue === undefined ? { ...field, nullable: true } : field;
      return `${columnCall(stored)}${columnModifiers(stored)}${field.unique ? uniqueCall(table, field.name) : ''}${field.index === true ? indexCall(table, field.name) : ''}`;
    }),
    ...(columns.timestamps ? ['timestamps()'] : []),
    ...(columns.softDeletes ? ['softDeletes()'] : []),
  ];
}

/** A foreign key and a unique index go before their column: SQLite cannot drop an indexed column. */
function removalCalls(table: string, columns: Columns): string[] {
  const names = [...columns.foreignKeys.map((key) => key.column), ...columns.fields.map((field) => field.name)];
  return [
    ...columns.foreignKeys.flatMap((key) => referenceRemovalCalls(table, key.column, columns.indexedKeys)),
    ...columns.fields.filter((field) => field.unique).map((field) => `dropUnique(${indexArgument(table, [field.name], 'unique')})`),
    ...columns.fields.filter((field) => field.index === true).map((field) => `dropIndex(${indexArgument(table, [field.name], 'index')})`),
    ...(names.length === 0 ? [] : [`dropColumn([${names.map(phpString).join(', ')}])`]),
    ...columns.morphs.map((morph) => `dropMorphs(${phpString(morph)}${nameArgument(explicitIndexName(table, [`${morph}_type`, `${morph}_id`], 'index'))})`),
    ...(columns.softDeletes ? ['dropSoftDeletes()'] : []),
    ...(columns.timestamps ? ['dropTimestamps()'] : []),
  ];
}

/**
 * `->change()` restates the whole column, a default left out being a default dropped; the unique index is a
 * command of its own, since a change would not drop it.
 */
function changeCalls(table: string, from: Field, to: Field): string[] {
  const column = from.type === to.type && sameSize(from, to) && from.nullable === to.nullable && sameDefault(from, to) ? [] : [`${columnCall(to)}${columnModifiers(to)}->change()`];
  const unique = from.unique === to.unique ? [] : [to.unique ? `unique(${phpString(to.name)}${nameArgument(explicitIndexName(table, [to.name], 'unique'))})` : `dropUnique(${indexArgument(table, [to.name], 'unique')})`];
  const indexed = (field: Field) => field.index === true;
  const index = indexed(from) === indexed(to) ? [] : [indexed(to) ? `index(${phpString(to.name)}${nameArgument(explicitIndexName(table, [to.name], 'index'))})` : `dropIndex(${indexArgument(table, [to.name], 'index')})`];
  // An index goes before the column changes (SQLite rebuilds the table for a change) and comes after it.
  const dropping = [...(from.unique && !to.unique ? unique : []), ...(indexed(from) && !indexed(to) ? index : [])];
  const adding = [...(to.unique && !from.unique ? unique : []), ...(indexed(to) && !indexed(from) ? index : [])];
  return [...dropping, ...column, ...adding];
}

function foreignKeyChangeCalls(table: string, from: ForeignKey, to: ForeignKey): string[] {
  const method = to.fieldType === 'bigint' && to.referencesColumn === 'id' ? 'unsignedBigInteger' : MIGRATION_COLUMN[to.fieldType].method;
  const column = from.nullable === to.nullable ? [] : [`${method}(${phpString(to.column)})${to.nullable ? '->nullable()' : ''}->change()`];
  if (from.onDelete === to.onDelete) return column;
  const constraint = `foreign(${phpString(to.column)}${nameArgument(explicitIndexName(table, [to.column], 'foreign'))})->references(${phpString(to.referencesColumn)})->on(${phpString(to.referencesTable)})${ON_DELETE_CALL[to.onDelete]}`;
  return [`dropForeign(${indexArgument(table, [to.column], 'foreign')})`, ...column, constraint];
}

function sameDefault(from: Field, to: Field): boolean {
  return JSON.stringify(from.defaultValue?.value) === JSON.stringify(to.defaultValue?.value);
}

function columnModifiers(field: Field): string {
  return `${field.nullable ? '->nullable()' : ''}${field.defaultValue === undefined ? '' : `->default(${phpScalar(field.defaultValue.value)})`}`;
}

function indexCall(table: string, column: string): string {
  const name = explicitIndexName(table, [column], 'index');
  return `->index(${name === undefined ? '' : phpString(name)})`;
}

function uniqueCall(table: string, column: string): string {
  const name = explicitIndexName(table, [column], 'unique');
  return `->unique(${name === undefined ? '' : phpString(name)})`;
}


function nameArgument(indexName: string | undefined): string {
  return indexName === undefined ? '' : `, ${phpString(indexName)}`;
}
