import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { forgetEntities } from '../../../../src/emit/records/class-data.js';

const RECORD = `${JSON.stringify(
  [
    { name: 'Author', attributes: [{ name: 'name', _type: 'string' }] },
    {
      name: 'Post',
      attributes: [{ name: 'title', _type: 'string' }],
      manyToOneRelationships: [{ role: 'author', comodel: 'Author' }],
      manyToManyRelationships: [{ role: 'tags', comodel: 'Tag', pivot: 'post_tag' }],
      custom: 'kept',
    },
    { name: 'Tag', attributes: [{ name: 'label', _type: 'string' }] },
    { name: 'Video', parent: 'Post', attributes: [{ name: 'url', _type: 'string' }] },
  ],
  null,
  4,
)}\n`;

test('forgets the named entries and keeps the others, keys and all', () => {
  const result = forgetEntities(RECORD, ['Tag', 'Video']);
  assert.ok(result.ok);
  const entries = JSON.parse(result.ok ? result.content : '[]') as { name: string; custom?: string }[];
  assert.equal(
    entries.map((entry) => entry.name),
    ['Author', 'Post'],
  );
  assert.is(entries[1]?.custom, 'kept');
});

test('a record holding none of them is left byte for byte, even in another layout', () => {
  const compact = JSON.stringify(JSON.parse(RECORD));
  assert.equal(forgetEntities(compact, ['Comment']), { ok: true, content: compact });
});

test('a record that is not JSON is a positioned error', () => {
  const result = forgetEntities('[{"name": "Post",]', ['Post']);
  assert.is(result.ok, false);
  assert.is(result.ok ? undefined : result.diagnostics[0]?.code, 'invalid_class_data');
});

test.run();
