/**
 * What a file is to the front ends, told by its name alone. Apart from the front ends themselves, so that
 * finding and reading an input does not load a parser.
 */

/** Where a bare `make` looks at a project's root, in this order. */
export const SCHEMA_FILE_NAMES = ['api-schema.yaml', 'api-schema.yml', 'api-schema.json', 'class_data.json'] as const;

/** Files a command reads as Mermaid diagrams rather than schema files. */
export function isDiagramPath(path: string): boolean {
  return /\.(?:mmd|mermaid|md|markdown)$/i.test(path);
}

/** Markdown files, whose diagram is in a ```mermaid fence. */
export function isMarkdownPath(path: string): boolean {
  return /\.(?:md|markdown)$/i.test(path);
}
