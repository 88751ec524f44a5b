import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { blog, checked, diagnosticsOf, relation, sourceEntity, sourceField } from '../../support/source-model.js';
import { keysOf } from '../../support/relation-columns.js';

test('the blog: parents first, every relation keyed, one pivot', () => {
  const model = blog();
  assert.equal(model.entities.map((entity) => entity.naming.className), ['Category', 'Tag', 'Comment', 'Country', 'Post']);
  assert.equal(model.pivots.map((pivot) => pivot.table), ['post_tag']);
  for (const entity of model.entities) {
    for (const relation of entity.relations) {
      const keys = keysOf(relation);
      const keyed = keys.foreignKey ?? keys.pivotTable ?? keys.morphName;
      assert.ok(keyed !== undefined, `${entity.naming.className}.${relation.name} has no key`);
    }
  }
});

test('entities without relations are checked as before: no relation, no key, no pivot', () => {
  const model = checked([sourceEntity('Post', [sourceField('title')])]);
  const [post] = model.entities;
  assert.equal([post?.relations, post?.foreignKeys, post?.morphs, model.pivots], [[], [], [], []]);
});

test('each stage runs only on what the stages before it accepted', () => {
  const unknownTarget = [sourceEntity('Post', [sourceField('title')], [relation('author', 'belongsTo', 'Writer'), relation('x', 'hasMany', 'Post')])];
  assert.equal(diagnosticsOf(unknownTarget).map((d) => d.code), ['invalid_relation']);
  const cycle = [
    sourceEntity('Post', [], [relation('cover', 'belongsTo', 'Image')]),
    sourceEntity('Image', [], [relation('post', 'belongsTo', 'Post')]),
  ];
  assert.equal(diagnosticsOf(cycle).map((d) => d.code), ['relation_cycle']);
  const badName = [sourceEntity('class', [], [relation('posts', 'hasMany', 'Nothing')])];
  assert.equal(diagnosticsOf(badName).map((d) => d.code), ['reserved_word']);
});

test("an entity whose route parameter would pass Symfony's 32 characters is an error; 32 passes", () => {
  // {international_carrier_assignment}: 32 characters.
  assert.equal(diagnosticsOf([sourceEntity('InternationalCarrierAssignment', [sourceField('title')])]), []);
  const [tooLong] = diagnosticsOf([sourceEntity('InternationalCarrierAssignments2', [sourceField('title')])]);
  assert.is(tooLong?.code, 'invalid_entity_name');
  assert.match(tooLong?.message ?? '', /route parameter \{international_carrier_assignments2\}, 34 characters long/);
});

test.run();
