import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Diagnostic } from '../../../src/diagnostics/diagnostic.js';
import { erDiagramOf } from '../../../src/emit/mermaid/er-diagram.js';
import { recordEntities } from '../../../src/emit/records/class-data.js';
import { lowerClassDiagram } from '../../../src/frontends/diagram/lower-class.js';
import { lowerErDiagram } from '../../../src/frontends/diagram/lower-er.js';
import { parseFields } from '../../../src/frontends/fields.js';
import { readSchemaFile } from '../../../src/frontends/schema/index.js';
import type { CheckedModel, SourceModel } from '../../../src/ir/ir.generated.js';
import { checkModel } from '../../../src/passes/check.js';
import { chosenFields } from '../../../src/passes/index-query.js';
import { parseClassDiagram } from '../../../grammar/class/index.js';
import { parseErDiagram } from '../../../grammar/er/index.js';
import { sourceEntity } from '../../support/source-model.js';
import { placed } from './schema/support.js';

function checkedFrom(lowered: { model?: SourceModel; diagnostics: Diagnostic[] }): CheckedModel {
  assert.equal(placed(lowered.diagnostics), []);
  const result = checkModel(lowered.model!);
  assert.equal(placed(result.diagnostics), []);
  return result.model!;
}

/** Each field of the first entity: its name, and whether it is a secret and a hashed one. */
function secrets(model: CheckedModel): [string, boolean, boolean][] {
  return (model.entities[0]?.fields ?? []).map((field) => [field.name, field.secret === true, field.hashed === true]);
}

const EXPECTED: [string, boolean, boolean][] = [
  ['name', false, false],
  ['recovery_code', true, false],
];

test('hidden makes a field a secret in --fields, a schema file (shorthand and mapping, YAML and JSON), both diagrams and class_data.json', () => {
  const fields = parseFields('name:string,recovery_code:string:hidden');
  assert.equal(fields.diagnostics, []);
  const inputs: Record<string, CheckedModel> = {
    '--fields': checkModel({ entities: [sourceEntity('Account', fields.fields)] }).model!,
    'schema shorthand': checkedFrom(readSchemaFile('api-schema.yaml', 'entities:\n  Account:\n    fields:\n      name: string\n      recovery_code: string hidden\n')),
    'schema mapping': checkedFrom(readSchemaFile('api-schema.json', '{"entities": {"Account": {"fields": {"name": "string", "recovery_code": {"type": "string", "hidden": true}}}}}')),
    erDiagram: checkedFrom(lowerErDiagram('m.mmd', parseErDiagram('erDiagram\n  ACCOUNT {\n    string name\n    string recovery_code "hidden"\n  }').diagram!)),
    classDiagram: checkedFrom(lowerClassDiagram('m.mmd', parseClassDiagram('classDiagram\n  class Account {\n    +String name\n    +String recoveryCode hidden\n  }').diagram!)),
    'class_data.json': checkedFrom(readSchemaFile('class_data.json', '[{"name": "Account", "attributes": [{"name": "name", "_type": "string"}, {"name": "recovery_code", "_type": "string", "hidden": true}]}]')),
  };
  for (const [input, model] of Object.entries(inputs)) assert.equal(secrets(model), EXPECTED, input);
});

test('the record says hidden only where the name does not, and reads back the same secrets', () => {
  const model = checkedFrom(
    readSchemaFile('api-schema.yaml', 'entities:\n  Account:\n    fields:\n      recovery_code: string hidden\n      password: string hidden\n      api_key: string\n'),
  );
  const recorded = recordEntities(undefined, model.entities);
  assert.ok(recorded.ok);
  const attributes = (JSON.parse(recorded.content) as { attributes: Record<string, unknown>[] }[])[0]?.attributes;
  assert.equal(attributes, [
    { name: 'recovery_code', _type: 'string', hidden: true },
    { name: 'password', _type: 'string' },
    { name: 'api_key', _type: 'string' },
  ]);
  assert.equal(secrets(checkedFrom(readSchemaFile('class_data.json', recorded.content))), secrets(model));
});

test('index gives a field its own index in every input, and the record keeps it', () => {
  const indexed = (model: CheckedModel) => (model.entities[0]?.fields ?? []).map((field) => [field.name, field.index === true]);
  const expected = [
    ['status', true],
    ['code', false],
  ];
  const fields = parseFields('status:string:index,code:string:unique:index');
  assert.equal(fields.diagnostics, []);
  const inputs: Record<string, CheckedModel> = {
    '--fields': checkModel({ entities: [sourceEntity('Order', fields.fields)] }).model!,
    'schema file': checkedFrom(readSchemaFile('api-schema.yaml', 'entities:\n  Order:\n    fields:\n      status: string index\n      code: { type: string, unique: true, index: true }\n')),
    erDiagram: checkedFrom(lowerErDiagram('m.mmd', parseErDiagram('erDiagram\n  ORDER {\n    string status "index"\n    string code UK "index"\n  }').diagram!)),
  };
  for (const [input, model] of Object.entries(inputs)) assert.equal(indexed(model), expected, `${input}: a unique column's index serves`);
  const recorded = recordEntities(undefined, inputs['--fields']!.entities);
  assert.ok(recorded.ok);
  assert.equal(indexed(checkedFrom(readSchemaFile('class_data.json', recorded.content))), expected);
});

test('filterable and sortable are marks of every input, kept by the record, and choose the fields the index reads', () => {
  const marks = (model: CheckedModel) => (model.entities[0]?.fields ?? []).map((field) => [field.name, field.filterable === true, field.sortable === true]);
  const expected = [
    ['status', true, true],
    ['placed_at', false, true],
    ['note', false, false],
  ];
  const fields = parseFields('status:string:filterable:sortable,placed_at:datetime:sortable,note:text');
  assert.equal(fields.diagnostics, []);
  const inputs: Record<string, CheckedModel> = {
    '--fields': checkModel({ entities: [sourceEntity('Order', fields.fields)] }).model!,
    'schema shorthand': checkedFrom(readSchemaFile('api-schema.yaml', 'entities:\n  Order:\n    fields:\n      status: string filterable sortable\n      placed_at: datetime sortable\n      note: text\n')),
    'schema mapping': checkedFrom(
      readSchemaFile('api-schema.json', '{"entities": {"Order": {"fields": {"status": {"type": "string", "filterable": true, "sortable": true}, "placed_at": {"type": "datetime", "sortable": true}, "note": "text"}}}}'),
    ),
    erDiagram: checkedFrom(lowerErDiagram('m.mmd', parseErDiagram('erDiagram\n  ORDER {\n    string status "filterable sortable"\n    datetime placed_at "sortable"\n    text note\n  }').diagram!)),
    classDiagram: checkedFrom(lowerClassDiagram('m.mmd', parseClassDiagram('classDiagram\n  class Order {\n    +String status filterable sortable\n    +DateTime placedAt sortable\n    +Text note\n  }').diagram!)),
  };
  for (const [input, model] of Object.entries(inputs)) assert.equal(marks(model), expected, input);
  const recorded = recordEntities(undefined, inputs['--fields']!.entities);
  assert.ok(recorded.ok);
  assert.equal(marks(checkedFrom(readSchemaFile('class_data.json', recorded.content))), expected);
  const entity = inputs['--fields']!.entities[0]!;
  assert.equal(chosenFields(entity.fields, 'filterable').map((field) => field.name), ['status']);
  assert.equal(chosenFields(entity.fields, 'sortable').map((field) => field.name), ['status', 'placed_at']);
});

test('fullapi diagram writes the flags back in the attribute comment, and reads them back the same', () => {
  const schema = readSchemaFile('api-schema.yaml', 'entities:\n  Order:\n    fields:\n      status: string index filterable sortable\n      code: string hidden nullable\n');
  const diagram = erDiagramOf(schema.model!);
  assert.match(diagram.text, 'string status "index filterable sortable"');
  assert.match(diagram.text, 'string code "nullable hidden"');
  const readBack = checkedFrom(lowerErDiagram('m.mmd', parseErDiagram(diagram.text).diagram!));
  assert.equal(readBack.entities[0]?.fields, checkedFrom(schema).entities[0]?.fields.map((field) => ({ ...field, span: readBack.entities[0]?.fields.find((other) => other.name === field.name)?.span ?? {} })));
});

test('with no field marked, the index filters and sorts on every field but a secret', () => {
  const fields = parseFields('name:string,api_key:string,code:string:hidden');
  const entity = checkModel({ entities: [sourceEntity('Account', fields.fields)] }).model!.entities[0]!;
  assert.equal(chosenFields(entity.fields, 'filterable').map((field) => field.name), ['name']);
  assert.equal(chosenFields(entity.fields, 'sortable').map((field) => field.name), ['name']);
});

test('a secret or a json field marked filterable or sortable is an error at the field', () => {
  const fields = parseFields('password:string:filterable,code:string:hidden:sortable,meta:json:filterable,name:string:filterable');
  assert.equal(fields.diagnostics, []);
  const checked = checkModel({ entities: [sourceEntity('Account', fields.fields)] });
  assert.equal(
    checked.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.span?.column, diagnostic.message]),
    [
      ['field_not_queryable', 1, 'password is a secret, and is never filtered on: it cannot be filterable'],
      ['field_not_queryable', 28, 'code is a secret, and is never sorted on: it cannot be sortable'],
      ['field_not_queryable', 56, 'meta is a json column, which PostgreSQL can neither compare nor order: it cannot be filterable'],
    ],
  );
  const schema = readSchemaFile('api-schema.yaml', 'entities:\n  Account:\n    fields:\n      pin: { type: string, sortable: true }\n');
  assert.equal(placed(checkModel(schema.model!).diagnostics), ['field_not_queryable 4:7-10 pin is a secret, and is never sorted on: it cannot be sortable']);
});

test('hidden is an unknown modifier nowhere, and a misspelling of it is one with a suggestion', () => {
  const misspelt = parseFields('code:string:hiden');
  assert.equal(
    misspelt.diagnostics.map((diagnostic) => diagnostic.message),
    ['unknown modifier "hiden" on field "code"; did you mean "hidden"?'],
  );
});

test.run();
