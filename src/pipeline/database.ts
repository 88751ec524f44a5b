import { hasErrors, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { Introspection } from '../frontends/database/introspection.js';
import { readProjectDatabase, type DatabaseRequest } from '../project/database/database-input.js';
import { nodeFs, type ProjectFs } from '../project/fs/project-fs.js';
import type { DatabaseInput } from './input/input.js';

/** `make --from-database`: the tables (all, or those `tables` names) lowered into a source model. */
export async function readDatabaseInput(
  request: DatabaseRequest & { tables?: readonly string[]; withMigrations: boolean },
  fs: ProjectFs = nodeFs,
): Promise<DatabaseInput> {
  const read = await readProjectDatabase(request, fs);
  if (read.database === undefined) return { kind: 'database', model: { entities: [] }, diagnostics: read.diagnostics, described: '' };
  const { lowerTables } = await import('../frontends/database/lower-tables.js');
  const tablesExist = !request.withMigrations;
  const lowered = lowerTables(read.database, { ...(request.tables === undefined ? {} : { requested: [...request.tables] }), tablesExist });
  return { kind: 'database', model: lowered.model, diagnostics: lowered.diagnostics, described: JSON.stringify([read.database, request.tables ?? null, tablesExist]) };
}

/** `introspect`: what the database holds, and the entities --from-database makes of it (of one table, or all). */
export async function runIntrospect(request: DatabaseRequest & { table?: string }, fs: ProjectFs = nodeFs): Promise<{ introspection?: Introspection; diagnostics: Diagnostic[] }> {
  const read = await readProjectDatabase(request, fs);
  if (read.database === undefined || hasErrors(read.diagnostics)) return { diagnostics: read.diagnostics };
  const { introspect } = await import('../frontends/database/introspection.js');
  const found = introspect(read.database, request.table);
  const diagnostics = [...read.diagnostics, ...found.diagnostics];
  return hasErrors(diagnostics) ? { diagnostics } : { introspection: found.introspection, diagnostics };
}
