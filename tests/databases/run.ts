import { describeDatabase } from '../../src/project/database/describe-database.js';
import { connectionOf, type DatabaseConnection } from '../../src/project/database/connection.js';
import { readRanMigrations } from '../../src/project/database/ran-migrations.js';
import { startServer, type DatabaseServer, type ServerEngine } from '../e2e/database-servers.js';
import { assertGoldenIntrospection, legacySql } from '../support/legacy-databases.js';

/**
 * --from-database against real servers: for each engine, a private server from Debian's binaries (started
 * on a free port with its data in a temp folder, stopped also on failure), the legacy schema loaded in plain
 * SQL, and the introspection compared with its golden file; then the migrations Laravel's table says ran, read
 * before and after the table exists and refused with a wrong password. Outside `npm test` (a server takes seconds to
 * start); `npm run test:databases`, which .ci/run runs. `node dist/tests/databases/run.js [pgsql|mariadb]`.
 */

async function checkEngine(engine: ServerEngine): Promise<void> {
  const started = Date.now();
  const server = await startServer(engine);
  try {
    await server.createDatabase('legacy');
    const connection = connectionTo(server, 'legacy');
    await execute(engine, connection, legacySql(engine));
    const read = await describeDatabase(connection);
    if (read.database === undefined) throw new Error(read.diagnostics.map((diagnostic) => diagnostic.message).join('\n'));
    assertGoldenIntrospection(engine, read.database);
    const unreachable = await describeDatabase({ ...connection, port: 1 });
    if (unreachable.diagnostics[0]?.code !== 'database_unreachable' || !unreachable.diagnostics[0].message.includes('legacy on 127.0.0.1:1')) {
      throw new Error(`a closed port did not give database_unreachable naming the host and database: ${JSON.stringify(unreachable.diagnostics)}`);
    }
    await checkRanMigrations(engine, server);
    console.log(`ok ${engine} (${server.version}) in ${Date.now() - started} ms`);
  } finally {
    await server.stop();
  }
}

function connectionTo(server: DatabaseServer, database: string): DatabaseConnection {
  const settings = new Map(Object.entries(server.settings(database)));
  const { connection } = connectionOf(settings, process.cwd());
  if (connection === undefined) throw new Error(`no connection from ${JSON.stringify(Object.fromEntries(settings))}`);
  return connection;
}

const RIGHT_PASSWORD = 'ranmig-right-password';
const WRONG_PASSWORD = 'ranmig-wrong-password';

/**
 * Laravel's migrations table as `php artisan migrate` creates it, read through a user of its own with a
 * password: the servers trust their superuser, so only such a user can be refused for a wrong one.
 */
async function checkRanMigrations(engine: ServerEngine, server: DatabaseServer): Promise<void> {
  await server.createDatabase('ran');
  const admin = connectionTo(server, 'ran');
  const before = await readRanMigrations(admin);
  if (before.status !== 'absent') throw new Error(`before a migrations table: ${JSON.stringify(before)}`);
  await execute(engine, admin, migrationsSql(engine));
  const user = { ...admin, username: 'ranmig', password: RIGHT_PASSWORD };
  const after = await readRanMigrations(user);
  const expected = ['0001_01_01_000000_create_users_table', '2026_05_01_000000_create_posts_table'];
  if (after.status !== 'read' || after.ran.join() !== expected.join()) throw new Error(`after migrating: ${JSON.stringify(after)}, expected ${expected.join(', ')}`);
  const refused = await refusedRead({ ...user, password: WRONG_PASSWORD });
  if (!/password authentication failed|Access denied/.test(refused.reason) || refused.reason.includes(WRONG_PASSWORD)) {
    throw new Error(`a wrong password's reason does not say so, or shows the password: ${refused.reason}`);
  }
}

function migrationsSql(engine: ServerEngine): string {
  const table = `CREATE TABLE migrations (id ${engine === 'pgsql' ? 'serial' : 'int unsigned NOT NULL AUTO_INCREMENT'} PRIMARY KEY, migration varchar(255) NOT NULL, batch int NOT NULL);
    INSERT INTO migrations (migration, batch) VALUES ('2026_05_01_000000_create_posts_table', 2), ('0001_01_01_000000_create_users_table', 1);`;
  if (engine === 'mariadb') {
    return `${table} CREATE USER 'ranmig'@'localhost' IDENTIFIED BY '${RIGHT_PASSWORD}'; CREATE USER 'ranmig'@'127.0.0.1' IDENTIFIED BY '${RIGHT_PASSWORD}';
      GRANT SELECT ON ran.* TO 'ranmig'@'localhost'; GRANT SELECT ON ran.* TO 'ranmig'@'127.0.0.1';`;
  }
  // Password checks for every user but the superuser, in place of the harness's `trust` for all.
  return `${table} CREATE ROLE ranmig LOGIN PASSWORD '${RIGHT_PASSWORD}'; GRANT SELECT ON migrations TO ranmig;
    DO $$ BEGIN EXECUTE format('COPY (SELECT unnest(ARRAY[%L, %L, %L])) TO %L', 'local all all trust', 'host all postgres 127.0.0.1/32 trust',
      'host all all 127.0.0.1/32 scram-sha-256', current_setting('hba_file')); END $$;
    SELECT pg_reload_conf();`;
}

/** A read with a wrong password, until the server refuses it: PostgreSQL takes its new rules a moment after the reload. */
async function refusedRead(connection: DatabaseConnection): Promise<{ reason: string }> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const read = await readRanMigrations(connection);
    if (read.status === 'unknown') return read;
    if (Date.now() > deadline) throw new Error(`a wrong password was not refused: ${JSON.stringify(read)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function execute(engine: ServerEngine, connection: DatabaseConnection, sql: string): Promise<void> {
  if (engine === 'pgsql') {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ host: connection.host, port: connection.port, database: connection.database, user: connection.username, password: connection.password });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
    return;
  }
  const mysql = await import('mysql2/promise');
  const client = await mysql.createConnection({ host: connection.host, port: connection.port, database: connection.database, user: connection.username, password: connection.password, multipleStatements: true });
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const engines = process.argv.slice(2) as ServerEngine[];
let failed = false;
for (const engine of engines.length === 0 ? (['pgsql', 'mariadb'] as const) : engines) {
  try {
    await checkEngine(engine);
  } catch (cause) {
    failed = true;
    console.error(`FAIL ${engine}: ${cause instanceof Error ? (cause.stack ?? cause.message) : String(cause)}`);
  }
}
process.exit(failed ? 1 : 0);
