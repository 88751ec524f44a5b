import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { regenerationDiagnostics } from '../../../src/passes/project/regeneration.js';
import { checked, relation, sourceEntity, sourceField } from '../../support/source-model.js';

const TAG = sourceEntity('Tag', [sourceField('name')]);
const CATEGORY = sourceEntity('Category', [sourceField('name')]);

const warningsOf = (before: Parameters<typeof checked>[0], after: Parameters<typeof checked>[0]) =>
  regenerationDiagnostics(checked(before), checked(after).entities).map((warning) => [warning.code, warning.message]);

test('a relation whose entity changes, or whose belongsTo turns required, is relation_changed at the relation; the inverse it took along is removed', () => {
  const post = (...relations: ReturnType<typeof relation>[]) => sourceEntity('Post', [sourceField('title')], relations);
  const optional = { ...relation('category', 'belongsTo', 'Category'), nullable: true };
  const changes = regenerationDiagnostics(checked([CATEGORY, TAG, post(optional)]), checked([CATEGORY, TAG, post(relation('category', 'belongsTo', 'Tag'))]).entities);
  assert.equal(
    changes.map((warning) => [warning.code, warning.message, warning.span?.line]),
    [
      // Category's side goes with it: the inverse Post's belongsTo gave it.
      ['relation_removed', "this regeneration removes Category's relation posts (hasMany Post), which class_data.json records", undefined],
      ['relation_changed', "this regeneration changes Post's relation category from belongsTo Category to belongsTo Tag", relation('category', 'belongsTo').span.line],
    ],
  );
  assert.equal(warningsOf([CATEGORY, post(optional)], [CATEGORY, post(relation('category', 'belongsTo', 'Category'))]), [
    ['relation_changed', "this regeneration makes Post's relation category required (it was optional)"],
  ]);
});

test('a key that moves, and what is only added, an entity not recorded before included', () => {
  const country = (code: Partial<Parameters<typeof sourceField>[2]>) => sourceEntity('Country', [sourceField('code', 'string', code), sourceField('name')]);
  assert.equal(warningsOf([country({ primary: true })], [country({ unique: true })]), [
    ['field_constraint_changed', "this regeneration changes Country's field code: now unique, no longer the primary key"],
  ]);
  assert.equal(warningsOf([TAG], [sourceEntity('Tag', [sourceField('name'), sourceField('color')], [], true), CATEGORY]), []);
});

test.run();
