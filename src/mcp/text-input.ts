import { z } from 'zod';

/** Where a tool's schema or diagram comes from: a text (schema, diagram), or a file of the project. */
export type InputSource = 'schema' | 'diagram' | 'file';

/** The arguments that give a tool a schema or a diagram, as a text or as a file of the project. */
export const textInput = {
  schema: z.string().optional().describe("A schema file's text: YAML or JSON, api-schema's format (see the fullapi://schema/api-schema resource) or class_data.json's"),
  diagram: z.string().optional().describe('A Mermaid erDiagram or classDiagram (markdown: the first ```mermaid fence of the text)'),
  file: z.string().optional().describe('A schema file or diagram of the project to read, relative to the project root (.mmd, .mermaid, .md are diagrams)'),
  format: z.enum(['yaml', 'json', 'mermaid', 'markdown']).optional().describe('How to read the text: yaml (default for schema) or json; mermaid (default for diagram) or markdown'),
  name: z.string().optional().describe('A file name for the text, e.g. api-schema.json: its extension picks the reader, and diagnostics name it'),
};

export type TextInput = { [Key in keyof typeof textInput]?: z.infer<(typeof textInput)[Key]> };
