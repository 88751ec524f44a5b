import fc from 'fast-check';
import { HOSTILE_FRAGMENTS, PLAIN_ENTITIES, rawText } from '../hostile-text.js';
import { applyMutations, mutations } from '../mutations.js';
import { asTransmitted, type FuzzInput } from './fuzz-input.js';
import { hostility, nameAt, type GeneratorLimits } from './limits.js';
import { modelSpec, typeWord, type FieldSpec, type ModelShape } from './model-spec.js';

/**
 * `make <Entity> --fields="name:type[:modifier...],..."`: one entity of a model (model-spec.ts) written in
 * the grammar of fields.ts, with spaces where they are allowed and, in hostile inputs, modifiers that are
 * none; then the flag's value damaged as text.
 */

const SHAPE: ModelShape = { maxEntities: 1, maxFields: 6, relationKinds: [], parents: false };
const MODIFIERS = ['nullable', 'unique', 'primary'];

function pair(spec: FieldSpec, extraModifier: string | null): string {
  const modifiers = [spec.nullable ? 'nullable' : '', spec.unique ? 'unique' : '', spec.primary ? 'primary' : '', extraModifier ?? ''].filter((word) => word !== '');
  const padding = ' '.repeat(spec.spelling % 3 === 2 ? 1 : 0);
  return `${padding}${[spec.name, typeWord(spec), ...modifiers].join(':')}${padding}`;
}

function fieldsFlag(limits: GeneratorLimits): fc.Arbitrary<{ entity: string; fields: string; softDeletes: boolean }> {
  return hostility.chain((level) =>
    fc
      .record({
        model: modelSpec(level, limits, SHAPE),
        extraModifier: level === 'hostile' ? fc.option(nameAt('hostile', MODIFIERS, limits), { freq: 3 }) : fc.constant(null),
        softDeletes: fc.boolean(),
      })
      .map(({ model, extraModifier, softDeletes }) => {
        const entity = model.entities[0];
        return { entity: entity?.name ?? 'Post', fields: (entity?.fields ?? []).map((spec, index) => pair(spec, index === 0 ? extraModifier : null)).join(','), softDeletes };
      }),
  );
}

export function fieldsInput(limits: GeneratorLimits): fc.Arbitrary<FuzzInput> {
  const mutation = {
    nestings: [{ open: 'enum(', close: ')' }, { open: '(', close: ')' }],
    maxDepth: limits.maxDepth,
    hugeWordLength: limits.hugeWordLength,
    fragments: [...HOSTILE_FRAGMENTS.filter((fragment) => fragment.length <= 2), ':', ',', 'enum(', ':primary', ':nullable'],
  };
  const structured = fc.tuple(fieldsFlag(limits), mutations(mutation)).map(([flag, list]) => ({ ...flag, fields: applyMutations(flag.fields, list) }));
  const raw = fc.record({ entity: fc.oneof(fc.constantFrom(...PLAIN_ENTITIES), rawText(12)), fields: rawText(60), softDeletes: fc.boolean() });
  return fc
    .oneof({ weight: 9, arbitrary: structured }, { weight: 1, arbitrary: raw })
    .filter(({ fields }) => limits.emptyFields || fields !== '')
    .map(({ entity, fields, softDeletes }): FuzzInput => ({ kind: 'fields', entity: asTransmitted(entity), fields: asTransmitted(fields), softDeletes }));
}
