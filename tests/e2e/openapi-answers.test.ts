import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { Answer } from './http.js';
import { answerValidator } from './openapi-answers.js';
import { repoRoot } from '../support/repo-root.js';

/** The checker of live answers against a document, without a server: what it accepts and what it refuses. */

function jsonAnswer(status: number, json: unknown): Answer {
  const text = JSON.stringify(json);
  return { request: `answer ${status}`, status, json, text, headers: new Headers({ 'content-type': 'application/json' }) };
}

const noContent: Answer = { request: 'answer 204', status: 204, json: undefined, text: '', headers: new Headers() };

/** A 3.0 document served under /api: a nullable string, a nullable enum, a 4XX and a default answer. */
const shop = {
  openapi: '3.0.3',
  info: { title: 'Shop', version: '1' },
  servers: [{ url: 'https://shop.example/api/' }],
  paths: {
    '/items/{id}': {
      get: {
        responses: {
          '200': { description: 'an item', content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } } },
          '4XX': { description: 'refused', content: { 'application/json': { schema: { type: 'object', required: ['message'] } } } },
        },
      },
      delete: { responses: { '204': { description: 'gone' }, default: { description: 'a problem', content: { 'application/json': { schema: { type: 'object', required: ['message'] } } } } } },
    },
  },
  components: {
    schemas: {
      Item: {
        type: 'object',
        required: ['name', 'note', 'size'],
        properties: {
          name: { type: 'string' },
          note: { type: 'string', nullable: true },
          size: { type: 'string', enum: ['s', 'm'], nullable: true },
          nullable: { type: 'boolean' },
        },
      },
    },
  },
};

const item = { name: 'Cup', note: null, size: null, nullable: true };

test("a 3.0 document's nullable: null is a value of its type and of its enum, of no other property", () => {
  const check = answerValidator(shop);
  check.check('GET', '/api/items/1', jsonAnswer(200, item));
  check.check('GET', '/api/items/1', jsonAnswer(200, { ...item, size: 'm', note: 'handle' }));
  assert.throws(() => check.check('GET', '/api/items/1', jsonAnswer(200, { ...item, name: null })), /body\/name must be string/);
  assert.throws(() => check.check('GET', '/api/items/1', jsonAnswer(200, { ...item, size: 'xl' })), /body\/size must be equal to one of the allowed values/);
});

test("the paths are under the server's path: /api/items/1 is /items/{id}, /items/1 is no path of the document", () => {
  const check = answerValidator(shop);
  check.check('DELETE', '/api/items/1', noContent);
  assert.throws(() => check.check('DELETE', '/items/1', noContent), /no path of the document matches/);
});

test("a status without its own response is checked against its class's, then the default; a status none describes fails", () => {
  const check = answerValidator(shop);
  check.check('GET', '/api/items/9', jsonAnswer(404, { message: 'No item.' }));
  assert.throws(() => check.check('GET', '/api/items/9', jsonAnswer(404, { error: 'No item.' })), /must have required property 'message'/);
  check.check('DELETE', '/api/items/1', jsonAnswer(409, { message: 'In an order.' }));
  assert.throws(() => check.check('GET', '/api/items/1', jsonAnswer(500, { message: 'Oops.' })), /documents no such status \(only 200, 4XX\)/);
});

test('the petstore fixture describes the page a generated index answers, and a failure names the document', () => {
  const petstore = parseYaml(readFileSync(join(repoRoot(), 'tests', 'fixtures', 'openapi', 'petstore', 'petstore.yaml'), 'utf8'));
  const check = answerValidator(petstore, 'petstore.yaml');
  const pet = { id: 1, category_id: null, name: 'Rex', tag: null, status: 'available', created_at: '2026-01-02T03:04:05.000000Z', updated_at: '2026-01-02T03:04:05.000000Z' };
  const links = { first: 'http://127.0.0.1/api/pets?page=1', last: 'http://127.0.0.1/api/pets?page=1', prev: null, next: null };
  const meta = { current_page: 1, from: 1, last_page: 1, links: [], path: 'http://127.0.0.1/api/pets', per_page: 15, to: 1, total: 1 };
  check.check('GET', '/api/pets?page=1', jsonAnswer(200, { data: [pet], links, meta }));
  assert.throws(() => check.check('GET', '/api/pets', jsonAnswer(200, [pet])), /^petstore\.yaml: \/pets GET 200: body must be object/);
});

test.run();
