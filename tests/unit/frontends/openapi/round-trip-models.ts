import fc from 'fast-check';
import type { ColumnSize, DefaultValue, FieldType, OnDelete, RelationKind, SourceEntity, SourceField, SourceModel, SourceRelation } from '../../../../src/ir/ir.generated.js';

/**
 * Valid source models for the OpenAPI round trip: a few entities with fields of every type (nullable, unique,
 * hidden, with sizes, defaults and enum values), a custom key or the conventional one, soft deletes, no
 * timestamps, the relations of each pair of entities (with their delete rules and pivot tables, named in
 * camelCase or not), relations of an entity to itself and a polymorphic one. Everything here must come back
 * from the document `fullapi openapi` writes; what cannot is left out below, each with its reason.
 *
 * Left out of the round trip on purpose:
 * - the generation options (auth, json_api, pagination, ...) and `owner`: choices of the generated code, not
 *   facts of an entity; a JSON:API document describes its rows in another shape altogether;
 * - validation rules, bounds, `index`, `filterable`, `sortable`, `renamed_from` and composite indexes: facts of
 *   requests, queries and migrations, which the response schemas the reader reads do not describe;
 * - field names a convention reads (`id`, `<relation>_id`, the timestamps, a secret's name): they are given
 *   facts of their own by name, in the document as in a schema file.
 */

const SPAN = { file: 'api-schema.yaml', line: 1, column: 1 };

/** Entities, with the names of a relation to each: singular for one row, plural for many. */
const ENTITIES = [
  { name: 'Author', one: 'author', many: 'authors' },
  { name: 'Book', one: 'book', many: 'books' },
  { name: 'Shelf', one: 'shelf', many: 'shelves' },
  { name: 'Label', one: 'label', many: 'labels' },
] as const;

/** The entity of the polymorphic relation, and the names of both its sides. */
const MORPH = { entity: 'Note', morphTo: 'notable', one: 'note', many: 'notes' } as const;

/** Names no convention reads, none a relation's. */
const FIELD_NAMES = ['title', 'summary', 'rating', 'price', 'weight', 'starts_on', 'opened_at', 'active', 'meta', 'serial', 'status', 'level', 'remarks', 'quantity', 'checked_at', 'colour'];

const FIELD_TYPES: readonly FieldType[] = ['string', 'text', 'boolean', 'integer', 'bigint', 'float', 'decimal', 'json', 'date', 'datetime', 'timestamp', 'uuid', 'enum'];

const ENUM_WORDS = ['draft', 'live', 'gone', 'held'];

/** A field's type with what goes with it: a size its type takes, enum values, a default of its kind. */
interface Typed {
  type: FieldType;
  size?: ColumnSize;
  enumValues?: string[];
  defaults: fc.Arbitrary<DefaultValue['value']>[];
}

function typed(type: FieldType): fc.Arbitrary<Typed> {
  switch (type) {
    case 'string':
      return fc.option(fc.integer({ min: 1, max: 1000 }), { nil: undefined }).map((length) => ({ type, ...(length === undefined ? {} : { size: { length } }), defaults: [fc.constantFrom('none', 'draft copy', '')] }));
    case 'text':
      return fc.constantFrom<ColumnSize['text']>(undefined, 'medium', 'long').map((text) => ({ type, ...(text === undefined ? {} : { size: { text } }), defaults: [] }));
    case 'decimal':
      return fc
        .option(fc.integer({ min: 1, max: 30 }).chain((precision) => fc.integer({ min: 0, max: precision }).map((scale) => ({ precision, scale }))), { nil: undefined })
        .map((size) => ({ type, ...(size === undefined ? {} : { size }), defaults: [fc.constantFrom(0, 1)] }));
    case 'enum':
      return fc.subarray(ENUM_WORDS, { minLength: 1 }).map((enumValues) => ({ type, enumValues, defaults: [fc.constantFrom(...enumValues)] }));
    case 'boolean':
      return fc.constant({ type, defaults: [fc.boolean()] });
    case 'integer':
    case 'bigint':
      return fc.constant({ type, defaults: [fc.integer({ min: -1000, max: 1000 })] });
    case 'float':
      return fc.constant({ type, defaults: [fc.constantFrom(0, 1.5, -2.25)] });
    case 'date':
      return fc.constant({ type, defaults: [fc.constant('2026-01-31')] });
    case 'json':
    case 'datetime':
    case 'timestamp':
    case 'uuid':
      return fc.constant({ type, defaults: [] });
  }
}

function field(name: string): fc.Arbitrary<SourceField> {
  return fc
    .constantFrom(...FIELD_TYPES)
    .chain(typed)
    .chain(({ defaults, ...facts }) =>
      fc
        .record({
          nullable: fc.boolean(),
          // text and json take no unique index (MySQL indexes a text only by a prefix).
          unique: facts.type === 'text' || facts.type === 'json' ? fc.constant(false) : fc.boolean(),
          hidden: fc.nat(4).map((draw) => draw === 0),
          defaultValue: defaults.length === 0 ? fc.constant(undefined) : fc.option(fc.oneof(...defaults), { nil: undefined, freq: 2 }),
        })
        .map(({ nullable, unique, hidden, defaultValue }): SourceField => ({
          name,
          ...facts,
          nullable,
          unique,
          primary: false,
          ...(hidden ? { hidden: true } : {}),
          ...(defaultValue === undefined ? {} : { defaultValue: { value: defaultValue } }),
          span: SPAN,
        })),
    );
}

/** An entity's relation to itself: its parent, its children, or its related rows through a pivot table it must name. */
function treeRelation(entity: string, kind: RelationKind): SourceRelation {
  if (kind === 'belongsToMany') return { name: 'related', kind, target: entity, pivot: `${entity.toLowerCase()}_links`, span: SPAN };
  return { name: kind === 'belongsTo' ? 'parent' : 'children', kind, target: entity, span: SPAN };
}

/** The conventional key (no field), or a key of the entity's own. */
const KEYS: readonly (SourceField | undefined)[] = [
  undefined,
  { name: 'code', type: 'string', nullable: false, unique: false, primary: true, span: SPAN },
  { name: 'id', type: 'uuid', nullable: false, unique: false, primary: true, span: SPAN },
  { name: 'id', type: 'string', nullable: false, unique: false, primary: true, span: SPAN },
  { name: 'number', type: 'integer', nullable: false, unique: false, primary: true, span: SPAN },
];

function entity(name: string, keyed: boolean): fc.Arbitrary<SourceEntity> {
  return fc
    .record({
      key: keyed ? fc.constantFrom(...KEYS) : fc.constant(undefined),
      fields: fc.uniqueArray(fc.constantFrom(...FIELD_NAMES), { maxLength: 6 }).chain((names) => fc.tuple(...names.map(field))),
      softDeletes: fc.boolean(),
      timestamps: fc.nat(3).map((draw) => draw !== 0),
      tree: fc.constantFrom<RelationKind | undefined>(undefined, 'belongsTo', 'hasMany', 'belongsToMany'),
    })
    .map(({ key, fields, softDeletes, timestamps, tree }) => ({
      name,
      fields: key === undefined ? fields : [key, ...fields],
      softDeletes,
      ...(timestamps ? {} : { timestamps: false }),
      relations: tree === undefined ? [] : [treeRelation(name, tree)],
      span: SPAN,
    }));
}

/** What relates the two entities of a pair: a belongsTo of the second, or a relation of the first. */
const PAIR_KINDS: readonly (RelationKind | undefined)[] = [undefined, 'belongsTo', 'hasOne', 'hasMany', 'belongsToMany'];

/**
 * A pair's relation: its kind, whether its key may be null, its delete rule, and whether its name is in camelCase
 * (`mainAuthor`), which for a belongsToMany comes with a pivot table of its own.
 */
type PairRelation = [RelationKind | undefined, boolean, OnDelete | undefined, boolean];

function relation([kind, nullable, onDelete, camel]: PairRelation, owner: (typeof ENTITIES)[number], target: (typeof ENTITIES)[number]): SourceRelation | undefined {
  if (kind === undefined) return undefined;
  const word = kind === 'belongsTo' || kind === 'hasOne' ? target.one : target.many;
  const name = camel ? `main${word[0]?.toUpperCase() ?? ''}${word.slice(1)}` : word;
  // A camelCase belongsToMany names its pivot table too, which Laravel would name after both tables.
  const pivot = kind === 'belongsToMany' && camel ? { pivot: `${owner.one}_${target.one}_links` } : {};
  // belongsToMany has no key column to be null, nor a delete rule; set_null needs a key that may be null.
  const keyed = kind !== 'belongsToMany';
  const rule = keyed && onDelete !== undefined && (onDelete !== 'set_null' || nullable) ? { onDelete } : {};
  return { name, kind, target: target.name, ...(nullable && keyed ? { nullable: true } : {}), ...rule, ...pivot, span: SPAN };
}

/** The morphTo entity, and for each other entity no relation to it, a morphOne or a morphMany. */
function morphs(count: number): fc.Arbitrary<{ note?: SourceEntity; sides: (SourceRelation | undefined)[] }> {
  const side = fc.constantFrom<'morphOne' | 'morphMany' | undefined>(undefined, 'morphOne', 'morphMany');
  return fc.tuple(fc.boolean(), fc.array(side, { minLength: count, maxLength: count }), entity(MORPH.entity, false)).map(([used, kinds, note]) => {
    if (!used || kinds.every((kind) => kind === undefined)) return { sides: kinds.map(() => undefined) };
    const morphTo: SourceRelation = { name: MORPH.morphTo, kind: 'morphTo', span: SPAN };
    return {
      note: { ...note, relations: [morphTo] },
      sides: kinds.map((kind) => (kind === undefined ? undefined : { name: kind === 'morphOne' ? MORPH.one : MORPH.many, kind, target: MORPH.entity, span: SPAN })),
    };
  });
}

export function sourceModel(): fc.Arbitrary<SourceModel> {
  return fc.integer({ min: 1, max: ENTITIES.length }).chain((count) => {
    const chosen = ENTITIES.slice(0, count);
    const pairs = chosen.flatMap((first, i) => chosen.slice(i + 1).map((second) => [first, second] as const));
    return fc
      .tuple(
        fc.tuple(...chosen.map((chosenEntity) => entity(chosenEntity.name, true))),
        fc.array(fc.tuple(fc.constantFrom(...PAIR_KINDS), fc.boolean(), fc.constantFrom<OnDelete | undefined>(undefined, 'cascade', 'restrict', 'set_null'), fc.boolean()), {
          minLength: pairs.length,
          maxLength: pairs.length,
        }),
        morphs(count),
      )
      .map(([entities, pairKinds, morph]) => {
        const withRelations = entities.map((declared, index) => {
          const own = pairs.flatMap(([first, second], pair) => {
            const related = pairKinds[pair] ?? [undefined, false, undefined, false];
            // The later entity of a pair holds the key, whichever side declares the relation: no cycle of keys.
            const [from, to] = related[0] === 'belongsTo' ? [second, first] : [first, second];
            const declaredRelation = from.name === declared.name ? relation(related, from, to) : undefined;
            return declaredRelation === undefined ? [] : [declaredRelation];
          });
          // A morph's `<name>_id` column holds integer keys: an entity of its own key owns no morph.
          const morphSide = declared.fields.some((candidate) => candidate.primary) ? undefined : morph.sides[index];
          return { ...declared, relations: [...declared.relations, ...own, ...(morphSide === undefined ? [] : [morphSide])] };
        });
        const morphed = withRelations.some((declared) => declared.relations.some((candidate) => candidate.target === MORPH.entity));
        return { entities: morph.note === undefined || !morphed ? withRelations : [...withRelations, morph.note] };
      });
  });
}
