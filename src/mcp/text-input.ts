import { z } from 'zod';

/** Where a tool's schema, diagram or OpenAPI document comes from: a text, or a file of the project. */
export type InputSource = 'schema' | 'diagram' | 'openapi' | 'file';

/** Every source, in the order a tool names them when none or several are given. */
export const INPUT_SOURCES: readonly InputSource[] = ['schema', 'diagram', 'openapi', 'file'];

/** The arguments that give a tool a schema or a diagram, as a text or as a file of the project. */
export const textInput = {
  schema: z.string().optional().describe("A schema file's text: YAML or JSON, api-schema's format (see the fullapi://schema/api-schema resource) or class_data.json's"),
  diagram: z.string().optional().describe('A Mermaid erDiagram or classDiagram (markdown: the first ```mermaid fence of the text)'),
  openapi: z
    .string()
    .optional()
    .describe("An OpenAPI 3.0 or 3.1 or Swagger 2.0 document's text, YAML or JSON: its object schemas are the entities; a $ref to another file is read from the project root"),
  file: z
    .string()
    .optional()
    .describe('A schema file, diagram or OpenAPI document of the project to read, relative to the project root (.mmd, .mermaid, .md are diagrams; a file with an openapi or swagger key is a document)'),
  format: z.enum(['yaml', 'json', 'mermaid', 'markdown']).optional().describe('How to read the text: yaml (default for schema and openapi) or json; mermaid (default for diagram) or markdown'),
  name: z.string().optional().describe('A file name for the text, e.g. api-schema.json: its extension picks the reader, and diagnostics name it'),
};

export type TextInput = { [Key in keyof typeof textInput]?: z.infer<(typeof textInput)[Key]> };
