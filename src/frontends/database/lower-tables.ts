import { error, warningAt, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { SourceField, SourceModel, SourceRelation, Span } from '../../ir/ir.generated.js';
import { camel, snake, pluralStudly, singular, studly } from '../../passes/naming/str.js';
import { finishModel } from '../schema/finish-model.js';
import type { DraftEntity, DraftRelation } from '../schema/lowering.js';
import { defaultOf, fieldTypeOf, sizeOf } from './column-types.js';
import type { DatabaseDescription, ForeignKeyDescription, TableDescription } from '../../ir/database-description.js';

/**
 * A database's tables -> the source model: a table an entity, a column a field, a foreign key a belongsTo
 * (the passes add the inverse on the parent), a table of two foreign keys a belongsToMany both ways, a
 * `<name>_type` + `<name>_id` pair a morphTo, `deleted_at` soft deletes. What has no entity (Laravel's own
 * tables, views, `users` unless asked for, composite keys) is skipped, and each skip reported.
 */

/** Tables Laravel's own migrations and packages create: the framework's, never an API's entities. */
export const LARAVEL_TABLES: ReadonlySet<string> = new Set([
  'migrations',
  'cache',
  'cache_locks',
  'jobs',
  'job_batches',
  'failed_jobs',
  'sessions',
  'password_reset_tokens',
  'password_resets',
  'personal_access_tokens',
  'telescope_entries',
  'telescope_entries_tags',
  'telescope_monitoring',
  'pulse_values',
  'pulse_entries',
  'pulse_aggregates',
  'sqlite_sequence',
]);

/** The columns Eloquent's timestamps fill, both or neither. */
const TIMESTAMP_COLUMNS = ['created_at', 'updated_at'];

/** Columns Laravel's model fills itself: timestamps, and the soft-delete mark. */
const MANAGED_COLUMNS = new Set(['created_at', 'updated_at', 'deleted_at']);

/** A table prefix of legacy schemas (`tbl_customer`), which is no part of the entity's name. */
const LEGACY_PREFIX = /^(tbl|tb|t)_/i;

export interface LoweredDatabase {
  model: SourceModel;
  diagnostics: Diagnostic[];
  /** Each table's entity name, for the tables that became entities. */
  entities: Map<string, string>;
}

export interface TableChoice {
  /** The tables --tables (or introspect's --table) names; every table when absent. */
  requested?: readonly string[];
  /** The flag that named them, for errors. */
  flag?: string;
  /** The entities keep the tables they came from (no --with-migrations): no migration, tests in a transaction. */
  tablesExist?: boolean;
}

export function lowerTables(database: DatabaseDescription, choice: TableChoice = {}): LoweredDatabase {
  const { requested, flag = '--tables', tablesExist = false } = choice;
  const diagnostics: Diagnostic[] = [];
  const known = new Set(database.tables.map((table) => table.name));
  for (const name of requested ?? []) {
    if (!known.has(name)) diagnostics.push(unknownTable(name, database, flag));
  }
  for (const view of database.views) diagnostics.push(skipped(view, 'it is a view: an API writes to tables'));
  const wanted = requested === undefined ? undefined : new Set(requested);
  const chosen = database.tables.filter((table) => {
    const reason = skipReason(table, wanted);
    if (reason !== undefined) diagnostics.push(skipped(table.name, reason));
    return reason === undefined;
  });
  const pivots = chosen.filter((table) => isPivot(table));
  const entityTables = chosen.filter((table) => !pivots.includes(table));
  const entities = new Map(entityTables.map((table) => [table.name, entityName(table.name)]));
  const keys = new Map(database.tables.map((table) => [table.name, table.primaryKey.length === 1 ? table.primaryKey[0] : undefined]));
  const drafts = entityTables.map((table) => lowerTable(table, entities, keys, diagnostics));
  if (tablesExist) for (const draft of drafts) draft.entity.tableExists = true;
  for (const pivot of pivots) addPivot(pivot, entities, drafts, diagnostics);
  const finished = finishModel(drafts);
  return { model: finished.model, diagnostics: [...diagnostics, ...finished.diagnostics], entities };
}

function skipReason(table: TableDescription, wanted: ReadonlySet<string> | undefined): string | undefined {
  if (wanted !== undefined && !wanted.has(table.name)) return 'not named in --tables';
  if (wanted === undefined && LARAVEL_TABLES.has(table.name)) return "it is one of Laravel's own tables";
  if (wanted === undefined && table.name === 'users') return 'users is the application\'s own: name it in --tables to generate it';
  if (table.primaryKey.length > 1 && !isPivot(table)) {
    return `its primary key is composite (${table.primaryKey.join(', ')}): an Eloquent model has a key of one column`;
  }
  if (table.primaryKey.length === 0 && !isPivot(table)) return 'it has no primary key: a route binds a row by its key';
  return undefined;
}

/** Two foreign keys and nothing else but an id and timestamps: the pivot of a belongsToMany. */
function isPivot(table: TableDescription): boolean {
  if (table.foreignKeys.length !== 2) return false;
  const keyColumns = new Set(table.foreignKeys.map((key) => key.column));
  return table.columns.every((column) => keyColumns.has(column.name) || column.name === 'id' || MANAGED_COLUMNS.has(column.name));
}

/** `blog_posts` -> BlogPost, `tbl_customer` -> Customer. */
export function entityName(table: string): string {
  return studly(singular(table.replace(LEGACY_PREFIX, '')));
}

/** `keys`: each table's single-column primary key, which a belongsTo refers to (the IR has no other owner key). */
function lowerTable(table: TableDescription, entities: ReadonlyMap<string, string>, keys: ReadonlyMap<string, string | undefined>, diagnostics: Diagnostic[]): DraftEntity {
  const name = entities.get(table.name) ?? entityName(table.name);
  const span = tableSpan(table.name);
  const keyColumn = table.primaryKey[0];
  const timestamps = TIMESTAMP_COLUMNS.every((timestamp) => table.columns.some((column) => column.name === timestamp));
  const foreignKeys = new Map(table.foreignKeys.map((key) => [key.column, key]));
  const pairs = morphPairs(table);
  // fullapi's morphTo columns are nullable (nullableMorphs): a required pair stays two plain fields the client fills.
  const morphs = pairs.filter((pair) => table.columns.every((column) => (column.name === `${pair}_type` || column.name === `${pair}_id` ? column.nullable : true)));
  for (const pair of pairs.filter((candidate) => !morphs.includes(candidate))) diagnostics.push(requiredMorph(table.name, pair, tableSpan(table.name, `${pair}_id`)));
  const fields: SourceField[] = [];
  const relations: DraftRelation[] = [];
  for (const column of table.columns) {
    const columnSpan = tableSpan(table.name, column.name);
    if (MANAGED_COLUMNS.has(column.name)) {
      if (!timestamps && column.name !== 'deleted_at') diagnostics.push(loneTimestamp(table, column.name, columnSpan));
      continue;
    }
    if (column.name === keyColumn && column.name === 'id' && column.autoIncrement) continue;
    const morph = morphs.find((pair) => column.name === `${pair}_type` || column.name === `${pair}_id`);
    if (morph !== undefined) {
      if (column.name === `${morph}_id`) relations.push({ relation: { name: morph, kind: 'morphTo', span: columnSpan } });
      continue;
    }
    const foreignKey = foreignKeys.get(column.name);
    const target = foreignKey === undefined ? undefined : entities.get(foreignKey.referencedTable);
    const toKey = foreignKey !== undefined && keys.get(foreignKey.referencedTable) === foreignKey.referencedColumn;
    if (foreignKey !== undefined && target !== undefined && toKey && column.name.endsWith('_id') && column.name !== keyColumn) {
      const relation: SourceRelation = { name: camel(column.name.slice(0, -'_id'.length)), kind: 'belongsTo', target, nullable: column.nullable, span: columnSpan };
      if (foreignKey.onDelete !== undefined) relation.onDelete = foreignKey.onDelete;
      relations.push({ relation });
      continue;
    }
    if (foreignKey !== undefined) diagnostics.push(plainColumn(table.name, column.name, foreignKey, target !== undefined, toKey, columnSpan));
    const type = fieldTypeOf(column);
    if (type === undefined) {
      diagnostics.push(warningAt('database_column_skipped', `column ${table.name}.${column.name} is skipped: its type ${column.type} has no field type`, columnSpan));
      continue;
    }
    const field: SourceField = { name: column.name, type, nullable: column.nullable, unique: column.unique, primary: column.name === keyColumn, span: columnSpan };
    if (column.enumValues !== undefined && type === 'enum') field.enumValues = column.enumValues;
    const size = sizeOf(column, type);
    if (size !== undefined) field.size = size;
    const value = defaultOf(column, type);
    if (value !== undefined) field.defaultValue = value;
    fields.push(field);
  }
  const softDeletes = table.columns.some((column) => column.name === 'deleted_at');
  const entity: DraftEntity['entity'] = { name, fields, softDeletes, span };
  // A singular or prefixed legacy name stays the table: the model says so, and the migrations use it.
  if (snake(pluralStudly(name)) !== table.name) entity.table = table.name;
  if (!timestamps) entity.timestamps = false;
  return { entity, relations };
}

/** The `<name>` of each `<name>_type` + `<name>_id` pair that is not a foreign key. */
function morphPairs(table: TableDescription): string[] {
  const columns = new Set(table.columns.map((column) => column.name));
  const keys = new Set(table.foreignKeys.map((key) => key.column));
  return [...columns]
    .filter((name) => name.endsWith('_type'))
    .map((name) => name.slice(0, -'_type'.length))
    .filter((stem) => stem !== '' && columns.has(`${stem}_id`) && !keys.has(`${stem}_id`));
}

function addPivot(pivot: TableDescription, entities: ReadonlyMap<string, string>, drafts: DraftEntity[], diagnostics: Diagnostic[]): void {
  const position = (column: string) => pivot.columns.findIndex((described) => described.name === column);
  const inColumnOrder = [...pivot.foreignKeys].sort((a, b) => position(a.column) - position(b.column));
  const [first, second] = inColumnOrder.map((key) => entities.get(key.referencedTable));
  const span = tableSpan(pivot.name);
  if (first === undefined || second === undefined) {
    diagnostics.push(skipped(pivot.name, 'it joins a table that is not generated'));
    return;
  }
  const owner = drafts.find((draft) => draft.entity.name === first);
  const relation: SourceRelation = { name: camel(pluralStudly(second)), kind: 'belongsToMany', target: second, pivot: pivot.name, span };
  // The passes add the inverse belongsToMany on the other side.
  owner?.relations.push({ relation });
}

function requiredMorph(table: string, pair: string, span: Span): Diagnostic {
  return warningAt(
    'database_morph_not_null',
    `${table}.${pair}_type and ${pair}_id stay plain fields, not a morphTo: they are NOT NULL, and a morphTo's columns are nullable`,
    span,
    `make both columns nullable in the database to have a morphTo ${pair}`,
  );
}

/** Eloquent fills both timestamps or neither: one alone is left to the database. */
function loneTimestamp(table: TableDescription, column: string, span: Span): Diagnostic {
  const other = column === 'created_at' ? 'updated_at' : 'created_at';
  return warningAt(
    'database_column_skipped',
    `column ${table.name}.${column} is skipped: the table has no ${other}, so the model keeps no timestamps`,
    span,
    'give the column a default in the database, or add the other column so that Eloquent fills both',
  );
}

function tableSpan(table: string, column?: string): Span {
  return { flag: column === undefined ? `table ${table}` : `column ${table}.${column}` };
}

function skipped(table: string, reason: string): Diagnostic {
  return warningAt('database_table_skipped', `table ${table} is skipped: ${reason}`, tableSpan(table));
}

function plainColumn(table: string, column: string, key: ForeignKeyDescription, generated: boolean, toKey: boolean, span: Span): Diagnostic {
  const referenced = `${key.referencedTable}.${key.referencedColumn}`;
  const why = !generated ? `table ${key.referencedTable} is not generated` : !toKey ? `${key.referencedColumn} is not the key of ${key.referencedTable}` : 'its name does not end in _id';
  return warningAt('database_column_skipped', `foreign key ${table}.${column} -> ${referenced} stays a plain column: ${why}`, span);
}

function unknownTable(name: string, database: DatabaseDescription, flag: string): Diagnostic {
  const tables = database.tables.map((table) => table.name);
  return error('database_unknown_table', `${flag} names ${name}, which the database does not hold`, { flag }, tables.length === 0 ? 'the database has no tables' : `tables: ${tables.slice(0, 10).join(', ')}`);
}
