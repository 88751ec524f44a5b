import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Database, SqlValue } from 'sql.js';
import type { ColumnDescription, DatabaseDescription, ForeignKeyDescription, TableDescription } from '../../ir/database-description.js';
import { checkedValues } from './check-values.js';
import { onDeleteOf } from './on-delete.js';

/**
 * A SQLite file -> the neutral description, through sql.js (SQLite compiled to WebAssembly: no native build).
 * The file's bytes are read by the caller; the copy in memory is never written back.
 */
export async function readSqlite(bytes: Uint8Array): Promise<DatabaseDescription> {
  const database = await openSqlite(bytes);
  try {
    const objects = rows(database, "SELECT type, name, sql FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name");
    const tables = objects.filter((row) => row['type'] === 'table').map((row) => describeTable(database, String(row['name']), String(row['sql'] ?? '')));
    const views = objects.filter((row) => row['type'] === 'view').map((row) => String(row['name']));
    return { engine: 'sqlite', tables, views };
  } finally {
    database.close();
  }
}

/** A copy in memory of a SQLite file's bytes; bytes that are not SQLite fail at the first query, not here. */
export async function openSqlite(bytes: Uint8Array): Promise<Database> {
  const { default: initSqlJs } = await import('sql.js');
  const SQL = await initSqlJs({ wasmBinary: sqlJsWasm() });
  return new SQL.Database(bytes);
}

function describeTable(database: Database, name: string, createSql: string): TableDescription {
  const quoted = quoteIdentifier(name);
  const info = rows(database, `PRAGMA table_info(${quoted})`);
  const primaryKey = info
    .filter((row) => Number(row['pk']) > 0)
    .sort((a, b) => Number(a['pk']) - Number(b['pk']))
    .map((row) => String(row['name']));
  const uniqueColumns = new Set(
    rows(database, `PRAGMA index_list(${quoted})`)
      .filter((index) => Number(index['unique']) === 1 && index['origin'] !== 'pk')
      .map((index) => rows(database, `PRAGMA index_info(${quoteIdentifier(String(index['name']))})`).map((column) => String(column['name'])))
      .filter((columns) => columns.length === 1)
      .map((columns) => columns[0] ?? ''),
  );
  const checks = checkedValues(createSql);
  const columns: ColumnDescription[] = info.map((row) => {
    const column = String(row['name']);
    const type = String(row['type'] ?? '').toLowerCase();
    const described: ColumnDescription = {
      name: column,
      type,
      nullable: Number(row['notnull']) === 0 && !primaryKey.includes(column),
      unique: uniqueColumns.has(column),
      // An INTEGER PRIMARY KEY is the rowid: SQLite numbers it.
      autoIncrement: primaryKey.length === 1 && primaryKey[0] === column && type === 'integer',
    };
    if (row['dflt_value'] !== null) described.default = String(row['dflt_value']);
    const values = checks.get(column);
    if (values !== undefined) described.enumValues = values;
    return described;
  });
  const foreignKeys: ForeignKeyDescription[] = rows(database, `PRAGMA foreign_key_list(${quoted})`).map((row) => {
    const key: ForeignKeyDescription = { column: String(row['from']), referencedTable: String(row['table']), referencedColumn: String(row['to'] ?? 'id') };
    const onDelete = onDeleteOf(String(row['on_delete']));
    if (onDelete !== undefined) key.onDelete = onDelete;
    return key;
  });
  return { name, columns, primaryKey, foreignKeys };
}

/**
 * sql.js's WebAssembly: beside the bundle of the command (scripts/bundle-cli.mjs copies it there), else in
 * the sql.js package (the unbundled build the tests run).
 */
function sqlJsWasm(): ArrayBuffer {
  const beside = fileURLToPath(new URL('sql-wasm.wasm', import.meta.url));
  const file = existsSync(beside) ? beside : createRequire(import.meta.url).resolve('sql.js/dist/sql-wasm.wasm');
  const bytes = readFileSync(file);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
}

export function rows(database: Database, sql: string): Array<Record<string, SqlValue>> {
  const statement = database.prepare(sql);
  const result: Array<Record<string, SqlValue>> = [];
  while (statement.step()) result.push(statement.getAsObject());
  statement.free();
  return result;
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
