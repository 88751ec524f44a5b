import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { ownerOf } from '../laravel/values/owner.js';
import type { Entity, ProjectFacts } from '../../ir/ir.generated.js';
import { relationTarget } from '../../ir/relations.js';
import { snake } from '../../passes/naming/str.js';
import type { PatchResult } from '../../diagnostics/patch-result.js';
import { jsonSyntaxError } from '../../text/read-json.js';
import { withoutByteOrderMark } from '../../text/json-text.js';
import { foreignKeyField } from '../laravel/values/relation-columns.js';
import { indexQuery } from '../laravel/artifacts/service.js';
import { sampleInput, type PhpValue } from '../laravel/values/test-values.js';
import { responseShape } from '../laravel/values/response-shape.js';

/**
 * `postman_collection.json` at the project root: the API's requests in the Postman Collection v2.1 format, one
 * folder per entity, for trying the API by hand or running it with newman. The file belongs to the user once
 * written: each run replaces only the folders of the entities it generates and keeps every other folder,
 * variable and key. A folder's requests run in an order that works from top to bottom: Create stores the new
 * row's key in a collection variable that the requests after it address. A folder also makes the parent rows
 * its entity's foreign keys need (their own parents first), and deletes them at its end: each folder runs on
 * its own, and a run of the whole collection leaves the database as it found it. With `--auth`, an Auth folder
 * runs first: Register and Login store a Sanctum token that every other request sends as a bearer token.
 */

export const CLIENT_COLLECTION_PATH = 'postman_collection.json';

export const COLLECTION_SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

/** Where `php artisan serve` listens by default. */
export const DEFAULT_BASE_URL = 'http://127.0.0.1:8000';

type Json = string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** The status each action answers (controller.stub): what each request's test script asserts. */
const STATUS = { list: 200, create: 201, show: 200, update: 200, delete: 204, restore: 200, forceDelete: 204 } as const;

/** What a folder is written with besides its entity. */
export interface CollectionContext {
  /** The `per_page` example: the project's default page size. */
  pageSize: number;
  /** What decides the shape of the answers (a JSON:API resource answers its key as `data.id`). */
  project: ProjectFacts;
  /** Every entity of the model: the parents a folder makes rows of. */
  entities: readonly Entity[];
}

/** The collection variable holding the key of the row the entity's Create request stored. */
export function keyVariable(className: string): string {
  return `${snake(className)}_key`;
}

/**
 * Adds or replaces the folder of each entity, in the order given, in the collection `existing` holds (a new
 * collection when there is none). A collection already holding every folder as it would be written is left
 * byte for byte, whatever its layout.
 */
export function patchClientCollection(existing: string | undefined, entities: readonly Entity[], context: CollectionContext): PatchResult {
  const parsed = parseCollection(existing);
  if (!parsed.ok) return parsed;
  const collection = parsed.collection;
  const items = Array.isArray(collection['item']) ? [...collection['item']] : [];
  for (const entity of entities) {
    const folder = entityFolder(entity, context);
    const index = items.findIndex((item) => isObject(item) && item['name'] === folder['name']);
    if (index === -1) items.push(folder);
    else items[index] = folder;
  }
  const withAuth = entities.some((entity) => entity.options?.auth === true);
  if (withAuth) placeAuthFolder(items);
  const keyed = [...new Set(entities.flatMap((entity) => [...ancestors(entity, context), entity].map((needed) => needed.naming.className)))];
  const wanted = [
    { key: 'base_url', value: DEFAULT_BASE_URL },
    ...(withAuth ? AUTH_VARIABLES.map((key) => ({ key, value: '' })) : []),
    ...keyed.map((className) => ({ key: keyVariable(className), value: '' })),
  ];
  const variables = Array.isArray(collection['variable']) ? [...collection['variable']] : [];
  for (const variable of wanted) if (!variables.some((kept) => isObject(kept) && kept['key'] === variable.key)) variables.push(variable);
  const info = isObject(collection['info']) ? collection['info'] : { name: 'API' };
  // A collection-level auth of the user's own is theirs to keep.
  const auth: JsonObject = withAuth && collection['auth'] === undefined ? { auth: BEARER_TOKEN } : {};
  // Spread first: the user's keys keep their places, and a new collection has Postman's order.
  const merged: JsonObject = { ...collection, info: { ...info, schema: COLLECTION_SCHEMA }, item: items, ...auth, variable: variables };
  return written(existing, collection, merged);
}

/** The collection's text: `existing` itself when the content is the same, whatever its layout. */
function written(existing: string | undefined, before: JsonObject, after: JsonObject): PatchResult {
  if (existing !== undefined && JSON.stringify(after) === JSON.stringify(before)) return { ok: true, content: existing };
  return { ok: true, content: `${JSON.stringify(after, null, 4)}\n` };
}

/** The collection without the folders of `classNames` and their key variables, for `fullapi delete`. */
export function forgetFolders(existing: string, classNames: readonly string[]): PatchResult {
  const parsed = parseCollection(existing);
  if (!parsed.ok) return parsed;
  const { collection } = parsed;
  const forgotten = new Set(classNames);
  const keys = new Set(classNames.map(keyVariable));
  const kept: JsonObject = { ...collection };
  if (Array.isArray(collection['item'])) kept['item'] = collection['item'].filter((item) => !(isObject(item) && forgotten.has(String(item['name']))));
  if (Array.isArray(collection['variable'])) kept['variable'] = collection['variable'].filter((variable) => !(isObject(variable) && keys.has(String(variable['key']))));
  return written(existing, collection, kept);
}

function parseCollection(existing: string | undefined): { ok: true; collection: JsonObject } | { ok: false; diagnostics: Diagnostic[] } {
  if (existing === undefined || existing.trim() === '') return { ok: true, collection: {} };
  const text = withoutByteOrderMark(existing);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (cause) {
    const { reason, span } = jsonSyntaxError(CLIENT_COLLECTION_PATH, text, (cause as Error).message);
    return { ok: false, diagnostics: [error('invalid_client_collection', `${CLIENT_COLLECTION_PATH} is not valid JSON: ${reason}`, span, 'mend the file, or move it away to have it written anew')] };
  }
  if (!isObject(parsed) || (parsed['item'] !== undefined && !Array.isArray(parsed['item']))) {
    const span = { file: CLIENT_COLLECTION_PATH, line: 1, column: 1 };
    return { ok: false, diagnostics: [error('invalid_client_collection', `${CLIENT_COLLECTION_PATH} must be a collection object whose "item" is a list`, span)] };
  }
  return { ok: true, collection: parsed };
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The entity's folder: List, Create, Show, Update, Delete, then Restore and Force delete with soft deletes. */
export function entityFolder(entity: Entity, context: CollectionContext): JsonObject {
  const { className } = entity.naming;
  const { collectionPath, memberPath, member } = addresses(entity);
  const body = requestBody(entity);
  const parents = ancestors(entity, context);
  const items = [
    ...parents.map((parent) => request(`Create ${parent.naming.className} (for ${className})`, 'POST', { path: addresses(parent).collectionPath }, STATUS.create, requestBody(parent), storeKey(parent, context.project))),
    request('List', 'GET', { path: collectionPath, query: listQuery(entity, context.pageSize) }, STATUS.list),
    request('Create', 'POST', { path: collectionPath }, STATUS.create, body, storeKey(entity, context.project)),
    request('Show', 'GET', { path: memberPath, member }, STATUS.show),
    request('Update', 'PUT', { path: memberPath, member }, STATUS.update, updateBody(entity, body)),
    request('Delete', 'DELETE', { path: memberPath, member }, STATUS.delete),
    ...(entity.softDeletes
      ? [
          request('Restore', 'POST', { path: [...memberPath, 'restore'], member }, STATUS.restore),
          request('Force delete', 'DELETE', { path: [...memberPath, 'force-delete'], member }, STATUS.forceDelete),
        ]
      : []),
    ...[...parents].reverse().map((parent) => request(`Delete ${parent.naming.className} (made for ${className})`, 'DELETE', removal(parent), STATUS.forceDelete)),
  ];
  return { name: className, item: items };
}

/** `token`: what Register and Login store; `auth_email`: the email Register makes up and Login sends. */
const AUTH_VARIABLES = ['token', 'auth_email'] as const;

/** Every request but Register and Login sends the token they stored (Sanctum's bearer token). */
const BEARER_TOKEN: JsonObject = { type: 'bearer', bearer: [{ key: 'token', value: '{{token}}', type: 'string' }] };

const AUTH_FOLDER = 'Auth';

/** The password Register sets and Login sends: RegisterRequest wants 8 characters or more. */
const SAMPLE_PASSWORD = 'sample-password';

/** The status AuthController answers. */
const AUTH_STATUS = { register: 201, login: 200 } as const;

/** The Auth folder in place of an existing one, else first: its requests must run before those that need the token. */
function placeAuthFolder(items: Json[]): void {
  const folder = authFolder();
  const index = items.findIndex((item) => isObject(item) && item['name'] === AUTH_FOLDER);
  if (index === -1) items.unshift(folder);
  else items[index] = folder;
}

/**
 * Register, then Login, each without the token and storing the one it answers. Register makes up a new email
 * each run (the users table refuses a second registration of one), which Login then sends.
 */
function authFolder(): JsonObject {
  const storeToken = ["pm.collectionVariables.set('token', pm.response.json().token);"];
  const credentials = { email: '{{auth_email}}', password: SAMPLE_PASSWORD };
  const register = request('Register', 'POST', { path: ['api', 'register'] }, AUTH_STATUS.register, { name: 'Sample User', ...credentials, password_confirmation: SAMPLE_PASSWORD }, storeToken);
  const freshEmail = ["pm.collectionVariables.set('auth_email', 'user-' + Date.now() + '-' + Math.floor(Math.random() * 1000000) + '@example.com');"];
  const login = request('Login', 'POST', { path: ['api', 'login'] }, AUTH_STATUS.login, credentials, storeToken);
  return { name: AUTH_FOLDER, item: [withoutToken(register, freshEmail), withoutToken(login)] };
}

/** The request without the collection's bearer token, with a script to run before it. */
function withoutToken(made: JsonObject, prerequest: readonly string[] = []): JsonObject {
  const before = prerequest.length === 0 ? [] : [{ listen: 'prerequest', script: { type: 'text/javascript', exec: [...prerequest] } }];
  const events = Array.isArray(made['event']) ? made['event'] : [];
  const sent = isObject(made['request']) ? made['request'] : {};
  return { ...made, event: [...before, ...events], request: { auth: { type: 'noauth' }, ...sent } };
}

function addresses(entity: Entity): { collectionPath: string[]; memberPath: string[]; member: { key: string; value: string } } {
  const { className, routeSegment, routeParameter } = entity.naming;
  const collectionPath = ['api', routeSegment];
  return { collectionPath, memberPath: [...collectionPath, `:${routeParameter}`], member: { key: routeParameter, value: `{{${keyVariable(className)}}}` } };
}

/** The request that removes a row for good: the force delete of a soft-deleting entity frees its unique values too. */
function removal(entity: Entity): Address {
  const { memberPath, member } = addresses(entity);
  return { path: entity.softDeletes ? [...memberPath, 'force-delete'] : memberPath, member };
}

/**
 * The entity a foreign key references, when it is among the model's and not the entity itself; none for the
 * owner's key, which the signed-in user fills (the request sends none).
 */
function parentOf(entity: Entity, key: Entity['foreignKeys'][number], context: CollectionContext): Entity | undefined {
  if (key.column === ownerOf(entity)?.foreignKey) return undefined;
  const target = referencedClass(entity, key);
  return target === entity.naming.className ? undefined : context.entities.find((candidate) => candidate.naming.className === target);
}

/** The entities a row of `entity` needs first, each once, each after the ones it needs itself. */
function ancestors(entity: Entity, context: CollectionContext, seen: Set<string> = new Set([entity.naming.className])): Entity[] {
  const needed: Entity[] = [];
  for (const key of entity.foreignKeys) {
    const parent = parentOf(entity, key, context);
    if (parent === undefined || seen.has(parent.naming.className)) continue;
    seen.add(parent.naming.className);
    needed.push(...ancestors(parent, context, seen), parent);
  }
  return needed;
}

interface Address {
  path: readonly string[];
  query?: readonly JsonObject[];
  member?: { key: string; value: string };
}

function request(name: string, method: string, address: Address, status: number, body?: JsonObject, extraTest: readonly string[] = []): JsonObject {
  const header = [{ key: 'Accept', value: 'application/json' }, ...(body === undefined ? [] : [{ key: 'Content-Type', value: 'application/json' }])];
  const enabledQuery = (address.query ?? []).filter((parameter) => parameter['disabled'] !== true);
  const queryText = enabledQuery.map((parameter) => `${String(parameter['key'])}=${String(parameter['value'])}`).join('&');
  const url: JsonObject = {
    raw: `{{base_url}}/${address.path.join('/')}${queryText === '' ? '' : `?${queryText}`}`,
    host: ['{{base_url}}'],
    path: [...address.path],
    ...(address.query === undefined ? {} : { query: [...address.query] }),
    ...(address.member === undefined ? {} : { variable: [{ ...address.member }] }),
  };
  const test = [
    `pm.test('${name} answers ${status}', function () {`,
    `    pm.response.to.have.status(${status});`,
    '});',
    ...extraTest,
  ];
  return {
    name,
    event: [{ listen: 'test', script: { type: 'text/javascript', exec: test } }],
    request: {
      method,
      header,
      ...(body === undefined ? {} : { body: { mode: 'raw', raw: JSON.stringify(body, null, 4), options: { raw: { language: 'json' } } } }),
      url,
    },
  };
}

/** Create's script keeps the new row's key for the requests after it. */
function storeKey(entity: Entity, project: ProjectFacts): string[] {
  const column = JSON.stringify(responseShape(entity, project).key);
  return [`pm.collectionVariables.set('${keyVariable(entity.naming.className)}', pm.response.json().data[${column}]);`];
}

/**
 * The columns a client sends, each with the sample value the generated feature tests send for its type; a
 * foreign key names the parent's key variable, which the folder's Create of the parent sets. A nullable
 * reference to the entity itself is null: no row of it exists before the first. The owner's key is left out:
 * the row is the signed-in user's.
 */
function requestBody(entity: Entity): JsonObject {
  const body: JsonObject = {};
  for (const key of entity.foreignKeys) {
    if (key.column === ownerOf(entity)?.foreignKey) continue;
    const parent = referencedClass(entity, key);
    if (parent === entity.naming.className && key.nullable) body[key.column] = null;
    else body[key.column] = parent === undefined ? sampleInput(foreignKeyField(key)) : `{{${keyVariable(parent)}}}`;
  }
  for (const field of entity.fields) body[field.name] = sampleInput(field);
  return body;
}

/** Without the custom key: an update that sends it would move the row to another URL. */
function updateBody(entity: Entity, body: JsonObject): JsonObject {
  if (!entity.primaryKey.custom) return body;
  return Object.fromEntries(Object.entries(body).filter(([column]) => column !== entity.primaryKey.column));
}

/** Examples of the index's query, disabled: a plain List answers the first page of every row. */
function listQuery(entity: Entity, pageSize: number): JsonObject[] {
  const { filters, sorts } = indexQuery(entity);
  const fieldNamed = (column: string) => entity.fields.find((field) => field.name === column);
  const filtered = filters.flatMap((filter) => fieldNamed(filter.column) ?? []);
  const sorted = sorts.map(fieldNamed).find((field) => field !== undefined);
  return [
    ...filtered.map((field) => ({ key: `filter[${field.name}]`, value: queryValue(sampleInput(field)), disabled: true })),
    ...(sorted === undefined ? [] : [{ key: 'sort', value: `-${sorted.name}`, disabled: true }]),
    { key: 'per_page', value: String(pageSize), disabled: true },
  ];
}

function queryValue(value: PhpValue): string {
  if (typeof value === 'boolean') return value ? '1' : '0';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The class a foreign key's belongsTo targets. */
function referencedClass(entity: Entity, key: Entity['foreignKeys'][number]): string | undefined {
  const relation = entity.relations.find((candidate) => candidate.name === key.relation);
  return relation === undefined ? undefined : relationTarget(relation);
}
