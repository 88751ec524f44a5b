import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import { FULLAPI_EXTENSION } from '../../../src/ir/openapi-extension.js';
import { answerValidator } from '../../e2e/openapi-answers.js';
import { copyExampleProject, runCli } from '../../support/project-tree.js';
import { repoRoot } from '../../support/repo-root.js';

/**
 * `fullapi openapi` on the record of golden cases (their expected class_data.json, in a copy of the example
 * project with the case's overlay): a valid OpenAPI 3.1 document whose schemas compile as JSON Schema 2020-12, and
 * what it says of routes, parameters, bodies and answers. Expected documents sit beside two cases' inputs
 * (openapi.json, openapi.yaml); FULLAPI_REFRESH_GOLDEN=1 rewrites them.
 */

/** The document as parsed JSON: its shape is what is examined. */
type Json = any;

const fixtures = join(repoRoot(), 'tests', 'fixtures');
const refresh = process.env['FULLAPI_REFRESH_GOLDEN'] === '1';

const CASES = ['schema-blog', 'field-choices', 'pest', 'json-api', 'auth', 'soft-deletes', 'custom-key-12', 'custom-key-13', 'every-field-type', 'enum-field', 'seeded-relations', 'unique-field', 'simple-pagination', 'owners'];

/** The case's project as its golden run left it: the example, the overlay, and the record the run wrote. */
function recordedProject(name: string): string {
  const caseDir = join(fixtures, name);
  const golden = JSON.parse(readFileSync(join(caseDir, 'case.json'), 'utf8')) as { project: string };
  const overlay = join(caseDir, 'project');
  const project = copyExampleProject(golden.project, existsSync(overlay) ? overlay : undefined);
  copyFileSync(join(caseDir, 'expected', 'class_data.json'), join(project, 'class_data.json'));
  return project;
}

async function documentOf(name: string, argv: string[] = []): Promise<{ project: string; document: Json; text: string }> {
  const project = recordedProject(name);
  const run = await runCli(['openapi', ...argv], project);
  assert.is(run.exitCode, 0, run.stderr);
  assert.is(run.stderr, '');
  return { project, document: JSON.parse(run.stdout), text: run.stdout };
}

function operations(document: Json): [string, string, Json][] {
  return Object.entries(document.paths as Record<string, Json>).flatMap(([path, item]) =>
    ['get', 'put', 'patch', 'post', 'delete'].filter((method) => item[method] !== undefined).map((method): [string, string, Json] => [path, method, item[method]]),
  );
}

for (const name of CASES) {
  test(`${name}: a valid OpenAPI 3.1 document, its schemas valid JSON Schema 2020-12`, async () => {
    const { document } = await documentOf(name);
    const validated = await new Validator().validate(document);
    assert.ok(validated.valid, JSON.stringify(validated.errors, null, 2));
    assert.is(document.openapi, '3.1.0');
    const ajv = new Ajv2020({ strict: true, strictTypes: false, strictTuples: false, validateFormats: false });
    // fullapi's vendor extension is an annotation, no assertion: OpenAPI allows `x-` keys in a schema, strict Ajv wants them declared.
    ajv.addVocabulary([FULLAPI_EXTENSION]);
    ajv.addSchema(JSON.parse(JSON.stringify({ $id: 'openapi', $defs: document.components.schemas }).replaceAll('"#/components/schemas/', '"openapi#/$defs/')));
    const schemas = [
      ...operations(document).flatMap(([, , operation]) => [
        ...Object.values(operation.responses).flatMap((response: Json) => Object.values(response.content ?? {}).map((media: Json) => media.schema)),
        ...Object.values(operation.requestBody?.content ?? {}).map((media: Json) => media.schema),
        ...(operation.parameters ?? []).map((parameter: Json) => parameter.schema),
      ]),
    ];
    for (const schema of schemas) ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"openapi#/$defs/')));
    for (const [path, method, operation] of operations(document)) assert.ok(Object.keys(operation.responses).length > 0, `${method} ${path}`);
  });
}

test('the same input gives the same bytes, from the record or from the schema file it was made from', async () => {
  const first = await documentOf('schema-blog');
  const again = await runCli(['openapi'], first.project);
  assert.is(again.stdout, first.text);
  const fromSchema = await runCli(['openapi', 'api-schema.yaml'], first.project);
  assert.is(fromSchema.exitCode, 0, fromSchema.stderr);
  assert.is(fromSchema.stdout, first.text);
});

test('a Mermaid diagram, as an argument or --mermaid, gives the document of the record it was made into', async () => {
  const recorded = await documentOf('seeded-relations');
  for (const argv of [['docs/model.md'], ['--mermaid', 'docs/model.md']]) {
    const run = await runCli(['openapi', ...argv], recorded.project);
    assert.is(run.exitCode, 0, run.stderr);
    assert.is(run.stdout, recorded.text, argv.join(' '));
  }
});

for (const [name, file] of [
  ['schema-blog', 'openapi.json'],
  ['auth', 'openapi.yaml'],
  ['simple-pagination', 'openapi.json'],
] as const) {
  test(`${name}: the document is ${file} beside the case`, async () => {
    const project = recordedProject(name);
    const run = await runCli(['openapi', '--output', file], project);
    assert.is(run.exitCode, 0, run.stderr);
    const written = readFileSync(join(project, file), 'utf8');
    const expected = join(fixtures, name, file);
    if (refresh) writeFileSync(expected, written);
    assert.fixture(written, readFileSync(expected, 'utf8'));
  });
}

test("an owner's key: never required, described, and neither a filter nor a sort of the index", async () => {
  const { document } = await documentOf('owners');
  for (const [path, method] of [['/api/orders', 'post'], ['/api/orders/{order}', 'patch']] as const) {
    const body = document.paths[path][method].requestBody.content['application/json'].schema;
    assert.not.ok((body.required ?? []).includes('customer_id'), `${method} ${path}`);
    assert.match(body.properties.customer_id.description, "another user's key is refused");
  }
  const parameters = (document.paths['/api/orders'].get.parameters as { name: string; schema?: { enum?: string[] } }[]);
  assert.not.ok(parameters.some((parameter) => parameter.name === 'filter[customer_id]'));
  const sorts = parameters.find((parameter) => parameter.name === 'sort');
  assert.ok(sorts !== undefined);
  assert.not.match(JSON.stringify(sorts), 'customer_id');
});

test('every route of an entity, path parameters as the routes name them, restore and force-delete with soft deletes', async () => {
  const { document } = await documentOf('soft-deletes');
  assert.equal(Object.keys(document.paths), ['/api/posts', '/api/posts/{post}', '/api/posts/{post}/restore', '/api/posts/{post}/force-delete']);
  const member = document.paths['/api/posts/{post}'];
  assert.equal(Object.keys(member).filter((key) => key !== 'parameters'), ['get', 'put', 'patch', 'delete']);
  assert.equal(member.parameters[0].name, 'post');
  assert.equal(Object.keys(document.paths['/api/posts/{post}/restore']).filter((key) => key !== 'parameters'), ['post']);
  assert.equal(Object.keys(document.paths['/api/posts/{post}/force-delete']).filter((key) => key !== 'parameters'), ['delete']);
  assert.equal(Object.keys(member.delete.responses), ['204', '403', '404'], 'a soft delete is never refused by a foreign key');
  assert.equal(Object.keys(document.paths['/api/posts/{post}/force-delete'].delete.responses), ['204', '403', '404', '409']);
  assert.equal(document.components.schemas.PostResource.properties.deleted_at, { type: ['string', 'null'], format: 'date-time' });
});

test('a custom key: the route parameter and the key typed as a string; the update body leaves the key out', async () => {
  const { document } = await documentOf('custom-key-12');
  const parameter = document.paths['/api/countries/{country}'].parameters[0];
  assert.equal([parameter.name, parameter.schema], ['country', { type: 'string' }]);
  assert.ok('code' in document.paths['/api/countries'].post.requestBody.content['application/json'].schema.properties);
  assert.not.ok('code' in document.paths['/api/countries/{country}'].put.requestBody.content['application/json'].schema.properties);
  assert.not.ok('id' in document.components.schemas.CountryResource.properties);
});

test('the index: a filter per field typed as the service reads it, sort with its descending form, page, per_page up to the maximum', async () => {
  const { document } = await documentOf('every-field-type');
  const parameters = document.paths['/api/samples'].get.parameters as Json[];
  const schemaOf = (name: string) => parameters.find((parameter) => parameter.name === name)?.schema;
  assert.equal(schemaOf('filter[active]'), { type: 'boolean' });
  // The column's range: a number beyond it is ignored rather than compared (an error on PostgreSQL).
  assert.equal(schemaOf('filter[quantity]'), { type: 'integer', minimum: -2147483648, maximum: 2147483647 });
  assert.equal(schemaOf('filter[views]'), { type: 'integer' });
  assert.equal(schemaOf('filter[ratio]'), { type: 'number' });
  assert.equal(schemaOf('filter[price]'), { type: 'string', pattern: '^-?[0-9]{1,8}(\\.[0-9]{1,2})?$' });
  assert.equal(schemaOf('filter[born_on]'), { type: 'string', format: 'date' });
  assert.equal(schemaOf('filter[starts_at]'), { type: 'string', format: 'date-time' });
  assert.equal(schemaOf('filter[token]'), { type: 'string', format: 'uuid' });
  assert.is(schemaOf('filter[meta]'), undefined, 'a json column is neither filtered nor sorted');
  assert.ok(schemaOf('sort').items.enum.includes('-born_on'));
  assert.not.ok(schemaOf('sort').items.enum.includes('meta'));
  assert.equal(schemaOf('per_page'), { type: 'integer', minimum: 1, maximum: 100, default: 15 });
  assert.is(schemaOf('include'), undefined, 'no relation, no include');
});

test('simple pagination: the index promises no count (no total, last_page nor page links, links.last null); Laravel\'s simple page passes', async () => {
  const { document } = await documentOf('simple-pagination');
  const page = document.paths['/api/orders'].get.responses['200'].content['application/json'].schema;
  assert.equal(page.properties.meta.required, ['current_page', 'current_page_url', 'from', 'path', 'per_page', 'to']);
  for (const counted of ['total', 'last_page', 'links']) assert.not.ok(counted in page.properties.meta.properties, counted);
  assert.equal(page.properties.links.properties.last, { type: 'null' });
  const validator = answerValidator(document);
  const path = 'http://localhost/api/orders';
  const meta = { current_page: 2, current_page_url: `${path}?page=2`, from: 16, path, per_page: 15, to: 30 };
  const links = { first: `${path}?page=1`, last: null, prev: `${path}?page=1`, next: `${path}?page=3` };
  const answer = (json: unknown) => ({ request: 'GET /api/orders?page=2', status: 200, json, text: JSON.stringify(json), headers: new Headers({ 'content-type': 'application/json' }) });
  validator.check('GET', '/api/orders?page=2', answer({ data: [], links, meta }));
  assert.throws(() => validator.check('GET', '/api/orders?page=2', answer({ data: [], links: { ...links, last: `${path}?page=9` }, meta })), /links\/last must be null/);

  const counted = (await documentOf('soft-deletes')).document.paths['/api/posts'].get.responses['200'].content['application/json'].schema;
  assert.ok(counted.properties.meta.required.includes('total') && counted.properties.meta.required.includes('last_page'), 'without the option the page counts');
});

test('the index of an entity that marks fields filterable and sortable: those, the foreign keys, the key and the timestamps', async () => {
  const { document } = await documentOf('field-choices');
  const parameters = document.paths['/api/orders'].get.parameters as Json[];
  assert.equal(
    parameters.map((parameter) => parameter.name).filter((name: string) => name.startsWith('filter[')),
    ['filter[customer_id]', 'filter[status]', 'filter[total]'],
  );
  const sort = parameters.find((parameter) => parameter.name === 'sort')?.schema.items.enum as string[];
  assert.equal(sort.filter((value) => !value.startsWith('-')), ['id', 'customer_id', 'status', 'placed_at', 'created_at', 'updated_at']);
  const unmarked = (document.paths['/api/customers'].get.parameters as Json[]).map((parameter) => parameter.name);
  assert.ok(unmarked.includes('filter[name]') && unmarked.includes('filter[email]'), 'an entity that marks none filters on every field');
});

test('the request bodies: required on store, none on update, nullable, enum values, formats, max lengths', async () => {
  const { document } = await documentOf('every-field-type');
  const store = document.paths['/api/samples'].post.requestBody.content['application/json'].schema;
  const update = document.paths['/api/samples/{sample}'].patch.requestBody.content['application/json'].schema;
  assert.ok(store.required.includes('name'));
  assert.is(update.required, undefined);
  assert.equal(store.properties.name, { type: 'string', maxLength: 255 });
  assert.equal(store.properties.level, { type: 'string', enum: ['low', 'mid', 'high'] });
  assert.equal(store.properties.born_on, { type: 'string', format: 'date' });
  assert.equal(store.properties.starts_at, { type: 'string', format: 'date-time' });
  assert.equal(store.properties.token, { type: 'string', format: 'uuid' });
  assert.equal(store.properties.quantity, { type: 'integer', minimum: -2147483648, maximum: 2147483647 });
  assert.equal(store.properties.price, { type: 'number', minimum: -99999999.99, maximum: 99999999.99 });
});

test('relations: include, the *_ids of a synced many-to-many, the morph columns, a nullable foreign key', async () => {
  const { document } = await documentOf('schema-blog');
  const posts = document.paths['/api/posts'];
  const store = posts.post.requestBody.content['application/json'].schema;
  assert.equal(store.properties.tag_ids.type, 'array');
  assert.equal(store.properties.tag_ids.items, { type: 'integer' });
  const include = posts.get.parameters.find((parameter: Json) => parameter.name === 'include');
  assert.ok(include.schema.items.enum.includes('tags'));
  const comments = document.paths['/api/comments'].post.requestBody.content['application/json'].schema;
  assert.equal(comments.properties.commentable_type.type, ['string', 'null']);
  assert.ok(comments.properties.commentable_type.enum.includes('post'));
  assert.equal(comments.properties.commentable_id.type, ['integer', 'null']);
  assert.equal(document.components.schemas.PostResource.properties.tags, { type: 'array', items: { $ref: '#/components/schemas/TagResource' } });
});

test('auth: register, login, logout and user, a bearer scheme, 401 on every guarded route', async () => {
  const { document } = await documentOf('auth');
  assert.equal(document.components.securitySchemes, { sanctum: { type: 'http', scheme: 'bearer', description: 'A token POST /api/register or POST /api/login answers.' } });
  for (const path of ['/api/register', '/api/login', '/api/logout', '/api/user']) assert.ok(path in document.paths, path);
  assert.is(document.paths['/api/login'].post.security, undefined);
  for (const [path, method, operation] of operations(document).filter(([path]) => !['/api/register', '/api/login'].includes(path))) {
    assert.equal(operation.security, [{ sanctum: [] }], `${method} ${path}`);
    assert.ok('401' in operation.responses, `${method} ${path}`);
  }
});

test('json-api: the resource object, its media type, the include names of the relation methods', async () => {
  const { document } = await documentOf('json-api');
  const show = document.paths['/api/posts/{post}'].get;
  assert.equal(Object.keys(show.responses['200'].content), ['application/vnd.api+json']);
  const resource = document.components.schemas.PostResource;
  assert.equal(resource.required, ['id', 'type']);
  assert.equal(resource.properties.type, { const: 'posts' });
  assert.equal(resource.properties.id, { type: 'string' });
});

test('the answer validator of the harness: a described answer passes; a wrong type, an undocumented status or route fails', async () => {
  const { document } = await documentOf('soft-deletes');
  const validator = answerValidator(document);
  const row = { id: 1, title: 'Hello', created_at: '2026-01-02T03:04:05.000000Z', updated_at: '2026-01-02T03:04:05.000000Z', deleted_at: null };
  const answer = (status: number, json: unknown) => ({ request: 'GET /api/posts/1', status, json, text: JSON.stringify(json), headers: new Headers({ 'content-type': 'application/json' }) });
  validator.check('GET', '/api/posts/1?include=', answer(200, { data: row }));
  assert.throws(() => validator.check('GET', '/api/posts/1', answer(200, { data: { ...row, title: 7 } })), /\/api\/posts\/\{post\} GET 200: body\/data\/title must be string/);
  assert.throws(() => validator.check('GET', '/api/posts/1', answer(409, { message: 'no' })), /documents no such status/);
  assert.throws(() => validator.check('GET', '/api/nothing', answer(200, {})), /no path of the document matches/);
  validator.check('DELETE', '/api/posts/1/force-delete', { ...answer(204, undefined), text: '' });
});

test('--output writes through the writer, a second run changes nothing; --check exits 1 on a difference and shows it', async () => {
  const project = recordedProject('soft-deletes');
  const first = await runCli(['openapi', '--output', 'docs/openapi.yaml'], project);
  assert.is(first.exitCode, 0, first.stderr);
  assert.match(first.stdout, /created\s+docs\/openapi\.yaml/);
  const written = readFileSync(join(project, 'docs', 'openapi.yaml'), 'utf8');
  assert.equal(parse(written), (await documentOf('soft-deletes')).document, 'the YAML holds the JSON document');
  const again = await runCli(['openapi', '--output', 'docs/openapi.yaml'], project);
  assert.match(again.stdout, /unchanged/);
  assert.is((await runCli(['openapi', '--output', 'docs/openapi.yaml', '--check'], project)).exitCode, 0);
  writeFileSync(join(project, 'docs', 'openapi.yaml'), written.replace('title:', 'name:'));
  const check = await runCli(['openapi', '--output', 'docs/openapi.yaml', '--check'], project);
  assert.is(check.exitCode, 1);
  assert.match(check.stderr, /openapi_out_of_date/);
  assert.match(check.stdout, /-\s*name:/);
  assert.is(readFileSync(join(project, 'docs', 'openapi.yaml'), 'utf8'), written.replace('title:', 'name:'), '--check writes nothing');
});

test('errors: --check without --output, no record, a file outside the project, a schema that does not check', async () => {
  const project = recordedProject('soft-deletes');
  const check = await runCli(['openapi', '--check'], project);
  assert.is(check.exitCode, 1);
  assert.match(check.stderr, /invalid_option/);
  const bare = copyExampleProject('laravel-12');
  const none = await runCli(['openapi'], bare);
  assert.is(none.exitCode, 1);
  assert.match(none.stderr, /no_class_data/);
  const outside = await runCli(['openapi', '--output', '../openapi.json'], project);
  assert.is(outside.exitCode, 1);
  assert.match(outside.stderr, /path_outside_project/);
  writeFileSync(join(project, 'bad.yaml'), 'entities:\n  Post:\n    fields:\n      title: strng\n');
  const bad = await runCli(['openapi', 'bad.yaml'], project);
  assert.is(bad.exitCode, 1);
  assert.match(bad.stderr, /bad\.yaml:4/);
  assert.is(bad.stdout, '');
});

test('openapi is in --help, and its own --help shows the options and examples', () => {
  // cac prints help on the console itself: it is read from the bundle users run.
  const binary = join(repoRoot(), 'dist', 'cli', 'fullapi.mjs');
  const help = (...args: string[]) => execFileSync(process.execPath, [binary, ...args], { encoding: 'utf8' });
  assert.match(help('--help'), /openapi \[input\] +The OpenAPI 3\.1 document/);
  const own = help('openapi', '--help');
  for (const option of ['--output <file>', '--check', '--schema <file>', '--mermaid <file>', '--project <dir>']) assert.ok(own.includes(option), option);
  assert.match(own, /Examples:\n {2}\$ fullapi openapi /);
});

test.run();
