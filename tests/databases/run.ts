import { describeDatabase } from '../../src/frontends/database/index.js';
import { connectionOf } from '../../src/frontends/database/connection.js';
import { startServer, type ServerEngine } from '../e2e/database-servers.js';
import { assertGoldenIntrospection, legacySql } from '../unit/frontends/database/legacy-databases.js';

/**
 * --from-database against real servers: for each engine, a private server from Debian's binaries (started
 * on a free port with its data in a temp folder, stopped also on failure), the legacy schema loaded in plain
 * SQL, and the introspection compared with its golden file. Outside `npm test` (a server takes seconds to
 * start); `npm run test:databases`, which .ci/run runs. `node dist/tests/databases/run.js [pgsql|mariadb]`.
 */

async function checkEngine(engine: ServerEngine): Promise<void> {
  const started = Date.now();
  const server = await startServer(engine);
  try {
    await server.createDatabase('legacy');
    const settings = new Map(Object.entries(server.settings('legacy')));
    const { connection } = connectionOf(settings, process.cwd());
    if (connection === undefined) throw new Error(`no connection from ${JSON.stringify(Object.fromEntries(settings))}`);
    await loadSchema(engine, connection);
    const read = await describeDatabase(connection);
    if (read.database === undefined) throw new Error(read.diagnostics.map((diagnostic) => diagnostic.message).join('\n'));
    assertGoldenIntrospection(engine, read.database);
    const unreachable = await describeDatabase({ ...connection, port: 1 });
    if (unreachable.diagnostics[0]?.code !== 'database_unreachable' || !unreachable.diagnostics[0].message.includes('legacy on 127.0.0.1:1')) {
      throw new Error(`a closed port did not give database_unreachable naming the host and database: ${JSON.stringify(unreachable.diagnostics)}`);
    }
    console.log(`ok ${engine} (${server.version}) in ${Date.now() - started} ms`);
  } finally {
    await server.stop();
  }
}

async function loadSchema(engine: ServerEngine, connection: { host: string; port: number; database: string; username: string; password: string }): Promise<void> {
  const sql = legacySql(engine);
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
