import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { splitMember } from '../../../../src/frontends/diagram/class-members.js';
import { readDiagramType } from '../../../../src/frontends/diagram/field-types.js';
import { modelNameOf } from '../../../../src/frontends/diagram/model-names.js';
import { classMultiplicity, declaredKind } from '../../../../src/frontends/diagram/multiplicity.js';

const SPAN = { file: 'd.mmd', line: 3, column: 5, endColumn: 30 };

test('diagram names become model classes in every style diagrams use', () => {
  const cases: [string, string][] = [
    ['CUSTOMER', 'Customer'],
    ['ORDER_ITEM', 'OrderItem'],
    ['LINE-ITEM', 'LineItem'],
    ['order_items', 'OrderItem'],
    ['posts', 'Post'],
    ['media', 'Medium'],
    ['BlogPost', 'BlogPost'],
    ['blogPost', 'BlogPost'],
    ['Customer Account', 'CustomerAccount'],
    ['École', 'École'],
    ['NAMED-DRIVER', 'NamedDriver'],
    ['Status', 'Status'],
  ];
  assert.equal(cases.map(([name]) => [name, modelNameOf(name)]), cases);
});

test('type words: fullapi, SQL and Java spellings, sizes, arrays, collections and enum generics', () => {
  const typeOf = (word: string) => readDiagramType(word, SPAN).typed;
  assert.equal(typeOf('varchar(255)'), { type: 'string' });
  assert.equal(typeOf('INT'), { type: 'integer' });
  assert.equal(typeOf('bigint'), { type: 'bigint' });
  assert.equal(typeOf('bool'), { type: 'boolean' });
  assert.equal(typeOf('numeric'), { type: 'decimal' });
  assert.equal(typeOf('jsonb'), { type: 'json' });
  assert.equal(typeOf('LocalDateTime'), { type: 'datetime' });
  assert.equal(typeOf('timestamptz'), { type: 'timestamp' });
  assert.equal(typeOf('UUID'), { type: 'uuid' });
  assert.equal(typeOf('string[]'), { type: 'json' });
  assert.equal(typeOf('List~string~'), { type: 'json' });
  assert.equal(typeOf('Map~string, int~'), { type: 'json' });
  assert.equal(typeOf('enum~draft,published~'), { type: 'enum', enumValues: ['draft', 'published'] });
  assert.equal(typeOf('enum~a, b , c~'), { type: 'enum', enumValues: ['a', 'b', 'c'] });
});

test('a size other than a column has is a warning on the size; a string length and a decimal size are read', () => {
  const reading = readDiagramType('int(11)', SPAN);
  assert.equal(reading.typed, { type: 'integer' });
  assert.equal(
    reading.diagnostics.map((d) => [d.severity, d.code, d.span?.column, d.span?.endColumn]),
    [['warning', 'diagram_element_ignored', 8, 12]],
  );
  assert.equal(readDiagramType('varchar(255)', SPAN).diagnostics, []);
  assert.equal(readDiagramType('varchar(100)', SPAN).typed, { type: 'string', size: { length: 100 } });
  assert.equal(readDiagramType('numeric~8,2~', SPAN).typed, { type: 'decimal', size: { precision: 8, scale: 2 } });
  assert.equal(readDiagramType('MediumText', SPAN).typed, { type: 'text', size: { text: 'medium' } });
});

test('unknown types, enums without values and repeated values are errors at the word', () => {
  const [unknown] = readDiagramType('strng', SPAN).diagnostics;
  assert.is(unknown?.code, 'unknown_field_type');
  assert.is(unknown?.message, 'unknown type "strng"; did you mean "string"?');
  assert.equal([unknown?.span?.column, unknown?.span?.endColumn], [5, 10]);
  assert.is(readDiagramType('time', SPAN).diagnostics[0]?.code, 'unknown_field_type');
  assert.is(readDiagramType('enum', SPAN).diagnostics[0]?.code, 'bad_enum_values');
  const [repeated] = readDiagramType('enum~a,b,a~', SPAN).diagnostics;
  assert.is(repeated?.code, 'bad_enum_values');
  assert.equal([repeated?.span?.column, repeated?.span?.endColumn], [14, 15], 'the second a');
});

test('class members: Java and UML order, nullable types, defaults and modifiers with their offsets', () => {
  assert.equal(splitMember('int id'), { name: { text: 'id', offset: 4 }, type: { text: 'int', offset: 0 }, nullable: false, words: [] });
  assert.equal(splitMember('id: int'), { name: { text: 'id', offset: 0 }, type: { text: 'int', offset: 4 }, nullable: false, words: [] });
  assert.equal(splitMember('email : String? unique'), {
    name: { text: 'email', offset: 0 },
    type: { text: 'String', offset: 8 },
    nullable: true,
    words: [{ text: 'unique', offset: 16 }],
  });
  assert.equal(splitMember('int views = 0'), {
    name: { text: 'views', offset: 4 },
    type: { text: 'int', offset: 0 },
    nullable: false,
    defaultValue: { text: '0', offset: 12 },
    words: [],
  });
  assert.equal(splitMember("title: string = 'a b' nullable").defaultValue, { text: "'a b'", offset: 16 });
  assert.equal(splitMember('Map~string, int~ prefs').type, { text: 'Map~string, int~', offset: 0 });
  assert.equal(splitMember('DRAFT'), { name: { text: 'DRAFT', offset: 0 }, nullable: false, words: [] });
});

test('markers and multiplicities: what the first entity declares', () => {
  assert.is(declaredKind('exactlyOne', 'zeroOrMore'), 'hasMany');
  assert.is(declaredKind('zeroOrOne', 'oneOrMore'), 'hasMany');
  assert.is(declaredKind('zeroOrMore', 'exactlyOne'), 'belongsTo');
  assert.is(declaredKind('oneOrMore', 'oneOrMore'), 'belongsToMany');
  assert.is(declaredKind('exactlyOne', 'zeroOrOne'), 'hasOne');
  assert.is(declaredKind('exactlyOne', 'exactlyOne'), 'hasOne');
  assert.is(declaredKind('zeroOrOne', 'exactlyOne'), 'belongsTo');
  assert.equal(['1', '0..1', '*', '0..*', '1..*', ' 1 .. n ', 'Many', '2..5'].map(classMultiplicity), [
    'exactlyOne',
    'zeroOrOne',
    'zeroOrMore',
    'zeroOrMore',
    'oneOrMore',
    'oneOrMore',
    'zeroOrMore',
    undefined,
  ]);
});

test.run();
