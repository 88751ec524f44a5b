import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { codeNameProblems } from '../../../src/emit/code-names.js';
import { entity, field } from '../../support/entities.js';

// Names the validation should have refused, placed in the IR by hand: the emitters' own guard must still refuse them.

const place = (name: string, role: string): string =>
  `fullapi was about to place ${JSON.stringify(name)} (${role}) in PHP code, where it is not a valid name; nothing was written. This is a bug in fullapi's validation: please report it with the input.`;

test('every name placed as code that is not an identifier is named with its role, in the order of the model; nothing else is', () => {
  const post = entity('Post', [field('title'), field('bad-field'), field('state', 'enum', { cases: ['draft', '1st'] })]);
  post.relations.push({ name: 'au thor', kind: 'belongsTo', target: 'Author', foreignKey: 'author_id', ownerKey: 'id', span: {} } as (typeof post.relations)[number]);
  post.foreignKeys.push({ column: 'author-id', referencesTable: 'authors', referencesColumn: 'id', relation: 'author', nullable: false } as (typeof post.foreignKeys)[number]);
  post.morphs.push('com mentable');
  const fine = entity('Tag', [field('name')]);
  const problems = codeNameProblems({
    entities: [post, fine],
    pivots: [{ table: 'post_tag', sides: [{ entity: 'Post', column: 'post id', referencesColumn: 'id' }, { entity: 'Tag', column: 'tag_id', referencesColumn: 'id' }] } as never],
  });
  assert.equal(
    problems.map((problem) => [problem.code, problem.message]),
    [
      ['internal_error', place('bad-field', 'a field of Post')],
      ['internal_error', place('1st', 'an enum case of Post')],
      ['internal_error', place('au thor', 'a relation of Post')],
      ['internal_error', place('author-id', 'a foreign key of Post')],
      ['internal_error', place('com mentable', 'a morph of Post')],
      ['internal_error', place('post id', 'a column of the pivot post_tag')],
    ],
  );
});

test.run();
