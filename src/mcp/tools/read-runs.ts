import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { runExportDiagram } from '../../pipeline/export-diagram.js';
import { loadFrontEnds } from '../../pipeline/input/front-ends.js';
import { runParse } from '../../pipeline/parse.js';
import { runValidate } from '../../pipeline/validate.js';
import { commandFile, readableInput } from '../inputs.js';
import type { parseInput } from './read-inputs.js';
import { INPUT_SOURCES, type textInput } from '../text-input.js';
import { toolDiagnostic, toolResult } from '../tool-result.js';
import type { ToolContext } from '../tool.js';

/** The runs of the tools that read a schema or diagram, loaded with the pipeline on their first call. */

/** `fullapi validate` of one text or file. */
export async function runValidateTool(args: z.infer<z.ZodObject<typeof textInput>>, context: ToolContext): Promise<CallToolResult> {
  const read = readableInput(args, context, INPUT_SOURCES);
  if (read.input === undefined) return failure(read.diagnostics);
  const input = await commandFile(read.input, context.root, noStdin);
  const outcome = runValidate({ inputs: [input], cwd: context.root, readStdin: noStdin }, await loadFrontEnds([input.kind]), read.input.fs);
  const entityCount = outcome.files[0]?.entityCount ?? 0;
  const summary = outcome.ok ? `Valid: ${entityCount} ${entityCount === 1 ? 'entity' : 'entities'}.` : 'Invalid.';
  return toolResult({ ok: outcome.ok, entityCount, diagnostics: outcome.diagnostics.map(toolDiagnostic) }, summary);
}

/** `fullapi parse --json` of one diagram. */
export async function runParseTool(args: z.infer<z.ZodObject<typeof parseInput>>, context: ToolContext): Promise<CallToolResult> {
  const read = readableInput(args, context, ['diagram', 'file']);
  if (read.input === undefined) return failure(read.diagnostics, { file: '', errors: [] });
  const outcome = runParse({ files: [read.input.file], cwd: context.root, readStdin: noStdin }, read.input.fs);
  const parsed = outcome.files[0] ?? { file: read.input.file, ok: false, errors: [] };
  const structured = { ...parsed, ...(parsed.diagram === undefined ? {} : { diagram: { ...parsed.diagram } }), diagnostics: outcome.diagnostics.map(toolDiagnostic) };
  return toolResult(structured, parsed.ok ? `${parsed.file}: ${parsed.diagram?.kind ?? 'diagram'} parsed.` : `${parsed.file} does not parse.`);
}

/** `fullapi diagram --from` of one text or file. */
export async function runDiagramTool(args: z.infer<z.ZodObject<typeof textInput>>, context: ToolContext): Promise<CallToolResult> {
  const read = readableInput(args, context, INPUT_SOURCES);
  if (read.input === undefined) return failure(read.diagnostics);
  const input = await commandFile(read.input, context.root, noStdin);
  const outcome = runExportDiagram({ input, cwd: context.root, readStdin: noStdin }, await loadFrontEnds([input.kind]), read.input.fs);
  const structured = { ok: outcome.ok, diagnostics: outcome.diagnostics.map(toolDiagnostic), ...(outcome.text === undefined ? {} : { mermaid: outcome.text }) };
  return toolResult(structured, outcome.text ?? 'The input has errors: no diagram.');
}

function failure(diagnostics: readonly Diagnostic[], rest: Record<string, unknown> = {}): ReturnType<typeof toolResult> {
  const found = diagnostics.length > 0 ? diagnostics : [error('invalid_option', 'no input given')];
  return toolResult({ ...rest, ok: false, diagnostics: found.map(toolDiagnostic) }, 'Nothing was read.');
}

/** The tools read texts and project files, never the server's standard input, which is the protocol's. */
export function noStdin(): string {
  throw new Error('standard input is the MCP channel');
}
