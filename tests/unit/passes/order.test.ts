import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { SourceEntity } from '../../../src/ir/ir.generated.js';
import { orderEntities } from '../../../src/passes/order.js';
import { relationKeys } from '../../../src/passes/relations/relation-keys.js';
import { synthesizeRelations } from '../../../src/passes/relations/relations.js';
import { blogSource, entitiesBeforeRelations, relation, sourceEntity } from '../../support/source-model.js';

function ordered(sources: SourceEntity[]) {
  const related = synthesizeRelations(sources, entitiesBeforeRelations(sources));
  assert.equal(related.diagnostics, []);
  return orderEntities(relationKeys(related.entities).entities);
}

function orderOf(sources: SourceEntity[]): string[] {
  const result = ordered(sources);
  assert.equal(result.diagnostics, []);
  return result.entities.map((entity) => entity.naming.className);
}

const belongsTo = (name: string, parents: string[]) =>
  sourceEntity(name, [], parents.map((parent) => relation(parent.toLowerCase(), 'belongsTo', parent)));

test('parents come first; otherwise the source order is kept', () => {
  assert.equal(orderOf(blogSource()), ['Category', 'Tag', 'Comment', 'Country', 'Post']);
  assert.equal(orderOf([belongsTo('C', ['B']), belongsTo('A', []), belongsTo('B', ['A']), belongsTo('D', [])]), ['A', 'B', 'C', 'D']);
});

test('a synthesized belongsTo orders like a declared one; belongsToMany and morphs order nothing', () => {
  const sources = [
    sourceEntity('Post', [], [relation('tags', 'belongsToMany', 'Tag'), relation('comments', 'morphMany', 'Comment')]),
    sourceEntity('Comment', []),
    sourceEntity('Tag', []),
    sourceEntity('Author', [], [relation('posts', 'hasMany', 'Post')]),
  ];
  assert.equal(orderOf(sources), ['Comment', 'Tag', 'Author', 'Post']);
});

test('a reference of an entity to itself is no cycle', () => {
  assert.equal(orderOf([belongsTo('Post', ['Category']), sourceEntity('Category', [], [relation('parent', 'belongsTo', 'Category')])]), ['Category', 'Post']);
});

test('a cycle is an error that names it, at the belongsTo that starts it', () => {
  const { diagnostics } = ordered([belongsTo('A', ['B']), belongsTo('B', ['A'])]);
  assert.equal(diagnostics.map((d) => [d.code, d.message]), [
    ['relation_cycle', 'A -> B -> A: these entities reference each other (A.b, B.a), so no table can be created first'],
  ]);
  assert.equal(diagnostics[0]?.span, relation('b', 'belongsTo').span);
});

test('each cycle is reported once, entities waiting on a cycle are not', () => {
  const { diagnostics } = ordered([
    belongsTo('Start', ['A']),
    belongsTo('A', ['B']),
    belongsTo('B', ['C']),
    belongsTo('C', ['A']),
    belongsTo('X', ['Y']),
    belongsTo('Y', ['X']),
  ]);
  assert.equal(
    diagnostics.map((d) => d.message.split(':')[0]),
    ['A -> B -> C -> A', 'X -> Y -> X'],
  );
});

test.run();
