import type { DatabaseMigrations } from '../../ir/database-migrations.js';
import { nodeFs, type ProjectFs } from '../fs/project-fs.js';
import { describeConnection, type DatabaseConnection } from './connection.js';
import { driverReason } from './describe-database.js';

/**
 * Laravel's migration repository table, the default of config/database.php `migrations.table`. A table prefix
 * is ignored: Laravel 12's and 13's config/database.php write every connection's `prefix` as '' rather than
 * reading it from .env, so only a config edited by hand has one, and its `<prefix>migrations` is not found here
 * (read as absent: as if no migration had run).
 */
const MIGRATIONS_TABLE = 'migrations';

/** Short, as `make` waits on it: a server that is down must cost seconds, not the driver's default minute. */
const CONNECT_TIMEOUT_MS = 3_000;

/**
 * Which migrations the database has run, by its driver, loaded only for the driver asked. Never fails: what
 * cannot be read is `unknown`, with the driver's reason (the password never in it).
 */
export async function readRanMigrations(connection: DatabaseConnection, fs: ProjectFs = nodeFs): Promise<DatabaseMigrations> {
  try {
    if (connection.driver === 'sqlite') return await sqliteMigrations(connection, fs);
    if (connection.driver === 'pgsql') return await postgresMigrations(connection);
    return await mysqlMigrations(connection);
  } catch (problem) {
    return { status: 'unknown', reason: `cannot read ${describeConnection(connection)}: ${driverReason(problem, connection)}` };
  }
}

async function sqliteMigrations(connection: DatabaseConnection, fs: ProjectFs): Promise<DatabaseMigrations> {
  if (!fs.exists(connection.database)) return { status: 'absent', reason: `${describeConnection(connection)} does not exist` };
  const { openSqlite, rows } = await import('./read-sqlite.js');
  // The file's bytes, copied: the project's database is never opened for writing.
  const database = await openSqlite(fs.readBytes(connection.database));
  try {
    if (rows(database, `SELECT name FROM sqlite_master WHERE type = 'table' AND name = '${MIGRATIONS_TABLE}'`).length === 0) return noTable(connection);
    return ran(rows(database, `SELECT migration FROM ${MIGRATIONS_TABLE}`).map((row) => row['migration']));
  } finally {
    database.close();
  }
}

async function postgresMigrations(connection: DatabaseConnection): Promise<DatabaseMigrations> {
  const { connectPostgres } = await import('./read-postgres.js');
  const client = await connectPostgres(connection, CONNECT_TIMEOUT_MS);
  try {
    // to_regclass resolves the bare name through the search path, as the SELECT below and Laravel's own do.
    const found = await client.query('SELECT to_regclass($1) IS NOT NULL AS present', [MIGRATIONS_TABLE]);
    if (found.rows[0]?.present !== true) return noTable(connection);
    return ran((await client.query(`SELECT migration FROM ${MIGRATIONS_TABLE}`)).rows.map((row: Record<string, unknown>) => row['migration']));
  } finally {
    await client.end();
  }
}

async function mysqlMigrations(connection: DatabaseConnection): Promise<DatabaseMigrations> {
  const { connectMysql } = await import('./read-mysql.js');
  const client = await connectMysql(connection, CONNECT_TIMEOUT_MS);
  try {
    const [found] = await client.query('SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?', [MIGRATIONS_TABLE]);
    if ((found as unknown[]).length === 0) return noTable(connection);
    const [names] = await client.query(`SELECT migration FROM ${MIGRATIONS_TABLE}`);
    return ran((names as Array<Record<string, unknown>>).map((row) => row['migration']));
  } finally {
    await client.end();
  }
}

function noTable(connection: DatabaseConnection): DatabaseMigrations {
  return { status: 'absent', reason: `${describeConnection(connection)} has no ${MIGRATIONS_TABLE} table` };
}

/** Sorted in code-unit order, the order migration names are compared in. */
function ran(names: unknown[]): DatabaseMigrations {
  return { status: 'read', ran: names.map(String).sort() };
}
