import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { hasErrors, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { CLASS_DATA_PATH } from '../../emit/records/class-data.js';
import { planDelete } from '../../pipeline/delete/delete.js';
import { runIntrospect } from '../../pipeline/database.js';
import { readProjectText } from '../../project/fs/project-file.js';
import { plannedFiles } from '../../pipeline/make/planned-files.js';
import { planSummary } from './make-run.js';
import { projectFile } from '../project-paths.js';
import type { deleteInput, introspectInput } from './project-inputs.js';
import { toolDiagnostic, toolResult } from '../tool-result.js';
import type { ToolContext } from '../tool.js';

/** The runs of the tools on what the project holds, loaded with the pipeline on their first call. */

/** `fullapi delete` of the entities named: the plan, carried out with apply. */
export async function runDeleteTool(args: z.infer<z.ZodObject<typeof deleteInput>>, context: ToolContext): Promise<CallToolResult> {
  const apply = args.apply === true;
  const planned = planDelete({ projectRoot: context.root, entities: args.entities, force: args.force === true, dryRun: !apply, now: context.now() }, context.fs);
  const outcome = apply && planned.write !== undefined ? planned.write() : planned.outcome;
  const applied = apply && outcome.ok;
  const structured = { ok: outcome.ok, applied, files: plannedFiles(outcome.changes), diagnostics: outcome.diagnostics.map(toolDiagnostic) };
  return toolResult(structured, planSummary(outcome, applied));
}

/** The entities class_data.json records, as its front end reads them. */
export async function runListEntitiesTool(context: ToolContext): Promise<CallToolResult> {
  const read = readProjectText(context.root, CLASS_DATA_PATH, context.fs);
  if (read.status === 'failed') return toolResult({ ok: false, entities: [], diagnostics: [toolDiagnostic(read.diagnostic)] }, `${CLASS_DATA_PATH} cannot be read.`);
  if (read.status === 'missing') return toolResult({ ok: true, entities: [], diagnostics: [] }, `No ${CLASS_DATA_PATH}: fullapi has generated no entity here yet.`);
  const { readClassDataFile } = await import('../../frontends/schema/class-data-file.js');
  const source = readClassDataFile(CLASS_DATA_PATH, read.text);
  const entities = (source.model?.entities ?? []).map((entity) => ({
    name: entity.name,
    ...(entity.table === undefined ? {} : { table: entity.table }),
    softDeletes: entity.softDeletes,
    options: Object.entries(entity.options ?? {}).filter(([, on]) => on === true).map(([option]) => option),
    fields: entity.fields.map(({ span: _span, ...field }) => field),
    relations: entity.relations.map(({ span: _span, ...relation }) => relation),
  }));
  const ok = !hasErrors(source.diagnostics);
  return toolResult({ ok, entities, diagnostics: source.diagnostics.map(toolDiagnostic) }, `${entities.length} ${entities.length === 1 ? 'entity' : 'entities'}: ${entities.map((entity) => entity.name).join(', ')}`);
}

/** `fullapi introspect --json` of the project's database. */
export async function runIntrospectTool(args: z.infer<z.ZodObject<typeof introspectInput>>, context: ToolContext): Promise<CallToolResult> {
  const refused = args.databaseUrl === undefined ? [] : await sqliteOutsideProject(args.databaseUrl, context);
  if (refused.length > 0) return toolResult({ ok: false, diagnostics: refused.map(toolDiagnostic) }, 'The database cannot be read.');
  const found = await runIntrospect({ projectRoot: context.root, ...(args.databaseUrl === undefined ? {} : { databaseUrl: args.databaseUrl }), ...(args.table === undefined ? {} : { table: args.table }) }, context.fs);
  const diagnostics = found.diagnostics;
  if (found.introspection === undefined) return toolResult({ ok: false, diagnostics: diagnostics.map(toolDiagnostic) }, 'The database cannot be read or introspected.');
  const { introspection } = found;
  const summary = `${introspection.engine}: ${introspection.tables.length} tables, ${introspection.views.length} views, ${introspection.entities.length} entities.`;
  return toolResult({ ok: true, introspection: { ...introspection }, diagnostics: diagnostics.map(toolDiagnostic) }, summary);
}

/** A SQLite URL names a file: like any path a client gives, it must be inside the project. */
async function sqliteOutsideProject(databaseUrl: string, context: ToolContext): Promise<Diagnostic[]> {
  const { connectionOf } = await import('../../project/database/connection.js');
  const { connection } = connectionOf(new Map(), context.root, databaseUrl);
  if (connection?.driver !== 'sqlite') return [];
  return projectFile(context.root, connection.database, 'databaseUrl', context.fs).diagnostics;
}
