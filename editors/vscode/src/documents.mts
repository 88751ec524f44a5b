/**
 * The documents the server reads, as a language client's document selector: schema files and class_data.json by
 * name, diagrams by extension, and Markdown for its Mermaid fences. Patterns rather than languages, since VS Code
 * has no Mermaid language of its own and api-schema.yaml is YAML like any other.
 */
export interface DocumentFilter {
  scheme: 'file';
  pattern?: string;
  language?: string;
}

export const SCHEMA_FILE_NAMES = ['api-schema.yaml', 'api-schema.yml', 'api-schema.json', 'class_data.json'] as const;
export const DIAGRAM_EXTENSIONS = ['mmd', 'mermaid'] as const;

export const DOCUMENT_SELECTOR: readonly DocumentFilter[] = [
  { scheme: 'file', pattern: `**/{${SCHEMA_FILE_NAMES.join(',')}}` },
  { scheme: 'file', pattern: `**/*.{${DIAGRAM_EXTENSIONS.join(',')}}` },
  { scheme: 'file', language: 'markdown' },
];
