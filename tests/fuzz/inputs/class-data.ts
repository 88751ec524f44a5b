import fc from 'fast-check';
import { rawText } from '../hostile-text.js';
import { mutatedText } from '../mutations.js';
import { asTransmitted, type FuzzInput } from './fuzz-input.js';
import { BRACKET_NESTINGS, hostility, type GeneratorLimits } from './limits.js';
import { modelSpec, typeWord, type EntitySpec, type ModelShape, type RelationSpec } from './model-spec.js';

/**
 * class_data.json, the older bulk format: a list of `{name, parent?, attributes, <kind>Relationships}`
 * written from a model (model-spec.ts), so hostile names reach entities, parents, attributes, roles,
 * comodels and pivots; hostile documents also get values of the wrong JSON type where a hand edit or
 * another tool would leave them.
 */

const SHAPE: ModelShape = { maxEntities: 3, maxFields: 5, relationKinds: ['belongsTo', 'hasOne', 'hasMany', 'belongsToMany'], parents: true };

const LISTS: Record<string, string> = {
  hasOne: 'oneToOneRelationships',
  hasMany: 'oneToManyRelationships',
  belongsTo: 'manyToOneRelationships',
  belongsToMany: 'manyToManyRelationships',
};
const WRONG_VALUES: readonly unknown[] = [1, -1, 1.5, true, null, [], {}, '', [null], { name: 'x' }];
const KEYS = ['name', 'attributes', 'parent', 'softDeletes', ...Object.values(LISTS), 'extra'];

function relationship(spec: RelationSpec): Record<string, unknown> {
  return {
    role: spec.name,
    comodel: spec.target ?? '',
    ...(spec.pivot === undefined ? {} : { pivot: spec.pivot }),
    ...(spec.nullable ? { nullable: true } : {}),
  };
}

function entityValue(entity: EntitySpec): Record<string, unknown> {
  const value: Record<string, unknown> = {
    name: entity.name,
    attributes: entity.fields.map((spec) => ({
      name: spec.name,
      _type: typeWord(spec),
      ...(spec.primary ? { primary: true } : {}),
      ...(spec.nullable ? { nullable: true } : {}),
      ...(spec.unique ? { unique: true } : {}),
    })),
  };
  if (entity.parent !== undefined) value['parent'] = entity.parent;
  if (entity.softDeletes !== null) value['softDeletes'] = entity.softDeletes;
  for (const spec of entity.relations) {
    // A kind the format has no list for (a morph, a made-up word) goes to a list chosen by its length.
    const list = LISTS[spec.kind] ?? Object.values(LISTS)[spec.kind.length % 4] ?? 'oneToManyRelationships';
    value[list] = [...((value[list] as unknown[] | undefined) ?? []), relationship(spec)];
  }
  return value;
}

function classDataValue(limits: GeneratorLimits): fc.Arbitrary<unknown[]> {
  return hostility.chain((level) =>
    fc
      .tuple(modelSpec(level, limits, SHAPE), level === 'hostile' ? fc.array(fc.tuple(fc.nat(), fc.constantFrom(...KEYS), fc.constantFrom(...WRONG_VALUES)), { maxLength: 2 }) : fc.constant([]))
      .map(([model, wrongs]) => {
        const entities = model.entities.map(entityValue);
        for (const [index, key, value] of wrongs) {
          const entity = entities[index % entities.length];
          if (entity !== undefined) entity[key] = value;
        }
        return entities;
      }),
  );
}

const JSON_FRAGMENTS = ['{', '}', '[', ']', ',', ':', '"', '"\\u0000"', '"\\ud800"', '1e999', 'NaN', '"name":', '"_type":', '"comodel":', '"pivot":', ',,'];

export function classDataInput(limits: GeneratorLimits): fc.Arbitrary<FuzzInput> {
  const written = fc.tuple(classDataValue(limits), fc.constantFrom<number | string>(0, 2, 4)).map(([value, indent]) => JSON.stringify(value, null, indent));
  const mutation = {
    nestings: [...BRACKET_NESTINGS, { open: '[{"name":"A","attributes":', close: '}]' }],
    maxDepth: limits.maxDepth,
    hugeWordLength: limits.hugeWordLength,
    fragments: JSON_FRAGMENTS,
    bom: limits.classDataBom,
  };
  return fc
    .oneof({ weight: 9, arbitrary: mutatedText(written, mutation) }, { weight: 1, arbitrary: rawText(200) })
    .map((text): FuzzInput => ({ kind: 'file', fileName: 'class_data.json', text: asTransmitted(text) }));
}
