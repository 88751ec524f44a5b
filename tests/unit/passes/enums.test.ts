import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { SourceField } from '../../../src/ir/ir.generated.js';
import { enumClassOf } from '../../../src/passes/enums.js';

const enumField = (name: string, values: string[]): SourceField => ({
  name,
  type: 'enum',
  enumValues: values,
  nullable: false,
  unique: false,
  primary: false,
  span: { flag: '--fields', column: 1 },
});

test('the class is named after entity and field, one case per value', () => {
  const { enumClass, diagnostics } = enumClassOf('BlogPost', enumField('review_status', ['draft', 'in-progress', 'on hold', '2fa']));
  assert.equal(diagnostics, []);
  assert.equal(enumClass, {
    className: 'BlogPostReviewStatus',
    cases: [
      { caseName: 'Draft', value: 'draft' },
      { caseName: 'InProgress', value: 'in-progress' },
      { caseName: 'OnHold', value: 'on hold' },
      { caseName: 'Value2fa', value: '2fa' },
    ],
  });
});

test('an enum without values is refused: a backed enum needs a case, and its class carries one at least', () => {
  const { enumClass, diagnostics } = enumClassOf('Post', enumField('status', []));
  assert.is(enumClass, undefined);
  assert.equal(diagnostics.map((diagnostic) => diagnostic.code), ['bad_enum_values']);
});

test('values that collide or cannot be case names are errors', () => {
  assert.equal(enumClassOf('Post', enumField('s', ['in_progress', 'in-progress'])).diagnostics.map((d) => d.code), ['bad_enum_values']);
  assert.equal(enumClassOf('Post', enumField('s', ['class'])).diagnostics.map((d) => d.code), ['bad_enum_values']);
  assert.equal(enumClassOf('Post', enumField('s', ['--'])).diagnostics.map((d) => d.code), ['bad_enum_values']);
});

test.run();
