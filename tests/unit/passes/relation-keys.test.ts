import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Entity, OnDelete, SourceEntity } from '../../../src/ir/ir.generated.js';
import { relationKeys } from '../../../src/passes/relations/relation-keys.js';
import { synthesizeRelations } from '../../../src/passes/relations/relations.js';
import { entitiesBeforeRelations, relation, sourceEntity, sourceField } from '../../support/source-model.js';
import { keysOf } from '../../support/relation-columns.js';

function withEntities(sources: SourceEntity[]): [SourceEntity[], Entity[]] {
  return [sources, entitiesBeforeRelations(sources)];
}

function keyed(sources: SourceEntity[]) {
  const related = synthesizeRelations(sources, entitiesBeforeRelations(sources));
  assert.equal(related.diagnostics, []);
  return relationKeys(related.entities);
}

function valid(sources: SourceEntity[]) {
  const result = keyed(sources);
  assert.equal(result.diagnostics, []);
  return result;
}

function named(entities: readonly Entity[], className: string): Entity {
  const found = entities.find((entity) => entity.naming.className === className);
  if (found === undefined) throw new Error(`no ${className}`);
  return found;
}

const country = sourceEntity('Country', [sourceField('code', 'string', { primary: true }), sourceField('name')]);
const category = sourceEntity('Category', [sourceField('name')], [relation('posts', 'hasMany', 'Post')]);

test('a belongsTo references the parent key: category_id (bigint) to id, country_code (string) to code', () => {
  const { entities } = valid([category, country, sourceEntity('Post', [sourceField('title')], [relation('country', 'belongsTo', 'Country')])]);
  const post = named(entities, 'Post');
  assert.equal(post.foreignKeys, [
    { column: 'country_code', fieldType: 'string', referencesTable: 'countries', referencesColumn: 'code', nullable: false, relation: 'country', onDelete: 'restrict' },
    { column: 'category_id', fieldType: 'bigint', referencesTable: 'categories', referencesColumn: 'id', nullable: false, relation: 'category', onDelete: 'restrict' },
  ]);
  assert.equal(
    post.relations.map((r) => [r.name, keysOf(r).foreignKey, keysOf(r).ownerKey]),
    [
      ['country', 'country_code', 'code'],
      ['category', 'category_id', 'id'],
    ],
  );
});

test('a key of another type gives a foreign key of that type', () => {
  const store = sourceEntity('Store', [sourceField('number', 'integer', { primary: true })]);
  const { entities } = valid([store, sourceEntity('Order', [], [relation('shop', 'belongsTo', 'Store')])]);
  assert.equal(named(entities, 'Order').foreignKeys[0]?.fieldType, 'integer');
  assert.is(named(entities, 'Order').foreignKeys[0]?.column, 'shop_number');
});

test('hasOne and hasMany read the foreign key of the belongsTo they pair with', () => {
  const { entities } = valid([
    sourceEntity('User', [], [relation('authorPosts', 'hasMany', 'Post'), relation('profile', 'hasOne', 'Profile')]),
    sourceEntity('Post', [], [relation('author', 'belongsTo', 'User')]),
    sourceEntity('Profile', [], []),
  ]);
  assert.equal(
    named(entities, 'User').relations.map((r) => [r.name, keysOf(r).foreignKey, keysOf(r).ownerKey]),
    [
      ['authorPosts', 'author_id', 'id'],
      ['profile', 'user_id', 'id'],
    ],
  );
  assert.equal(named(entities, 'Profile').foreignKeys.map((key) => key.column), ['user_id']);
});

test('only a reference of an entity to itself is nullable', () => {
  const { entities } = valid([sourceEntity('Category', [], [relation('parent', 'belongsTo', 'Category')])]);
  const [parent] = named(entities, 'Category').foreignKeys;
  assert.equal(parent, { column: 'parent_id', fieldType: 'bigint', referencesTable: 'categories', referencesColumn: 'id', nullable: true, relation: 'parent', onDelete: 'set_null' });
  assert.equal(named(entities, 'Category').relations.map((r) => keysOf(r).foreignKey), ['parent_id', 'parent_id']);
});

test('a delete rule: restrict for a required key, set_null for a nullable one, else as declared on either side', () => {
  const ruled = (built: ReturnType<typeof relation>, onDelete: OnDelete, nullable = false) => ({ ...built, onDelete, ...(nullable ? { nullable } : {}) });
  const { entities } = valid([
    sourceEntity('Shop', [], [ruled(relation('orders', 'hasMany', 'Order'), 'cascade')]),
    sourceEntity('Customer', []),
    sourceEntity('Courier', []),
    sourceEntity('Coupon', []),
    sourceEntity('Order', [], [
      relation('customer', 'belongsTo', 'Customer'),
      ruled(relation('courier', 'belongsTo', 'Courier'), 'restrict', true),
      { ...relation('coupon', 'belongsTo', 'Coupon'), nullable: true },
    ]),
  ]);
  assert.equal(named(entities, 'Order').foreignKeys.map((key) => [key.column, key.onDelete]), [
    ['customer_id', 'restrict'],
    ['courier_id', 'restrict'],
    ['coupon_id', 'set_null'],
    ['shop_id', 'cascade'],
  ]);
  assert.equal(named(entities, 'Customer').relations.map((r) => [r.name, keysOf(r).onDelete]), [['orders', 'restrict']]);
  assert.equal(named(entities, 'Shop').relations.map((r) => [r.name, keysOf(r).onDelete]), [['orders', 'cascade']]);
});

test('set_null on a required key, two rules for one pair, or a rule on a kind with no foreign key: an error at the relation', () => {
  const ruled = (built: ReturnType<typeof relation>, onDelete: OnDelete) => ({ ...built, onDelete });
  const setNull = keyed([sourceEntity('Customer', []), sourceEntity('Order', [], [ruled(relation('customer', 'belongsTo', 'Customer'), 'set_null')])]);
  assert.equal(setNull.diagnostics.map((d) => [d.code, d.span?.line]), [['invalid_relation', relation('customer', 'belongsTo').span.line]]);
  assert.match(setNull.diagnostics[0]?.message ?? '', /Order\.customer_id .* not nullable/);
  const clash = synthesizeRelations(
    ...withEntities([
      sourceEntity('Customer', [], [ruled(relation('orders', 'hasMany', 'Order'), 'cascade')]),
      sourceEntity('Order', [], [ruled(relation('customer', 'belongsTo', 'Customer'), 'restrict')]),
    ]),
  );
  assert.equal(clash.diagnostics.map((d) => d.code), ['invalid_relation']);
  assert.match(clash.diagnostics[0]?.message ?? '', /says on_delete cascade, but .* says restrict/);
  const pivot = synthesizeRelations(
    ...withEntities([sourceEntity('Tag', [], [ruled(relation('posts', 'belongsToMany', 'Post'), 'cascade')]), sourceEntity('Post', [])]),
  );
  assert.equal(pivot.diagnostics.map((d) => d.code), ['invalid_relation']);
});

test('a nullable relation gives a nullable foreign key, declared on the belongsTo or on the hasMany it pairs with', () => {
  const optional = (built: ReturnType<typeof relation>) => ({ ...built, nullable: true });
  const { entities } = valid([
    sourceEntity('Author', [], [optional(relation('posts', 'hasMany', 'Post'))]),
    sourceEntity('Shop', []),
    sourceEntity('Editor', [], [optional(relation('posts', 'hasMany', 'Post'))]),
    sourceEntity('Post', [], [optional(relation('shop', 'belongsTo', 'Shop')), relation('editor', 'belongsTo', 'Editor')]),
    sourceEntity('Blog', [], [optional(relation('posts', 'hasMany', 'Post'))]),
  ]);
  const post = named(entities, 'Post');
  assert.equal(post.foreignKeys.map((key) => [key.column, key.nullable]), [
    ['shop_id', true],
    ['editor_id', true],
    ['author_id', true],
    ['blog_id', true],
  ]);
  const required = valid([sourceEntity('Author', [], [relation('posts', 'hasMany', 'Post')]), sourceEntity('Post', [])]);
  assert.equal(named(required.entities, 'Post').foreignKeys.map((key) => key.nullable), [false]);
});

test("belongsToMany: Laravel's pivot (snake names sorted), one pivot per pair, the declared side first", () => {
  const { entities, pivots } = valid([sourceEntity('Tag', [sourceField('label')]), sourceEntity('BlogPost', [], [relation('tags', 'belongsToMany', 'Tag')])]);
  assert.equal(
    pivots.map((pivot) => [pivot.table, pivot.sides.map((side) => `${side.column}->${side.referencesTable}.${side.referencesColumn}`)]),
    [['blog_post_tag', ['blog_post_id->blog_posts.id', 'tag_id->tags.id']]],
  );
  assert.equal(named(entities, 'BlogPost').relations.map(keysOf), [{ pivotTable: 'blog_post_tag', foreignPivotKey: 'blog_post_id', relatedPivotKey: 'tag_id' }]);
  assert.equal(named(entities, 'Tag').relations.map(keysOf), [{ pivotTable: 'blog_post_tag', foreignPivotKey: 'tag_id', relatedPivotKey: 'blog_post_id' }]);
});

test('a named pivot, custom keys and a self-reference keep distinct columns', () => {
  const { pivots } = valid([
    country,
    sourceEntity('Language', [sourceField('iso', 'string', { primary: true })], [relation('countries', 'belongsToMany', 'Country', 'spoken_in')]),
    sourceEntity('User', [], [relation('friends', 'belongsToMany', 'User', 'friendships'), relation('users', 'belongsToMany', 'User', 'follows')]),
  ]);
  assert.equal(
    pivots.map((pivot) => [pivot.table, ...pivot.sides.map((side) => `${side.column}:${side.fieldType}`)]),
    [
      ['spoken_in', 'language_iso:string', 'country_code:string'],
      ['friendships', 'user_id:bigint', 'friend_id:bigint'],
      ['follows', 'user_id:bigint', 'related_user_id:bigint'],
    ],
  );
});

test('morphTo gives the morph name and nullable columns; morphMany uses it', () => {
  const { entities } = valid([
    sourceEntity('Post', [], [relation('comments', 'morphMany', 'BlogComment')]),
    sourceEntity('BlogComment', [sourceField('body', 'text')]),
  ]);
  assert.equal(named(entities, 'BlogComment').morphs, ['blog_commentable']);
  assert.equal(named(entities, 'BlogComment').relations.map((r) => [r.name, keysOf(r).morphName]), [['blogCommentable', 'blog_commentable']]);
  assert.equal(named(entities, 'Post').relations.map((r) => keysOf(r).morphName), ['blog_commentable']);
});

test('a morph parent needs an integer key: nullableMorphs makes an integer id column', () => {
  const { diagnostics } = keyed([
    sourceEntity('Country', [sourceField('code', 'string', { primary: true })], [relation('notes', 'morphMany', 'Note')]),
    sourceEntity('Note', []),
  ]);
  assert.equal(diagnostics.map((d) => d.code), ['invalid_relation']);
  assert.is(diagnostics[0]?.message, "Country.notes stores Country's key in Note.noteable_id, an integer column, but that key (code) is a string");
});

test('a column a relation adds must not be a field too', () => {
  const { diagnostics } = keyed([
    sourceEntity('Category', []),
    sourceEntity('Post', [sourceField('category_id', 'bigint'), sourceField('commentable_type')], [relation('category', 'belongsTo', 'Category'), relation('commentable', 'morphTo')]),
  ]);
  assert.equal(diagnostics.map((d) => d.code), ['duplicate_field', 'duplicate_field']);
  assert.is(diagnostics[0]?.message, 'Post.category needs the column category_id, which clashes with the field category_id');
});

test('two pairs on one pivot, or a pivot named like a table, are errors', () => {
  const shared = keyed([
    sourceEntity('Tag', [], [relation('posts', 'belongsToMany', 'Post'), relation('labelled', 'belongsToMany', 'Post', 'post_tag')]),
    sourceEntity('Post', [], [relation('tags', 'belongsToMany', 'Tag'), relation('labels', 'belongsToMany', 'Tag', 'post_tag')]),
  ]);
  assert.equal(shared.diagnostics.map((d) => d.code), ['duplicate_relation']);
  const onTable = keyed([sourceEntity('Tag', []), sourceEntity('Post', [], [relation('tags', 'belongsToMany', 'Tag', 'tags')])]);
  assert.equal(onTable.diagnostics.map((d) => d.code), ['invalid_relation']);
});

test('a pivot named by convention after two long entity names, past 63 characters, is an error at the relation; named, it passes', () => {
  // Each as long as a route parameter allows (32 characters): together 65.
  const group = 'InternationalCarrierAssignment';
  const region = 'InternationalShippingZoneCode';
  const conventional = keyed([sourceEntity(group, [], [relation('regions', 'belongsToMany', region)]), sourceEntity(region, [])]);
  assert.equal(conventional.diagnostics.map((d) => d.code), ['invalid_identifier']);
  assert.match(conventional.diagnostics[0]?.message ?? '', /international_carrier_assignment_international_shipping_zone_code .* is 65 characters long/);
  const named = keyed([sourceEntity(group, [], [relation('regions', 'belongsToMany', region, 'carrier_group_regions')]), sourceEntity(region, [])]);
  assert.equal(named.diagnostics, []);
});

test.run();
