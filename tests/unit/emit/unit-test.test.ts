import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { emitUnitTest } from '../../../src/emit/laravel/artifacts/unit-test.js';
import { context, entity, field, parsingEmitter } from '../../support/entities.js';
import { blog, entityOf } from '../../support/source-model.js';

const emit = parsingEmitter(emitUnitTest);

test('a unit test of every service method, soft deletes included', () => {
  const post = entity('Post', [field('title'), field('status', 'enum', { cases: ['draft', 'published'] })], { softDeletes: true });
  const file = emit(post, context());
  assert.is(file.path, 'tests/Unit/PostServiceTest.php');
  assert.is(file.artifact, 'UnitTest');
  assert.is(
    file.content,
    `<?php

declare(strict_types=1);

namespace Tests\\Unit;

use App\\DTO\\PostDTO;
use App\\Enums\\PostStatus;
use App\\Models\\Post;
use App\\Services\\PostService;
use Illuminate\\Foundation\\Testing\\RefreshDatabase;
use Illuminate\\Support\\Arr;
use Tests\\TestCase;

class PostServiceTest extends TestCase
{
    use RefreshDatabase;

    public function test_paginate_uses_the_default_page_size(): void
    {
        Post::factory()->count(2)->create();

        $page = (new PostService)->paginate([]);

        $this->assertSame(15, $page->perPage());
        $this->assertSame(2, $page->total());
    }

    public function test_paginate_caps_the_page_size(): void
    {
        $page = (new PostService)->paginate(['per_page' => '1000']);

        $this->assertSame(100, $page->perPage());
    }

    public function test_create_saves_every_property(): void
    {
        $post = (new PostService)->create(new PostDTO(
            title: 'sample-string',
            status: PostStatus::Draft,
        ));

        /** @var array<string, mixed> $saved The row as saved, each attribute in the form the API answers it. */
        $saved = $post->refresh()->attributesToArray();
        $this->assertSame('sample-string', $saved['title']);
        $this->assertSame('draft', $saved['status']);
    }

    public function test_update_changes_only_the_sent_field(): void
    {
        $post = Post::factory()->create();
        $unchanged = Arr::except($post->refresh()->getAttributes(), ['title', 'updated_at']);

        (new PostService)->update($post, PostDTO::fromValidated(['title' => 'sample-string']));

        $this->assertSame('sample-string', $post->refresh()->attributesToArray()['title'] ?? null);
        $this->assertSame($unchanged, Arr::except($post->refresh()->getAttributes(), ['title', 'updated_at']));
    }

    public function test_delete_removes_the_row(): void
    {
        $post = Post::factory()->create();

        (new PostService)->delete($post);

        $this->assertSoftDeleted($post);
    }

    public function test_restore_brings_back_a_soft_deleted_row(): void
    {
        $post = Post::factory()->create();
        $post->delete();

        (new PostService)->restore($post);

        $this->assertNotSoftDeleted($post);
    }

    public function test_force_delete_removes_a_soft_deleted_row(): void
    {
        $post = Post::factory()->create();
        $post->delete();

        (new PostService)->forceDelete($post);

        $this->assertModelMissing($post);
    }
}
`,
  );
});

test('create() gets a sample of every type, named in camel case, and reads each back in its JSON form', () => {
  const sample = entity('Sample', [
    field('name'),
    field('notes', 'text', { nullable: true }),
    field('active', 'boolean'),
    field('quantity', 'integer'),
    field('views', 'bigint'),
    field('ratio', 'float'),
    field('price', 'decimal'),
    field('meta', 'json'),
    field('born_on', 'date'),
    field('starts_at', 'datetime'),
    field('seen_at', 'timestamp'),
    field('token', 'uuid'),
    field('level', 'enum', { cases: ['low', 'high'] }),
  ]);
  const { content } = emit(sample, context());
  assert.ok(content.includes('use App\\DTO\\SampleDTO;\nuse App\\Enums\\SampleLevel;\nuse App\\Models\\Sample;\n'));
  assert.ok(
    content.includes(`        $sample = (new SampleService)->create(new SampleDTO(
            name: 'sample-string',
            notes: 'Sample text.',
            active: true,
            quantity: 42,
            views: 5000000000,
            ratio: 12.5,
            price: '12.50',
            meta: ['key' => 'value'],
            bornOn: '2001-02-03',
            startsAt: '2001-02-03 04:05:06',
            seenAt: '2001-02-03 04:05:06',
            token: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
            level: SampleLevel::Low,
        ));

        /** @var array<string, mixed> $saved The row as saved, each attribute in the form the API answers it. */
        $saved = $sample->refresh()->attributesToArray();
        $this->assertSame('sample-string', $saved['name']);
        $this->assertSame('Sample text.', $saved['notes']);
        $this->assertSame(true, $saved['active']);
        $this->assertSame(42, $saved['quantity']);
        $this->assertSame(5000000000, $saved['views']);
        $this->assertSame(12.5, $saved['ratio']);
        $this->assertSame('12.50', $saved['price']);
        $this->assertSame(['key' => 'value'], $saved['meta']);
        $this->assertSame('2001-02-03', $saved['born_on']);
        $this->assertSame('2001-02-03T04:05:06.000000Z', $saved['starts_at']);
        $this->assertSame('2001-02-03T04:05:06.000000Z', $saved['seen_at']);
        $this->assertSame('0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', $saved['token']);
        $this->assertSame('low', $saved['level']);
    }`),
  );
  assert.ok(content.includes("SampleDTO::fromValidated(['name' => 'sample-string'])"));
});

test('a custom key is a constructor argument too, and never the field update() changes', () => {
  const { content } = emit(entity('Country', [field('code'), field('name')], { key: 'code', table: 'countries' }), context());
  assert.ok(content.includes("            code: 'sample-string',\n            name: 'sample-string',\n"));
  assert.ok(content.includes("CountryDTO::fromValidated(['name' => 'sample-string'])"));
  assert.ok(content.includes("$this->assertSame('sample-string', $country->refresh()->attributesToArray()['name'] ?? null);"));
});

test('only a key: no update() test and no Arr import; no field at all: no DTO either', () => {
  const tag = emit(entity('Tag', [field('code')], { key: 'code' }), context()).content;
  assert.not.ok(tag.includes('test_update'));
  assert.not.ok(tag.includes('use Illuminate\\Support\\Arr;'));
  assert.ok(tag.includes('test_create_saves_every_property'));
  const bare = emit(entity('Bare', []), context()).content;
  for (const absent of ['test_create', 'test_update', 'BareDTO', 'Arr']) assert.not.ok(bare.includes(absent), absent);
  assert.ok(bare.includes('$page = (new BareService)->paginate([]);'));
});

test('page sizes come from the project, the query value a string as in a URL', () => {
  const { content } = emit(entity('Post', [field('title')]), context(12, { project: { framework: 12, perPage: 40, maxPerPage: 30 } }));
  assert.ok(content.includes('$this->assertSame(30, $page->perPage());\n        $this->assertSame(2, $page->total());'));
  assert.ok(content.includes("$page = (new PostService)->paginate(['per_page' => '1000']);\n\n        $this->assertSame(30, $page->perPage());"));
});

test('without soft deletes, delete() leaves no row', () => {
  const { content } = emit(entity('Page', [field('title')]), context());
  assert.ok(content.includes('        (new PageService)->delete($pageModel);\n\n        $this->assertModelMissing($pageModel);\n'));
  assert.not.ok(content.includes('restore'));
});

test('a DTO built by hand gets real parents, and the saved row their keys', () => {
  const model = blog();
  const post = emit(entityOf(model, 'Post'), context()).content;
  assert.ok(post.includes('use App\\DTO\\PostDTO;\nuse App\\Models\\Category;\nuse App\\Models\\Country;\nuse App\\Models\\Post;\n'));
  assert.ok(
    post.includes(`        $post = (new PostService)->create(new PostDTO(
            countryCode: ($country = Country::factory()->create())->getKey(),
            categoryId: ($category = Category::factory()->create())->getKey(),
            title: 'sample-string',
            body: 'Sample text.',
        ));

        /** @var array<string, mixed> $saved The row as saved, each attribute in the form the API answers it. */
        $saved = $post->refresh()->attributesToArray();
        $this->assertSame($country->getKey(), $saved['country_code']);
        $this->assertSame($category->getKey(), $saved['category_id']);
        $this->assertSame('sample-string', $saved['title']);
`),
  );
  const category = emit(entityOf(model, 'Category'), context()).content;
  assert.ok(category.includes("            parentId: null,\n            name: 'sample-string',\n"));
  assert.ok(category.includes("        $this->assertNull($saved['parent_id']);\n"));
});


test.run();
