import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CLASS_DATA_PATH } from '../emit/records/class-data.js';
import { readProjectText } from '../project/fs/project-file.js';
import type { ToolContext } from './tool.js';

export const API_SCHEMA_URI = 'fullapi://schema/api-schema';
export const CLASS_DATA_URI = 'fullapi://project/class_data.json';

/** The resources: the JSON Schema of schema files (as fullapi schema --print), and the project's record. */
export function registerResources(server: McpServer, context: ToolContext): void {
  server.registerResource(
    'api-schema',
    API_SCHEMA_URI,
    { title: 'JSON Schema of api-schema files', description: 'What api-schema.yaml|yml|json may hold, as fullapi schema --print prints it', mimeType: 'application/schema+json' },
    // The schema front end (its validators and YAML reader) is loaded when a client asks, not at the start.
    async (uri) => {
      const { apiSchemaJson } = await import('../frontends/schema/index.js');
      return { contents: [{ uri: uri.href, mimeType: 'application/schema+json', text: `${JSON.stringify(apiSchemaJson(), null, 2)}\n` }] };
    },
  );
  server.registerResource(
    'class-data',
    CLASS_DATA_URI,
    { title: "The project's class_data.json", description: 'The record of the entities fullapi generated in the project ([] when there is none yet)', mimeType: 'application/json' },
    (uri) => {
      const read = readProjectText(context.root, CLASS_DATA_PATH, context.fs);
      if (read.status === 'failed') throw new Error(read.diagnostic.message);
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: read.status === 'read' ? read.text : '[]\n' }] };
    },
  );
}
