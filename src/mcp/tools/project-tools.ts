import { z } from 'zod';
import { outcomeShape, planShape } from '../tool-result.js';
import { defineTool } from '../tool.js';
import { deleteInput, introspectInput } from './project-inputs.js';

/** The tools on what the project holds: its record of entities, its database, and deleting entities. */


export const deleteTool = defineTool({
  name: 'delete',
  title: 'Delete entities',
  description:
    'Remove what fullapi generated for the named entities: their files, migrations, routes, seeder calls and class_data.json entries, as fullapi delete does. A file edited by hand is kept unless force. Returns the plan with diffs; deletes only with apply: true.',
  input: deleteInput,
  output: planShape,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  run: async (args, context) => (await import('./project-runs.js')).runDeleteTool(args, context),
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
  run: async (_args, context) => (await import('./project-runs.js')).runListEntitiesTool(context),
});


export const introspectTool = defineTool({
  name: 'introspect',
  title: "Read the project's database",
  description:
    "What the project's database (its .env's DB_* settings, or databaseUrl) holds, and the entities make --from-database would make of it: the same document as fullapi introspect --json (engine, tables, views, entities, notes).",
  input: introspectInput,
  output: {
    ...outcomeShape,
    introspection: z.looseObject({ engine: z.string(), tables: z.array(z.unknown()), views: z.array(z.string()), entities: z.array(z.unknown()), notes: z.array(z.unknown()) }).optional(),
  },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: async (args, context) => (await import('./project-runs.js')).runIntrospectTool(args, context),
});
