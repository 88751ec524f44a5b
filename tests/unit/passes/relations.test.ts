import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { SourceEntity } from '../../../src/ir/ir.generated.js';
import type { RelatingEntity } from '../../../src/passes/relations/relating-entity.js';
import { synthesizeRelations } from '../../../src/passes/relations/relations.js';
import { entitiesBeforeRelations, relation, sourceEntity, sourceField } from '../../support/source-model.js';

function synthesize(sources: SourceEntity[]) {
  return synthesizeRelations(sources, entitiesBeforeRelations(sources));
}

/** `name kind Target` for each relation of an entity, `+` marking the synthesized ones. */
function relationsOf(entities: readonly RelatingEntity[], className: string): string[] {
  const entity = entities.find((candidate) => candidate.naming.className === className);
  return (entity?.relations ?? []).map((r) => `${r.synthesized ? '+' : ''}${r.name} ${r.kind}${r.target === undefined ? '' : ` ${r.target}`}`);
}

function synthesized(sources: SourceEntity[]): RelatingEntity[] {
  const result = synthesize(sources);
  assert.equal(result.diagnostics, []);
  return result.entities;
}

function codesOf(sources: SourceEntity[]): string[] {
  return synthesize(sources).diagnostics.map((d) => d.code);
}

const category = (...relations: ReturnType<typeof relation>[]) => sourceEntity('Category', [sourceField('name')], relations);
const post = (...relations: ReturnType<typeof relation>[]) => sourceEntity('Post', [sourceField('title')], relations);

test('hasMany adds the belongsTo named after the parent, with the span of the hasMany', () => {
  const entities = synthesized([category(relation('posts', 'hasMany', 'Post')), post()]);
  assert.equal(relationsOf(entities, 'Category'), ['posts hasMany Post']);
  assert.equal(relationsOf(entities, 'Post'), ['+category belongsTo Category']);
  const added = entities[1]?.relations[0];
  assert.equal(added?.span, relation('posts', 'hasMany').span);
});

test('hasOne adds the belongsTo too; a compound parent name gives a camel-case relation', () => {
  const entities = synthesized([
    sourceEntity('BlogPost', [sourceField('title')], [relation('cover', 'hasOne', 'Image')]),
    sourceEntity('Image', [sourceField('path')]),
  ]);
  assert.equal(relationsOf(entities, 'Image'), ['+blogPost belongsTo BlogPost']);
});

test('belongsTo adds the hasMany named after the plural of the child', () => {
  const entities = synthesized([
    category(),
    sourceEntity('BlogPost', [sourceField('title')], [relation('category', 'belongsTo', 'Category')]),
  ]);
  assert.equal(relationsOf(entities, 'Category'), ['+blogPosts hasMany BlogPost']);
});

test('both sides declared are paired, never duplicated, whatever their names', () => {
  const sides = [category(relation('articles', 'hasMany', 'Post')), post(relation('category', 'belongsTo', 'Category'))];
  const entities = synthesized(sides);
  assert.equal(relationsOf(entities, 'Category'), ['articles hasMany Post']);
  assert.equal(relationsOf(entities, 'Post'), ['category belongsTo Category']);
  const renamed = synthesized([category(relation('posts', 'hasMany', 'Post')), post(relation('section', 'belongsTo', 'Category'))]);
  assert.equal(relationsOf(renamed, 'Post'), ['section belongsTo Category']);
});

test('belongsToMany adds the other side, sharing a named pivot; both declared are paired', () => {
  const entities = synthesized([post(relation('tags', 'belongsToMany', 'Tag', 'taggings')), sourceEntity('Tag', [sourceField('label')])]);
  assert.equal(relationsOf(entities, 'Tag'), ['+posts belongsToMany Post']);
  assert.is(entities[1]?.relations[0]?.pivotTable, 'taggings');
  const both = synthesized([post(relation('tags', 'belongsToMany', 'Tag')), sourceEntity('Tag', [], [relation('posts', 'belongsToMany', 'Post')])]);
  assert.equal(relationsOf(both, 'Tag'), ['posts belongsToMany Post']);
  assert.equal(relationsOf(both, 'Post'), ['tags belongsToMany Tag']);
});

test('a belongsToMany of an entity to itself is its own inverse', () => {
  const entities = synthesized([sourceEntity('User', [sourceField('name')], [relation('friends', 'belongsToMany', 'User', 'friendships')])]);
  assert.equal(relationsOf(entities, 'User'), ['friends belongsToMany User']);
});

test("morphMany uses the target's single morphTo, or adds <snake>able", () => {
  const comment = (...relations: ReturnType<typeof relation>[]) => sourceEntity('Comment', [sourceField('body', 'text')], relations);
  const added = synthesized([post(relation('comments', 'morphMany', 'Comment')), comment()]);
  assert.equal(relationsOf(added, 'Comment'), ['+commentable morphTo']);
  const own = synthesized([post(relation('comments', 'morphMany', 'Comment')), comment(relation('subject', 'morphTo'))]);
  assert.equal(relationsOf(own, 'Comment'), ['subject morphTo']);
  const shared = synthesized([
    post(relation('comments', 'morphMany', 'Comment')),
    sourceEntity('Video', [], [relation('comments', 'morphMany', 'Comment'), relation('cover', 'morphOne', 'Comment')]),
    comment(),
  ]);
  assert.equal(relationsOf(shared, 'Comment'), ['+commentable morphTo']);
});

test('several morphTo: the conventional name is chosen, otherwise it is ambiguous', () => {
  const twoMorphs = (first: string) =>
    [post(relation('comments', 'morphMany', 'Comment')), sourceEntity('Comment', [], [relation(first, 'morphTo'), relation('author', 'morphTo')])];
  assert.equal(synthesize(twoMorphs('commentable')).diagnostics, []);
  const [ambiguous] = synthesize(twoMorphs('subject')).diagnostics;
  assert.is(ambiguous?.code, 'ambiguous_relation');
  assert.is(ambiguous?.message, 'Post.comments (morphMany Comment) could pair with Comment.subject or Comment.author: nothing says which one');
  assert.equal(ambiguous?.span, relation('comments', 'morphMany').span);
});

test('several belongsTo to one parent: each gets an inverse named after it, the conventional one plainly', () => {
  const user = sourceEntity('User', [sourceField('name')]);
  const authored = synthesized([user, post(relation('author', 'belongsTo', 'User'), relation('editor', 'belongsTo', 'User'))]);
  assert.equal(relationsOf(authored, 'User'), ['+authorPosts hasMany Post', '+editorPosts hasMany Post']);
  const owned = synthesized([user, post(relation('user', 'belongsTo', 'User'), relation('editor', 'belongsTo', 'User'))]);
  assert.equal(relationsOf(owned, 'User'), ['+posts hasMany Post', '+editorPosts hasMany Post']);
});

test('a hasMany with several belongsTo to pair with: its name designates one, or it is ambiguous', () => {
  const writers = post(relation('author', 'belongsTo', 'User'), relation('editor', 'belongsTo', 'User'));
  const designated = synthesized([sourceEntity('User', [], [relation('editorPosts', 'hasMany', 'Post')]), writers]);
  assert.equal(relationsOf(designated, 'User'), ['editorPosts hasMany Post', '+authorPosts hasMany Post']);
  const [unclear] = synthesize([sourceEntity('User', [], [relation('posts', 'hasMany', 'Post')]), writers]).diagnostics;
  assert.is(unclear?.code, 'ambiguous_relation');
  assert.is(unclear?.hint, 'name it after the belongsTo it pairs with (e.g. authorPosts for Post.author), or leave it out: each belongsTo gets its own inverse');
});

test('a self-reference is paired or completed like any other relation', () => {
  const parentOnly = synthesized([category(relation('parent', 'belongsTo', 'Category'))]);
  assert.equal(relationsOf(parentOnly, 'Category'), ['parent belongsTo Category', '+categories hasMany Category']);
  const both = synthesized([category(relation('parent', 'belongsTo', 'Category'), relation('children', 'hasMany', 'Category'))]);
  assert.equal(relationsOf(both, 'Category'), ['parent belongsTo Category', 'children hasMany Category']);
  const childrenOnly = synthesized([category(relation('children', 'hasMany', 'Category'))]);
  assert.equal(relationsOf(childrenOnly, 'Category'), ['children hasMany Category', '+category belongsTo Category']);
});

test('a hasOne of an entity to itself named <belongsTo>Of pairs with that belongsTo among several', () => {
  const tree = synthesized([category(relation('parent', 'belongsTo', 'Category'), relation('category', 'belongsTo', 'Category'), relation('parentOf', 'hasOne', 'Category'))]);
  assert.equal(relationsOf(tree, 'Category'), ['parent belongsTo Category', 'category belongsTo Category', 'parentOf hasOne Category', '+categories hasMany Category']);
  const taken = synthesized([category(relation('parent', 'belongsTo', 'Category'), relation('parentOf', 'hasOne', 'Category'), relation('children', 'hasMany', 'Category'))]);
  assert.equal(
    relationsOf(taken, 'Category'),
    ['parent belongsTo Category', 'parentOf hasOne Category', 'children hasMany Category', '+category belongsTo Category'],
    'parentOf takes parent: children, which no name designates, gets a belongsTo of its own',
  );
});

test('a hasOne of an entity to itself named like the belongsTo its inverse would get says that both sides need a name', () => {
  const [clash] = synthesize([category(relation('category', 'hasOne', 'Category'))]).diagnostics;
  assert.is(clash?.code, 'duplicate_relation');
  assert.is(clash?.message, 'Category.category, a hasOne of Category to itself, and its inverse belongsTo would both be named category');
  assert.is(clash?.hint, 'name both sides, e.g. parent: { kind: belongsTo, target: Category } and parentOf: { kind: hasOne, target: Category }');
});

test('targets are matched as class names: post, blog_post and BlogPost all name BlogPost', () => {
  const entities = synthesized([sourceEntity('blog_post', [], [relation('tags', 'belongsToMany', 'tag')]), sourceEntity('Tag', [], [relation('posts', 'belongsToMany', 'blog_post')])]);
  assert.equal(relationsOf(entities, 'BlogPost'), ['tags belongsToMany Tag']);
});

test('a relation to no entity, a morphTo with a target, a pivot elsewhere and a bad name are errors', () => {
  const [unknown] = synthesize([post(relation('tags', 'belongsToMany', 'Tags')), sourceEntity('Tag', [])]).diagnostics;
  assert.is(unknown?.code, 'invalid_relation');
  assert.is(unknown?.message, 'the belongsToMany tags targets "Tags", which is not an entity of this model');
  assert.is(unknown?.hint, 'did you mean Tag?');
  assert.equal(codesOf([post(relation('subject', 'morphTo', 'Post'))]), ['invalid_relation']);
  assert.equal(codesOf([post(relation('posts', 'hasMany', 'Post', 'pivot'))]), ['invalid_relation']);
  assert.equal(codesOf([post(relation('subject', 'morphTo', undefined, 'pivot'))]), ['invalid_relation']);
  assert.equal(codesOf([post(relation('posts', 'hasMany'))]), ['invalid_relation']);
  assert.equal(codesOf([post(relation('2posts', 'hasMany', 'Post'))]), ['invalid_identifier']);
});

test('a relation named like a field or another relation (PHP ignores case) is a duplicate', () => {
  const [field] = synthesize([sourceEntity('Post', [sourceField('category')], [relation('category', 'belongsTo', 'Category')]), category()]).diagnostics;
  assert.is(field?.code, 'duplicate_relation');
  assert.is(field?.message, 'the relation Post.category has the name of the field category');
  assert.equal(codesOf([post(relation('tags', 'belongsToMany', 'Tag'), relation('Tags', 'hasMany', 'Tag')), sourceEntity('Tag', [])]), ['duplicate_relation']);
  // The keys a client sends to sync a belongsToMany take the name tag_ids: a field of that name would share it.
  const keys = synthesize([sourceEntity('Post', [sourceField('tag_ids', 'json')], [relation('tags', 'belongsToMany', 'Tag')]), sourceEntity('Tag', [])]).diagnostics;
  assert.equal(keys.map((d) => d.code), ['duplicate_relation']);
  assert.match(keys[0]?.message ?? '', /Post\.tags takes the keys to relate as tag_ids, the name of the field tag_ids/);
  const [inverse] = synthesize([category(relation('posts', 'hasMany', 'Post')), sourceEntity('Post', [sourceField('category')])]).diagnostics;
  assert.is(inverse?.message, 'the inverse relation Post.category, added for a relation declared on the other side, has the name of the field category');
  assert.is(inverse?.hint, 'declare the inverse relation yourself, under another name');
});

test('belongsToMany pairs that do not choose each other are ambiguous', () => {
  const diagnostics = synthesize([
    post(relation('tags', 'belongsToMany', 'Tag')),
    sourceEntity('Tag', [], [relation('posts', 'belongsToMany', 'Post'), relation('articles', 'belongsToMany', 'Post')]),
  ]).diagnostics;
  assert.equal(diagnostics.map((d) => d.code), ['ambiguous_relation']);
  assert.is(diagnostics[0]?.message, 'Tag.articles pairs with Post.tags, which pairs with another relation');
});

test.run();
