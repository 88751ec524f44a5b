import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Diagnostic } from '../../../../src/diagnostics/diagnostic.js';
import { readOpenApiFile } from '../../../../src/frontends/openapi/index.js';
import { readSchemaFile } from '../../../../src/frontends/schema/index.js';
import type { SourceEntity, SourceModel } from '../../../../src/ir/ir.generated.js';
import { checkModel } from '../../../../src/passes/check.js';
import { repoRoot } from '../../../support/repo-root.js';

const FIXTURES = join(repoRoot(), 'tests', 'fixtures', 'openapi');

async function read(name: string): Promise<{ model?: SourceModel; diagnostics: Diagnostic[]; texts: Map<string, string>; reads: string[] }> {
  const path = join(FIXTURES, name);
  const reads: string[] = [];
  const result = await readOpenApiFile(path, readFileSync(path, 'utf8'), (absolutePath) => {
    reads.push(absolutePath);
    return readFileSync(absolutePath, 'utf8');
  });
  return { ...result, reads };
}

function entity(model: SourceModel | undefined, name: string): SourceEntity {
  const found = model?.entities.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(`no entity ${name} in ${model?.entities.map((e) => e.name).join(', ') ?? 'no model'}`);
  return found;
}

/** A field as the assertions compare it: its facts, not where it was written. */
function fieldFacts(owner: SourceEntity): Record<string, unknown>[] {
  return owner.fields.map(({ span: _span, ...facts }) => facts);
}

function relationFacts(owner: SourceEntity): [string, string, string | undefined, boolean][] {
  return owner.relations.map((relation) => [relation.name, relation.kind, relation.target, relation.nullable === true]);
}

/** code, file name, line, column: where a user would look. */
function placed(diagnostics: readonly Diagnostic[]): [string, string, number | undefined, number | undefined][] {
  return diagnostics.map((d) => [d.code, (d.span?.file ?? '').slice(FIXTURES.length + 1), d.span?.line, d.span?.column]);
}

test('3.0 YAML: entities from components.schemas, with allOf merged and timestamps, keys and soft deletes read as columns', async () => {
  const { model, diagnostics } = await read('clinic-3.0.yaml');
  assert.equal(model?.entities.map((e) => e.name), ['Owner', 'Pet', 'Vet', 'Clinic']);
  const owner = entity(model, 'Owner');
  assert.equal(owner.span, { file: join(FIXTURES, 'clinic-3.0.yaml'), line: 36, column: 5, endColumn: 10 });
  assert.equal(fieldFacts(owner), [
    { name: 'name', type: 'string', nullable: false, unique: false, primary: false, size: { length: 80 }, rules: ['min:2'] },
    { name: 'email', type: 'string', nullable: false, unique: false, primary: false, rules: ['email'] },
    { name: 'password', type: 'string', nullable: true, unique: false, primary: false, hidden: true },
    { name: 'phone', type: 'string', nullable: true, unique: false, primary: false },
    { name: 'birthday', type: 'date', nullable: true, unique: false, primary: false },
  ]);
  const pet = entity(model, 'Pet');
  assert.is(pet.softDeletes, true);
  assert.equal(fieldFacts(pet), [
    { name: 'name', type: 'string', nullable: false, unique: false, primary: false },
    { name: 'born_at', type: 'datetime', nullable: true, unique: false, primary: false },
    { name: 'tags', type: 'json', nullable: true, unique: false, primary: false },
    { name: 'counter', type: 'bigint', nullable: true, unique: false, primary: false, defaultValue: { value: 0 } },
    { name: 'status', type: 'enum', nullable: false, unique: false, primary: false, enumValues: ['available', 'adopted'], defaultValue: { value: 'available' } },
    { name: 'weight', type: 'float', nullable: true, unique: false, primary: false, min: 0 },
  ]);
  assert.equal(pet.fields[0]?.span, { file: join(FIXTURES, 'clinic-3.0.yaml'), line: 100, column: 9, endColumn: 13 });
  assert.ok(diagnostics.every((d) => d.severity === 'warning'));
});

test('relations: a $ref is a belongsTo, <name>_id beside an entity is one, arrays are hasMany or, both ways, belongsToMany', async () => {
  const clinic = await read('clinic-3.0.yaml');
  assert.equal(relationFacts(entity(clinic.model, 'Owner')), [['pets', 'hasMany', 'Pet', false]]);
  assert.equal(relationFacts(entity(clinic.model, 'Pet')), [['owner', 'belongsTo', 'Owner', true]]);
  assert.not.ok(entity(clinic.model, 'Pet').fields.some((field) => field.name === 'owner_id'));
  assert.equal(relationFacts(entity(clinic.model, 'Vet')), [['clinics', 'belongsToMany', 'Clinic', false]]);
  assert.equal(relationFacts(entity(clinic.model, 'Clinic')), [['vets', 'belongsToMany', 'Vet', false]]);
  const shop = await read('shop-3.1.yaml');
  assert.equal(relationFacts(entity(shop.model, 'Order')), [
    ['customer', 'belongsTo', 'Customer', false],
    ['reviewer', 'belongsTo', 'Customer', true],
    ['parent', 'belongsTo', 'Order', true],
  ]);
  const store = await read('store-2.0.json');
  assert.equal(relationFacts(entity(store.model, 'Item')), [['shelf', 'belongsTo', 'Shelf', true]]);
});

test('3.1 YAML: a type list with "null" is nullable, a string uuid id is the key, a decimal format is a decimal', async () => {
  const { model } = await read('shop-3.1.yaml');
  assert.equal(fieldFacts(entity(model, 'Customer')), [
    { name: 'id', type: 'uuid', nullable: false, unique: false, primary: true },
    { name: 'name', type: 'string', nullable: false, unique: false, primary: false },
    { name: 'nickname', type: 'string', nullable: true, unique: false, primary: false },
  ]);
  assert.equal(fieldFacts(entity(model, 'Order')), [
    { name: 'total', type: 'decimal', nullable: false, unique: false, primary: false },
    { name: 'note', type: 'string', nullable: true, unique: false, primary: false, size: { length: 500 } },
  ]);
});

test('2.0 JSON: definitions, x-nullable, int64 id as the generated key, float, objects as json', async () => {
  const { model, diagnostics } = await read('store-2.0.json');
  assert.equal(model?.entities.map((e) => e.name), ['Item', 'Shelf']);
  assert.equal(fieldFacts(entity(model, 'Item')), [
    { name: 'title', type: 'string', nullable: false, unique: false, primary: false, size: { length: 120 } },
    { name: 'price', type: 'float', nullable: false, unique: false, primary: false },
    { name: 'barcode', type: 'string', nullable: true, unique: false, primary: false },
    { name: 'attributes', type: 'json', nullable: true, unique: false, primary: false },
  ]);
  assert.equal(placed(diagnostics), [['openapi_schema_skipped', 'store-2.0.json', 32, 6]]);
  assert.match(diagnostics[0]?.message ?? '', /NewItem is not an entity: it is a request variant of Item .*only as a request body/);
});

test('skipped schemas: each a warning at its name, saying why', async () => {
  const { diagnostics } = await read('clinic-3.0.yaml');
  const skipped = diagnostics.filter((d) => d.code === 'openapi_schema_skipped');
  const byName = new Map(skipped.map((d) => [/schema (\w+)/.exec(d.message)?.[1], d]));
  const expected: [string, number, RegExp][] = [
    ['OwnerInput', 69, /request variant of Owner/],
    ['PetBase', 96, /part \(allOf\) of Pet/],
    ['OwnerPage', 139, /list or page wrapper of Owner/],
    ['Problem', 148, /error body \(code, message\)/],
    ['Animal', 155, /oneOf or anyOf union/],
    ['Species', 158, /a string, not an object/],
  ];
  assert.is(skipped.length, expected.length);
  for (const [name, line, reason] of expected) {
    const diagnostic = byName.get(name);
    assert.is(diagnostic?.severity, 'warning', name);
    assert.equal([diagnostic?.span?.line, diagnostic?.span?.column], [line, 5], name);
    assert.match(diagnostic?.message ?? '', reason);
  }
});

test('properties that do not map are warnings at their key, never dropped in silence', async () => {
  const clinic = await read('clinic-3.0.yaml');
  assert.equal(placed(clinic.diagnostics.filter((d) => d.code === 'openapi_property_skipped')), [['openapi_property_skipped', 'clinic-3.0.yaml', 125, 9]]);
  const shop = await read('shop-3.1.yaml');
  assert.equal(placed(shop.diagnostics), [['openapi_property_skipped', 'shop-3.1.yaml', 33, 9]]);
  assert.match(shop.diagnostics[0]?.message ?? '', /notes-internal of Order .* no identifier/);
});

test('a document split over files: relative $refs read through readFile, every file read kept in texts', async () => {
  const { model, diagnostics, texts, reads } = await read('split/api.yaml');
  assert.equal(diagnostics, []);
  assert.equal([...texts.keys()].map((path) => path.slice(FIXTURES.length + 1)).sort(), ['split/api.yaml', 'split/schemas/author.yaml', 'split/schemas/book.json']);
  assert.not.ok(reads.includes(join(FIXTURES, 'split', 'api.yaml')), 'the root is given, not read');
  assert.equal(relationFacts(entity(model, 'Book')), [['author', 'belongsTo', 'Author', false]]);
  assert.equal(entity(model, 'Author').span, { file: join(FIXTURES, 'split', 'api.yaml'), line: 8, column: 5, endColumn: 11 });
  assert.is(entity(model, 'Book').fields[0]?.span.file, join(FIXTURES, 'split', 'schemas', 'book.json'));
});

test('the IR read passes checkModel', async () => {
  for (const name of ['clinic-3.0.yaml', 'shop-3.1.yaml', 'store-2.0.json', 'split/api.yaml']) {
    const { model } = await read(name);
    assert.ok(model, name);
    const checked = checkModel(model);
    assert.equal(checked.diagnostics.filter((d) => d.severity === 'error'), [], name);
    assert.ok(checked.model, name);
  }
});

test('an unresolvable $ref is an error at its value: a missing pointer, a URL, a missing file', async () => {
  const { model, diagnostics, reads } = await read('missing-ref.yaml');
  assert.equal(placed(diagnostics), [
    ['openapi_unresolved_ref', 'missing-ref.yaml', 13, 17],
    ['openapi_unresolved_ref', 'missing-ref.yaml', 15, 17],
    ['openapi_unresolved_ref', 'missing-ref.yaml', 17, 17],
  ]);
  assert.ok(diagnostics.every((d) => d.severity === 'error'));
  assert.match(diagnostics[1]?.message ?? '', /https:\/\/example\.com\/photo\.json.*not URLs/);
  assert.not.ok(reads.some((path) => path.startsWith('https:')), 'no URL is handed to readFile');
  assert.equal(model?.entities.map((e) => e.name), ['Pet'], 'what was read well is kept');
});

test('not OpenAPI, an unsupported version, and a YAML syntax error: errors with a position and no model', async () => {
  const notOpenApi = await read('not-openapi.yaml');
  assert.is(notOpenApi.model, undefined);
  assert.equal(placed(notOpenApi.diagnostics), [['openapi_not_supported', 'not-openapi.yaml', 1, 1]]);
  const future = await read('old-version.yaml');
  assert.is(future.model, undefined);
  assert.equal(placed(future.diagnostics), [['openapi_not_supported', 'old-version.yaml', 1, 1]]);
  assert.match(future.diagnostics[0]?.message ?? '', /openapi 4\.0\.0 is not a version read here/);
  const broken = await read('bad-syntax.yaml');
  assert.is(broken.model, undefined);
  assert.equal(placed(broken.diagnostics), [['invalid_syntax', 'bad-syntax.yaml', 4, 1]]);
});

test('a circular $ref ends: a schema that lists itself', async () => {
  const path = join(FIXTURES, 'circular.yaml');
  const text = ['openapi: 3.0.0', 'components:', '  schemas:', '    Category:', '      type: object', '      properties:', '        label: { type: string }', '        children:', '          type: array', '          items: { $ref: "#/components/schemas/Category" }', ''].join('\n');
  const { model } = await readOpenApiFile(path, text, () => {
    throw new Error('nothing else to read');
  });
  assert.equal(relationFacts(entity(model, 'Category')), [['children', 'hasMany', 'Category', false]]);
});


/** The model and diagnostics of a document given as lines, read as one file. */
async function readText(lines: readonly string[]): Promise<{ model?: SourceModel; diagnostics: Diagnostic[] }> {
  return readOpenApiFile(join(FIXTURES, 'inline.yaml'), `${lines.join('\n')}\n`, () => {
    throw new Error('nothing else to read');
  });
}

test('readOnly is a value the API computes: left out, with a warning at its key; writeOnly is a hidden field, nullable unless required', async () => {
  const { model, diagnostics } = await readText([
    'openapi: 3.1.0',
    'components:',
    '  schemas:',
    '    Account:',
    '      type: object',
    '      required: [name, pin]',
    '      properties:',
    '        name: { type: string }',
    '        balance: { type: number, readOnly: true }',
    '        password: { type: string, writeOnly: true }',
    '        pin: { type: string, writeOnly: true }',
    '        token: { type: string, writeOnly: true, x-fullapi: { nullable: false } }',
  ]);
  assert.equal(fieldFacts(entity(model, 'Account')), [
    { name: 'name', type: 'string', nullable: false, unique: false, primary: false },
    { name: 'password', type: 'string', nullable: true, unique: false, primary: false, hidden: true },
    { name: 'pin', type: 'string', nullable: false, unique: false, primary: false, hidden: true },
    { name: 'token', type: 'string', nullable: false, unique: false, primary: false, hidden: true },
  ]);
  assert.equal(placed(diagnostics), [['openapi_property_skipped', 'inline.yaml', 9, 9]]);
  assert.match(diagnostics[0]?.message ?? '', /balance of Account is left out: it is readOnly, a value the API computes/);
});

test('x-fullapi: the column behind an answer, its key, unique, default, relation kinds, delete rules and timestamps; a member that does not read is a warning, the rest kept', async () => {
  const { model, diagnostics } = await readText([
    'openapi: 3.1.0',
    'components:',
    '  schemas:',
    '    Country:',
    '      type: object',
    '      x-fullapi: { timestamps: false }',
    '      required: [code, notes, total, population]',
    '      properties:',
    '        code: { type: string, x-fullapi: { primary: true } }',
    '        notes: { type: string, x-fullapi: { type: mediumtext, unique: true } }',
    '        total: { type: string, x-fullapi: { type: "decimal(8,2)", default: 0 } }',
    '        population: { type: integer, x-fullapi: { type: bigint } }',
    '        capital: { type: [object, "null"], x-fullapi: { relation: morphTo } }',
    '        capital_type: { type: [string, "null"] }',
    '        capital_id: { type: [integer, string, "null"] }',
    '        motto: { type: string, x-fullapi: { type: "strnig", default: [1] } }',
    '        flag: { type: string, x-fullapi: yes }',
    '    City:',
    '      type: object',
    '      required: [name, country_code]',
    '      properties:',
    '        name: { type: string }',
    '        country_code: { type: string }',
    '        country: { anyOf: [{ $ref: "#/components/schemas/Country" }, { type: "null" }], x-fullapi: { onDelete: cascade } }',
    '        mayor: { anyOf: [{ $ref: "#/components/schemas/Country" }, { type: "null" }], x-fullapi: { relation: hasOne } }',
    '        twin: { anyOf: [{ $ref: "#/components/schemas/Country" }, { type: "null" }], x-fullapi: { relation: sibling } }',
  ]);
  assert.equal(fieldFacts(entity(model, 'Country')), [
    { name: 'code', type: 'string', nullable: false, unique: false, primary: true },
    { name: 'notes', type: 'text', nullable: false, unique: true, primary: false, size: { text: 'medium' } },
    { name: 'total', type: 'decimal', nullable: false, unique: false, primary: false, size: { precision: 8, scale: 2 }, defaultValue: { value: 0 } },
    { name: 'population', type: 'bigint', nullable: false, unique: false, primary: false },
    { name: 'motto', type: 'string', nullable: true, unique: false, primary: false },
    { name: 'flag', type: 'string', nullable: true, unique: false, primary: false },
  ]);
  assert.equal(relationFacts(entity(model, 'Country')), [['capital', 'morphTo', undefined, false]]);
  assert.is(entity(model, 'Country').timestamps, false);
  assert.is(entity(model, 'City').relations[0]?.onDelete, 'cascade');
  assert.equal(fieldFacts(entity(model, 'City')), [{ name: 'name', type: 'string', nullable: false, unique: false, primary: false }]);
  assert.equal(relationFacts(entity(model, 'City')), [
    ['country', 'belongsTo', 'Country', false],
    ['mayor', 'hasOne', 'Country', false],
    ['twin', 'belongsTo', 'Country', true],
  ]);
  assert.equal(
    diagnostics.map((d) => [d.code, d.span?.line, d.message.replace(/ \(.*/, '')]),
    [
      ['openapi_property_skipped', 16, 'property motto of Country: its x-fullapi type is left out: unknown type "strnig"; did you mean "string"?'],
      ['openapi_property_skipped', 16, 'property motto of Country: its x-fullapi default is left out: it is no single value'],
      ['openapi_property_skipped', 17, 'property flag of Country: its x-fullapi is no object, so is left out'],
      ['openapi_property_skipped', 26, 'property twin of City: its x-fullapi relation is left out: "sibling" is no relation kind'],
    ],
  );
});

test('round trip: the document `fullapi openapi` wrote for a schema file reads back as its entities and relations', async () => {
  const caseDir = join(repoRoot(), 'tests', 'fixtures', 'schema-blog');
  const documentPath = join(caseDir, 'openapi.json');
  const read = await readOpenApiFile(documentPath, readFileSync(documentPath, 'utf8'), () => {
    throw new Error('the document is one file');
  });
  const schemaPath = join(caseDir, 'project', 'api-schema.yaml');
  const declared = readSchemaFile(schemaPath, readFileSync(schemaPath, 'utf8')).model;
  assert.equal(read.diagnostics.filter((d) => d.severity === 'error'), []);
  // The error bodies the generated API answers (DeletionRefused among them) are no entities.
  assert.equal(read.model?.entities.map((e) => e.name).sort(), declared?.entities.map((e) => e.name).sort());
  for (const original of declared?.entities ?? []) {
    const back = entity(read.model, original.name);
    for (const relation of original.relations) {
      assert.ok(back.relations.some((other) => other.name === relation.name && other.kind === relation.kind && other.target === relation.target), `${original.name}.${relation.name}`);
    }
    for (const field of original.fields) {
      const other = back.fields.find((candidate) => candidate.name === field.name);
      assert.ok(other, `${original.name}.${field.name}`);
      assert.is(other?.nullable, field.nullable, `${original.name}.${field.name} nullable`);
      assert.is(other?.type, field.type, `${original.name}.${field.name} type`);
      assert.is(other?.unique, field.unique, `${original.name}.${field.name} unique`);
      assert.is(other?.primary, field.primary, `${original.name}.${field.name} primary`);
    }
  }
});

test('3.1: a oneOf of a $ref and null is a nullable belongsTo; its key column beside it is the same column, and says whether it may be null', async () => {
  const text = [
    'openapi: 3.1.0',
    'components:',
    '  schemas:',
    '    Author: { type: object, required: [name], properties: { name: { type: string } } }',
    '    Post:',
    '      type: object',
    '      required: [title, author, editor_id]',
    '      properties:',
    '        title: { type: string }',
    '        author:',
    '          oneOf:',
    '            - $ref: "#/components/schemas/Author"',
    '            - type: "null"',
    '        editor_id: { type: integer }',
    '        editor:',
    '          oneOf:',
    '            - $ref: "#/components/schemas/Author"',
    '            - type: "null"',
    '',
  ].join('\n');
  const { model, diagnostics } = await readOpenApiFile(join(FIXTURES, 'inline.yaml'), text, () => {
    throw new Error('nothing else to read');
  });
  assert.equal(diagnostics, []);
  const post = entity(model, 'Post');
  assert.equal(post.fields.map((field) => field.name), ['title']);
  // A resource answers a relation only when it was loaded, so null there says nothing of the column.
  assert.equal(relationFacts(post), [
    ['author', 'belongsTo', 'Author', true],
    ['editor', 'belongsTo', 'Author', false],
  ]);
});

test.run();
