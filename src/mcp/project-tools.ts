import { z } from 'zod';
import { hasErrors, type Diagnostic } from '../diagnostics/diagnostic.js';
import { CLASS_DATA_PATH } from '../emit/records/class-data.js';
import { planDelete } from '../pipeline/delete.js';
import { readProjectDatabase } from '../project/database-input.js';
import { readProjectText } from '../project/project-file.js';
import { planSummary } from './make-tool.js';
import { outcomeShape, plannedFiles, planShape, toolDiagnostic, toolResult } from './tool-result.js';
import { defineTool } from './tool.js';

/** The tools on what the project holds: its record of entities, its database, and deleting entities. */

export const deleteTool = defineTool({
  name: 'delete',
  title: 'Delete entities',
  description:
    'Remove what fullapi generated for the named entities: their files, migrations, routes, seeder calls and class_data.json entries, as fullapi delete does. A file edited by hand is kept unless force. Returns the plan with diffs; deletes only with apply: true.',
  input: {
    entities: z.array(z.string()).min(1).describe('The entities to delete, e.g. ["Comment"]; an entity another one still refers to must be deleted with it'),
    force: z.boolean().optional().describe('Delete files edited by hand too'),
    apply: z.boolean().optional().describe('Delete the files; without it, nothing is written and the plan is returned'),
  },
  output: planShape,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  run: async (args, context) => {
    const apply = args.apply === true;
    const planned = planDelete({ projectRoot: context.root, entities: args.entities, force: args.force === true, dryRun: !apply, now: context.now() }, context.fs);
    const outcome = apply && planned.write !== undefined ? planned.write() : planned.outcome;
    const applied = apply && outcome.ok;
    const structured = { ok: outcome.ok, applied, files: plannedFiles(outcome.changes), diagnostics: outcome.diagnostics.map(toolDiagnostic) };
    return toolResult(structured, planSummary(outcome, applied));
  },
});

const listedEntity = z.object({
  name: z.string(),
  table: z.string().optional(),
  softDeletes: z.boolean(),
  options: z.array(z.string()).describe('The generation options it was made with'),
  fields: z.array(z.looseObject({ name: z.string(), type: z.string(), nullable: z.boolean(), unique: z.boolean() })),
  relations: z.array(z.looseObject({ name: z.string(), kind: z.string(), target: z.string().optional() })),
});

export const listEntitiesTool = defineTool({
  name: 'list_entities',
  title: 'List the generated entities',
  description: "The entities fullapi generated in the project, as its record class_data.json holds them: fields, relations, soft deletes and options. An empty list when the project has no record yet.",
  input: {},
  output: { ...outcomeShape, entities: z.array(listedEntity) },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: async (_args, context) => {
    const read = readProjectText(context.root, CLASS_DATA_PATH, context.fs);
    if (read.status === 'failed') return toolResult({ ok: false, entities: [], diagnostics: [toolDiagnostic(read.diagnostic)] }, `${CLASS_DATA_PATH} cannot be read.`);
    if (read.status === 'missing') return toolResult({ ok: true, entities: [], diagnostics: [] }, `No ${CLASS_DATA_PATH}: fullapi has generated no entity here yet.`);
    const { readClassDataFile } = await import('../frontends/schema/class-data-file.js');
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
  },
});

export const introspectTool = defineTool({
  name: 'introspect',
  title: "Read the project's database",
  description:
    "What the project's database (its .env's DB_* settings, or databaseUrl) holds, and the entities make --from-database would make of it: the same document as fullapi introspect --json (engine, tables, views, entities, notes).",
  input: {
    table: z.string().optional().describe('Only this table'),
    databaseUrl: z.string().optional().describe('The database to read instead of .env, e.g. pgsql://user:password@host:5432/name'),
  },
  output: {
    ...outcomeShape,
    introspection: z.looseObject({ engine: z.string(), tables: z.array(z.unknown()), views: z.array(z.string()), entities: z.array(z.unknown()), notes: z.array(z.unknown()) }).optional(),
  },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: async (args, context) => {
    const read = await readProjectDatabase({ projectRoot: context.root, ...(args.databaseUrl === undefined ? {} : { databaseUrl: args.databaseUrl }) }, context.fs);
    let diagnostics: Diagnostic[] = read.diagnostics;
    if (read.database === undefined || hasErrors(diagnostics)) return toolResult({ ok: false, diagnostics: diagnostics.map(toolDiagnostic) }, 'The database cannot be read.');
    const { introspect } = await import('../frontends/database/introspection.js');
    const found = introspect(read.database, args.table);
    diagnostics = [...diagnostics, ...found.diagnostics];
    if (hasErrors(diagnostics)) return toolResult({ ok: false, diagnostics: diagnostics.map(toolDiagnostic) }, 'The database cannot be introspected.');
    const { introspection } = found;
    const summary = `${introspection.engine}: ${introspection.tables.length} tables, ${introspection.views.length} views, ${introspection.entities.length} entities.`;
    return toolResult({ ok: true, introspection: { ...introspection }, diagnostics: diagnostics.map(toolDiagnostic) }, summary);
  },
});
