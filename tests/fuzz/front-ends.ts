import type fc from 'fast-check';
import { jsonSchemaInput, yamlSchemaInput } from './inputs/api-schema.js';
import { classDataInput } from './inputs/class-data.js';
import { classDiagramInput, erDiagramInput } from './inputs/diagrams.js';
import { fieldsInput } from './inputs/fields.js';
import type { FuzzInput } from './inputs/fuzz-input.js';
import type { GeneratorLimits } from './inputs/limits.js';

/** The front ends the fuzzer feeds, each with the generator of its inputs. */
export const FRONT_ENDS = ['fields', 'yaml', 'json', 'class-data', 'er-diagram', 'class-diagram'] as const;
export type FrontEndName = (typeof FRONT_ENDS)[number];

const GENERATORS: Record<FrontEndName, (limits: GeneratorLimits) => fc.Arbitrary<FuzzInput>> = {
  fields: fieldsInput,
  yaml: yamlSchemaInput,
  json: jsonSchemaInput,
  'class-data': classDataInput,
  'er-diagram': erDiagramInput,
  'class-diagram': classDiagramInput,
};

export function inputsOf(frontEnd: FrontEndName, limits: GeneratorLimits): fc.Arbitrary<FuzzInput> {
  return GENERATORS[frontEnd](limits);
}

export function isFrontEnd(name: string): name is FrontEndName {
  return (FRONT_ENDS as readonly string[]).includes(name);
}
