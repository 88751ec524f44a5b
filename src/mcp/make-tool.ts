import { z } from 'zod';
import { GENERATION_OPTIONS } from '../ir/generation-options.js';
import type { GenerationOptions } from '../ir/ir.generated.js';
import { MERGE_MODES } from '../project/merge-conflicts.js';
import { textInput } from './text-input.js';
import { planShape } from './tool-result.js';
import { defineTool } from './tool.js';

const optionsInput = z
  .object(Object.fromEntries(GENERATION_OPTIONS.map((option) => [option, z.boolean().optional()])) as Record<keyof GenerationOptions, z.ZodOptional<z.ZodBoolean>>)
  .strict()
  .optional()
  .describe('Generation options for every entity of the input, as the flags of fullapi make: auth, clientCollection, expressiveTests, queryBuilder, jsonApi');

export const makeInput = {
  entity: z.string().optional().describe('One entity by name, e.g. Post; without fields, regenerated from what class_data.json records'),
  fields: z.string().optional().describe('With entity: its fields as fullapi make --fields takes them, e.g. "title:string,body:text:nullable,status:enum(draft,published)"'),
  softDeletes: z.boolean().optional().describe('With entity: soft deletes (trait, column, restore and force-delete routes)'),
  ...textInput,
  options: optionsInput,
  only: z.array(z.string()).optional().describe('Rewrite only these artifacts, e.g. ["Model", "Migration"]'),
  force: z.boolean().optional().describe('Rewrite files edited by hand'),
  merge: z.enum(MERGE_MODES).optional().describe('A hand-edited file whose merge with its new generation conflicts: keep (default) leaves it as it is, markers writes conflict markers into it'),
  fresh: z.boolean().optional().describe('Rewrite the create migrations of changed entities (a database to migrate fresh) instead of writing migrations of the changes'),
  allowDataLoss: z.boolean().optional().describe('Let a migration of the changes drop columns and tables and convert values lossily; refused with data_loss otherwise'),
  apply: z.boolean().optional().describe('Write the files; without it, nothing is written and the plan is returned'),
};

export const makeTool = defineTool({
  name: 'make',
  title: 'Generate entities',
  description:
    "Generate the Laravel API (model, migration, factory, seeder, controller, requests, resource, policy, tests, route) of one entity given by its fields, or of every entity of a schema or Mermaid diagram given as text or as a project file. Returns the plan: each file with its action and the unified diff of what changes. Writes only with apply: true.",
  input: makeInput,
  output: { ...planShape, entities: z.array(z.string()).optional().describe('The entities planned, by class name') },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: async (args, context) => (await import('./make-run.js')).runMakeTool(args, context),
});
