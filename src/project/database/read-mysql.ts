import type { Connection } from 'mysql2/promise';
import { checkedValues } from './check-values.js';
import type { DatabaseConnection } from './connection.js';
import { onDeleteOf } from './on-delete.js';
import type { ColumnDescription, DatabaseDescription, ForeignKeyDescription, TableDescription } from '../../ir/database-description.js';

/** A MySQL or MariaDB database -> the neutral description, through information_schema. */
export async function readMysql(connection: DatabaseConnection): Promise<DatabaseDescription> {
  const client = await connectMysql(connection, CONNECT_TIMEOUT_MS);
  try {
    const objects = await query(client, 'SELECT TABLE_NAME AS name, TABLE_TYPE AS kind FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME');
    const checks = await checkClauses(client);
    const tables: TableDescription[] = [];
    for (const object of objects.filter((row) => row['kind'] === 'BASE TABLE')) {
      const name = String(object['name']);
      tables.push(await describeTable(client, name, checks.get(name) ?? new Map()));
    }
    const views = objects.filter((row) => row['kind'] === 'VIEW').map((row) => String(row['name']));
    return { engine: 'mysql', tables, views };
  } finally {
    await client.end();
  }
}

const CONNECT_TIMEOUT_MS = 10_000;

/** A connection, or the driver's failure once `timeoutMs` have passed without an answer. The caller ends it. */
export async function connectMysql(connection: DatabaseConnection, timeoutMs: number): Promise<Connection> {
  // A CommonJS package: Node's import names its exports, a bundle only its default.
  const imported = await import('mysql2/promise');
  const mysql = (imported as unknown as { default?: typeof imported }).default ?? imported;
  return mysql.createConnection({
    host: connection.host,
    port: connection.port,
    database: connection.database,
    user: connection.username,
    password: connection.password,
    connectTimeout: timeoutMs,
  });
}

async function describeTable(client: Connection, name: string, checks: ReadonlyMap<string, string[]>): Promise<TableDescription> {
  const columnRows = await query(
    client,
    `SELECT COLUMN_NAME AS name, COLUMN_TYPE AS type, IS_NULLABLE AS nullable, COLUMN_DEFAULT AS default_value, EXTRA AS extra
     FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION`,
    [name],
  );
  const indexRows = await query(
    client,
    `SELECT INDEX_NAME AS index_name, NON_UNIQUE AS non_unique, COLUMN_NAME AS name FROM information_schema.STATISTICS
     WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? ORDER BY INDEX_NAME, SEQ_IN_INDEX`,
    [name],
  );
  const keyRows = await query(
    client,
    `SELECT k.CONSTRAINT_NAME AS constraint_name, k.COLUMN_NAME AS name, k.REFERENCED_TABLE_NAME AS referenced_table,
            k.REFERENCED_COLUMN_NAME AS referenced_column, r.DELETE_RULE AS delete_rule
     FROM information_schema.KEY_COLUMN_USAGE k JOIN information_schema.REFERENTIAL_CONSTRAINTS r
       ON r.CONSTRAINT_SCHEMA = k.CONSTRAINT_SCHEMA AND r.CONSTRAINT_NAME = k.CONSTRAINT_NAME AND r.TABLE_NAME = k.TABLE_NAME
     WHERE k.TABLE_SCHEMA = DATABASE() AND k.TABLE_NAME = ? AND k.REFERENCED_TABLE_NAME IS NOT NULL ORDER BY k.CONSTRAINT_NAME, k.ORDINAL_POSITION`,
    [name],
  );
  const indexes = new Map<string, { unique: boolean; columns: string[] }>();
  for (const row of indexRows) {
    const index = indexes.get(String(row['index_name'])) ?? { unique: Number(row['non_unique']) === 0, columns: [] };
    index.columns.push(String(row['name']));
    indexes.set(String(row['index_name']), index);
  }
  const primaryKey = indexes.get('PRIMARY')?.columns ?? [];
  const unique = new Set(
    [...indexes].filter(([index, { unique: isUnique, columns }]) => index !== 'PRIMARY' && isUnique && columns.length === 1).map(([, { columns }]) => columns[0] ?? ''),
  );
  const columns = columnRows.map((row): ColumnDescription => {
    const column = String(row['name']);
    const type = String(row['type']).toLowerCase();
    const described: ColumnDescription = {
      name: column,
      type,
      nullable: row['nullable'] === 'YES',
      unique: unique.has(column),
      autoIncrement: String(row['extra']).toLowerCase().includes('auto_increment'),
    };
    if (row['default_value'] !== null) described.default = String(row['default_value']);
    const values = enumTypeValues(String(row['type'])) ?? checks.get(column);
    if (values !== undefined) described.enumValues = values;
    return described;
  });
  const byConstraint = new Map<string, Array<Record<string, unknown>>>();
  for (const row of keyRows) byConstraint.set(String(row['constraint_name']), [...(byConstraint.get(String(row['constraint_name'])) ?? []), row]);
  const foreignKeys = [...byConstraint.values()]
    .filter((rows) => rows.length === 1)
    .map(([row]): ForeignKeyDescription => {
      const key: ForeignKeyDescription = { column: String(row?.['name']), referencedTable: String(row?.['referenced_table']), referencedColumn: String(row?.['referenced_column']) };
      const onDelete = onDeleteOf(String(row?.['delete_rule']));
      if (onDelete !== undefined) key.onDelete = onDelete;
      return key;
    });
  return { name, columns, primaryKey, foreignKeys };
}

/** The CHECK clauses of every table (MariaDB 10.2 and MySQL 8.0.16 keep them), as allowed values by table and column. */
async function checkClauses(client: Connection): Promise<Map<string, Map<string, string[]>>> {
  // MariaDB names each check's table; MySQL only through TABLE_CONSTRAINTS.
  const rows = await query(client, 'SELECT TABLE_NAME AS table_name, CHECK_CLAUSE AS clause FROM information_schema.CHECK_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = DATABASE()').catch(() =>
    query(
      client,
      `SELECT t.TABLE_NAME AS table_name, c.CHECK_CLAUSE AS clause FROM information_schema.CHECK_CONSTRAINTS c JOIN information_schema.TABLE_CONSTRAINTS t
         ON t.CONSTRAINT_SCHEMA = c.CONSTRAINT_SCHEMA AND t.CONSTRAINT_NAME = c.CONSTRAINT_NAME AND t.CONSTRAINT_TYPE = 'CHECK' WHERE c.CONSTRAINT_SCHEMA = DATABASE()`,
    ).catch(() => []),
  );
  const found = new Map<string, Map<string, string[]>>();
  for (const row of rows) {
    const table = String(row['table_name']);
    found.set(table, new Map([...(found.get(table) ?? []), ...checkedValues(String(row['clause']))]));
  }
  return found;
}

/** `enum('draft','live')` -> its values. */
function enumTypeValues(type: string): string[] | undefined {
  const list = /^enum\((.*)\)$/i.exec(type)?.[1];
  return list === undefined ? undefined : [...list.matchAll(/'((?:[^']|'')*)'/g)].map((value) => (value[1] ?? '').replace(/''/g, "'"));
}

async function query(client: Connection, sql: string, values: unknown[] = []): Promise<Array<Record<string, unknown>>> {
  const [rows] = await client.query(sql, values);
  return rows as Array<Record<string, unknown>>;
}
