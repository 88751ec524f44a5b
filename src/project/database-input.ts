import { join } from 'node:path';
import { hasErrors, type Diagnostic } from '../diagnostics/diagnostic.js';
import { connectionOf, parseEnv } from '../frontends/database/connection.js';
import { describeDatabase } from '../frontends/database/index.js';
import type { DatabaseDescription } from '../frontends/database/table-description.js';
import { nodeFs, type ProjectFs } from './project-fs.js';

/**
 * The project's database, found through its .env (or the URL given) and read: the reading side of
 * --from-database and introspect. Everything after works on the description.
 */
export interface DatabaseRequest {
  projectRoot: string;
  databaseUrl?: string;
}

export async function readProjectDatabase(request: DatabaseRequest, fs: ProjectFs = nodeFs): Promise<{ database?: DatabaseDescription; diagnostics: Diagnostic[] }> {
  const envFile = join(request.projectRoot, '.env');
  const env = fs.exists(envFile) ? parseEnv(fs.readFile(envFile)) : new Map<string, string>();
  const found = connectionOf(env, request.projectRoot, request.databaseUrl);
  if (found.connection === undefined || hasErrors(found.diagnostics)) return { diagnostics: found.diagnostics };
  return describeDatabase(found.connection, fs);
}
