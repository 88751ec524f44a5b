import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Diagnostic } from '../../../../src/diagnostics/diagnostic.js';
import { lowerErDiagram } from '../../../../src/frontends/diagram/lower-er.js';
import type { SourceModel } from '../../../../src/ir/ir.generated.js';
import { checkModel } from '../../../../src/passes/check.js';
import { parseErDiagram } from '../../../../grammar/er/index.js';
import { keysOf } from '../../../support/relation-columns.js';

function lower(text: string): { model: SourceModel; diagnostics: Diagnostic[] } {
  const parsed = parseErDiagram(text);
  if (parsed.diagram === undefined) throw new Error(JSON.stringify(parsed.errors));
  return lowerErDiagram('blog.mmd', parsed.diagram);
}

/** Each diagnostic as `code line:column-endColumn message`. */
const placed = (diagnostics: readonly Diagnostic[]) =>
  diagnostics.map((d) => `${d.severity === 'warning' ? 'warning ' : ''}${d.code} ${d.span?.line}:${d.span?.column}-${d.span?.endColumn} ${d.message}`);

test('entities become models, attributes fields, and implicit columns stay implicit', () => {
  const { model, diagnostics } = lower(
    [
      'erDiagram',
      '  order_items {',
      '    bigint id PK',
      '    varchar(255) sku UK',
      '    int quantity "default=1"',
      '    text note "nullable"',
      '    timestamp created_at',
      '    timestamp updated_at',
      '    timestamp deleted_at',
      '  }',
    ].join('\n'),
  );
  assert.equal(placed(diagnostics), []);
  assert.equal(model.entities, [
    {
      name: 'OrderItem',
      fields: [
        { name: 'sku', type: 'string', nullable: false, unique: true, primary: false, span: { file: 'blog.mmd', line: 4, column: 18, endColumn: 21 } },
        { name: 'quantity', type: 'integer', nullable: false, unique: false, primary: false, span: { file: 'blog.mmd', line: 5, column: 9, endColumn: 17 }, defaultValue: { value: 1 } },
        { name: 'note', type: 'text', nullable: true, unique: false, primary: false, span: { file: 'blog.mmd', line: 6, column: 10, endColumn: 14 } },
      ],
      relations: [],
      softDeletes: true,
      span: { file: 'blog.mmd', line: 2, column: 3, endColumn: 14 },
    },
  ]);
});

test('PK on another attribute is a custom key, and an alias names the model', () => {
  const { model } = lower('erDiagram\n  c["Country Code"] {\n    string code PK\n    string name\n  }\n  a[Account] { uuid id }');
  assert.equal(model.entities.map((entity) => [entity.name, entity.fields.map((field) => [field.name, field.type, field.primary])]), [
    ['CountryCode', [['code', 'string', true], ['name', 'string', false]]],
    ['Account', [['id', 'uuid', true]]],
  ]);
});

test('relationships are declared by their first entity, with the kind its markers say', () => {
  const { model, diagnostics } = lower(
    [
      'erDiagram',
      '  CUSTOMER ||--o{ ORDER : places',
      '  ORDER }|..|| SHOP : "sold by"',
      '  ORDER }o--o{ PRODUCT : contains',
      '  PERSON ||--o| PASSPORT : holds',
      '  PASSPORT |o--|| VISA : carries',
      '  EMPLOYEE ||--o{ EMPLOYEE : manages',
    ].join('\n'),
  );
  // Verbs name no relation: each label is said to go unused, at its place.
  assert.equal(placed(diagnostics), [
    'warning diagram_element_ignored 2:27-33 the label "places" names no relation: a relationship is named after the entities it joins (Customer::orders())',
    'warning diagram_element_ignored 3:23-32 the label "sold by" names no relation: a relationship is named after the entities it joins (Order::shop())',
    'warning diagram_element_ignored 4:26-34 the label "contains" names no relation: a relationship is named after the entities it joins (Order::products())',
    'warning diagram_element_ignored 5:28-33 the label "holds" names no relation: a relationship is named after the entities it joins (Person::passport())',
    'warning diagram_element_ignored 6:26-33 the label "carries" names no relation: a relationship is named after the entities it joins (Passport::visa())',
    'warning diagram_element_ignored 7:30-37 the label "manages" names no relation: a relationship is named after the entities it joins (Employee::employees())',
  ]);
  const relations = model.entities.flatMap((entity) => entity.relations.map((relation) => `${entity.name}.${relation.name}: ${relation.kind} ${relation.target}`));
  assert.equal(relations, [
    'Customer.orders: hasMany Order',
    'Order.shop: belongsTo Shop',
    'Order.products: belongsToMany Product',
    'Person.passport: hasOne Passport',
    'Passport.visa: belongsTo Visa',
    'Employee.employees: hasMany Employee',
  ]);
  const checked = checkModel(model);
  assert.equal(placed(checked.diagnostics), []);
  const order = checked.model?.entities.find((entity) => entity.naming.className === 'Order');
  assert.equal(order?.foreignKeys.map((key) => key.column), ['shop_id', 'customer_id']);
});

test("the parent's zero-or-one marker makes the foreign key nullable, whichever entity comes first", () => {
  const { model } = lower(['erDiagram', '  TEAM |o--o{ PLAYER : fields', '  COACH }o--o| CLUB : "works for"', '  CITY ||--o{ CLUB : hosts', '  HOUSE |o--o| OWNER : has'].join('\n'));
  assert.equal(model.entities.flatMap((entity) => entity.relations.map((relation) => [entity.name, relation.kind, relation.nullable])), [
    ['Team', 'hasMany', true],
    ['Coach', 'belongsTo', true],
    ['City', 'hasMany', undefined],
    ['House', 'hasOne', true],
  ]);
  const keys = checkModel(model).model?.entities.flatMap((entity) => entity.foreignKeys.map((key) => [key.column, key.nullable]));
  assert.equal(keys, [['team_id', true], ['city_id', false], ['club_id', true], ['house_id', true]]);
});

test('FK attributes are the columns relations create; another FK is an error that names the right one', () => {
  const text = ['erDiagram', '  CUSTOMER ||--o{ ORDER : orders', '  ORDER {', '    bigint customer_id FK', '    int shop_ref FK', '  }'].join('\n');
  const { model, diagnostics } = lower(text);
  assert.equal(model.entities.find((entity) => entity.name === 'Order')?.fields, []);
  assert.equal(placed(diagnostics), [
    'foreign_key_without_relation 5:9-17 Order.shop_ref is marked FK, but no relationship creates that column: its relationships create customer_id',
  ]);
});

test('comments: modifiers when they are only modifiers, a description otherwise, a warning when in doubt', () => {
  const text = [
    'erDiagram',
    '  POST {',
    '    string title "nullable unique default=\'Untitled post\'"',
    '    string slug "the URL segment"',
    '    string summary "nulable"',
    '    string status "nullable, kept for history"',
    '    int views "default=many"',
    '  }',
  ].join('\n');
  const { model, diagnostics } = lower(text);
  const title = model.entities[0]?.fields[0];
  assert.equal([title?.nullable, title?.unique, title?.defaultValue], [true, true, { value: 'Untitled post' }]);
  assert.equal(placed(diagnostics), [
    'warning diagram_element_ignored 5:21-28 the comment of summary is read as a description, not as modifiers: "nulable" is not a modifier',
    'warning diagram_element_ignored 6:30-34 the comment of status is read as a description, not as modifiers: "kept" is not a modifier',
    'invalid_default 7:24-28 the default of integer field "views" must be a whole number, not "many"',
  ]);
});

test('unknown types, enum generics and what is ignored, each at its place', () => {
  const text = [
    'erDiagram',
    '  direction LR',
    '  POST {',
    '    enum~draft,published~ status "default=draft"',
    '    strng title',
    '    time starts',
    '  }',
    '  style POST fill:#f9f',
    '  POST u--o{ TAG : tagged',
  ].join('\n');
  const { model, diagnostics } = lower(text);
  assert.equal(model.entities[0]?.fields.map((field) => [field.name, field.type, field.enumValues, field.defaultValue]), [
    ['status', 'enum', ['draft', 'published'], { value: 'draft' }],
  ]);
  assert.equal(placed(diagnostics), [
    'warning diagram_element_ignored 2:3-15 direction ignored: it describes how the diagram looks, not the data',
    'warning diagram_element_ignored 8:3-23 style line ignored: it describes how the diagram looks, not the data',
    'unknown_field_type 5:5-10 unknown type "strng"; did you mean "string"?',
    'unknown_field_type 6:5-9 unknown type "time"',
    'unsupported_relation 9:8-13 the `u` marker has no Eloquent relation',
  ]);
});

test('two entities naming one model, and two relationships one relation name, are errors', () => {
  const text = ['erDiagram', '  ORDER_ITEM {', '    int qty', '  }', '  order_items', '  SHOP ||--o{ ORDER : orders', '  SHOP ||--|{ ORDER : ships'].join('\n');
  assert.equal(placed(lower(text).diagnostics), [
    'duplicate_entity 5:3-14 order_items is the model OrderItem, like the entity on line 2: two entities cannot share a model',
    'duplicate_relation 7:3-28 a second relationship of Shop with Order: a diagram names relations after the entities they join, so both would be Shop.orders (the first is on line 6)',
  ]);
});

test('a direction statement is ignored at its keyword, not at the text the line holds before it', () => {
  const { diagnostics } = lower(['erDiagram', '  POST {', '    string title', '  }', '  POST ||--o{ TAG : "see DIRECTION lr "'].join('\n'));
  assert.equal(placed(diagnostics), ['warning diagram_element_ignored 5:26-40 direction ignored: it describes how the diagram looks, not the data']);
});

test('an entity name with characters a model name cannot hold is an error at the name, as make ../x is, not a model named X', () => {
  const { model, diagnostics } = lower(['erDiagram', '  "../x" ||--o{ POST : has', '  POST {', '    string title', '  }', '  CUSTOMER["1st customer"]'].join('\n'));
  assert.equal(placed(diagnostics), [
    'invalid_entity_name 2:3-9 "../x" cannot name a model: use letters, digits, spaces, hyphens, underscores and dots, starting with a letter (e.g. Post, BLOG_POST, "Blog Post")',
    'invalid_entity_name 6:12-26 "1st customer" cannot name a model: use letters, digits, spaces, hyphens, underscores and dots, starting with a letter (e.g. Post, BLOG_POST, "Blog Post")',
  ]);
  assert.equal(model.entities.map((entity) => [entity.name, entity.relations.length]), [['Post', 0]]);
});

test.run();

test('a one to one of an entity with itself is a belongsTo named by the label and its hasOne <label>Of, paired in the passes', () => {
  const text = [
    'erDiagram',
    '  NODE ||--o| NODE : parent',
    '  NODE |o--|| NODE : "NEXT version"',
    '  NODE ||--o{ NODE : children',
    '  NODE ||--o| NODE : ""',
    '  NODE {',
    '    string name',
    '    bigint parent_id FK',
    '  }',
  ].join('\n');
  const { model, diagnostics } = lower(text);
  assert.equal(placed(diagnostics), [
    'duplicate_relation 5:3-24 a second relationship of Node with itself named Node.parent (the first is on line 2): a one-to-one of an entity with itself is named by its label',
  ]);
  assert.equal(
    model.entities.flatMap((entity) => entity.relations.map((relation) => `${relation.name}: ${relation.kind} ${relation.target}`)),
    ['parent: belongsTo Node', 'parentOf: hasOne Node', 'nextVersion: belongsTo Node', 'nextVersionOf: hasOne Node', 'nodes: hasMany Node'],
  );
  const checked = checkModel(lower(text.replace('  NODE ||--o| NODE : ""\n', '')).model);
  assert.equal(placed(checked.diagnostics), []);
  const node = checked.model?.entities[0];
  assert.equal(
    node?.relations.map((relation) => `${relation.synthesized ? '+' : ''}${relation.name} ${relation.kind} ${keysOf(relation).foreignKey}`),
    ['parent belongsTo parent_id', 'parentOf hasOne parent_id', 'nextVersion belongsTo next_version_id', 'nextVersionOf hasOne next_version_id', 'nodes hasMany node_id', '+node belongsTo node_id'],
  );
  assert.equal(node?.foreignKeys.map((key) => `${key.column} ${key.nullable}`), ['parent_id true', 'next_version_id true', 'node_id true']);
  assert.equal(node?.fields.map((field) => field.name), ['name'], 'parent_id FK is the column the relation creates');
});

test('two one-to-ones of an entity with itself under one label are a duplicate that says so; without a label, parent', () => {
  const { model, diagnostics } = lower(['erDiagram', '  NODE ||--o| NODE : ""', '  NODE ||--|| NODE : "1:1"'].join('\n'));
  assert.equal(placed(diagnostics), [
    'duplicate_relation 3:3-27 a second relationship of Node with itself named Node.parent (the first is on line 2): a one-to-one of an entity with itself is named by its label',
  ]);
  assert.equal(model.entities[0]?.relations.map((relation) => relation.name), ['parent', 'parentOf']);
});
