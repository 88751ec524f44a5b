import { z } from 'zod';
import { textInput } from '../text-input.js';
import { outcomeShape } from '../tool-result.js';
import { defineTool } from '../tool.js';

export const openApiTool = defineTool({
  name: 'openapi',
  title: 'The OpenAPI document of the API',
  description:
    "The OpenAPI 3.1 document of the API the project's entities have, as fullapi openapi prints it: from class_data.json (what make generated) unless a schema, diagram or file is given. Writes nothing.",
  input: textInput,
  output: { ...outcomeShape, document: z.looseObject({ openapi: z.string() }).optional().describe('The OpenAPI 3.1 document') },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: async (args, context) => (await import('./openapi-run.js')).runOpenApiTool(args, context),
});
