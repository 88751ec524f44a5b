import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Diagnostic } from '../../../../src/diagnostics/diagnostic.js';
import { lowerClassDiagram } from '../../../../src/frontends/diagram/lower-class.js';
import type { SourceModel } from '../../../../src/ir/ir.generated.js';
import { checkModel } from '../../../../src/passes/check.js';
import { parseClassDiagram } from '../../../../grammar/class/index.js';

function lower(lines: readonly string[]): { model: SourceModel; diagnostics: Diagnostic[] } {
  const parsed = parseClassDiagram(['classDiagram', ...lines].join('\n'));
  if (parsed.diagram === undefined) throw new Error(JSON.stringify(parsed.errors));
  return lowerClassDiagram('shop.mmd', parsed.diagram);
}

const placed = (diagnostics: readonly Diagnostic[]) =>
  diagnostics.map((d) => `${d.severity === 'warning' ? 'warning ' : ''}${d.code} ${d.span?.line}:${d.span?.column}-${d.span?.endColumn} ${d.message}`);

const relationsOf = (model: SourceModel) =>
  model.entities.flatMap((entity) => entity.relations.map((relation) => `${entity.name}.${relation.name}: ${relation.kind} ${relation.target}`));

test('members: Java and UML styles, snake case columns, nullable types, defaults, modifiers', () => {
  const { model, diagnostics } = lower([
    'class Customer {',
    '  +String firstName',
    '  +email: String unique',
    '  -phone : String?',
    '  #int visits = 0',
    '  +LocalDateTime createdAt',
    '  +boolean vip = false nullable',
    '}',
  ]);
  assert.equal(placed(diagnostics), []);
  assert.equal(
    model.entities[0]?.fields.map((field) => [field.name, field.type, field.nullable, field.unique, field.defaultValue?.value]),
    [
      ['first_name', 'string', false, false, undefined],
      ['email', 'string', false, true, undefined],
      ['phone', 'string', true, false, undefined],
      ['visits', 'integer', false, false, 0],
      ['vip', 'boolean', true, false, false],
    ],
  );
  assert.equal(model.entities[0]?.fields[0]?.span, { file: 'shop.mmd', line: 3, column: 11, endColumn: 20 });
});

test('an enumeration class gives the values of the fields it types; an interface has no table', () => {
  const { model, diagnostics } = lower([
    'class Status {',
    '  <<enumeration>>',
    '  draft',
    '  published',
    '}',
    'class Post {',
    '  +Status status = draft',
    '}',
    'class Publishable {',
    '  <<interface>>',
    '}',
    'Publishable <|.. Post',
  ]);
  assert.equal(model.entities.map((entity) => entity.name), ['Post']);
  assert.equal(model.entities[0]?.fields[0], {
    name: 'status',
    type: 'enum',
    nullable: false,
    unique: false,
    primary: false,
    span: { file: 'shop.mmd', line: 8, column: 11, endColumn: 17 },
    enumValues: ['draft', 'published'],
    defaultValue: { value: 'draft' },
  });
  assert.equal(placed(diagnostics), [
    'warning diagram_element_ignored 10:7-18 interface Publishable ignored: an interface has no table',
    'warning diagram_element_ignored 13:1-22 the realization between Publishable and Post ignored: Publishable is an interface, not a table',
  ]);
});

test('inheritance, composition, aggregation and multiplicities become parents and relations', () => {
  const { model, diagnostics } = lower([
    'class Product',
    'class Book',
    'Product <|-- Book',
    'Order "1" *-- "1..*" OrderLine',
    'Customer o-- Address',
    'Invoice --* Payment',
    'Customer "1" --> "*" Order',
    'Order "0..1" --> "1" Voucher',
    'Student "*" -- "*" Course',
    'Book "1" --> "0..1" Cover',
  ]);
  assert.equal(placed(diagnostics), []);
  assert.equal(model.entities.find((entity) => entity.name === 'Book')?.parent, 'Product');
  assert.equal(relationsOf(model), [
    'Book.cover: hasOne Cover',
    'Order.orderLines: hasMany OrderLine',
    'Order.voucher: belongsTo Voucher',
    'Customer.addresses: hasMany Address',
    'Customer.orders: hasMany Order',
    'Payment.invoices: hasMany Invoice',
    'Student.courses: belongsToMany Course',
  ]);
  assert.equal(placed(checkModel(model).diagnostics), []);
});

test('what has no table or no keys is ignored with its place; unknown multiplicities and types are errors', () => {
  const { diagnostics } = lower([
    'class Order {',
    '  +total() decimal',
    '  +int count$',
    '  +List~Line~ lines',
    '  +strng name',
    '  +nameOnly',
    '}',
    'class Line',
    'Order ..> Line',
    'Order --> Line',
    'Order "2..5" --> "*" Line',
    'note for Order "computed"',
    'style Order fill:#f9f',
  ]);
  assert.equal(placed(diagnostics), [
    'warning diagram_element_ignored 14:1-22 style line ignored: it describes how the diagram looks, not the data',
    'warning diagram_element_ignored 3:3-19 method total() of Order ignored: methods are not generated',
    'warning diagram_element_ignored 4:4-13 static int count of Order ignored: a static member is no column',
    'warning diagram_element_ignored 5:4-14 Order.lines is typed by the class Line and ignored: relations come from arrows',
    'unknown_field_type 6:4-9 unknown type "strng"; did you mean "string"?',
    'missing_field_type 7:4-12 Order.nameOnly has no type',
    'warning diagram_element_ignored 10:1-15 the dependency between Order and Line ignored: a dependency is no relation between tables',
    'warning diagram_element_ignored 11:1-15 the association between Order and Line ignored: an association without multiplicities says nothing of its keys; write e.g. `Order "1" --> "*" Line`',
    'unsupported_relation 12:7-13 "2..5" is not a multiplicity fullapi can map to a relation',
    'warning diagram_element_ignored 13:1-26 note ignored: it describes no data',
  ]);
});

test('separator lines of a class body are dividers of the drawing: ignored with a warning, the fields around them kept', () => {
  const { model, diagnostics } = lower(['  class Post {', '    +String title', '    ..', '    ==', '    __ Details __', '    --', '    +String body', '  }']);
  assert.equal(model.entities[0]?.fields.map((field) => field.name), ['title', 'body']);
  assert.equal(placed(diagnostics), [
    'warning diagram_element_ignored 4:5-7 separator line of Post ignored: it divides the drawing, and names no field',
    'warning diagram_element_ignored 5:5-7 separator line of Post ignored: it divides the drawing, and names no field',
    'warning diagram_element_ignored 6:5-18 separator line of Post ignored: it divides the drawing, and names no field',
    'warning diagram_element_ignored 7:5-7 separator line of Post ignored: it divides the drawing, and names no field',
  ]);
});

test('a direction statement is ignored at its keyword, not at the indent or the text the line holds before it', () => {
  const { diagnostics } = lower(['    direction LR', '  class Post', '  Post --> Tag : direction TB  ']);
  assert.equal(placed(diagnostics), [
    'warning diagram_element_ignored 2:5-17 direction ignored: it describes how the diagram looks, not the data',
    'warning diagram_element_ignored 4:18-30 direction ignored: it describes how the diagram looks, not the data',
  ]);
});

test('a class name with characters a model name cannot hold is an error at the name, not a model named after what is left', () => {
  const { model, diagnostics } = lower(['  class `../x` {', '    +String title', '  }', '  class com.shop.Order']);
  assert.equal(placed(diagnostics), [
    'invalid_entity_name 2:10-14 "../x" cannot name a model: use letters, digits, spaces, hyphens, underscores and dots, starting with a letter (e.g. Post, BLOG_POST, "Blog Post")',
  ]);
  assert.equal(model.entities.map((entity) => entity.name), ['ComShopOrder']);
});

test.run();

test('a one to one of a class with itself is named by its label, or parent without one; one to many keeps its entity names', () => {
  const { model, diagnostics } = lower(['Node "1" --> "0..1" Node : mentor', 'Version "1" --> "0..1" Version', 'Tree "1" --> "*" Tree']);
  assert.equal(placed(diagnostics), []);
  assert.equal(relationsOf(model), [
    'Node.mentor: belongsTo Node',
    'Node.mentorOf: hasOne Node',
    'Version.parent: belongsTo Version',
    'Version.parentOf: hasOne Version',
    'Tree.trees: hasMany Tree',
  ]);
  const checked = checkModel(model);
  assert.equal(placed(checked.diagnostics), []);
  assert.equal(checked.model?.entities.flatMap((entity) => entity.foreignKeys.map((key) => `${entity.naming.table}.${key.column}`)), [
    'nodes.mentor_id',
    'versions.parent_id',
    'trees.tree_id',
  ]);
});
