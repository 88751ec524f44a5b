import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { hasErrors, type Diagnostic } from '../../../../src/diagnostics/diagnostic.js';
import { erDiagramOf } from '../../../../src/emit/mermaid/er-diagram.js';
import { readDiagramFile } from '../../../../src/frontends/diagram/index.js';
import { readSchemaFile } from '../../../../src/frontends/schema/index.js';
import type { FieldType } from '../../../../src/ir/ir.generated.js';
import { checkModel } from '../../../../src/passes/check.js';
import { belongsToNameFor, toManyNameFor } from '../../../../src/passes/relations/relation-pairs.js';
import { askMermaid } from '../../../support/mermaid-oracle.js';

/**
 * The property behind `fullapi diagram --from`: a random api-schema, printed as an erDiagram and read back,
 * is the same checked IR (every span aside) as the schema itself. Schemas are drawn from what a diagram can
 * say: conventional relation names (`parent` and `parentOf` for a one to one of an entity with itself), no
 * morphs, no named pivots, no rules, no inheritance.
 */

const ENTITY_NAMES = ['Post', 'Category', 'Tag', 'Author', 'Invoice', 'LineItem', 'Country', 'Product', 'Review', 'Shipment', 'BlogPost', 'Ticket'];
const FIELD_NAMES = ['title', 'body', 'status', 'price', 'views', 'published_at', 'code', 'email', 'rating', 'metadata', 'starts_on', 'summary', 'is_active', 'weight', 'reference', 'slug'];
const TYPES: readonly FieldType[] = ['string', 'text', 'boolean', 'integer', 'bigint', 'float', 'decimal', 'json', 'date', 'datetime', 'timestamp', 'uuid', 'enum'];
const KEY_TYPES: readonly FieldType[] = ['string', 'uuid', 'integer', 'bigint'];
const ENUM_VALUES = ['draft', 'published', 'archived', 'low', 'high', 'on_hold'];

interface FieldSpec {
  name: string;
  type: FieldType;
  values: string[];
  nullable: boolean;
  unique: boolean;
  primary: boolean;
  withDefault: boolean;
  defaultPick: number;
}

const fieldSpec = (name: string) =>
  fc.record({
    name: fc.constant(name),
    type: fc.constantFrom(...TYPES),
    values: fc.uniqueArray(fc.constantFrom(...ENUM_VALUES), { minLength: 1, maxLength: 4 }),
    nullable: fc.boolean(),
    unique: fc.boolean(),
    primary: fc.constant(false),
    withDefault: fc.boolean(),
    defaultPick: fc.nat(),
  });

/** A default that fits the field, chosen among values that need every kind of spelling. */
function defaultFor(field: FieldSpec): unknown {
  const pick = <T>(choices: readonly T[]): T => choices[field.defaultPick % choices.length] as T;
  if (field.nullable && field.defaultPick % 5 === 0) return null;
  switch (field.type) {
    case 'boolean':
      return pick([true, false]);
    case 'integer':
    case 'bigint':
      return pick([0, 7, -12, 1000]);
    case 'float':
    case 'decimal':
      return pick([0, 1.5, -2.25, 10]);
    case 'enum':
      return pick(field.values);
    case 'date':
      return '2024-01-31';
    case 'datetime':
    case 'timestamp':
      return pick(['2024-01-31 10:00:00', '2024-01-31T10:00:00Z']);
    case 'uuid':
      return '9b2f4a5e-1c3d-4e5f-8a9b-0c1d2e3f4a5b';
    default:
      return pick(['draft', 'hello world', '', '0', 'null', 'a,b', 'true']);
  }
}

const entitySpec = (name: string) =>
  fc.record({
    name: fc.constant(name),
    softDeletes: fc.boolean(),
    fields: fc.uniqueArray(fc.constantFrom(...FIELD_NAMES), { maxLength: 5 }).chain((names) => fc.tuple(...names.map(fieldSpec))),
    // A whole-number key named id reads back as Laravel's own id: the exporter warns of it, so it is not drawn here.
    key: fc.option(
      fc.record({ name: fc.constantFrom('code', 'id', 'reference'), type: fc.constantFrom(...KEY_TYPES) }).map((key) =>
        key.name === 'id' && (key.type === 'integer' || key.type === 'bigint') ? { ...key, type: 'uuid' as const } : key,
      ),
      { freq: 3 },
    ),
  });

interface RelationSpec {
  from: number;
  to: number;
  kind: 'hasMany' | 'hasOne' | 'belongsTo' | 'belongsToMany';
  nullable: boolean;
}

/**
 * Foreign keys only point from later entities to earlier ones (or to the entity itself), so no schema is a
 * cycle, which a diagram and a schema would both refuse.
 */
const relationSpec = (count: number) =>
  fc
    .record({
      from: fc.nat(count - 1),
      to: fc.nat(count - 1),
      kind: fc.constantFrom('hasMany', 'hasOne', 'belongsTo', 'belongsToMany') as fc.Arbitrary<RelationSpec['kind']>,
      nullable: fc.boolean(),
    })
    .map((relation): RelationSpec => {
      const [low, high] = [Math.min(relation.from, relation.to), Math.max(relation.from, relation.to)];
      if (relation.kind === 'belongsTo') return { ...relation, from: high, to: low };
      if (relation.kind === 'belongsToMany') return low === high ? { ...relation, kind: 'hasMany', from: low, to: high } : { ...relation, nullable: false };
      return { ...relation, from: low, to: high };
    });

const schemaSpec = fc
  .uniqueArray(fc.constantFrom(...ENTITY_NAMES), { minLength: 1, maxLength: 5 })
  .chain((names) => fc.tuple(fc.tuple(...names.map(entitySpec)), fc.array(relationSpec(names.length), { maxLength: 6 })));

type SchemaSpec = typeof schemaSpec extends fc.Arbitrary<infer T> ? T : never;

function relationName(kind: RelationSpec['kind'], target: string): string {
  return kind === 'hasMany' || kind === 'belongsToMany' ? toManyNameFor(target) : belongsToNameFor(target);
}

/** The spec as an api-schema.json document. */
function schemaJson([entities, relations]: SchemaSpec): string {
  const document: Record<string, Record<string, unknown>> = {};
  for (const [index, entity] of entities.entries()) {
    const fields: Record<string, unknown> = {};
    for (const field of entity.fields) {
      if (entity.key?.name === field.name) continue;
      const mapping: Record<string, unknown> = { type: field.type === 'enum' ? `enum(${field.values.join(',')})` : field.type };
      if (field.nullable) mapping['nullable'] = true;
      if (field.unique) mapping['unique'] = true;
      if (field.withDefault) mapping['default'] = defaultFor(field);
      fields[field.name] = mapping;
    }
    if (entity.key !== null) fields[entity.key.name] = { type: entity.key.type, primary: true };
    const declared: Record<string, string> = {};
    for (const relation of relations.filter((candidate) => candidate.from === index)) {
      const target = entities[relation.to]?.name ?? '';
      const nullable = relation.nullable ? ' nullable' : '';
      if (relation.kind === 'hasOne' && relation.to === index) {
        // A one to one of an entity with itself has a name on each side, which a diagram draws as the label.
        declared['parent'] ??= `belongsTo ${target}${nullable}`;
        declared['parentOf'] ??= `hasOne ${target}`;
        continue;
      }
      declared[relationName(relation.kind, target)] ??= `${relation.kind} ${target}${nullable}`;
    }
    document[entity.name] = { soft_deletes: entity.softDeletes, fields, relations: declared };
  }
  return JSON.stringify({ entities: document }, null, 2);
}

/** The IR without positions, which differ by nature between a schema and its diagram. */
function withoutSpans(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSpans);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'span').map(([key, inner]) => [key, withoutSpans(inner)]));
}

const describe = (diagnostics: readonly Diagnostic[]) => diagnostics.map((d) => `${d.code} ${d.span?.line}:${d.span?.column} ${d.message}`).join('\n');

test('a schema drawn as an erDiagram reads back as the same IR', () => {
  const drawn: string[] = [];
  let checkedSchemas = 0;
  fc.assert(
    fc.property(schemaSpec, (spec) => {
      const json = schemaJson(spec);
      const fromSchema = readSchemaFile('api-schema.json', json);
      const schemaIr = fromSchema.model === undefined ? undefined : checkModel(fromSchema.model);
      // Generated schemas may still break a rule of the passes (a default on a key, say): those say nothing here.
      fc.pre(fromSchema.model !== undefined && !hasErrors(fromSchema.diagnostics) && schemaIr?.model !== undefined);
      if (fromSchema.model === undefined || schemaIr?.model === undefined) return;
      const exported = erDiagramOf(fromSchema.model);
      assert.equal(exported.diagnostics, [], `the exporter lost something of\n${json}\n${describe(exported.diagnostics)}`);
      const fromDiagram = readDiagramFile('schema.mmd', exported.text);
      assert.equal(describe(fromDiagram.diagnostics), '', `${exported.text}`);
      const diagramIr = fromDiagram.model === undefined ? undefined : checkModel(fromDiagram.model);
      assert.equal(describe(diagramIr?.diagnostics ?? []), '', exported.text);
      assert.equal(withoutSpans(diagramIr?.model), withoutSpans(schemaIr.model), `${json}\n${exported.text}`);
      drawn.push(exported.text);
      checkedSchemas++;
    }),
    { seed: 20261122, numRuns: 300 },
  );
  assert.ok(checkedSchemas >= 200, `only ${checkedSchemas} generated schemas were valid`);
  assert.ok(drawn.filter((text) => /(\w+) \|[|o]--o\| \1 : parent\n/.test(text)).length >= 10, 'self one-to-ones are among the schemas drawn');
  const refused = askMermaid(drawn).flatMap((verdict, index) => (verdict.ok ? [] : [`${verdict.message}\n${drawn[index]}`]));
  assert.equal(refused, [], 'Mermaid itself accepts every exported diagram');
});

test.run();
