import { z } from 'zod';
import { GENERATION_OPTIONS, type GenerationOption } from '../ir/generation-options.js';
import { GENERATION_OPTION_NAMES, OPTIONS, type OptionName, type OptionSpec } from '../ir/options.js';

/**
 * The tools' inputs from the option table (src/ir/options.ts): each option whose `tools` names a tool is in its
 * input, described as `--help` describes it; a list is an array of strings. Generation options are grouped in
 * an `options` object, as class_data.json records them.
 */

type SchemaOf<Spec> = Spec extends { kind: 'flag' }
  ? z.ZodOptional<z.ZodBoolean>
  : Spec extends { kind: 'list' }
    ? z.ZodOptional<z.ZodArray<z.ZodString>>
    : Spec extends { kind: 'choice'; choices: readonly (infer Choice extends string)[] }
      ? z.ZodOptional<z.ZodType<Choice>>
      : z.ZodOptional<z.ZodString>;

/** The options a tool takes, the generation options aside. */
type ToolOptionName<Tool extends string> = {
  [Name in OptionName]: (typeof OPTIONS)[Name] extends { generation: string } ? never : (typeof OPTIONS)[Name] extends { tools: readonly (infer Takes)[] } ? (Tool extends Takes ? Name : never) : never;
}[OptionName];

export type ToolOptions<Tool extends string> = { [Name in ToolOptionName<Tool>]: SchemaOf<(typeof OPTIONS)[Name]> };

export function toolOptions<Tool extends string>(tool: Tool): ToolOptions<Tool> {
  const names = (Object.entries(OPTIONS) as [OptionName, OptionSpec][]).filter(([, spec]) => spec.generation === undefined && spec.tools?.includes(tool) === true);
  // The names are those the type selects: the same test, read from the same table.
  return Object.fromEntries(names.map(([name, spec]) => [name, schemaOf(spec)])) as ToolOptions<Tool>;
}

/** `options: { auth: true, ... }`: the generation options of the table that a tool takes. */
export function generationOptionsInput(tool: string): z.ZodOptional<z.ZodObject<Record<GenerationOption, z.ZodOptional<z.ZodBoolean>>>> {
  const specOf = (option: GenerationOption): OptionSpec => OPTIONS[GENERATION_OPTION_NAMES[option]];
  const taken = GENERATION_OPTIONS.filter((option) => specOf(option).tools?.includes(tool) === true);
  // A generation option the tool does not take is refused by `strict()`: the shape is typed as if all were there.
  const shape = Object.fromEntries(taken.map((option) => [option, z.boolean().optional().describe(specOf(option).help)])) as Record<GenerationOption, z.ZodOptional<z.ZodBoolean>>;
  return z
    .object(shape)
    .strict()
    .optional()
    .describe(`Generation options for every entity of the input, as the flags of fullapi make: ${taken.join(', ')}`);
}

function schemaOf(spec: OptionSpec): z.ZodType {
  const schema = spec.kind === 'flag' ? z.boolean() : spec.kind === 'list' ? z.array(z.string()) : spec.choices !== undefined ? z.enum(spec.choices as [string, ...string[]]) : z.string();
  return schema.optional().describe(spec.help);
}
