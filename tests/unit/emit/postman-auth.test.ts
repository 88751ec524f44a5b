import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { patchClientCollection, type CollectionContext } from '../../../src/emit/client/postman-collection.js';
import type { Entity } from '../../../src/ir/ir.generated.js';
import { postmanSchemaErrors } from '../../support/postman-schema.js';
import { context, entity, field } from '../../support/entities.js';

/** The collection of `--client-collection` with `--auth`: a token variable, bearer auth, an Auth folder first. */

function withAuth(made: Entity): Entity {
  return { ...made, options: { auth: true, clientCollection: true } };
}

const post = withAuth(entity('Post', [field('title')]));
const tag = { ...entity('Tag', [field('name')]), options: { clientCollection: true } };

function collectionContext(entities: readonly Entity[]): CollectionContext {
  return { pageSize: 15, project: context().project, entities };
}

/** The collection as parsed JSON, untyped: its shape is what the tests examine. */
function patched(existing: string | undefined, entities: readonly Entity[]): { text: string; collection: any } {
  const result = patchClientCollection(existing, entities, collectionContext(entities));
  if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
  return { text: result.content, collection: JSON.parse(result.content) };
}

function folder(collection: any, name: string): any {
  return collection.item.find((item: any) => item.name === name);
}

function script(request: any, listen: string): string {
  return (request.event.find((event: any) => event.listen === listen)?.script.exec as string[] | undefined)?.join('\n') ?? '';
}

/** What a script does when Postman runs it: the variables it sets and the tests it passes or fails. */
function runScript(code: string, answer: { code: number; json: unknown }, variables: Map<string, unknown>): { passed: string[]; failed: string[] } {
  const outcome = { passed: [] as string[], failed: [] as string[] };
  const pm = {
    collectionVariables: { set: (key: string, value: unknown) => variables.set(key, value) },
    response: {
      json: () => answer.json,
      to: {
        have: {
          status: (status: number) => {
            if (status !== answer.code) throw new Error(`expected ${status}, got ${answer.code}`);
          },
        },
      },
    },
    test: (name: string, body: () => void) => {
      try {
        body();
        outcome.passed.push(name);
      } catch {
        outcome.failed.push(name);
      }
    },
  };
  new Function('pm', code)(pm);
  return outcome;
}

test('with --auth: a token variable, bearer auth on the collection, and Register then Login without it, in a first Auth folder', () => {
  const { collection } = patched(undefined, [post, tag]);
  assert.equal(postmanSchemaErrors(collection), []);
  assert.equal(collection.item.map((item: any) => item.name), ['Auth', 'Post', 'Tag']);
  assert.equal(collection.auth, { type: 'bearer', bearer: [{ key: 'token', value: '{{token}}', type: 'string' }] });
  assert.equal(collection.variable.map((variable: any) => variable.key), ['base_url', 'token', 'auth_email', 'post_key', 'tag_key']);

  const [register, login] = folder(collection, 'Auth').item;
  assert.equal([register, login].map((request: any) => `${request.name} ${request.request.method} ${request.request.url.raw}`), [
    'Register POST {{base_url}}/api/register',
    'Login POST {{base_url}}/api/login',
  ]);
  assert.equal([register, login].map((request: any) => request.request.auth), [{ type: 'noauth' }, { type: 'noauth' }]);
  const registered = JSON.parse(register.request.body.raw);
  assert.equal(registered, { name: 'Sample User', email: '{{auth_email}}', password: registered.password, password_confirmation: registered.password });
  assert.ok(registered.password.length >= 8, 'RegisterRequest wants 8 characters or more');
  assert.equal(JSON.parse(login.request.body.raw), { email: '{{auth_email}}', password: registered.password });
  // The entity requests inherit the collection's bearer token.
  assert.equal(folder(collection, 'Post').item.map((request: any) => request.request.auth), [undefined, undefined, undefined, undefined, undefined]);
});

test("Register's script makes up a new email each run; Register and Login assert their status and store the token they answer", () => {
  const { collection } = patched(undefined, [post]);
  const [register, login] = folder(collection, 'Auth').item;
  const variables = new Map<string, unknown>();
  runScript(script(register, 'prerequest'), { code: 0, json: undefined }, variables);
  const first = variables.get('auth_email');
  runScript(script(register, 'prerequest'), { code: 0, json: undefined }, variables);
  assert.match(String(first), /^user-\d+-\d+@example\.com$/);
  assert.is.not(variables.get('auth_email'), first);
  assert.is(script(login, 'prerequest'), '');

  assert.equal(runScript(script(register, 'test'), { code: 201, json: { token: '1|registered', user: {} } }, variables), { passed: ['Register answers 201'], failed: [] });
  assert.is(variables.get('token'), '1|registered');
  assert.equal(runScript(script(login, 'test'), { code: 200, json: { token: '2|logged-in' } }, variables), { passed: ['Login answers 200'], failed: [] });
  assert.is(variables.get('token'), '2|logged-in');
  assert.equal(runScript(script(login, 'test'), { code: 422, json: { message: 'These credentials do not match our records.' } }, variables).failed, ['Login answers 200']);
});

test("without --auth: no Auth folder, no bearer auth, no token variable", () => {
  const { collection } = patched(undefined, [tag]);
  assert.equal(collection.item.map((item: any) => item.name), ['Tag']);
  assert.is(collection.auth, undefined);
  assert.equal(collection.variable.map((variable: any) => variable.key), ['base_url', 'tag_key']);
});

test("regeneration merges: the Auth folder is replaced where it is, the user's own auth and folders are kept, and a second run changes nothing", () => {
  const own = {
    info: { name: 'My API', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
    item: [
      { name: 'Health', item: [{ name: 'Up', request: { method: 'GET', url: '{{base_url}}/up' } }] },
      { name: 'Auth', item: [{ name: 'Old', request: { method: 'GET', url: '{{base_url}}/old' } }] },
    ],
    auth: { type: 'apikey', apikey: [{ key: 'key', value: 'X-Api-Key', type: 'string' }] },
    variable: [{ key: 'base_url', value: 'https://api.test' }],
  };
  const { text, collection } = patched(JSON.stringify(own), [post]);
  assert.equal(postmanSchemaErrors(collection), []);
  assert.equal(collection.item.map((item: any) => item.name), ['Health', 'Auth', 'Post']);
  assert.equal(folder(collection, 'Auth').item.map((request: any) => request.name), ['Register', 'Login']);
  assert.equal(collection.auth, own.auth);
  assert.equal(collection.variable.map((variable: any) => variable.key), ['base_url', 'token', 'auth_email', 'post_key']);
  assert.is(patched(text, [post]).text, text);

  const withoutAuthFolder = { ...own, item: [own.item[0]], auth: undefined };
  assert.equal(patched(JSON.stringify(withoutAuthFolder), [post]).collection.item.map((item: any) => item.name), ['Auth', 'Health', 'Post']);
});

test.run();
