import type { Entity, EnumField, Field, ProjectFacts, Relation, ValueField } from '../../ir/ir.generated.js';
import { relationTarget } from '../../ir/relations.js';
import { decimalDigits, stringLength } from '../../ir/column-sizes.js';
import { writesJsonApi } from '../laravel/values/json-api.js';
import { readsMany } from '../laravel/values/model-relations.js';
import { foreignKeyField, morphFields } from '../laravel/values/relation-columns.js';
import { answeredRelationName, JSON_API_ID, jsonApiAttributes, resourceAttributes, resourceClassName } from '../laravel/artifacts/resource.js';
import { jsonApiType } from '../laravel/values/response-shape.js';
import { withColumnFacts, withEntityFacts, withRelationFacts } from './fullapi-extension.js';
import { objectSchema, orNull, schemaRef, type JsonSchema } from './json-schema.js';

/**
 * The schemas of what the resources answer: each attribute as the model's cast serializes it (MODEL_CAST, which
 * the model's `casts()` is written from), in the resource's own attribute list (resourceAttributes).
 */

/** A Carbon instant serialized by Eloquent: ISO 8601 in UTC with microseconds, `2026-01-31T10:20:30.000000Z`. */
const SERIALIZED_DATE_TIME: JsonSchema = { type: 'string', format: 'date-time' };

/** The value an attribute of this type answers, by its cast. */
export function answeredSchema(field: Field): JsonSchema {
  const schema = field.type === 'enum' ? enumSchema(field) : castSchema(field);
  return field.nullable ? orNull(schema) : schema;
}

/** What the model's cast of the type (MODEL_CAST) answers, and the resource's reading of a date. */
function castSchema(field: ValueField): JsonSchema {
  switch (field.type) {
    case 'string':
      return field.size?.length === undefined ? { type: 'string' } : { type: 'string', maxLength: stringLength(field.size) };
    case 'text':
      return { type: 'string' };
    case 'uuid':
      return { type: 'string', format: 'uuid' };
    case 'boolean':
      return { type: 'boolean' };
    case 'integer':
    case 'bigint':
      return { type: 'integer' };
    case 'float':
      return { type: 'number' };
    // The decimal cast answers a string with the column's scale, which keeps the precision a float would lose.
    case 'decimal':
      return { type: 'string', pattern: decimalPattern(decimalDigits(field.size).scale) };
    case 'json':
      return { type: ['object', 'array'] };
    // The day alone, `2026-01-31`: no time, no timezone to shift it to the day before.
    case 'date':
      return { type: 'string', format: 'date' };
    case 'datetime':
    case 'timestamp':
      return SERIALIZED_DATE_TIME;
  }
}

/** The decimal cast's string: the scale's digits after the point, none and no point for a scale of 0. */
function decimalPattern(scale: number): string {
  return scale === 0 ? '^-?[0-9]+$' : `^-?[0-9]+\\.[0-9]{${scale}}$`;
}

/** An enum field's values: the backing strings of its class's cases. */
export function enumSchema(field: EnumField): JsonSchema {
  return { type: 'string', enum: field.enumClass.cases.map((enumCase) => enumCase.value) };
}

/** Every attribute the resource answers, by name, with its schema; an attribute of no known column is any value. */
function attributeSchemas(entity: Entity, names: readonly string[]): Record<string, JsonSchema> {
  const known = new Map<string, JsonSchema>();
  known.set(entity.primaryKey.column, { type: entity.primaryKey.keyType === 'int' ? 'integer' : 'string' });
  for (const key of entity.foreignKeys) known.set(key.column, answeredSchema(foreignKeyField(key)));
  // A morph's columns as the table has them; those a client may set (morphFields) typed as the requests take them.
  for (const morph of entity.morphs) {
    known.set(`${morph}_type`, { type: ['string', 'null'] });
    known.set(`${morph}_id`, { type: ['integer', 'string', 'null'] });
  }
  for (const field of morphFields(entity)) known.set(field.name, answeredSchema(field));
  for (const field of entity.fields) known.set(field.name, withColumnFacts(answeredSchema(field), field, entity.primaryKey.custom && field.name === entity.primaryKey.column));
  for (const field of entity.existing?.shownColumns ?? []) known.set(field.name, answeredSchema(field));
  // A row created in this request has no timestamps read back when the table's defaults give them: null is allowed.
  for (const stamp of ['created_at', 'updated_at', 'deleted_at']) known.set(stamp, orNull(SERIALIZED_DATE_TIME));
  return Object.fromEntries(names.map((name) => [name, known.get(name) ?? {}]));
}

/**
 * `PostResource`: the row as the standard resource answers it, with each relation when it was loaded. A secret
 * is never answered: it is there `writeOnly`, as OpenAPI says of a value a client sends and never reads.
 */
export function resourceSchema(entity: Entity, entities: readonly Entity[], project: ProjectFacts): JsonSchema {
  const names = resourceAttributes(entity);
  const secrets = Object.fromEntries(entity.fields.filter((field) => field.secret === true).map((field) => [field.name, withColumnFacts({ ...answeredSchema(field), writeOnly: true }, field, false)]));
  const relations = Object.fromEntries(
    entity.relations.map((relation) => {
      const answeredName = answeredRelationName(relation.name, false);
      return [answeredName, withRelationFacts(relationSchema(relation, entities, project), relation, answeredName, entity, entities)];
    }),
  );
  return withEntityFacts(objectSchema({ ...attributeSchemas(entity, names), ...secrets, ...relations }, names), entity);
}

/**
 * A loaded relation: the related rows through their own resource, or, for a morphTo's parent (of any class) and a
 * target answered otherwise, any object. A one-row relation may have no row.
 */
function relationSchema(relation: Relation, entities: readonly Entity[], project: ProjectFacts): JsonSchema {
  const target = entities.find((entity) => entity.naming.className === relationTarget(relation));
  const row: JsonSchema = target === undefined || writesJsonApi(target, project) ? { type: 'object' } : schemaRef(resourceClassName(target));
  return readsMany(relation.kind) ? { type: 'array', items: row } : orNull(row);
}

/**
 * A JSON:API resource object (`--json-api`): the key as a string, the type, the attributes (a sparse fieldset
 * `fields[<type>]` may leave any out), and the relationships `include` loaded.
 */
export function jsonApiResourceSchema(entity: Entity): JsonSchema {
  return objectSchema(
    {
      [JSON_API_ID]: { type: 'string' },
      type: { const: jsonApiType(entity) },
      attributes: objectSchema(attributeSchemas(entity, jsonApiAttributes(entity))),
      relationships: { type: 'object' },
    },
    [JSON_API_ID, 'type'],
  );
}

/** The document of one row: the resource under `data`; a JSON:API one may list the included rows. */
export function singleDocument(entity: Entity, project: ProjectFacts): JsonSchema {
  const row = schemaRef(resourceClassName(entity));
  if (!writesJsonApi(entity, project)) return objectSchema({ data: row }, ['data']);
  return objectSchema({ data: row, included: { type: 'array', items: { type: 'object' } } }, ['data']);
}

/**
 * Laravel's paginated resource collection: the rows, the page links and the paginator's numbers. The simple
 * paginator of `--simple-pagination` counts no rows: no `total` nor `last_page`, no numbered page links, and no
 * link to a last page.
 */
export function collectionDocument(entity: Entity, project: ProjectFacts): JsonSchema {
  const rows = { type: 'array', items: schemaRef(resourceClassName(entity)) };
  if (writesJsonApi(entity, project)) return objectSchema({ data: rows, included: { type: 'array', items: { type: 'object' } }, links: { type: 'object' }, meta: { type: 'object' } }, ['data']);
  const { links, meta } = entity.options?.simplePagination === true ? simplePageSchemas() : lengthAwarePageSchemas();
  return objectSchema({ data: rows, links, meta }, ['data', 'links', 'meta']);
}

const PAGE_URL = { type: ['string', 'null'] };
const WHOLE_NUMBER = { type: 'integer' };
const ROW_NUMBER = { type: ['integer', 'null'] };

function lengthAwarePageSchemas(): { links: JsonSchema; meta: JsonSchema } {
  const links = objectSchema({ first: PAGE_URL, last: PAGE_URL, prev: PAGE_URL, next: PAGE_URL }, ['first', 'last', 'prev', 'next']);
  const meta = objectSchema(
    {
      current_page: WHOLE_NUMBER,
      from: ROW_NUMBER,
      last_page: WHOLE_NUMBER,
      links: { type: 'array', items: objectSchema({ url: PAGE_URL, label: { type: 'string' }, active: { type: 'boolean' } }, ['url', 'label', 'active']) },
      path: { type: ['string', 'null'] },
      per_page: WHOLE_NUMBER,
      to: ROW_NUMBER,
      total: WHOLE_NUMBER,
    },
    ['current_page', 'from', 'last_page', 'path', 'per_page', 'to', 'total'],
  );
  return { links, meta };
}

/** `next` is null on the last page, which is how a client knows it is there. */
function simplePageSchemas(): { links: JsonSchema; meta: JsonSchema } {
  const links = objectSchema({ first: { type: 'string' }, last: { type: 'null' }, prev: PAGE_URL, next: PAGE_URL }, ['first', 'last', 'prev', 'next']);
  const meta = objectSchema(
    {
      current_page: WHOLE_NUMBER,
      current_page_url: { type: 'string' },
      from: ROW_NUMBER,
      path: { type: ['string', 'null'] },
      per_page: WHOLE_NUMBER,
      to: ROW_NUMBER,
    },
    ['current_page', 'current_page_url', 'from', 'path', 'per_page', 'to'],
  );
  return { links, meta };
}

/** The component schemas of the entities' resources, by resource class name. */
export function resourceSchemas(entities: readonly Entity[], project: ProjectFacts): Record<string, JsonSchema> {
  return Object.fromEntries(
    entities.map((entity) => [resourceClassName(entity), writesJsonApi(entity, project) ? jsonApiResourceSchema(entity) : resourceSchema(entity, entities, project)]),
  );
}
