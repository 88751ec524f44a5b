import fc from 'fast-check';
import { belongsToNameFor, toManyNameFor } from '../../../src/passes/relations/relation-pairs.js';
import { PLAIN_ENTITIES, PLAIN_ENUM_VALUES, PLAIN_FIELDS, PLAIN_RELATIONS } from '../hostile-text.js';
import { nameAt, valueAt, type GeneratorLimits, type Hostility } from './limits.js';

/**
 * A data model before any syntax: entities, fields, relations. Each front end's writer spells it in its own
 * format (schema files, class_data.json, diagrams, `--fields`), so every format gets the same hostile
 * names in the same positions.
 *
 * At the `clean` and `mixed` levels the model is valid by construction (one primary key of a key type,
 * distinct names, defaults that fit, relations that form no cycle and pair one way), so that what makes
 * an input fail is the hostile name or the damage done to the text, and accepted inputs are common
 * enough to check their PHP. At the `hostile` level the structure is as random as the names.
 */

export const FIELD_TYPES = ['string', 'text', 'boolean', 'integer', 'bigint', 'float', 'decimal', 'json', 'date', 'datetime', 'timestamp', 'uuid', 'enum'] as const;
export type SpecType = (typeof FIELD_TYPES)[number];
const KEY_TYPES: readonly SpecType[] = ['string', 'uuid', 'integer', 'bigint'];

export const RELATION_KINDS = ['belongsTo', 'hasOne', 'hasMany', 'belongsToMany', 'morphTo', 'morphOne', 'morphMany'] as const;

export interface FieldSpec {
  name: string;
  type: SpecType;
  /** A type word no front end knows, written instead of `type` (hostile models only). */
  unknownType?: string;
  enumValues: string[];
  nullable: boolean;
  unique: boolean;
  primary: boolean;
  /** Wrapped, so that a default of null differs from none. */
  default?: { value: unknown };
  rules: string[];
  /** Which of a type's spellings a writer uses (`int` or `integer`): any number, taken modulo. */
  spelling: number;
}

export interface RelationSpec {
  name: string;
  /** One of RELATION_KINDS, or (hostile models) any word. */
  kind: string;
  target?: string;
  pivot?: string;
  nullable: boolean;
}

export interface EntitySpec {
  name: string;
  fields: FieldSpec[];
  relations: RelationSpec[];
  softDeletes: boolean | null;
  parent?: string;
}

export interface ModelSpec {
  level: Hostility;
  entities: EntitySpec[];
}

export interface ModelShape {
  maxEntities: number;
  maxFields: number;
  /** Relations the format can express; none for `--fields`. */
  relationKinds: readonly (typeof RELATION_KINDS)[number][];
  /** Inheritance (class_data.json's parent, a classDiagram's `<|--`). */
  parents: boolean;
}

const PLAIN_PIVOTS = ['post_labels', 'user_followers', 'tag_links'];
const PLAIN_RULES = ['min:0', 'max:80', 'string', 'nullable'];
const PLAIN_STRING_DEFAULTS = ['draft', 'hello world', '', '0', 'a,b', 'null'];
const MORPH_NAMES = ['commentable', 'taggable', 'imageable', 'owner'];

/** A default that fits the type, picked by number among values that need every kind of spelling. */
function fittingDefault(type: SpecType, enumValues: readonly string[], pick: number, text: string): unknown {
  const among = <T>(choices: readonly T[]): T => choices[pick % choices.length] as T;
  switch (type) {
    case 'boolean':
      return among([true, false]);
    case 'integer':
    case 'bigint':
      return among([0, 7, -12, 1000]);
    case 'float':
    case 'decimal':
      return among([0, 1.5, -2.25, 10]);
    case 'enum':
      return among(enumValues);
    case 'date':
      return '2024-01-31';
    case 'datetime':
    case 'timestamp':
      return among(['2024-01-31 10:00:00', '2024-01-31T10:00:00Z']);
    case 'uuid':
      return '9b2f4a5e-1c3d-4e5f-8a9b-0c1d2e3f4a5b';
    case 'json':
      return undefined;
    default:
      return text;
  }
}

function field(level: Hostility, limits: GeneratorLimits): fc.Arbitrary<FieldSpec> {
  const hostile = level === 'hostile';
  return fc
    .record({
      name: nameAt(level, PLAIN_FIELDS, limits),
      type: fc.constantFrom(...FIELD_TYPES),
      unknownType: hostile ? fc.option(nameAt('hostile', ['strng', 'varchar', 'number'], limits), { freq: 4 }) : fc.constant(null),
      enumValues: fc.uniqueArray(nameAt(level, PLAIN_ENUM_VALUES, limits), { minLength: hostile ? 0 : 1, maxLength: 4, selector: (value) => (hostile ? value : value.toLowerCase()) }),
      nullable: fc.boolean(),
      unique: fc.boolean(),
      primary: hostile ? fc.boolean() : fc.constant(false),
      withDefault: fc.constantFrom(false, false, true),
      defaultPick: fc.nat(),
      defaultText: valueAt(level, PLAIN_STRING_DEFAULTS, limits),
      anyDefault: hostile ? fc.constantFrom<unknown>(null, 'x', 1.5, -1, true, [], {}, 1e309) : fc.constant(undefined),
      rules: fc.array(valueAt(level, PLAIN_RULES, limits), { maxLength: 2 }),
      spelling: fc.nat(),
    })
    .map((drawn): FieldSpec => {
      const value = drawn.anyDefault !== undefined && drawn.defaultPick % 3 === 0 ? drawn.anyDefault : fittingDefault(drawn.type, drawn.enumValues, drawn.defaultPick, drawn.defaultText);
      const spec: FieldSpec = {
        name: drawn.name,
        type: drawn.type,
        enumValues: drawn.enumValues,
        nullable: drawn.nullable,
        unique: drawn.unique,
        primary: drawn.primary,
        rules: drawn.rules,
        spelling: drawn.spelling,
      };
      if (drawn.unknownType !== null) spec.unknownType = drawn.unknownType;
      if (drawn.withDefault && value !== undefined) spec.default = { value };
      return spec;
    });
}

/** The lower-case name a column gets, near enough to tell two fields that would collide. */
const columnKey = (name: string) => name.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();

function entityBody(level: Hostility, limits: GeneratorLimits, shape: ModelShape) {
  return fc.record({
    fields: fc.uniqueArray(field(level, limits), { maxLength: shape.maxFields, selector: (spec) => (level === 'hostile' ? spec.name : columnKey(spec.name)) }),
    key: fc.option(fc.nat(), { freq: 4 }),
    softDeletes: fc.option(fc.boolean(), { freq: 3 }),
    morphName: nameAt(level, MORPH_NAMES, limits),
  });
}

interface RelationDraft {
  from: number;
  to: number;
  kind: (typeof RELATION_KINDS)[number];
  nullable: boolean;
  pivot: string | null;
  name: string | null;
}

function relationDraft(level: Hostility, limits: GeneratorLimits, shape: ModelShape): fc.Arbitrary<RelationDraft> {
  const pivot = limits.hostilePivots ? valueAt(level, PLAIN_PIVOTS, limits) : fc.constantFrom(...PLAIN_PIVOTS);
  // belongsToMany twice: its pivot is a name that reaches a migration's PHP.
  const kinds = shape.relationKinds.includes('belongsToMany') ? [...shape.relationKinds, 'belongsToMany' as const] : shape.relationKinds;
  return fc.record({
    from: fc.nat(),
    to: fc.nat(),
    kind: fc.constantFrom(...kinds),
    nullable: fc.boolean(),
    pivot: fc.option(pivot, { freq: 2 }),
    name: level === 'clean' ? fc.constant(null) : fc.option(nameAt('hostile', PLAIN_RELATIONS, limits), { freq: 4 }),
  });
}

/**
 * Relations a valid model can hold: a foreign key only points from a later entity to an earlier one (or
 * to itself), so there is no cycle; one relation per pair of entities, so every inverse pairs one way;
 * names as Laravel's conventions make them, unless a hostile one was drawn.
 */
function validRelations(names: readonly string[], drafts: readonly RelationDraft[], morphNames: readonly string[]): Map<number, RelationSpec[]> {
  const relations = new Map<number, RelationSpec[]>(names.map((_, index) => [index, []]));
  const pairs = new Set<string>();
  const morphTargets = new Set<number>();
  for (const draft of drafts) {
    const [low, high] = [Math.min(draft.from, draft.to) % names.length, Math.max(draft.from, draft.to) % names.length].sort((a, b) => a - b) as [number, number];
    const [from, to] = draft.kind === 'belongsTo' ? [high, low] : [low, high];
    const pair = `${low}-${high}`;
    if (pairs.has(pair) || draft.kind === 'morphTo' || ((draft.kind === 'morphOne' || draft.kind === 'morphMany') && from === to)) continue;
    pairs.add(pair);
    const target = names[to] as string;
    const conventional = draft.kind === 'belongsTo' || draft.kind === 'hasOne' ? belongsToNameFor(target) : toManyNameFor(target);
    const spec: RelationSpec = { name: draft.name ?? conventional, kind: draft.kind, target, nullable: draft.nullable && ['belongsTo', 'hasOne', 'hasMany'].includes(draft.kind) };
    if (draft.kind === 'belongsToMany' && (draft.pivot !== null || from === to)) spec.pivot = draft.pivot ?? 'self_links';
    if (draft.kind === 'morphOne' || draft.kind === 'morphMany') morphTargets.add(to);
    relations.get(from)?.push(spec);
  }
  for (const target of morphTargets) relations.get(target)?.push({ name: morphNames[target] ?? 'commentable', kind: 'morphTo', nullable: false });
  return relations;
}

/** Relations of a hostile model: any kind (or a word that is none), any target (or one not declared), pivots anywhere. */
function hostileRelation(entities: readonly string[], limits: GeneratorLimits): fc.Arbitrary<RelationSpec> {
  return fc
    .record({
      name: nameAt('hostile', PLAIN_RELATIONS, limits),
      kind: fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...RELATION_KINDS, 'manyToMany', 'oneToMany') }, nameAt('hostile', ['belongsTo', 'hasMany'], limits)),
      target: fc.option(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...entities) }, nameAt('hostile', PLAIN_ENTITIES, limits)), { freq: 8 }),
      pivot: fc.option(limits.hostilePivots ? valueAt('hostile', PLAIN_PIVOTS, limits) : fc.constantFrom(...PLAIN_PIVOTS), { freq: 3 }),
      nullable: fc.boolean(),
    })
    .map(({ name, kind, target, pivot, nullable }) => ({ name, kind, ...(target === null ? {} : { target }), ...(pivot === null ? {} : { pivot }), nullable }));
}

export function modelSpec(level: Hostility, limits: GeneratorLimits, shape: ModelShape): fc.Arbitrary<ModelSpec> {
  const entityNames = fc.uniqueArray(nameAt(level, PLAIN_ENTITIES, limits), {
    minLength: 1,
    maxLength: shape.maxEntities,
    selector: (name) => (level === 'hostile' ? name : name.toLowerCase()),
  });
  return entityNames.chain((names) =>
    fc
      .record({
        bodies: fc.tuple(...names.map(() => entityBody(level, limits, shape))),
        drafts: shape.relationKinds.length === 0 ? fc.constant([]) : fc.array(relationDraft(level, limits, shape), { maxLength: 4 }),
        hostileRelations:
          level === 'hostile' && shape.relationKinds.length > 0
            ? fc.tuple(...names.map(() => fc.array(hostileRelation(names, limits), { maxLength: 2 }))).map((lists): RelationSpec[][] => lists)
            : fc.constant<RelationSpec[][]>([]),
        parent: shape.parents ? fc.option(fc.tuple(fc.nat(), fc.nat()), { freq: 4 }) : fc.constant(null),
      })
      .map(({ bodies, drafts, hostileRelations, parent }): ModelSpec => {
        const relations = level === 'hostile' ? new Map(hostileRelations.map((list, index) => [index, list])) : validRelations(names, drafts, bodies.map((body) => body.morphName));
        const entities = names.map((name, index): EntitySpec => {
          const body = bodies[index];
          const fields = body?.fields.map((spec) => ({ ...spec })) ?? [];
          const keyField = body?.key === null || body?.key === undefined || fields.length === 0 ? undefined : fields[body.key % fields.length];
          if (keyField !== undefined && level !== 'hostile') {
            keyField.primary = true;
            keyField.nullable = false;
            delete keyField.default;
            if (!KEY_TYPES.includes(keyField.type)) keyField.type = KEY_TYPES[keyField.spelling % KEY_TYPES.length] as SpecType;
          }
          return { name, fields, relations: relations.get(index) ?? [], softDeletes: body?.softDeletes ?? null };
        });
        if (parent !== null) {
          const [childPick, parentPick] = parent;
          const child = entities[childPick % entities.length];
          const parentEntity = entities[parentPick % entities.length];
          // A parent with relations is not supported: a valid model only extends an entity without any.
          const allowed = level === 'hostile' || (child !== parentEntity && entities.every((entity) => entity.relations.length === 0));
          if (child !== undefined && parentEntity !== undefined && allowed) child.parent = parentEntity.name;
        }
        return { level, entities };
      }),
  );
}

/** The spellings of each type a writer may use; `spelling` picks one. */
export const TYPE_SPELLINGS: Record<Exclude<SpecType, 'enum'>, readonly string[]> = {
  string: ['string'],
  text: ['text'],
  boolean: ['boolean', 'bool'],
  integer: ['integer', 'int'],
  bigint: ['bigint', 'biginteger'],
  float: ['float', 'double'],
  decimal: ['decimal'],
  json: ['json'],
  date: ['date'],
  datetime: ['datetime'],
  timestamp: ['timestamp'],
  uuid: ['uuid'],
};

/** A field's type as schema files and `--fields` write it: a spelling, `enum(a,b)`, or the unknown word. */
export function typeWord(spec: FieldSpec): string {
  if (spec.unknownType !== undefined) return spec.unknownType;
  if (spec.type === 'enum') return `enum(${spec.enumValues.join(',')})`;
  const spellings = TYPE_SPELLINGS[spec.type];
  return spellings[spec.spelling % spellings.length] as string;
}
