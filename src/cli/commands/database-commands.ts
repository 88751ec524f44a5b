import { hasErrors, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { DatabaseInput } from '../../pipeline/input/input.js';
import { readProjectDatabase } from '../../project/database/database-input.js';
import { exitCodeOf, projectRoot } from '../output/command-output.js';
import type { CliIo } from '../io.js';
import { humanDiagnostics, jsonReport, palette } from '../output/report.js';

export interface DatabaseFlags {
  project?: string;
  databaseUrl?: string;
}

/** `make --from-database`: the tables (all, or those of --tables) lowered into a source model. */
export async function databaseInput(flags: DatabaseFlags & { tables?: string; withMigrations?: boolean }, io: CliIo): Promise<DatabaseInput> {
  const read = await readProjectDatabase(request(flags, io));
  if (read.database === undefined) return { kind: 'database', model: { entities: [] }, diagnostics: read.diagnostics, described: '' };
  const { lowerTables } = await import('../../frontends/database/lower-tables.js');
  const tables = flags.tables === undefined ? undefined : String(flags.tables).split(',').map((table) => table.trim()).filter((table) => table !== '');
  const tablesExist = flags.withMigrations !== true;
  const lowered = lowerTables(read.database, { ...(tables === undefined ? {} : { requested: tables }), tablesExist });
  return { kind: 'database', model: lowered.model, diagnostics: lowered.diagnostics, described: JSON.stringify([read.database, tables ?? null, tablesExist]) };
}

/** `fullapi introspect [--table=name] --json`: what the database holds, and the entities it gives. */
export async function introspectCommand(flags: DatabaseFlags & { table?: string; json?: boolean }, io: CliIo): Promise<number> {
  const read = await readProjectDatabase(request(flags, io));
  let diagnostics: Diagnostic[] = read.diagnostics;
  if (read.database !== undefined && !hasErrors(diagnostics)) {
    const { introspect } = await import('../../frontends/database/introspection.js');
    const found = introspect(read.database, flags.table === undefined ? undefined : String(flags.table));
    diagnostics = [...diagnostics, ...found.diagnostics];
    if (!hasErrors(diagnostics)) {
      io.stdout(flags.json === true ? `${JSON.stringify(found.introspection, null, 2)}\n` : humanIntrospection(found.introspection));
      return 0;
    }
  }
  if (flags.json === true) io.stdout(`${JSON.stringify(jsonReport(false, [], diagnostics), null, 2)}\n`);
  io.stderr(`${humanDiagnostics(diagnostics, new Map(), palette(io.colors)).join('\n')}\n`);
  return exitCodeOf(false, diagnostics);
}

function humanIntrospection(introspection: import('../../frontends/database/introspection.js').Introspection): string {
  const lines = [`${introspection.engine}: ${introspection.tables.length} tables, ${introspection.views.length} views`];
  for (const entity of introspection.entities) {
    lines.push(`  ${entity.table} -> ${entity.name}: ${entity.fields.map((field) => `${field.name}:${field.type}`).join(', ')}`);
    for (const relation of entity.relations) lines.push(`    ${relation.kind} ${relation.name}${relation.target === undefined ? '' : ` -> ${relation.target}`}`);
  }
  for (const note of introspection.notes) lines.push(`  note: ${note.message}`);
  return `${lines.join('\n')}\n`;
}

function request(flags: DatabaseFlags, io: CliIo): { projectRoot: string; databaseUrl?: string } {
  const root = projectRoot(flags, io);
  return flags.databaseUrl === undefined ? { projectRoot: root } : { projectRoot: root, databaseUrl: String(flags.databaseUrl) };
}
