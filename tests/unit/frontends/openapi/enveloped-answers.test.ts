import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readOpenApiFile } from '../../../../src/frontends/openapi/index.js';

/** A document written for a Laravel API answers its rows inside `data`: what `data` holds is answered, not only sent. */

const path = '/project/shop.yaml';

/** Tag's properties are some of Product's and both paths send it; only its answer, inside `data`, says it is an entity. */
function documentAnsweringTagIn(envelope: string): string {
  return `openapi: 3.0.3
info: { title: Shop, version: 1.0.0 }
paths:
  /tags:
    post:
      requestBody:
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Tag' }
      responses:
        '201':
          description: created
          content:
            application/json:
              schema:
${envelope}
components:
  schemas:
    Product:
      type: object
      properties:
        name: { type: string }
        price: { type: number }
    Tag:
      type: object
      properties:
        name: { type: string }
`;
}

async function entityNames(text: string): Promise<string[] | undefined> {
  const read = await readOpenApiFile(path, text, () => {
    throw new Error('the document is one file');
  });
  return read.model?.entities.map((entity) => entity.name);
}

test('a schema answered inside `data` is answered: an entity, not a request variant of a larger one', async () => {
  const one = "                type: object\n                properties:\n                  data: { $ref: '#/components/schemas/Tag' }";
  assert.equal(await entityNames(documentAnsweringTagIn(one)), ['Product', 'Tag']);
});

test('a schema listed inside `data` (a page) is answered', async () => {
  const page = "                type: object\n                properties:\n                  data:\n                    type: array\n                    items: { $ref: '#/components/schemas/Tag' }";
  assert.equal(await entityNames(documentAnsweringTagIn(page)), ['Product', 'Tag']);
});

test('a schema only sent, and answered in no envelope, is still a request variant', async () => {
  const other = '                type: object\n                properties:\n                  ok: { type: boolean }';
  assert.equal(await entityNames(documentAnsweringTagIn(other)), ['Product']);
});

test.run();
