import { z } from 'zod';
import { error, type Diagnostic } from '../diagnostics/diagnostic.js';
import { runExportDiagram } from '../pipeline/export-diagram.js';
import { loadFrontEnds } from '../pipeline/front-ends.js';
import { runParse } from '../pipeline/parse.js';
import { runValidate } from '../pipeline/validate.js';
import { readableInput, textInput } from './inputs.js';
import { outcomeShape, toolDiagnostic, toolResult } from './tool-result.js';
import { defineTool } from './tool.js';

/** The tools that read a schema or diagram and write nothing: what `fullapi validate`, `parse` and `diagram` run. */

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

export const validateTool = defineTool({
  name: 'validate',
  title: 'Validate a schema or diagram',
  description: 'Check a schema (YAML or JSON) or a Mermaid diagram as fullapi make would, without writing anything: every error and warning with its code, message, line and column.',
  input: textInput,
  output: { ...outcomeShape, entityCount: z.number().int().describe('The entities the input declares') },
  annotations: READ_ONLY,
  run: async (args, context) => {
    const read = readableInput(args, context, ['schema', 'diagram', 'file']);
    if (read.input === undefined) return failure(read.diagnostics);
    const outcome = runValidate({ files: [read.input.file], cwd: context.root, readStdin: noStdin }, await loadFrontEnds([read.input.kind]), read.input.fs);
    const entityCount = outcome.files[0]?.entityCount ?? 0;
    const summary = outcome.ok ? `Valid: ${entityCount} ${entityCount === 1 ? 'entity' : 'entities'}.` : 'Invalid.';
    return toolResult({ ok: outcome.ok, entityCount, diagnostics: outcome.diagnostics.map(toolDiagnostic) }, summary);
  },
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
  input: { diagram: textInput.diagram, file: textInput.file, format: textInput.format, name: textInput.name },
  output: {
    ...outcomeShape,
    file: z.string(),
    diagram: z.looseObject({ kind: z.enum(['erDiagram', 'classDiagram']) }).optional(),
    errors: z.array(parsedError),
  },
  annotations: READ_ONLY,
  run: async (args, context) => {
    const read = readableInput(args, context, ['diagram', 'file']);
    if (read.input === undefined) return failure(read.diagnostics, { file: '', errors: [] });
    const outcome = runParse({ files: [read.input.file], cwd: context.root, readStdin: noStdin }, read.input.fs);
    const parsed = outcome.files[0] ?? { file: read.input.file, ok: false, errors: [] };
    const structured = { ...parsed, ...(parsed.diagram === undefined ? {} : { diagram: { ...parsed.diagram } }), diagnostics: outcome.diagnostics.map(toolDiagnostic) };
    return toolResult(structured, parsed.ok ? `${parsed.file}: ${parsed.diagram?.kind ?? 'diagram'} parsed.` : `${parsed.file} does not parse.`);
  },
});

export const diagramTool = defineTool({
  name: 'diagram',
  title: 'Draw a schema as a Mermaid erDiagram',
  description:
    'A schema (or a classDiagram) as a Mermaid erDiagram that fullapi reads back into the same API, as fullapi diagram --from prints it; what a diagram cannot hold is named in not_expressible_in_diagram warnings.',
  input: textInput,
  output: { ...outcomeShape, mermaid: z.string().optional().describe('The erDiagram text') },
  annotations: READ_ONLY,
  run: async (args, context) => {
    const read = readableInput(args, context, ['schema', 'diagram', 'file']);
    if (read.input === undefined) return failure(read.diagnostics);
    const outcome = runExportDiagram({ from: read.input.file, cwd: context.root, readStdin: noStdin }, await loadFrontEnds([read.input.kind]), read.input.fs);
    const structured = { ok: outcome.ok, diagnostics: outcome.diagnostics.map(toolDiagnostic), ...(outcome.text === undefined ? {} : { mermaid: outcome.text }) };
    return toolResult(structured, outcome.text ?? 'The input has errors: no diagram.');
  },
});

function failure(diagnostics: readonly Diagnostic[], rest: Record<string, unknown> = {}): ReturnType<typeof toolResult> {
  const found = diagnostics.length > 0 ? diagnostics : [error('invalid_option', 'no input given')];
  return toolResult({ ...rest, ok: false, diagnostics: found.map(toolDiagnostic) }, 'Nothing was read.');
}

/** The tools read texts and project files, never the server's standard input, which is the protocol's. */
function noStdin(): string {
  throw new Error('standard input is the MCP channel');
}
