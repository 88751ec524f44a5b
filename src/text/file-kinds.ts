/**
 * What a file is to the front ends, told by its name, or by a look at its text. Apart from the front ends
 * themselves, so that finding and reading an input does not load a parser.
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

/**
 * An OpenAPI or Swagger document: a mapping with an `openapi` or `swagger` key at its first level, which a schema
 * file never has (api-schema.schema.json allows only `$schema`, `options` and `entities` there). YAML is told by
 * such a key indented as the first key is; JSON is parsed, and JSON that does not parse is a document when its
 * first key says so, for the OpenAPI front end to report where it breaks.
 */
export function isOpenApiText(text: string): boolean {
  const start = text.trimStart();
  if (!start.startsWith('{')) {
    const rootIndent = /^([ \t]*)[^\s#-]/m.exec(text)?.[1] ?? '';
    return new RegExp(`^${rootIndent}["']?(?:openapi|swagger)["']?[ \\t]*:`, 'm').test(text);
  }
  // Parsed only when the key is there at all: a large schema file is not parsed twice.
  if (!/"(?:openapi|swagger)"\s*:/.test(start)) return false;
  try {
    const parsed: unknown = JSON.parse(start);
    return typeof parsed === 'object' && parsed !== null && ('openapi' in parsed || 'swagger' in parsed);
  } catch {
    return /^\{\s*"(?:openapi|swagger)"\s*:/.test(start);
  }
}
