import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { error, sortDiagnostics, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { GENERATION_OPTIONS, type GenerationOption } from '../../ir/generation-options.js';
import type { GenerationOptions } from '../../ir/ir.generated.js';
import type { MakeInput } from '../../pipeline/input/input.js';
import { runMakeCommand } from '../../pipeline/make/run-make.js';
import type { CommandOutcome } from '../../pipeline/outcome.js';
import { plannedFiles } from '../../pipeline/make/planned-files.js';
import { commandFile, readableInput } from '../inputs.js';
import { INPUT_SOURCES } from '../text-input.js';
import type { makeInput } from './make-input.js';
import { toolDiagnostic, toolResult } from '../tool-result.js';
import type { ToolContext } from '../tool.js';

/** The make tool's run, loaded with the pipeline on the first call: the server starts without it. */
export async function runMakeTool(args: z.infer<z.ZodObject<typeof makeInput>>, context: ToolContext): Promise<CallToolResult> {
  const apply = args.apply === true;
  const usage = entityProblems(args);
  const found = readableInput(args, context, INPUT_SOURCES, args.entity === undefined ? undefined : 'entity');
  const input: MakeInput | undefined =
    args.entity !== undefined
      ? { kind: 'fields', entity: args.entity, ...(args.fields === undefined ? {} : { fields: args.fields }), softDeletes: args.softDeletes === true }
      : found.input === undefined || usage.length > 0
        ? undefined
        : await commandFile(found.input, context.root, noStandardInput);
  const problems = [...usage, ...found.diagnostics];
  const fs = found.input?.fs ?? context.fs;
  const outcome: CommandOutcome =
    input === undefined || problems.length > 0
      ? { ok: false, changes: [], diagnostics: sortDiagnostics(problems) }
      : await runMakeCommand(
          {
            input,
            frontEnds: {},
            ...(args.only === undefined ? {} : { only: args.only.join(',') }),
            force: args.force === true,
            ...(args.merge === undefined ? {} : { merge: args.merge }),
            fresh: args.fresh === true,
            allowDataLoss: args.allowDataLoss === true,
            dryRun: !apply,
            projectRoot: context.root,
            cwd: context.root,
            readStdin: noStandardInput,
            now: context.now(),
            ...optionsOf(args.options),
          },
          fs,
        );
  const files = plannedFiles(outcome.changes);
  const applied = apply && outcome.ok;
  const structured = { ok: outcome.ok, applied, files, diagnostics: outcome.diagnostics.map(toolDiagnostic), ...(outcome.entities === undefined ? {} : { entities: outcome.entities }) };
  return toolResult(structured, planSummary(outcome, applied));
}

function entityProblems(args: { entity?: string | undefined; fields?: string | undefined; softDeletes?: boolean | undefined }): Diagnostic[] {
  if (args.entity === '') return [error('invalid_entity_name', 'the entity name is empty', { flag: 'entity' })];
  if (args.entity !== undefined) return [];
  return (['fields', 'softDeletes'] as const)
    .filter((key) => args[key] !== undefined)
    .map((key) => error('invalid_option', `${key} describes the entity given by entity: give the entity name`, { flag: key }));
}

function optionsOf(options: { readonly [Option in GenerationOption]?: boolean | undefined } | undefined): { options?: GenerationOptions } {
  const given = GENERATION_OPTIONS.filter((option) => options?.[option] === true);
  return given.length === 0 ? {} : { options: Object.fromEntries(given.map((option) => [option, true])) };
}

/** One line: what the plan does, and whether it was written. */
export function planSummary(outcome: CommandOutcome, applied: boolean): string {
  if (!outcome.ok) return 'Nothing was written: the input has errors.';
  const counts = new Map<string, number>();
  for (const change of outcome.changes) counts.set(change.action, (counts.get(change.action) ?? 0) + 1);
  const parts = [...counts].map(([action, count]) => `${count} ${action}`);
  const plan = parts.length === 0 ? 'nothing to do' : parts.join(', ');
  return applied ? `Written: ${plan}.` : `Preview, nothing written (call again with apply: true to write): ${plan}.`;
}

/** The tools read texts and project files; standard input is the protocol's. */
const noStandardInput = (): string => '';
