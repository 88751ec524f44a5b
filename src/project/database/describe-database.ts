import type { ProjectFs } from '../fs/project-fs.js';
import { nodeFs } from '../fs/project-fs.js';
import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { describeConnection, withoutPassword, type DatabaseConnection } from './connection.js';
import type { DatabaseDescription } from '../../ir/database-description.js';

/**
 * Reads what a database holds, by its driver. The one place the drivers are called: the front end's
 * lowering, the passes and the emitters see only the description.
 */
export async function describeDatabase(connection: DatabaseConnection, fs: ProjectFs = nodeFs): Promise<{ database?: DatabaseDescription; diagnostics: Diagnostic[] }> {
  try {
    if (connection.driver === 'sqlite') {
      if (!fs.exists(connection.database)) return { diagnostics: [unreachable(connection, 'the file does not exist')] };
      const { readSqlite } = await import('./read-sqlite.js');
      return { database: await readSqlite(fs.readBytes(connection.database)), diagnostics: [] };
    }
    if (connection.driver === 'pgsql') {
      const { readPostgres } = await import('./read-postgres.js');
      return { database: await readPostgres(connection), diagnostics: [] };
    }
    const { readMysql } = await import('./read-mysql.js');
    return { database: await readMysql(connection), diagnostics: [] };
  } catch (problem) {
    return { diagnostics: [unreachable(connection, driverReason(problem, connection))] };
  }
}

/**
 * What a driver's failure says, the password taken out. Some failures have an empty message (Node's
 * AggregateError when every address of a host refuses): their code (ECONNREFUSED) says it then.
 */
export function driverReason(problem: unknown, connection: DatabaseConnection): string {
  const reason = problem instanceof Error ? problem.message : String(problem);
  return withoutPassword(reason === '' ? String((problem as { code?: unknown }).code ?? 'no answer') : reason, connection);
}

function unreachable(connection: DatabaseConnection, reason: string): Diagnostic {
  return error(
    'database_unreachable',
    `cannot read ${describeConnection(connection)}: ${reason}`,
    { flag: '--from-database' },
    "check the project's .env (DB_CONNECTION, DB_HOST, DB_PORT, DB_DATABASE, DB_USERNAME, DB_PASSWORD or DB_URL), or pass --database-url",
  );
}
