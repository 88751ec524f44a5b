import fc from 'fast-check';
import { stringify } from 'yaml';
import { LOADED_WORDS, rawText } from '../hostile-text.js';
import { mutatedText } from '../mutations.js';
import { asTransmitted, type FuzzInput } from './fuzz-input.js';
import { BRACKET_NESTINGS, hostility, nameAt, type GeneratorLimits } from './limits.js';
import { modelSpec, RELATION_KINDS, typeWord, type FieldSpec, type ModelShape, type ModelSpec, type RelationSpec } from './model-spec.js';

/**
 * api-schema.yaml and api-schema.json: a model (model-spec.ts) written in the format docs/guide/inputs/schema-files.md describes
 * (options, entities, fields as shorthand or mapping, relations as shorthand or mapping, pivots, morphs,
 * defaults, rules) by a real YAML or JSON writer, so that the quoting is right and hostile names reach
 * fullapi; then damaged as text.
 */

const SHAPE: ModelShape = { maxEntities: 3, maxFields: 5, relationKinds: RELATION_KINDS, parents: false };

/** A default in the shorthand: quoted the way its text allows (none when it allows none, which breaks it). */
function shorthandDefault(value: unknown, style: number): string {
  const text = String(value);
  if (!/[\s'"]/.test(text) && style % 3 === 0) return `default=${text}`;
  if (!text.includes("'") && style % 3 !== 2) return `default='${text}'`;
  if (!text.includes('"')) return `default="${text}"`;
  return `default=${text}`;
}

function fieldValue(spec: FieldSpec): unknown {
  const representable = spec.rules.length === 0 && (spec.default === undefined || ['string', 'number', 'boolean'].includes(typeof spec.default.value));
  if (representable && spec.spelling % 2 === 0) {
    const words = [typeWord(spec), spec.nullable ? 'nullable' : '', spec.unique ? 'unique' : '', spec.primary ? 'primary' : '', spec.default === undefined ? '' : shorthandDefault(spec.default.value, spec.spelling >> 1)];
    return words.filter((word) => word !== '').join(' ');
  }
  return {
    type: typeWord(spec),
    ...(spec.nullable ? { nullable: true } : {}),
    ...(spec.unique ? { unique: true } : {}),
    ...(spec.primary ? { primary: true } : {}),
    ...(spec.default === undefined ? {} : { default: spec.default.value }),
    ...(spec.rules.length === 0 ? {} : { rules: spec.rules.length === 1 && spec.spelling % 3 === 0 ? spec.rules[0] : spec.rules }),
  };
}

function relationValue(spec: RelationSpec): unknown {
  if (spec.pivot === undefined && spec.name.length % 3 !== 0) {
    return [spec.kind, spec.target ?? '', spec.nullable ? 'nullable' : ''].filter((word) => word !== '').join(' ');
  }
  return {
    kind: spec.kind,
    ...(spec.target === undefined ? {} : { target: spec.target }),
    ...(spec.pivot === undefined ? {} : { pivot: spec.pivot }),
    ...(spec.nullable ? { nullable: true } : {}),
  };
}

/** The document as a value, with, in hostile documents, a key the format does not know. */
function apiSchemaValue(limits: GeneratorLimits): fc.Arbitrary<Record<string, unknown>> {
  return hostility.chain((level) =>
    fc
      .record({
        model: modelSpec(level, limits, SHAPE),
        options: fc.option(fc.record({ soft_deletes: fc.boolean() }), { freq: 3 }),
        unknown: level === 'hostile' ? fc.option(fc.tuple(nameAt('hostile', LOADED_WORDS, limits), fc.constantFrom<unknown>(1, 'x', null, [], { a: 1 })), { freq: 3 }) : fc.constant(null),
      })
      .map(({ model, options, unknown }) => ({
        ...(options === null ? {} : { options }),
        entities: entitiesValue(model),
        ...(unknown === null ? {} : { [unknown[0]]: unknown[1] }),
      })),
  );
}

function entitiesValue(model: ModelSpec): Record<string, unknown> {
  // Built key by key on a null-prototype object: a name like `__proto__` must stay a key, as a parser reads it.
  const entities: Record<string, unknown> = Object.create(null);
  for (const entity of model.entities) {
    const fields: Record<string, unknown> = Object.create(null);
    for (const spec of entity.fields) fields[spec.name] = fieldValue(spec);
    const relations: Record<string, unknown> = Object.create(null);
    for (const spec of entity.relations) relations[spec.name] = relationValue(spec);
    entities[entity.name] = {
      fields,
      ...(entity.relations.length === 0 ? {} : { relations }),
      ...(entity.softDeletes === null ? {} : { soft_deletes: entity.softDeletes }),
    };
  }
  return entities;
}

const YAML_FRAGMENTS = ['&a ', '*a', '<<: *a', '!!binary ', '!!set ', '!!omap ', '!!js/function ', '!custom ', '? ', '- ', '|\n', '>-\n', '---\n', '...\n', '%YAML 1.1\n', '&x [*x]', ': ', '\n  ', '{', '[', '"\\u0000"', '0o17', '.inf', '2001-12-14t21:59:43.10-05:00'];
const JSON_FRAGMENTS = ['{', '}', '[', ']', ',', ':', '"', '""', '"\\u0000"', '"\\ud800"', '1e999', '-0', 'NaN', '//', '/* */', 'null', '"__proto__":{}', '"entities":', ',,'];

/** Anchors and aliases as people use them (a shared field set), and as an attacker does (nested repetition). */
function withAliases(yamlText: string, bombLevels: number): fc.Arbitrary<string> {
  const shared = 'x-shared: &shared\n  title: string\n  body: text\n';
  const bomb = (levels: number) =>
    Array.from({ length: levels }, (_, level) => {
      const items = level === 0 ? Array(9).fill('"lol"') : Array(9).fill(`*l${level - 1}`);
      return `l${level}: &l${level} [${items.join(', ')}]`;
    }).join('\n');
  const arms: fc.WeightedArbitrary<string>[] = [
    { weight: 20, arbitrary: fc.constant(yamlText) },
    { weight: 5, arbitrary: fc.constant(`${shared}${yamlText}`) },
    { weight: 5, arbitrary: fc.constant(yamlText.replace(/^( +)fields:\n/m, '$1fields: &fields\n')) },
  ];
  if (bombLevels > 0) {
    // Keys the format does not know, at the root, which the reader still converts, alias by alias. Rare:
    // a bomb that works stops the process for the watchdog's whole wait.
    arms.push({ weight: 1, arbitrary: fc.integer({ min: 1, max: bombLevels }).map((levels) => `${bomb(levels)}\nx-bomb: *l${levels - 1}\n${yamlText}`) });
  }
  return fc.oneof(...arms);
}

const YAML_STYLE = fc.record({
  indent: fc.constantFrom(2, 4),
  collectionStyle: fc.constantFrom('any', 'block', 'flow') as fc.Arbitrary<'any' | 'block' | 'flow'>,
  defaultStringType: fc.constantFrom('PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE') as fc.Arbitrary<'PLAIN' | 'QUOTE_DOUBLE' | 'QUOTE_SINGLE'>,
});

export function yamlSchemaInput(limits: GeneratorLimits): fc.Arbitrary<FuzzInput> {
  const written = fc.tuple(apiSchemaValue(limits), YAML_STYLE).chain(([value, style]) => withAliases(stringify(value, { ...style, lineWidth: 0 }), limits.aliasBombLevels));
  const mutation = {
    nestings: [...BRACKET_NESTINGS, { open: '- ', close: '' }, { open: 'a:\n', close: '' }, { open: '? ', close: '' }],
    maxDepth: limits.maxDepth,
    hugeWordLength: limits.hugeWordLength,
    fragments: YAML_FRAGMENTS,
  };
  return fc
    .oneof({ weight: 9, arbitrary: mutatedText(written, mutation) }, { weight: 1, arbitrary: rawText(200) })
    .map((text): FuzzInput => ({ kind: 'file', fileName: 'api-schema.yaml', text: asTransmitted(text) }));
}

export function jsonSchemaInput(limits: GeneratorLimits): fc.Arbitrary<FuzzInput> {
  const written = fc.tuple(apiSchemaValue(limits), fc.constantFrom<number | string>(0, 2, 4, '\t')).map(([value, indent]) => JSON.stringify(value, null, indent));
  const mutation = {
    nestings: [...BRACKET_NESTINGS, { open: '{"a":', close: '}' }, { open: '{"entities":', close: '}' }],
    maxDepth: limits.maxDepth,
    hugeWordLength: limits.hugeWordLength,
    fragments: JSON_FRAGMENTS,
  };
  return fc
    .oneof({ weight: 9, arbitrary: mutatedText(written, mutation) }, { weight: 1, arbitrary: rawText(200) })
    .map((text): FuzzInput => ({ kind: 'file', fileName: 'api-schema.json', text: asTransmitted(text) }));
}
