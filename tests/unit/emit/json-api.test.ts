import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { emitFeatureTest } from '../../../src/emit/laravel/artifacts/feature-test.js';
import { hasJsonApiResource, jsonApiReservedFields, jsonApiUnavailable } from '../../../src/emit/laravel/values/json-api.js';
import { emitResource } from '../../../src/emit/laravel/artifacts/resource.js';
import { emitService } from '../../../src/emit/laravel/artifacts/service.js';
import type { Entity, ProjectFacts, Relation } from '../../../src/ir/ir.generated.js';
import { checked, entityOf, relation, sourceEntity, sourceField } from '../../support/source-model.js';
import { context, entity, field, onlyFile, phpLint } from '../../support/entities.js';

const facts = (framework: 12 | 13, frameworkVersion?: string): ProjectFacts => ({
  framework,
  perPage: 15,
  maxPerPage: 100,
  ...(frameworkVersion === undefined ? {} : { frameworkVersion }),
});

const author: Relation = { name: 'author', kind: 'belongsTo', target: 'Author', foreignKey: 'author_id', ownerKey: 'id', onDelete: 'restrict', synthesized: false, targetJsonApi: true, span: {} };
const blogPosts: Relation = { name: 'blogPosts', kind: 'hasMany', target: 'BlogPost', foreignKey: 'post_id', ownerKey: 'id', onDelete: 'restrict', synthesized: false, span: {} };

function jsonApiPost(): Entity {
  const post = entity('Post', [field('title'), field('password')]);
  return {
    ...post,
    fields: post.fields.map((f) => (f.name === 'password' ? { ...f, secret: true, hashed: true } : f)),
    relations: [author, blogPosts],
    foreignKeys: [{ column: 'author_id', fieldType: 'bigint', referencesTable: 'authors', referencesColumn: 'id', nullable: false, relation: 'author', onDelete: 'restrict' }],
    options: { jsonApi: true },
  };
}

test('JsonApiResource is there from 12.45 on, in every 13, and not where composer.lock does not say which 12', () => {
  assert.ok(hasJsonApiResource(facts(12, 'v12.45.0')));
  assert.ok(hasJsonApiResource(facts(12, '12.72.0')));
  assert.ok(hasJsonApiResource(facts(13)));
  assert.ok(hasJsonApiResource(facts(13, 'v13.0.0')));
  assert.not.ok(hasJsonApiResource(facts(12, 'v12.44.9')));
  assert.not.ok(hasJsonApiResource(facts(12, '12.x-dev')));
  assert.not.ok(hasJsonApiResource(facts(12)));
});

test('below 12.45: one warning at the flag, else one at each entity that asks; none when nothing asks or Laravel has it', () => {
  const post = { ...entity('Post', [field('title')]), options: { jsonApi: true }, span: { file: 'api-schema.yaml', line: 3, column: 3 } };
  const tag = { ...entity('Tag', [field('name')]), options: { jsonApi: true }, span: { file: 'api-schema.yaml', line: 7, column: 3 } };
  const plain = entity('Note', [field('body')]);
  const old = facts(12, 'v12.40.1');

  const byFlag = jsonApiUnavailable([post, tag, plain], old, true);
  assert.equal(byFlag.map((d) => [d.severity, d.code, d.span]), [['warning', 'json_api_unavailable', { flag: '--json-api' }]]);
  assert.match(byFlag[0]?.message ?? '', 'laravel/framework v12.40.1');

  const byInput = jsonApiUnavailable([post, plain, tag], old, false);
  assert.equal(byInput.map((d) => [d.code, d.span?.line]), [['json_api_unavailable', 3], ['json_api_unavailable', 7]]);
  assert.match(byInput[0]?.message ?? '', /^Post gets a standard resource/);

  assert.equal(jsonApiUnavailable([plain], old, false), []);
  assert.equal(jsonApiUnavailable([post], facts(12, 'v12.72.0'), true), []);
});

test('the JSON:API resource names its attributes, no id and no secret, and each relation with its resource: its own when JSON:API, else Laravel\'s', () => {
  const file = onlyFile(emitResource(jsonApiPost(), context(12, { project: facts(12, 'v12.72.0') })));
  assert.match(file.content, 'use Illuminate\\Http\\Resources\\JsonApi\\JsonApiResource;');
  assert.match(file.content, 'class PostResource extends JsonApiResource');
  assert.match(file.content, "    public $attributes = [\n        'author_id',\n        'title',\n        'created_at',\n        'updated_at',\n    ];");
  assert.match(file.content, "    public $relationships = [\n        'author' => AuthorResource::class,\n        'blogPosts' => JsonApiResource::class,\n    ];");
  assert.not.match(file.content, 'password');
  assert.not.match(file.content, 'toArray');
  assert.equal(phpLint([file]), []);
});

test('without the option, or on a Laravel before 12.45, the standard resource', () => {
  const { options: _, ...plain } = jsonApiPost();
  assert.match(onlyFile(emitResource(plain, context(12, { project: facts(12, 'v12.72.0') }))).content, 'extends JsonResource');
  assert.match(onlyFile(emitResource(jsonApiPost(), context(12, { project: facts(12, 'v12.44.0') }))).content, 'extends JsonResource');
});

test('include takes the relation methods a JSON:API resource answers under, the snake-case keys otherwise', () => {
  const jsonApi = onlyFile(emitService(jsonApiPost(), context(13))).content;
  assert.match(jsonApi, "'blogPosts' => 'blogPosts',");
  const { options: _, ...plain } = jsonApiPost();
  assert.match(onlyFile(emitService(plain, context(13))).content, "'blog_posts' => 'blogPosts',");
});

test('the feature test reads the document: the string id, the type, the attributes, the relationships and included', () => {
  const content = onlyFile(emitFeatureTest(jsonApiPost(), context(13))).content;
  assert.match(content, "'data' => ['*' => ['id', 'type', 'attributes' => ['author_id', 'title', 'created_at', 'updated_at']]],");
  assert.match(content, "->assertJsonPath('data.0.id', (string) $post->getKey());");
  assert.match(content, "->assertJson(['data' => ['type' => 'posts', 'attributes' => Arr::except($payload, ['password'])]]);");
  assert.match(content, "'type' => 'posts', 'attributes' => Arr::except(json_decode($post->refresh()->toJson(), true), ['id'])]], true);");
  assert.match(content, "?include=author')");
  assert.match(content, "->assertJsonStructure(['data' => ['*' => ['relationships' => ['author' => ['data']]]], 'included' => ['*' => ['id', 'type', 'attributes']]]);");
  assert.match(content, "->assertJsonMissingPath('data.attributes.password')");
  assert.match(content, "->json('data.id')");
  assert.not.match(content, "'data.title'");
  assert.equal(phpLint([{ kind: 'file', path: 'PostControllerTest.php', artifact: 'FeatureTest', content }]), []);
});

test.run();

test('a relation is answered through its target\'s own resource exactly when the target asks for JSON:API too', () => {
  const model = checked([
    { ...sourceEntity('Author', [sourceField('name')]), options: { jsonApi: true } },
    { ...sourceEntity('Post', [sourceField('title')], [relation('author', 'belongsTo', 'Author')]), options: { jsonApi: true } },
    sourceEntity('Comment', [sourceField('body')], [relation('post', 'belongsTo', 'Post')]),
  ]);
  const targets = (className: string) => entityOf(model, className).relations.map((r) => [r.name, r.targetJsonApi === true]);
  assert.equal(targets('Author'), [['posts', true]]);
  assert.equal(targets('Post'), [['author', true], ['comments', false]]);
  assert.equal(targets('Comment'), [['post', true]]);
  const resource = onlyFile(emitResource(entityOf(model, 'Post'), context(12, { project: facts(12, 'v12.72.0') }))).content;
  assert.match(resource, "'author' => AuthorResource::class,\n        'comments' => JsonApiResource::class,");
});

test('a field named type is warned about at the field, only where the resource is JSON:API', () => {
  const typed = (name: string, jsonApi: boolean): Entity => ({
    ...entity(name, [field('title'), { ...field('type'), span: { file: 'api-schema.yaml', line: 4, column: 7 } }]),
    ...(jsonApi ? { options: { jsonApi: true } } : {}),
  });
  const warnings = jsonApiReservedFields([typed('Post', true), typed('Note', false)], facts(12, 'v12.72.0'));
  assert.equal(warnings.map((d) => [d.severity, d.code, d.span]), [['warning', 'json_api_reserved_field', { file: 'api-schema.yaml', line: 4, column: 7 }]]);
  assert.match(warnings[0]?.message ?? '', /^Post\.type /);
  assert.equal(jsonApiReservedFields([typed('Post', true)], facts(12, 'v12.40.0')), []);
});
