import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readOpenApiFile } from '../../../../src/frontends/openapi/index.js';

/** How documents found in the wild are laid out: schemas in files of their own, pages spelled out, no schemas at all. */

const ROOT = '/project/spec/api.yaml';

async function read(files: Record<string, string>, root = files[ROOT] ?? '') {
  const found = await readOpenApiFile(ROOT, root, (path) => {
    const text = files[path];
    if (text === undefined) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
    return text;
  });
  const skipped = found.diagnostics.map((diagnostic) => `${diagnostic.code} ${diagnostic.span?.file ?? ''}:${diagnostic.span?.line ?? ''}:${diagnostic.span?.column ?? ''} ${diagnostic.message}`);
  return { entities: found.model?.entities ?? [], diagnostics: skipped };
}

const SPLIT_BY_FILE = {
  [ROOT]: `swagger: '2.0'
info: { title: Pets, version: '1' }
paths:
  /pets:
    get:
      responses:
        '200':
          description: pets
          schema:
            type: array
            items: { $ref: pet.yaml }
        default:
          description: problem
          schema: { $ref: ../common/problem.yaml }
    post:
      parameters:
        - in: body
          name: pet
          schema: { $ref: new-pet.yaml }
      responses:
        '201':
          description: made
          schema: { $ref: pet.yaml }
`,
  '/project/spec/pet.yaml': `type: object
required: [name]
properties:
  id: { type: integer, format: int64 }
  name: { type: string }
  category: { $ref: 'models.yaml#/Category' }
`,
  '/project/spec/new-pet.yaml': `allOf:
  - $ref: pet.yaml
  - properties:
      note: { type: string }
`,
  '/project/spec/models.yaml': `Category:
  type: object
  properties:
    label: { type: string }
`,
  '/project/common/problem.yaml': `# what a failed call answers
type: object
properties:
  code: { type: integer }
  message: { type: string }
  fields: { type: string }
`,
};

test('schemas kept in files of their own, named from the operations and from properties, are read as named by their file or key', async () => {
  const { entities, diagnostics } = await read(SPLIT_BY_FILE);
  assert.equal(entities.map((entity) => entity.name).sort(), ['Category', 'Pet']);
  const pet = entities.find((entity) => entity.name === 'Pet');
  assert.equal(pet?.relations?.map((relation) => [relation.name, relation.kind, relation.target]), [['category', 'belongsTo', 'Category']]);
  assert.equal([pet?.span?.file, pet?.span?.line, pet?.span?.column], ['/project/spec/pet.yaml', 1, 1]);
  assert.equal(diagnostics, [
    'openapi_schema_skipped /project/common/problem.yaml:2:1 schema Problem is not an entity: it is an error body (code, message, fields), which the generated API writes itself',
    'openapi_schema_skipped /project/spec/new-pet.yaml:1:1 schema NewPet is not an entity: it is a request variant of Pet (made of Pet by allOf, and the paths send it only as a request body)',
  ]);
});

test('a page spelled out in schemas of its own: the wrapper, its links and its counts are not entities', async () => {
  const { entities, diagnostics } = await read({
    [ROOT]: `openapi: 3.0.3
info: { title: Trips, version: '1' }
paths: {}
components:
  schemas:
    Trip:
      type: object
      properties:
        city: { type: string }
    TripHistory:
      type: object
      properties:
        offset: { type: integer }
        limit: { type: integer }
        count: { type: integer }
        history: { type: array, items: { $ref: '#/components/schemas/Trip' } }
    PageLinks:
      type: object
      properties:
        first: { type: string }
        next: { type: string, nullable: true }
    PageMeta:
      type: object
      properties:
        current_page: { type: integer }
        total: { type: integer }
`,
  });
  assert.equal(entities.map((entity) => entity.name), ['Trip']);
  assert.equal(diagnostics.map((line) => line.replace(/ \/project\S+/, '')), [
    'openapi_schema_skipped schema TripHistory is not an entity: it is a list or page wrapper of Trip, which the generated API writes itself',
    'openapi_schema_skipped schema PageLinks is not an entity: it is a part of a page (its links or counts), which the generated API writes itself',
    'openapi_schema_skipped schema PageMeta is not an entity: it is a part of a page (its links or counts), which the generated API writes itself',
  ]);
});

test('a document without schemas says so at its start: nothing is generated, and an inline schema is not read', async () => {
  const { entities, diagnostics } = await read({
    [ROOT]: `openapi: 3.1.0
info: { title: Inline, version: '1' }
paths:
  /things:
    get:
      responses:
        '200':
          description: things
          content:
            application/json:
              schema: { type: object, properties: { name: { type: string } } }
`,
  });
  assert.equal(entities, []);
  assert.equal(diagnostics, [
    'openapi_no_entities /project/spec/api.yaml:1:1 the document has no schemas in components.schemas (definitions in 2.0), nor in files its operations name: there is no entity to generate',
  ]);
});

test.run();
