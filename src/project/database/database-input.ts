import { join } from 'node:path';
import { hasErrors, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { connectionOf, parseEnv, type DatabaseConnection } from './connection.js';
import { describeDatabase } from './describe-database.js';
import { readRanMigrations } from './ran-migrations.js';
import type { DatabaseDescription } from '../../ir/database-description.js';
import type { DatabaseMigrations } from '../../ir/database-migrations.js';
import { describeOsError, nodeFs, type ProjectFs } from '../fs/project-fs.js';

/**
 * The project's database, found through its .env (or the URL given) and read: the reading side of
 * --from-database and introspect. Everything after works on the description.
 */
export interface DatabaseRequest {
  projectRoot: string;
  databaseUrl?: string;
}

export async function readProjectDatabase(request: DatabaseRequest, fs: ProjectFs = nodeFs): Promise<{ database?: DatabaseDescription; diagnostics: Diagnostic[] }> {
  const found = projectConnection(request, fs);
  if (found.connection === undefined || hasErrors(found.diagnostics)) return { diagnostics: found.diagnostics };
  return describeDatabase(found.connection, fs);
}

/**
 * The migrations the project's database has run, found through its .env as readProjectDatabase finds the
 * database. Never fails, as `make` runs on without it: a .env that names no database it can read, or that
 * cannot be read, is `unknown` (any migration may have run).
 */
export async function readProjectMigrations(projectRoot: string, fs: ProjectFs = nodeFs): Promise<DatabaseMigrations> {
  let found: ReturnType<typeof projectConnection>;
  try {
    found = projectConnection({ projectRoot }, fs);
  } catch (cause) {
    return { status: 'unknown', reason: `cannot read ${join(projectRoot, '.env')}: ${describeOsError(cause)}` };
  }
  if (found.connection === undefined || hasErrors(found.diagnostics)) {
    return { status: 'unknown', reason: found.diagnostics.map((diagnostic) => diagnostic.message).join('; ') };
  }
  return readRanMigrations(found.connection, fs);
}

function projectConnection(request: DatabaseRequest, fs: ProjectFs): { connection?: DatabaseConnection; diagnostics: Diagnostic[] } {
  const envFile = join(request.projectRoot, '.env');
  const env = fs.exists(envFile) ? parseEnv(fs.readFile(envFile)) : new Map<string, string>();
  return connectionOf(env, request.projectRoot, request.databaseUrl);
}
