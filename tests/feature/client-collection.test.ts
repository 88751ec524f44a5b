import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { postmanSchemaErrors } from '../support/postman-schema.js';
import { copyExampleProject, readTree, runCli } from '../support/project-tree.js';
import { repoRoot } from '../support/repo-root.js';

const COLLECTION = 'postman_collection.json';

/** The collection as parsed JSON, untyped: its shape is what the tests examine. */
function collectionOf(project: string): any {
  return JSON.parse(readFileSync(join(project, COLLECTION), 'utf8'));
}

function folder(collection: any, name: string): any {
  return collection.item.find((item: any) => item.name === name);
}

function statusOf(request: any): string {
  const test = request.event.find((event: any) => event.listen === 'test');
  return (test.script.exec as string[]).find((line) => line.includes('to.have.status'))?.trim() ?? '';
}

async function make(project: string, args: readonly string[]): Promise<void> {
  const run = await runCli(['make', ...args], project);
  assert.is(run.exitCode, 0, run.stderr);
}

test('--client-collection writes a v2.1 collection the official schema accepts: a folder per entity, its requests in an order that runs; a secret is sent, never filtered on', async () => {
  const project = copyExampleProject('laravel-12');
  await make(project, ['Author', '--fields=name:string:unique,born_on:date,meta:json,password:string', '--client-collection']);
  await make(project, ['Country', '--fields=code:string:primary,name:string', '--soft-deletes', '--postman']);
  const collection = collectionOf(project);
  assert.equal(postmanSchemaErrors(collection), []);
  assert.is(collection.info.schema, 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json');
  assert.equal(collection.variable, [
    { key: 'base_url', value: 'http://127.0.0.1:8000' },
    { key: 'author_key', value: '' },
    { key: 'country_key', value: '' },
  ]);

  const authors = folder(collection, 'Author');
  assert.equal(authors.item.map((request: any) => `${request.name} ${request.request.method} ${request.request.url.raw}`), [
    'List GET {{base_url}}/api/authors',
    'Create POST {{base_url}}/api/authors',
    'Show GET {{base_url}}/api/authors/:author',
    'Update PUT {{base_url}}/api/authors/:author',
    'Delete DELETE {{base_url}}/api/authors/:author',
  ]);
  assert.equal(authors.item.map(statusOf), [200, 201, 200, 200, 204].map((status) => `pm.response.to.have.status(${status});`));
  const [list, create, show] = authors.item;
  assert.equal(
    list.request.url.query.map((parameter: any) => [parameter.key, parameter.value, parameter.disabled]),
    [
      ['filter[name]', 'sample-string', true],
      ['filter[born_on]', '2001-02-03', true],
      ['sort', '-name', true],
      ['per_page', '15', true],
    ],
  );
  assert.equal(JSON.parse(create.request.body.raw), { name: 'sample-string', born_on: '2001-02-03', meta: { key: 'value' }, password: 'sample-string' });
  assert.ok(create.event[0].script.exec.includes(`pm.collectionVariables.set('author_key', pm.response.json().data["id"]);`));
  assert.equal(show.request.url.variable, [{ key: 'author', value: '{{author_key}}' }]);
  assert.equal(show.request.header, [{ key: 'Accept', value: 'application/json' }]);

  const countries = folder(collection, 'Country');
  assert.equal(countries.item.map((request: any) => request.name), ['List', 'Create', 'Show', 'Update', 'Delete', 'Restore', 'Force delete']);
  assert.equal(countries.item.slice(5).map((request: any) => request.request.url.raw), [
    '{{base_url}}/api/countries/:country/restore',
    '{{base_url}}/api/countries/:country/force-delete',
  ]);
  // The custom key is sent on create only: an update sending it would move the row to another URL.
  assert.equal(JSON.parse(countries.item[1].request.body.raw), { code: 'sample-string', name: 'sample-string' });
  assert.equal(JSON.parse(countries.item[3].request.body.raw), { name: 'sample-string' });
});

test("a schema file's option: a folder makes the parent rows its foreign keys need, theirs first, and deletes them at its end", async () => {
  const project = copyExampleProject('laravel-12');
  writeFileSync(
    join(project, 'api-schema.yaml'),
    [
      'options:',
      '  client_collection: true',
      'entities:',
      '  Publisher:',
      '    soft_deletes: true',
      '    fields:',
      '      name: string unique',
      '  Author:',
      '    fields:',
      '      name: string',
      '    relations:',
      '      publisher: belongsTo Publisher',
      '      mentor: belongsTo Author nullable',
      '  Book:',
      '    fields:',
      '      title: string',
      '    relations:',
      '      author: belongsTo Author',
      '      editor: belongsTo Publisher nullable',
      '',
    ].join('\n'),
  );
  await make(project, []);
  const collection = collectionOf(project);
  assert.equal(postmanSchemaErrors(collection), []);
  assert.equal(collection.item.map((item: any) => item.name), ['Publisher', 'Author', 'Book']);
  const books = folder(collection, 'Book').item;
  assert.equal(books.map((request: any) => `${request.name} ${request.request.method} ${request.request.url.raw}`), [
    'Create Publisher (for Book) POST {{base_url}}/api/publishers',
    'Create Author (for Book) POST {{base_url}}/api/authors',
    'List GET {{base_url}}/api/books',
    'Create POST {{base_url}}/api/books',
    'Show GET {{base_url}}/api/books/:book',
    'Update PUT {{base_url}}/api/books/:book',
    'Delete DELETE {{base_url}}/api/books/:book',
    'Delete Author (made for Book) DELETE {{base_url}}/api/authors/:author',
    'Delete Publisher (made for Book) DELETE {{base_url}}/api/publishers/:publisher/force-delete',
  ]);
  assert.equal(JSON.parse(books[1].request.body.raw), { publisher_id: '{{publisher_key}}', mentor_id: null, name: 'sample-string' });
  assert.equal(JSON.parse(books[3].request.body.raw), { author_id: '{{author_key}}', editor_id: '{{publisher_key}}', title: 'sample-string' });
  assert.equal(books.at(-1).request.url.variable, [{ key: 'publisher', value: '{{publisher_key}}' }]);
  assert.equal(collection.variable.map((variable: any) => variable.key), ['base_url', 'publisher_key', 'author_key', 'book_key']);

  // One entity regenerated on its own still knows the parents its folder makes rows of.
  const before = readFileSync(join(project, COLLECTION), 'utf8');
  await make(project, ['Book']);
  assert.is(readFileSync(join(project, COLLECTION), 'utf8'), before);
});

test('the option is recorded in class_data.json, and a plain regeneration keeps it and changes nothing', async () => {
  const project = copyExampleProject('laravel-12');
  await make(project, ['Post', '--fields=title:string', '--client-collection']);
  const recorded = JSON.parse(readFileSync(join(project, 'class_data.json'), 'utf8'));
  assert.equal(recorded[0].clientCollection, true);
  const generated = readTree(project);

  const again = await runCli(['make', '--json'], project);
  const report = JSON.parse(again.stdout) as { ok: boolean; files: { path: string; action: string }[] };
  assert.ok(report.ok, again.stdout);
  assert.equal(report.files.filter((file) => file.action !== 'unchanged'), []);
  assert.ok(report.files.some((file) => file.path === COLLECTION));
  assert.equal(readTree(project), generated);
});

test("regeneration merges: the entity's folder is replaced in place; other folders, variables and keys are kept; a second run changes nothing", async () => {
  const project = copyExampleProject('laravel-12');
  const userCollection = {
    info: { name: 'My shop', _postman_id: 'kept', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
    item: [
      { name: 'Health', item: [{ name: 'Up', request: { method: 'GET', url: '{{base_url}}/up' } }] },
      { name: 'Post', item: [{ name: 'Old', request: { method: 'GET', url: '{{base_url}}/old' } }] },
      { name: 'Status', request: { method: 'GET', url: '{{base_url}}/status' } },
    ],
    auth: { type: 'noauth' },
    variable: [{ key: 'base_url', value: 'https://shop.test' }],
  };
  // Postman's own layout: tabs. Kept as long as the content does not change.
  writeFileSync(join(project, COLLECTION), JSON.stringify(userCollection, null, '\t'));
  await make(project, ['Post', '--fields=title:string', '--client-collection']);
  const merged = collectionOf(project);
  assert.equal(postmanSchemaErrors(merged), []);
  assert.equal(Object.keys(merged), ['info', 'item', 'auth', 'variable']);
  assert.equal(merged.info, userCollection.info);
  assert.equal(merged.auth, userCollection.auth);
  assert.equal(merged.item.map((item: any) => item.name), ['Health', 'Post', 'Status']);
  assert.equal(merged.item[0], userCollection.item[0]);
  assert.equal(merged.item[2], userCollection.item[2]);
  assert.equal(folder(merged, 'Post').item.map((request: any) => request.name), ['List', 'Create', 'Show', 'Update', 'Delete']);
  assert.equal(merged.variable, [{ key: 'base_url', value: 'https://shop.test' }, { key: 'post_key', value: '' }]);

  await make(project, ['Tag', '--fields=name:string', '--client-collection']);
  const withTag = readFileSync(join(project, COLLECTION), 'utf8');
  assert.equal(collectionOf(project).item.map((item: any) => item.name), ['Health', 'Post', 'Status', 'Tag']);
  await make(project, ['Tag', '--fields=name:string', '--client-collection']);
  assert.is(readFileSync(join(project, COLLECTION), 'utf8'), withTag);
});

test('a collection already as it would be written is left byte for byte, in its own layout', async () => {
  const project = copyExampleProject('laravel-12');
  await make(project, ['Post', '--fields=title:string', '--client-collection']);
  const tabbed = `${JSON.stringify(collectionOf(project), null, '\t')}\n`;
  writeFileSync(join(project, COLLECTION), tabbed);
  await make(project, ['Post', '--fields=title:string', '--client-collection']);
  assert.is(readFileSync(join(project, COLLECTION), 'utf8'), tabbed);
});

test("per_page's example is the project's page size", async () => {
  const project = copyExampleProject('laravel-12');
  assert.is((await runCli(['publish', 'config'], project)).exitCode, 0);
  const config = join(project, 'config/api-generator.php');
  writeFileSync(config, readFileSync(config, 'utf8').replace("'per_page' => 15", "'per_page' => 25"));
  await make(project, ['Post', '--fields=title:string', '--client-collection']);
  const list = folder(collectionOf(project), 'Post').item[0];
  assert.equal(list.request.url.query.at(-1), { key: 'per_page', value: '25', disabled: true });
});

test("fullapi delete removes the entity's folder and key variable, and keeps the rest", async () => {
  const project = copyExampleProject('laravel-12');
  await make(project, ['Post', '--fields=title:string', '--client-collection']);
  await make(project, ['Tag', '--fields=name:string', '--client-collection']);
  const run = await runCli(['delete', 'Post'], project);
  assert.is(run.exitCode, 0, run.stderr);
  const collection = collectionOf(project);
  assert.equal(collection.item.map((item: any) => item.name), ['Tag']);
  assert.equal(collection.variable.map((variable: any) => variable.key), ['base_url', 'tag_key']);
  assert.equal(postmanSchemaErrors(collection), []);
});

/** The example project with laravel/sanctum required, its migration published and the Laravel 12 skeleton's User, as `--auth` needs. */
function projectWithSanctum(): string {
  const project = copyExampleProject('laravel-12');
  mkdirSync(join(project, 'app/Models'), { recursive: true });
  copyFileSync(join(repoRoot(), 'tests/fixtures/auth/project/app/Models/User.php'), join(project, 'app/Models/User.php'));
  const composerPath = join(project, 'composer.json');
  const composer = JSON.parse(readFileSync(composerPath, 'utf8'));
  writeFileSync(composerPath, JSON.stringify({ ...composer, require: { ...composer.require, 'laravel/sanctum': '^4.0' } }, null, 4));
  writeFileSync(join(project, 'database/migrations/2026_01_01_000000_create_personal_access_tokens_table.php'), '<?php\n');
  return project;
}

test('with --auth: the Auth folder first, bearer {{token}} for the rest; a later entity without --auth keeps them, and a plain regeneration changes nothing', async () => {
  const project = projectWithSanctum();
  await make(project, ['Post', '--fields=title:string', '--auth', '--client-collection']);
  await make(project, ['Tag', '--fields=name:string', '--client-collection']);
  const collection = collectionOf(project);
  assert.equal(postmanSchemaErrors(collection), []);
  assert.equal(collection.item.map((item: any) => item.name), ['Auth', 'Post', 'Tag']);
  assert.equal(folder(collection, 'Auth').item.map((request: any) => `${request.name} ${request.request.url.raw} ${request.request.auth.type}`), [
    'Register {{base_url}}/api/register noauth',
    'Login {{base_url}}/api/login noauth',
  ]);
  assert.equal(folder(collection, 'Auth').item.map(statusOf), ['pm.response.to.have.status(201);', 'pm.response.to.have.status(200);']);
  assert.equal(collection.auth, { type: 'bearer', bearer: [{ key: 'token', value: '{{token}}', type: 'string' }] });
  assert.equal(collection.variable.map((variable: any) => variable.key), ['base_url', 'token', 'auth_email', 'post_key', 'tag_key']);

  const written = readTree(project);
  const again = await runCli(['make', '--json'], project);
  const report = JSON.parse(again.stdout) as { ok: boolean; files: { path: string; action: string }[] };
  assert.ok(report.ok, again.stdout);
  assert.equal(report.files.filter((file) => file.action !== 'unchanged'), []);
  assert.equal(readTree(project), written);
});

test('without the option no collection is written', async () => {
  const project = copyExampleProject('laravel-12');
  await make(project, ['Post', '--fields=title:string']);
  assert.not.ok(existsSync(join(project, COLLECTION)));
});

test('a collection that is not JSON, or not a collection, is refused at its place and nothing is written', async () => {
  for (const [text, message] of [
    ['{"item": [', `error[invalid_client_collection] ${COLLECTION}`],
    ['{"item": {}}', `${COLLECTION} must be a collection object whose "item" is a list`],
  ] as const) {
    const project = copyExampleProject('laravel-12');
    writeFileSync(join(project, COLLECTION), text);
    const before = readTree(project);
    const run = await runCli(['make', 'Post', '--fields=title:string', '--client-collection'], project);
    assert.is(run.exitCode, 1);
    assert.match(run.stderr, message);
    assert.equal(readTree(project), before);
  }
});

test.run();
