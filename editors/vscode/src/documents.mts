/**
 * The documents the client hands the server: schema files and class_data.json by name, diagrams by extension,
 * and every YAML, JSON and Markdown file, since a schema file or an OpenAPI document may have any name and
 * Markdown holds Mermaid fences. The server tells fullapi's files by what they hold and gives the others
 * nothing. Patterns besides languages, since VS Code has no Mermaid language of its own.
 */
export interface DocumentFilter {
  scheme: 'file';
  pattern?: string;
  language?: string;
}

export const SCHEMA_FILE_NAMES = ['api-schema.yaml', 'api-schema.yml', 'api-schema.json', 'class_data.json'] as const;
export const DIAGRAM_EXTENSIONS = ['mmd', 'mermaid'] as const;
/** The names most projects give their OpenAPI document: a workspace holding one starts the extension too. */
export const OPENAPI_FILE_NAMES = ['openapi.yaml', 'openapi.yml', 'openapi.json', 'swagger.yaml', 'swagger.yml', 'swagger.json'] as const;

export const DOCUMENT_SELECTOR: readonly DocumentFilter[] = [
  { scheme: 'file', pattern: `**/{${SCHEMA_FILE_NAMES.join(',')}}` },
  { scheme: 'file', pattern: `**/*.{${DIAGRAM_EXTENSIONS.join(',')}}` },
  { scheme: 'file', language: 'yaml' },
  { scheme: 'file', language: 'json' },
  { scheme: 'file', language: 'markdown' },
];
