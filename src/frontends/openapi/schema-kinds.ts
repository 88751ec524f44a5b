import { isObject, isObjectSchema, mergedObject, valueType, type Schema } from './schema-shape.js';
import type { SchemaUsage } from './schema-usage.js';

/** A schema of `components.schemas` (or 2.0's `definitions`) by its name. */
export interface NamedSchema {
  name: string;
  schema: Schema;
}

/** A named schema that does not become an entity, and why, said to the user. */
export interface SkippedSchema extends NamedSchema {
  reason: string;
}

// `dependents`: the rows that refuse a deletion, in the 409 body a generated API answers (DeletionRefused).
// `fields`/`field`: the inputs a validation error is about.
const ERROR_WORDS = new Set(['code', 'message', 'error', 'errors', 'status', 'detail', 'details', 'title', 'type', 'instance', 'trace', 'dependents', 'fields', 'field']);
const ERROR_MARKS = ['message', 'error', 'detail'];
const PAGE_WORDS = new Set([
  'data', 'items', 'links', 'meta', 'total', 'count', 'page', 'per_page', 'perPage', 'current_page', 'last_page', 'total_pages', 'page_size',
  'limit', 'offset', 'next', 'prev', 'previous', 'cursor', 'next_cursor', 'first', 'last', 'from', 'to', 'path',
]);
const VARIANT_NAME = /^(?:New|Create|Update|Patch|Edit)[A-Z]|(?:Input|Request|Create|Update|Patch|Body|Payload|Params)$/;

/**
 * Splits the named schemas into entities and the rest. The rest are shapes around entities that a generated API
 * writes itself (error bodies, list and page wrappers, the bodies a client sends), unions no table holds, and
 * values that are no object.
 */
export function sortSchemas(named: readonly NamedSchema[], usage: SchemaUsage): { entities: NamedSchema[]; skipped: SkippedSchema[] } {
  const skipped: SkippedSchema[] = [];
  const objects: NamedSchema[] = [];
  for (const entry of named) {
    const reason = shapeProblem(entry.schema);
    if (reason === undefined) objects.push(entry);
    else skipped.push({ ...entry, reason });
  }
  const candidates = objects.filter((entry) => {
    const reason = errorBodyReason(entry.schema) ?? wrapperReason(entry.schema, objects);
    if (reason !== undefined) skipped.push({ ...entry, reason });
    return reason === undefined;
  });
  const entities = candidates.filter((entry) => {
    const reason = baseReason(entry, candidates, usage) ?? variantReason(entry, candidates, usage);
    if (reason !== undefined) skipped.push({ ...entry, reason });
    return reason === undefined;
  });
  return { entities, skipped };
}

function shapeProblem(schema: Schema): string | undefined {
  if (Array.isArray(schema['oneOf']) || Array.isArray(schema['anyOf'])) return 'it is a oneOf or anyOf union, which no one table holds';
  if (!isObjectSchema(schema)) return `it is ${kindOfValue(valueType(schema))}, so has no fields to store`;
  if (mergedObject(schema).properties.length === 0) return 'it is an object without properties, so has no fields to store';
  return undefined;
}

/** `an array, not an object`, `a string, not an object`, or `no object` when no one type is written. */
function kindOfValue(type: string | undefined): string {
  if (type === undefined) return 'no object';
  return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}, not an object`;
}

function errorBodyReason(schema: Schema): string | undefined {
  const names = mergedObject(schema).properties.map((property) => property.name);
  const isError = names.every((name) => ERROR_WORDS.has(name)) && names.some((name) => ERROR_MARKS.includes(name));
  return isError ? `it is an error body (${names.join(', ')}), which the generated API writes itself` : undefined;
}

function wrapperReason(schema: Schema, objects: readonly NamedSchema[]): string | undefined {
  const properties = mergedObject(schema).properties;
  const arrays = properties.filter((property) => valueType(property.schema) === 'array');
  const listed = arrays.flatMap((property) => {
    const items = property.schema['items'];
    const target = objects.find((entry) => entry.schema === items);
    return target === undefined ? [] : [target.name];
  });
  const pageWords = properties.filter((property) => PAGE_WORDS.has(property.name));
  const pageShaped = pageWords.length === properties.length && properties.some((property) => property.name === 'data' || property.name === 'items');
  // One list of an entity beside nothing but a page's counts (`history` beside offset, limit and count).
  const listOfOne = listed.length === 1 && arrays.length === 1 && pageWords.length === properties.length - 1;
  if (pageShaped || listOfOne) {
    return `it is a list or page wrapper${listed.length > 0 ? ` of ${listed.join(', ')}` : ''}, which the generated API writes itself`;
  }
  // A page's `links` or `meta` written as a schema of its own.
  if (pageWords.length === properties.length) return "it is a part of a page (its links or counts), which the generated API writes itself";
  return undefined;
}

/**
 * A schema other entities are made of (`allOf: [{$ref: Base}, ...]`): its properties are theirs, and no table of
 * its own. Not when the paths answer it and only request bodies are made of it: it is the entity, and they are
 * what a client sends of it (variantReason).
 */
function baseReason(entry: NamedSchema, candidates: readonly NamedSchema[], usage: SchemaUsage): string | undefined {
  const madeOfIt = candidates.filter((other) => other !== entry && allOfParts(other.schema).includes(entry.schema));
  const users = usage.responses.has(entry.schema) ? madeOfIt.filter((user) => !isRequestOnly(user.schema, usage)) : madeOfIt;
  if (users.length === 0) return undefined;
  const names = users.map((user) => user.name).join(', ');
  return `it is a part (allOf) of ${names}, whose tables hold its properties`;
}

/** A body a client sends for another entity: its properties are a part of that entity's, and paths send it only as a request, or its name says so. */
function variantReason(entry: NamedSchema, candidates: readonly NamedSchema[], usage: SchemaUsage): string | undefined {
  const requestOnly = isRequestOnly(entry.schema, usage);
  if (!requestOnly && !VARIANT_NAME.test(entry.name)) return undefined;
  const why = requestOnly ? 'the paths send it only as a request body' : 'its name says so';
  // A body that adds to an answered entity through allOf is what a client sends of that entity.
  const extended = candidates.find((other) => other !== entry && usage.responses.has(other.schema) && allOfParts(entry.schema).includes(other.schema));
  if (extended !== undefined) return `it is a request variant of ${extended.name} (made of ${extended.name} by allOf, and ${why})`;
  const own = mergedObject(entry.schema).properties.map((property) => property.name);
  const whole = candidates.find((other) => {
    if (other === entry) return false;
    const names = new Set(mergedObject(other.schema).properties.map((property) => property.name));
    return names.size > own.length && own.every((name) => names.has(name));
  });
  if (whole === undefined) return undefined;
  return `it is a request variant of ${whole.name} (its properties are some of ${whole.name}'s, and ${why})`;
}

function isRequestOnly(schema: Schema, usage: SchemaUsage): boolean {
  return usage.requests.has(schema) && !usage.responses.has(schema);
}

function allOfParts(schema: Schema): unknown[] {
  const parts = schema['allOf'];
  return Array.isArray(parts) ? parts : [];
}

/** components.schemas (3.x) or definitions (2.0), as written. */
export function namedSchemas(document: Schema): { holder?: Schema; named: NamedSchema[] } {
  const components = document['components'];
  const holder = isObject(components) ? components['schemas'] : document['definitions'];
  if (!isObject(holder)) return { named: [] };
  const named = Object.entries(holder).flatMap(([name, schema]) => (isObject(schema) ? [{ name, schema }] : []));
  return { holder, named };
}
