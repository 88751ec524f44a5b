import { z } from 'zod';
import { GENERATION_OPTIONS } from '../../ir/generation-options.js';
import type { GenerationOptions } from '../../ir/ir.generated.js';
import { MERGE_MODES } from '../../project/resolve/merge-conflicts.js';
import { textInput } from '../text-input.js';

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
