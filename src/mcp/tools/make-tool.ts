import { z } from 'zod';
import { ARTIFACT_NAMES } from '../../plan/file-plan.js';
import { planShape } from '../tool-result.js';
import { defineTool } from '../tool.js';
import { makeInput } from './make-input.js';

export const makeTool = defineTool({
  name: 'make',
  title: 'Generate entities',
  description:
    `Generate the Laravel API (${ARTIFACT_NAMES.join(', ')}, and the routes) of one entity given by its fields, or of every entity of a schema or Mermaid diagram given as text or as a project file. Returns the plan: each file with its action and the unified diff of what changes. Writes only with apply: true.`,
  input: makeInput,
  output: { ...planShape, entities: z.array(z.string()).optional().describe('The entities planned, by class name') },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: async (args, context) => (await import('./make-run.js')).runMakeTool(args, context),
});
