import { z } from 'zod';
import { textInput } from '../text-input.js';
import { parseInput } from './read-inputs.js';
import { outcomeShape } from '../tool-result.js';
import { defineTool } from '../tool.js';

/** The tools that read a schema or diagram and write nothing: what `fullapi validate`, `parse` and `diagram` run. */

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

export const validateTool = defineTool({
  name: 'validate',
  title: 'Validate a schema or diagram',
  description: 'Check a schema (YAML or JSON) or a Mermaid diagram as fullapi make would, without writing anything: every error and warning with its code, message, line and column.',
  input: textInput,
  output: { ...outcomeShape, entityCount: z.number().int().describe('The entities the input declares') },
  annotations: READ_ONLY,
  run: async (args, context) => (await import('./read-runs.js')).runValidateTool(args, context),
});

const parsedError = z.object({
  message: z.string(),
  line: z.number().int(),
  column: z.number().int(),
  endColumn: z.number().int().optional(),
  code: z.string().optional(),
});

export const parseTool = defineTool({
  name: 'parse',
  title: 'Parse a Mermaid diagram',
  description:
    'What the grammar sees in a Mermaid erDiagram or classDiagram, before any Laravel mapping: the same object as one element of fullapi parse --json (diagram: entities and relationships, or classes and relations; errors with line and column).',
  input: parseInput,
  output: {
    ...outcomeShape,
    file: z.string(),
    diagram: z.looseObject({ kind: z.enum(['erDiagram', 'classDiagram']) }).optional(),
    errors: z.array(parsedError),
  },
  annotations: READ_ONLY,
  run: async (args, context) => (await import('./read-runs.js')).runParseTool(args, context),
});

export const diagramTool = defineTool({
  name: 'diagram',
  title: 'Draw a schema as a Mermaid erDiagram',
  description:
    'A schema (or a classDiagram) as a Mermaid erDiagram that fullapi reads back into the same API, as fullapi diagram --from prints it; what a diagram cannot hold is named in not_expressible_in_diagram warnings.',
  input: textInput,
  output: { ...outcomeShape, mermaid: z.string().optional().describe('The erDiagram text') },
  annotations: READ_ONLY,
  run: async (args, context) => (await import('./read-runs.js')).runDiagramTool(args, context),
});
