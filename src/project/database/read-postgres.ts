import type { Client } from 'pg';
import { checkedValues } from './check-values.js';
import type { DatabaseConnection } from './connection.js';
import type { ColumnDescription, DatabaseDescription, ForeignKeyDescription, TableDescription } from '../../ir/database-description.js';

/** A PostgreSQL database's current schema -> the neutral description, through the catalog (pg_catalog). */
export async function readPostgres(connection: DatabaseConnection): Promise<DatabaseDescription> {
  const client = await connectPostgres(connection, CONNECT_TIMEOUT_MS);
  try {
    const relations = await query(
      client,
      `SELECT c.oid, c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm') ORDER BY c.relname`,
    );
    const tables: TableDescription[] = [];
    for (const relation of relations.filter((row) => row['relkind'] === 'r' || row['relkind'] === 'p')) {
      tables.push(await describeTable(client, Number(relation['oid']), String(relation['relname'])));
    }
    const views = relations.filter((row) => row['relkind'] === 'v' || row['relkind'] === 'm').map((row) => String(row['relname']));
    return { engine: 'pgsql', tables, views };
  } finally {
    await client.end();
  }
}

const CONNECT_TIMEOUT_MS = 10_000;

/** A connected client, or the driver's failure once `timeoutMs` have passed without an answer. The caller ends it. */
export async function connectPostgres(connection: DatabaseConnection, timeoutMs: number): Promise<Client> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({
    host: connection.host,
    port: connection.port,
    database: connection.database,
    user: connection.username,
    password: connection.password,
    connectionTimeoutMillis: timeoutMs,
  });
  await client.connect();
  return client;
}

async function describeTable(client: Client, oid: number, name: string): Promise<TableDescription> {
  const attributes = await query(
    client,
    `SELECT a.attname, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull, a.attidentity,
            pg_get_expr(d.adbin, d.adrelid) AS default_value, t.typtype,
            (SELECT array_agg(e.enumlabel ORDER BY e.enumsortorder) FROM pg_enum e WHERE e.enumtypid = a.atttypid) AS enum_values
     FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
     WHERE a.attrelid = $1 AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`,
    [oid],
  );
  const indexes = await query(
    client,
    `SELECT i.indisprimary, i.indisunique, i.indpred IS NULL AS whole,
            (SELECT array_agg(a.attname ORDER BY k.ord) FROM unnest(i.indkey) WITH ORDINALITY k(attnum, ord)
               JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum) AS columns
     FROM pg_index i WHERE i.indrelid = $1`,
    [oid],
  );
  const constraints = await query(
    client,
    `SELECT con.contype, con.confdeltype, pg_get_constraintdef(con.oid) AS definition, cl.relname AS referenced_table,
            (SELECT array_agg(a.attname) FROM pg_attribute a WHERE a.attrelid = con.conrelid AND a.attnum = ANY (con.conkey)) AS columns,
            (SELECT array_agg(a.attname) FROM pg_attribute a WHERE a.attrelid = con.confrelid AND a.attnum = ANY (con.confkey)) AS referenced_columns
     FROM pg_constraint con LEFT JOIN pg_class cl ON cl.oid = con.confrelid
     WHERE con.conrelid = $1 AND con.contype IN ('f', 'c') ORDER BY con.conname`,
    [oid],
  );
  const primaryKey = names(indexes.find((index) => index['indisprimary'] === true)?.['columns']);
  const unique = new Set(
    indexes
      .filter((index) => index['indisunique'] === true && index['indisprimary'] !== true && index['whole'] === true)
      .map((index) => names(index['columns']))
      .filter((columns) => columns.length === 1)
      .map((columns) => columns[0] ?? ''),
  );
  const checks = new Map(constraints.filter((row) => row['contype'] === 'c').flatMap((row) => [...checkedValues(String(row['definition']))]));
  const columns = attributes.map((row): ColumnDescription => {
    const column = String(row['attname']);
    const defaultValue = row['default_value'] === null ? undefined : String(row['default_value']);
    const described: ColumnDescription = {
      name: column,
      type: String(row['type']),
      nullable: row['attnotnull'] !== true,
      unique: unique.has(column),
      autoIncrement: row['attidentity'] !== '' || (defaultValue?.startsWith('nextval(') ?? false),
    };
    if (defaultValue !== undefined && !described.autoIncrement) described.default = defaultValue;
    const values = row['typtype'] === 'e' ? names(row['enum_values']) : checks.get(column);
    if (values !== undefined) described.enumValues = values;
    return described;
  });
  const foreignKeys = constraints
    .filter((row) => row['contype'] === 'f' && names(row['columns']).length === 1)
    .map((row): ForeignKeyDescription => {
      const key: ForeignKeyDescription = {
        column: names(row['columns'])[0] ?? '',
        referencedTable: String(row['referenced_table']),
        referencedColumn: names(row['referenced_columns'])[0] ?? 'id',
      };
      const onDelete = DELETE_ACTIONS[String(row['confdeltype'])];
      if (onDelete !== undefined) key.onDelete = onDelete;
      return key;
    });
  return { name, columns, primaryKey, foreignKeys };
}

/** pg_constraint.confdeltype's letters; `a` (no action) and `d` (set default) have no rule of their own. */
const DELETE_ACTIONS: Readonly<Record<string, ForeignKeyDescription['onDelete']>> = { c: 'cascade', n: 'set_null', r: 'restrict' };

/** A name[] column: pg parses it into an array, except for types it does not know (`{a,b}` text). */
function names(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string' && value.startsWith('{')) return value.slice(1, -1).split(',').filter((name) => name !== '').map((name) => name.replace(/^"|"$/g, ''));
  return [];
}

async function query(client: Client, sql: string, values: unknown[] = []): Promise<Array<Record<string, unknown>>> {
  return (await client.query(sql, values)).rows as Array<Record<string, unknown>>;
}
