import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { error } from '../../diagnostics/diagnostic.js';
import { CLASS_DATA_PATH } from '../../emit/records/class-data.js';
import { loadFrontEnds } from '../../pipeline/input/front-ends.js';
import { documentInput } from '../../pipeline/openapi.js';
import { commandFile, readableInput } from '../inputs.js';
import { noStdin } from './read-runs.js';
import { INPUT_SOURCES, type textInput } from '../text-input.js';
import { toolDiagnostic, toolResult } from '../tool-result.js';
import type { ToolContext } from '../tool.js';

/** `fullapi openapi` of the record, or of the one schema, diagram or file given. */
export async function runOpenApiTool(args: z.infer<z.ZodObject<typeof textInput>>, context: ToolContext): Promise<CallToolResult> {
  const sources = INPUT_SOURCES.filter((source) => args[source] !== undefined);
  const record = join(context.root, CLASS_DATA_PATH);
  if (sources.length === 0 && !context.fs.exists(record)) {
    const missing = error('no_class_data', `${CLASS_DATA_PATH} not found: no entity was generated in this project`, { flag: 'file' }, 'call make first, or give a schema, diagram, openapi or file');
    return toolResult({ ok: false, diagnostics: [toolDiagnostic(missing)] }, 'No document: nothing to describe.');
  }
  const read = sources.length === 0 ? { input: { file: record, kind: 'schema' as const, source: 'file' as const, fs: context.fs }, diagnostics: [] } : readableInput(args, context, INPUT_SOURCES);
  if (read.input === undefined) return toolResult({ ok: false, diagnostics: read.diagnostics.map(toolDiagnostic) }, 'Nothing was read.');
  const input = await commandFile(read.input, context.root, noStdin);
  const documented = documentInput(input, await loadFrontEnds([input.kind]), { cwd: context.root, projectRoot: context.root, readStdin: noStdin }, read.input.fs);
  const diagnostics = documented.diagnostics.map(toolDiagnostic);
  if (documented.document === undefined) return toolResult({ ok: false, diagnostics }, 'The input has errors: no document.');
  const paths = Object.keys((documented.document['paths'] as Record<string, unknown> | undefined) ?? {}).length;
  return toolResult({ ok: true, document: { ...documented.document, openapi: String(documented.document['openapi']) }, diagnostics }, `OpenAPI 3.1 document: ${paths} paths.`);
}
