import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { placedDiagnostic } from '../pipeline/make/planned-files.js';

/** A diagnostic as a tool returns it: its code, message and place (a line and column of the text, or the argument at fault). */
export const diagnosticShape = z.object({
  severity: z.enum(['error', 'warning']),
  code: z.string(),
  message: z.string(),
  file: z.string().optional().describe('The text or file the position is in'),
  line: z.number().int().optional(),
  column: z.number().int().optional(),
  endColumn: z.number().int().optional(),
  argument: z.string().optional().describe('The argument at fault, when the problem is not in a text'),
  path: z.string().optional().describe('The project file a warning is about'),
  hint: z.string().optional(),
});

export type ToolDiagnostic = z.infer<typeof diagnosticShape>;

/** What every tool answers: whether it succeeded, and every warning and error found. */
export const outcomeShape = {
  ok: z.boolean(),
  diagnostics: z.array(diagnosticShape),
};

/** A planned file: what the run does to it, and the unified diff of a file it writes or deletes. */
export const fileShape = z.object({
  path: z.string(),
  action: z.enum(['created', 'updated', 'merged', 'conflicted', 'unchanged', 'kept', 'deleted']),
  diff: z.string().optional(),
});

/** The plan of a writing tool: whether it was written, and each file with its action and diff. */
export const planShape = {
  ...outcomeShape,
  applied: z.boolean().describe('Whether the files were written: only with apply: true and no error'),
  files: z.array(fileShape),
};

export function toolDiagnostic(diagnostic: Diagnostic): ToolDiagnostic {
  return placedDiagnostic(diagnostic);
}

/**
 * The tool result: the structured answer, and a short text for clients that show only text. A failure is a
 * result with `isError`, carrying the same structured answer, so that a client sees every diagnostic.
 */
export function toolResult(structured: { ok: boolean; diagnostics: readonly ToolDiagnostic[] } & Record<string, unknown>, summary: string): CallToolResult {
  const problems = structured.diagnostics.map((diagnostic) => `${diagnostic.severity} ${diagnostic.code}${placeText(diagnostic)}: ${diagnostic.message}`);
  return {
    content: [{ type: 'text', text: [summary, ...problems].join('\n') }],
    structuredContent: structured,
    ...(structured.ok ? {} : { isError: true }),
  };
}

function placeText(diagnostic: ToolDiagnostic): string {
  if (diagnostic.file !== undefined) return ` at ${[diagnostic.file, diagnostic.line, diagnostic.column].filter((part) => part !== undefined).join(':')}`;
  return diagnostic.argument === undefined ? '' : ` (${diagnostic.argument})`;
}
