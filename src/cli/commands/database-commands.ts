import type { Introspection } from '../../frontends/database/introspection.js';
import type { OptionValues } from '../../ir/options.js';
import { runIntrospect } from '../../pipeline/database.js';
import type { CliIo } from '../io.js';
import { databaseRequest, exitCodeOf } from '../output/command-output.js';
import { humanDiagnostics, jsonReport, palette } from '../output/report.js';

/** `fullapi introspect [--table=name] --json`: what the database holds, and the entities it gives. */
export async function introspectCommand(flags: OptionValues<'table' | 'json' | 'databaseUrl' | 'project'>, io: CliIo): Promise<number> {
  const found = await runIntrospect({ ...databaseRequest(flags, io), ...(flags.table === undefined ? {} : { table: flags.table }) });
  if (found.introspection !== undefined) {
    io.stdout(flags.json === true ? `${JSON.stringify(found.introspection, null, 2)}\n` : humanIntrospection(found.introspection));
    return 0;
  }
  if (flags.json === true) io.stdout(`${JSON.stringify(jsonReport(false, [], found.diagnostics), null, 2)}\n`);
  io.stderr(`${humanDiagnostics(found.diagnostics, new Map(), palette(io.colors)).join('\n')}\n`);
  return exitCodeOf(false, found.diagnostics);
}

function humanIntrospection(introspection: Introspection): string {
  const lines = [`${introspection.engine}: ${introspection.tables.length} tables, ${introspection.views.length} views`];
  for (const entity of introspection.entities) {
    lines.push(`  ${entity.table} -> ${entity.name}: ${entity.fields.map((field) => `${field.name}:${field.type}`).join(', ')}`);
    for (const relation of entity.relations) lines.push(`    ${relation.kind} ${relation.name}${relation.target === undefined ? '' : ` -> ${relation.target}`}`);
  }
  for (const note of introspection.notes) lines.push(`  note: ${note.message}`);
  return `${lines.join('\n')}\n`;
}
