import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { recordEntities } from '../../../../src/emit/records/class-data.js';
import { entity, field } from '../../../support/entities.js';

/** class_data.json records the generation options an entity has, so that a plain regeneration keeps them. */

const post = entity('Post', [field('title', 'string')]);

test('the options an entity has are recorded as true, in a fixed order; those it lacks leave the entry', () => {
  const recorded = recordEntities(undefined, [{ ...post, options: { simplePagination: true, jsonApi: true, auth: true, queryBuilder: false } }]);
  assert.ok(recorded.ok);
  const entry = (JSON.parse(recorded.ok ? recorded.content : '[]') as Record<string, unknown>[])[0];
  assert.equal(Object.keys(entry ?? {}), ['name', 'attributes', 'auth', 'jsonApi', 'simplePagination']);

  const regenerated = recordEntities(recorded.ok ? recorded.content : undefined, [post]);
  const without = (JSON.parse(regenerated.ok ? regenerated.content : '[]') as Record<string, unknown>[])[0];
  assert.equal(Object.keys(without ?? {}), ['name', 'attributes'], 'an option the entity no longer has is no longer recorded');
});

test.run();
