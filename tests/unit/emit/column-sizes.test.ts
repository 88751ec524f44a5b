import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { emitFactory } from '../../../src/emit/laravel/artifacts/factory.js';
import { emitMigration } from '../../../src/emit/laravel/artifacts/migration.js';
import { castExpression } from '../../../src/emit/laravel/values/field-types.js';
import { typeRuleList } from '../../../src/emit/laravel/values/validation-rules.js';
import { ruleViolations, sampleInput, sampleJson } from '../../../src/emit/laravel/values/test-values.js';
import { fieldSchema } from '../../../src/emit/openapi/request-bodies.js';
import { answeredSchema } from '../../../src/emit/openapi/schemas.js';
import type { ColumnSize, Field, FieldType } from '../../../src/ir/ir.generated.js';
import { context, entity, field, parsingEmitter } from '../../support/entities.js';

/** A field with a size and bounds, as the front ends give it. */
function sizedField(name: string, type: FieldType, size?: ColumnSize, bounds: { min?: number; max?: number } = {}): Field {
  return { ...field(name, type), ...(size === undefined ? {} : { size }), ...bounds } as Field;
}

const product = entity('Product', [
  sizedField('name', 'string', { length: 100 }),
  sizedField('price', 'decimal', { precision: 8, scale: 2 }, { min: 0 }),
  sizedField('credit', 'decimal', { precision: 6, scale: 0 }),
  sizedField('notes', 'text', { text: 'medium' }),
  sizedField('body', 'text', { text: 'long' }),
  sizedField('stock', 'integer', undefined, { min: 0, max: 500 }),
  sizedField('ratio', 'decimal', { precision: 3, scale: 2 }),
]);
const byName = (name: string) => product.fields.find((candidate) => candidate.name === name) as Field;

test('the migration: the length, the digits and the text size', () => {
  const { content } = parsingEmitter(emitMigration)(product, context());
  for (const call of ["string('name', 100)", "decimal('price', 8, 2)", "decimal('credit', 6, 0)", "mediumText('notes')", "longText('body')", "integer('stock')"]) {
    assert.match(content, `$table->${call};`);
  }
});

test('the rules: max of the length, the scale and magnitude of the digits, min and max within the column', () => {
  assert.equal(typeRuleList(byName('name')), ['string', 'max:100', 'not_regex:/\\x00/']);
  assert.equal(typeRuleList(byName('price')), ['bail', 'numeric', 'decimal:0,2', 'min:0', 'max:999999.99']);
  assert.equal(typeRuleList(byName('credit')), ['bail', 'numeric', 'decimal:0,0', 'min:-999999', 'max:999999']);
  assert.equal(typeRuleList(byName('stock')), ['bail', 'integer', 'min:0', 'max:500']);
  assert.equal(typeRuleList(byName('notes')), ['string', 'max:4194303', 'not_regex:/\\x00/']);
  assert.equal(typeRuleList(sizedField('weight', 'float', undefined, { min: 0.5 })), ['bail', 'numeric', 'not_in:INF,-INF', 'min:0.5']);
});

test('the cast keeps the scale', () => {
  assert.is(castExpression(byName('price')), "'decimal:2'");
  assert.is(castExpression(byName('credit')), "'decimal:0'");
});

test('the factory stays inside the length, the digits and the bounds', () => {
  const { content } = parsingEmitter(emitFactory)(product, context());
  assert.match(content, "'name' => fake()->words(3, true),");
  assert.match(content, "'price' => fake()->randomFloat(2, 1, 1000),");
  assert.match(content, "'credit' => fake()->randomFloat(0, 0, 10000),");
  assert.match(content, "'stock' => fake()->numberBetween(1, 500),");
  assert.match(content, "'ratio' => fake()->randomFloat(2, 0, 9.99),");
  const short = parsingEmitter(emitFactory)(entity('Coupon', [sizedField('code', 'string', { length: 12 }), sizedField('grade', 'string', { length: 3 })]), context());
  assert.match(short.content, "'code' => fake()->text(12),");
  assert.match(short.content, "'grade' => fake()->lexify('???'),");
});

test('OpenAPI: maxLength, minimum and maximum in the bodies; the scale and the length in the answers', () => {
  assert.equal(fieldSchema(byName('name')), { type: 'string', maxLength: 100 });
  assert.equal(fieldSchema(byName('stock')), { type: 'integer', minimum: 0, maximum: 500 });
  assert.equal(fieldSchema(byName('price')), { type: 'number', minimum: 0, maximum: 999999.99 });
  assert.equal(answeredSchema(byName('name')), { type: 'string', maxLength: 100 });
  assert.equal(answeredSchema(byName('credit')), { type: 'string', pattern: '^-?[0-9]+$' });
});

test('the tests: samples that fit, and values past each bound refused', () => {
  assert.is(sampleInput(sizedField('grade', 'string', { length: 3 })), 'sam');
  assert.is(sampleInput(byName('ratio')), '9.99');
  assert.is(sampleJson(byName('credit')), '13');
  assert.is(sampleInput(sizedField('least', 'integer', undefined, { min: 100 })), 100);
  assert.equal(ruleViolations(byName('price')).slice(1), ["'0.001'", "'1000000'", "'-1'"]);
  assert.equal(ruleViolations(byName('stock')).slice(1), ['2147483648', '1.5', "'-1'", "'501'"]);
  assert.ok(ruleViolations(byName('body')).every((value) => !value.startsWith('str_repeat')), 'no gigabyte of text in a test');
});

test.run();
