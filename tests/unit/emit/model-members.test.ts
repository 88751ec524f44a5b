import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { castsMethodText, fillablePropertyText, hiddenPropertyText, relationMethodTexts } from '../../../src/emit/laravel/edits/model-members.js';
import { relationMethods } from '../../../src/emit/laravel/values/model-relations.js';
import { partial } from '../../../src/emit/laravel/values/stub-values/registry.js';
import { renderWithPartials } from '../../../src/emit/emit-result.js';
import type { Entity } from '../../../src/ir/ir.generated.js';
import { builtInStubs, entity, field } from '../../support/entities.js';

const post: Entity = {
  ...entity('Post', [field('title')]),
  relations: [
    { name: 'author', kind: 'belongsTo', target: 'Author', foreignKey: 'author_id', ownerKey: 'id', onDelete: 'restrict', synthesized: false, span: {} },
    { name: 'comments', kind: 'hasMany', target: 'Comment', foreignKey: 'post_id', ownerKey: 'id', onDelete: 'restrict', synthesized: false, span: {} },
  ],
};

test("the members an edit adds to a project's own model are laid out as the built-in model.members.stub lays out a generated one", () => {
  const rendered = renderWithPartials(
    'model.members',
    {
      factory: 'PostFactory',
      traits: ['HasFactory'],
      onAttributes: false,
      table: '',
      withoutTimestamps: false,
      primaryKey: '',
      keyType: '',
      incrementing: '',
      fillable: ["'title'", "'views'"],
      hidden: ["'password'"],
      defaults: [],
      casts: ["'views' => 'integer'"],
      relations: partial('model.relations', { relations: relationMethods(post) }),
    },
    { stubs: builtInStubs() },
  );
  assert.ok(rendered.ok);
  const members = rendered.text.trimEnd().split('\n\n');
  for (const text of [fillablePropertyText(['title', 'views']), hiddenPropertyText(['password']), castsMethodText(["'views' => 'integer'"]), ...relationMethodTexts(post)]) {
    assert.ok(members.includes(text), text);
  }
});

test.run();
