import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { emitFeatureTest } from '../../../src/emit/laravel/artifacts/feature-test.js';
import { emitUnitTest } from '../../../src/emit/laravel/artifacts/unit-test.js';
import type { FieldType } from '../../../src/ir/ir.generated.js';
import { pintProblems } from '../../support/php-tools.js';
import { builtInStubs, context, entity, field, onlyFile, parsingEmitter } from '../../support/entities.js';
import { blog, checked, entityOf, relation, sourceEntity, sourceField } from '../../support/source-model.js';

const emit = parsingEmitter(emitFeatureTest);

/** The body of one generated test method, from its signature to its closing brace. */
function method(content: string, name: string): string {
  const start = content.indexOf(`    public function ${name}(): void`);
  if (start === -1) throw new Error(`no method ${name} in:\n${content}`);
  return content.slice(start, content.indexOf('\n    }\n', start) + 7);
}

const ALL_TYPES: FieldType[] = ['string', 'text', 'boolean', 'integer', 'bigint', 'float', 'decimal', 'json', 'date', 'datetime', 'timestamp', 'uuid', 'enum'];
const fieldOfType = (type: FieldType) => field('value', type, type === 'enum' ? { cases: ['draft', 'published'] } : {});

test('a feature test of every endpoint for a plain entity', () => {
  const file = emit(entity('Post', [field('title'), field('body', 'text', { nullable: true })]), context());
  assert.is(file.path, 'tests/Feature/PostControllerTest.php');
  assert.is(file.artifact, 'FeatureTest');
  assert.is(
    file.content,
    `<?php

declare(strict_types=1);

namespace Tests\\Feature;

use App\\Models\\Post;
use App\\Models\\User;
use App\\Policies\\PostPolicy;
use Illuminate\\Foundation\\Testing\\RefreshDatabase;
use Illuminate\\Support\\Arr;
use Tests\\TestCase;

class PostControllerTest extends TestCase
{
    use RefreshDatabase;

    public function test_index_answers_a_paginated_list(): void
    {
        Post::factory()->count(2)->create();

        $this->getJson('/api/posts')
            ->assertOk()
            ->assertJsonStructure([
                'data' => ['*' => ['id', 'title', 'body', 'created_at', 'updated_at']],
                'links' => ['first', 'last', 'prev', 'next'],
                'meta' => ['current_page', 'last_page', 'per_page', 'total'],
            ])
            ->assertJsonPath('meta.per_page', 15)
            ->assertJsonPath('meta.total', 2);
    }

    public function test_index_pages_by_per_page_up_to_the_cap(): void
    {
        Post::factory()->count(2)->create();

        $this->getJson('/api/posts?per_page=1&page=2')
            ->assertOk()
            ->assertJsonCount(1, 'data')
            ->assertJsonPath('meta.current_page', 2)
            ->assertJsonPath('meta.last_page', 2);

        $this->getJson('/api/posts?per_page=1000')
            ->assertOk()
            ->assertJsonPath('meta.per_page', 100);
    }

    public function test_index_ignores_unknown_and_malformed_parameters(): void
    {
        Post::factory()->create();

        foreach (['filter=abc', 'per_page=abc', 'per_page=-5', 'sort=password', 'unknown=1'] as $query) {
            $this->getJson('/api/posts?'.$query)
                ->assertOk()
                ->assertJsonPath('meta.per_page', 15)
                ->assertJsonPath('meta.total', 1);
        }
    }

    public function test_index_filters_by_an_exact_value(): void
    {
        Post::factory()->create();
        $post = Post::factory()->create(['title' => 'not-from-a-factory']);

        $this->getJson('/api/posts?filter[title]=not-from-a-factory')
            ->assertOk()
            ->assertJsonPath('meta.total', 1)
            ->assertJsonPath('data.0.id', $post->getKey());
    }

    public function test_index_filters_by_title(): void
    {
        $value = 'bravo';
        Post::factory()->create(['title' => 'alpha']);
        $post = Post::factory()->create(['title' => $value]);

        $this->getJson('/api/posts?filter[title]='.urlencode((string) $value))
            ->assertOk()
            ->assertJsonPath('meta.total', 1)
            ->assertJsonPath('data.0.id', $post->getKey());
    }

    public function test_index_sorts_by_a_field_both_ways(): void
    {
        $low = Post::factory()->create(['title' => 'alpha']);
        $high = Post::factory()->create(['title' => 'bravo']);

        $this->getJson('/api/posts?sort=title')
            ->assertOk()
            ->assertJsonPath('data.0.id', $low->getKey());

        $this->getJson('/api/posts?sort=-title')
            ->assertOk()
            ->assertJsonPath('data.0.id', $high->getKey());
    }

    public function test_store_creates_a_row(): void
    {
        $payload = Post::factory()->make()->toArray();

        $this->postJson('/api/posts', $payload)
            ->assertCreated()
            ->assertJson(['data' => $payload]);

        $this->assertDatabaseCount(Post::class, 1);
    }

    public function test_store_refuses_invalid_data(): void
    {
        $payload = [...Post::factory()->make()->toArray(), 'title' => ['not', 'a', 'string']];

        $this->postJson('/api/posts', $payload)
            ->assertUnprocessable()
            ->assertJsonValidationErrors(['title']);

        $this->assertDatabaseEmpty(Post::class);
    }

    public function test_store_refuses_a_value_each_rule_refuses(): void
    {
        foreach ([
            ['title', ['not', 'a', 'string']],
            ['title', str_repeat('a', 256)],
            ['title', "a\\0b"],
            ['body', ['not', 'a', 'string']],
            ['body', str_repeat('a', 16384)],
            ['body', "a\\0b"],
        ] as [$field, $value]) {
            $this->postJson('/api/posts', [...Post::factory()->make()->toArray(), $field => $value])
                ->assertUnprocessable()
                ->assertJsonValidationErrors([$field]);
        }

        $this->assertDatabaseEmpty(Post::class);
    }

    public function test_show_answers_the_row(): void
    {
        $post = Post::factory()->create();

        $this->getJson('/api/posts/'.$post->getKey())
            ->assertOk()
            ->assertJsonPath('data.id', $post->getKey())
            ->assertJson(['data' => json_decode($post->refresh()->toJson(), true)], true);
    }

    public function test_show_answers_404_for_an_unknown_key(): void
    {
        $this->getJson('/api/posts/1000000001')
            ->assertNotFound()
            ->assertExactJson(['message' => 'Not Found.']);
    }

    public function test_put_replaces_the_fields(): void
    {
        $post = Post::factory()->create();
        $payload = Post::factory()->make()->toArray();

        $this->putJson('/api/posts/'.$post->getKey(), $payload)
            ->assertOk()
            ->assertJsonPath('data.id', $post->getKey())
            ->assertJson(['data' => $payload]);
    }

    public function test_update_refuses_a_new_key(): void
    {
        $post = Post::factory()->create();

        $this->patchJson('/api/posts/'.$post->getKey(), ['id' => 1000000001])
            ->assertUnprocessable()
            ->assertJsonValidationErrors(['id']);

        $this->assertModelExists($post);
    }

    public function test_patch_changes_only_the_sent_field(): void
    {
        $post = Post::factory()->create();
        $unchanged = Arr::except($post->refresh()->getAttributes(), ['title', 'updated_at']);

        $this->patchJson('/api/posts/'.$post->getKey(), ['title' => 'sample-string'])
            ->assertOk()
            ->assertJsonPath('data.title', 'sample-string');

        $this->assertSame($unchanged, Arr::except($post->refresh()->getAttributes(), ['title', 'updated_at']));
    }

    public function test_a_refusing_policy_answers_403_and_changes_nothing(): void
    {
        $post = Post::factory()->create();
        // The policy itself, refusing: what the controller asks before each action is what decides.
        $this->app->instance(PostPolicy::class, new class extends PostPolicy
        {
            public function viewAny(?User $actor): bool
            {
                return false;
            }

            public function view(?User $actor, Post $post): bool
            {
                return false;
            }

            public function update(?User $actor, Post $post): bool
            {
                return false;
            }

            public function delete(?User $actor, Post $post): bool
            {
                return false;
            }
        });

        $this->getJson('/api/posts')->assertForbidden();
        $this->getJson('/api/posts/'.$post->getKey())->assertForbidden();
        $this->putJson('/api/posts/'.$post->getKey(), Post::factory()->make()->toArray())->assertForbidden();
        $this->deleteJson('/api/posts/'.$post->getKey())->assertForbidden();

        $this->assertModelExists($post);
    }

    public function test_destroy_answers_204(): void
    {
        $post = Post::factory()->create();

        $this->deleteJson('/api/posts/'.$post->getKey())
            ->assertNoContent();

        $this->assertModelMissing($post);
    }
}
`,
  );
});

test('a custom key goes through getKey(), stays out of the PUT body and has its own unknown value', () => {
  const { content } = emit(entity('Country', [field('code'), field('name')], { key: 'code', table: 'countries' }), context());
  assert.ok(content.includes("use Illuminate\\Support\\Arr;\n"));
  assert.ok(content.includes("'data' => ['*' => ['code', 'name', 'created_at', 'updated_at']],"));
  assert.ok(content.includes("$this->getJson('/api/countries/'.$country->getKey())"));
  assert.ok(content.includes("->assertJsonPath('data.code', $country->getKey())"));
  assert.ok(content.includes('$payload = Arr::except(Country::factory()->make()->toArray(), [\'code\']);'));
  assert.ok(content.includes("$this->getJson('/api/countries/not-from-a-factory')"));
  // The key is not what a PATCH or the invalid store changes when another field is there.
  assert.ok(content.includes("['name' => 'sample-string']"));
  assert.ok(content.includes("$payload = [...Country::factory()->make()->toArray(), 'name' => ['not', 'a', 'string']];"));
});

test('integer and uuid keys: an unknown key of their own type', () => {
  const seat = emit(entity('Seat', [field('number', 'integer'), field('label')], { key: 'number' }), context());
  assert.ok(seat.content.includes("$this->getJson('/api/seats/100001')"));
  const ticket = emit(entity('Ticket', [field('id', 'uuid'), field('price', 'decimal')], { key: 'id' }), context());
  assert.ok(ticket.content.includes("$this->getJson('/api/tickets/00000000-0000-4000-8000-000000000000')"));
  assert.ok(ticket.content.includes("'data' => ['*' => ['id', 'price', 'created_at', 'updated_at']],"));
});

test('an entity whose only field is its key: no PATCH test, the key filtered on', () => {
  const { content } = emit(entity('Tag', [field('code')], { key: 'code' }), context());
  assert.not.ok(content.includes('test_patch'));
  assert.ok(content.includes("$tag = Tag::factory()->create(['code' => 'not-from-a-factory']);"));
  assert.ok(content.includes("$payload = [...Tag::factory()->make()->toArray(), 'code' => ['not', 'a', 'string']];"));
});

test('soft deletes: destroy leaves a trashed row, filter[trashed] lists it, and restore and force-delete round trips', () => {
  const media = entity('Media', [field('title')], { table: 'media', routeParameter: 'medium', softDeletes: true });
  const { content } = emit(media, context());
  assert.ok(content.includes("'data' => ['*' => ['id', 'title', 'created_at', 'updated_at', 'deleted_at']],"));
  assert.ok(method(content, 'test_destroy_answers_204').includes('        $this->assertSoftDeleted($medium);\n'));
  assert.ok(
    content.endsWith(`        $this->assertSoftDeleted($medium);
    }

    public function test_index_lists_soft_deleted_rows_by_filter_trashed(): void
    {
        $kept = Media::factory()->create();
        $deleted = Media::factory()->create();
        $deleted->delete();

        $this->getJson('/api/media')
            ->assertOk()
            ->assertJsonCount(1, 'data')
            ->assertJsonPath('data.0.id', $kept->getKey());
        $this->getJson('/api/media?filter[trashed]=only')
            ->assertOk()
            ->assertJsonCount(1, 'data')
            ->assertJsonPath('data.0.id', $deleted->getKey());
        $this->getJson('/api/media?filter[trashed]=with')
            ->assertOk()
            ->assertJsonCount(2, 'data');
    }

    public function test_restore_brings_back_a_soft_deleted_row(): void
    {
        $medium = Media::factory()->create();
        $medium->delete();

        $this->postJson('/api/media/'.$medium->getKey().'/restore')
            ->assertOk()
            ->assertJsonPath('data.id', $medium->getKey())
            ->assertJsonPath('data.deleted_at', null);

        $this->assertNotSoftDeleted($medium);
    }

    public function test_force_delete_removes_a_soft_deleted_row(): void
    {
        $medium = Media::factory()->create();
        $medium->delete();

        $this->deleteJson('/api/media/'.$medium->getKey().'/force-delete')
            ->assertNoContent();

        $this->assertModelMissing($medium);
    }
}
`),
  );
});

test('a two-word entity: kebab-case URLs and a camel-case variable', () => {
  const { content } = emit(entity('BlogPost', [field('title')]), context());
  assert.ok(content.includes('class BlogPostControllerTest extends TestCase'));
  assert.ok(content.includes("$this->patchJson('/api/blog-posts/'.$blogPost->getKey(), ['title' => 'sample-string'])"));
});

test('the invalid value of each type, and the JSON a PATCH answers for its sample', () => {
  const expected: Record<FieldType, [string, string]> = {
    string: ["['not', 'a', 'string']", "'sample-string'"],
    text: ["['not', 'a', 'string']", "'Sample text.'"],
    boolean: ["'not-a-boolean'", 'true'],
    integer: ["'not-an-integer'", '42'],
    bigint: ["'not-an-integer'", '5000000000'],
    float: ["'not-a-number'", '12.5'],
    decimal: ["'not-a-number'", "'12.50'"],
    json: [`'{"key": "value"}'`, "['key' => 'value']"],
    date: ["'not-a-date'", "'2001-02-03'"],
    datetime: ["'not-a-date'", "'2001-02-03T04:05:06.000000Z'"],
    timestamp: ["'not-a-date'", "'2001-02-03T04:05:06.000000Z'"],
    uuid: ["'not-a-uuid'", "'0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'"],
    enum: ["'not-a-case'", "'draft'"],
  };
  for (const type of ALL_TYPES) {
    const { content } = emit(entity('Item', [fieldOfType(type)]), context());
    const [invalid, json] = expected[type];
    assert.ok(content.includes(`'value' => ${invalid}];`), `${type}: ${method(content, 'test_store_refuses_invalid_data')}`);
    assert.ok(content.includes(`->assertJsonPath('data.value', ${json});`), `${type}: ${method(content, 'test_patch_changes_only_the_sent_field')}`);
  }
});

test('a camelCase column filters under its own name, in a test method named in snake_case', () => {
  const content = emit(entity('Order', [field('shipDate', 'datetime'), field('userStatus', 'integer')]), context()).content;
  assert.ok(content.includes('public function test_index_filters_by_ship_date(): void'), content);
  assert.ok(content.includes('public function test_index_filters_by_user_status(): void'), content);
  assert.ok(content.includes("Order::factory()->create(['userStatus' => 1]);"), method(content, 'test_index_filters_by_user_status'));
});

test('filter on a value no factory makes; without such a field, an unknown filter is ignored', () => {
  const views = emit(entity('Post', [field('flag', 'boolean'), field('views', 'integer')]), context()).content;
  assert.ok(views.includes("$post = Post::factory()->create(['views' => 100001]);"));
  assert.ok(views.includes("$this->getJson('/api/posts?filter[views]=100001')"));
  const none = emit(entity('Post', [field('unknown', 'boolean'), field('meta', 'json')]), context()).content;
  assert.not.ok(none.includes('test_index_filters_by_an_exact_value'));
  assert.ok(
    method(none, 'test_index_ignores_an_unknown_filter').includes(`        Post::factory()->count(2)->create();

        $this->getJson('/api/posts?filter[unknown_field]=value')
            ->assertOk()
            ->assertJsonPath('meta.total', 2);`),
  );
});

test('sort by the first orderable field; an enum only when its values order alike in every collation', () => {
  const dated = emit(entity('Post', [field('meta', 'json'), field('born_on', 'date')]), context()).content;
  assert.ok(
    method(dated, 'test_index_sorts_by_a_field_both_ways').includes(`        $low = Post::factory()->create(['born_on' => '2001-02-03']);
        $high = Post::factory()->create(['born_on' => '2002-03-04']);

        $this->getJson('/api/posts?sort=born_on')
            ->assertOk()
            ->assertJsonPath('data.0.id', $low->getKey());

        $this->getJson('/api/posts?sort=-born_on')
            ->assertOk()
            ->assertJsonPath('data.0.id', $high->getKey());`),
  );
  const cased = emit(entity('Post', [field('state', 'enum', { cases: ['Open', 'closed'] })]), context()).content;
  assert.not.ok(cased.includes('test_index_sorts'));
  const plain = emit(entity('Post', [field('state', 'enum', { cases: ['draft', 'archived', 'published'] })]), context()).content;
  assert.ok(plain.includes("$low = Post::factory()->create(['state' => 'archived']);\n        $high = Post::factory()->create(['state' => 'published']);"));
  assert.not.ok(emit(entity('Blob', [field('meta', 'json')]), context()).content.includes('test_index_sorts'));
});

test('page sizes come from the project; the over-cap request exceeds a large cap', () => {
  const { content } = emit(entity('Post', [field('title')]), context(12, { project: { framework: 12, perPage: 25, maxPerPage: 2000 } }));
  assert.ok(content.includes("->assertJsonPath('meta.per_page', 25)"));
  assert.ok(content.includes("$this->getJson('/api/posts?per_page=2001')\n            ->assertOk()\n            ->assertJsonPath('meta.per_page', 2000);"));
});

test('a model variable that a stub local already names gets a suffix', () => {
  const { content } = emit(entity('Query', [field('title')], { table: 'queries' }), context());
  assert.ok(content.includes('$queryModel = Query::factory()->create();'));
  assert.ok(content.includes("foreach (['filter=abc', 'per_page=abc', 'per_page=-5', 'sort=password', 'unknown=1'] as $query) {"));
});

test('an entity without fields: store and show only, nothing to filter, sort, refuse or patch', () => {
  const { content } = emit(entity('Bare', []), context());
  for (const absent of ['test_index_filters', 'test_index_sorts', 'test_store_refuses', 'test_patch', 'use Illuminate\\Support\\Arr;']) {
    assert.not.ok(content.includes(absent), absent);
  }
  assert.ok(content.includes('test_index_ignores_an_unknown_filter'));
});

test("a published stub may use the spec's optional placeholders", () => {
  const stub = '{{primaryKey}}|{{filterField}}|{{patchFields}}|{{patchAssertion}}|{{patchedColumns}}\n{{sortAssertion}}\n{{softDeleteTests}}\n';
  const ctx = context(12, { stubs: { ...builtInStubs(), 'test.feature': stub } });
  const { content } = onlyFile(emitFeatureTest(entity('Post', [field('title')]), ctx));
  assert.ok(content.startsWith("id|title|['title' => 'sample-string']|->assertJsonPath('data.title', 'sample-string')|['title', 'updated_at']\n$this->getJson('/api/posts?sort=title')\n"));
});

test('with relations: the keys of the resource, and a store refused for a parent that does not exist', () => {
  const model = blog();
  const post = emit(entityOf(model, 'Post'), context()).content;
  assert.ok(post.includes("                'data' => ['*' => ['id', 'country_code', 'category_id', 'title', 'body', 'created_at', 'updated_at']],\n"));
  assert.is(
    method(post, 'test_store_refuses_an_unknown_parent'),
    `    public function test_store_refuses_an_unknown_parent(): void
    {
        $payload = [...Post::factory()->make()->toArray(), 'country_code' => 'not-from-a-factory'];

        $this->postJson('/api/posts', $payload)
            ->assertUnprocessable()
            ->assertJsonValidationErrors(['country_code']);

        $this->assertDatabaseEmpty(Post::class);
    }
`,
  );
  assert.ok(method(emit(entityOf(model, 'Category'), context()).content, 'test_store_refuses_an_unknown_parent').includes("'parent_id' => 1000000001]"));
  const comment = emit(entityOf(model, 'Comment'), context()).content;
  assert.ok(comment.includes("['id', 'commentable_type', 'commentable_id', 'body', 'created_at', 'updated_at']"));
  assert.not.ok(comment.includes('unknown_parent'));
});


test('feature and unit tests of a representative set of entities pass Pint', () => {
  const every = entity(
    'Sample',
    [
      ...ALL_TYPES.map((type) => ({ ...fieldOfType(type), name: `${type}_value` })),
      field('code', 'string', { unique: true }),
      field('notes', 'text', { nullable: true }),
    ],
    { softDeletes: true },
  );
  const subjects = [
    every,
    entity('Country', [field('code'), field('name')], { key: 'code', table: 'countries' }),
    entity('Tag', [field('code')], { key: 'code', softDeletes: true }),
    entity('Media', [field('title')], { table: 'media', routeParameter: 'medium', softDeletes: true }),
    entity('Bare', []),
    entity('Page', [field('flag', 'boolean', { unique: true })]),
    // Columns named as a JSON API names its properties (an OpenAPI document's): test methods stay snake_case.
    entity('Order', [field('shipDate', 'datetime'), field('userStatus', 'integer'), field('isGift', 'boolean')]),
  ];
  const dir = mkdtempSync(join(tmpdir(), 'fullapi-tests-pint-'));
  for (const [index, subject] of subjects.entries()) {
    for (const file of [onlyFile(emitFeatureTest(subject, context())), onlyFile(emitUnitTest(subject, context(13)))]) {
      const path = join(dir, String(index), file.path);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, file.content);
    }
  }
  assert.is(pintProblems(dir), undefined);
});


test('the include test of a self-reference loads its children: the factory leaves the parent empty, and Laravel loads no belongsTo of null keys', () => {
  const model = checked([sourceEntity('Category', [sourceField('name')], [{ ...relation('parent', 'belongsTo', 'Category'), nullable: true }])]);
  const content = onlyFile(emitFeatureTest(entityOf(model, 'Category'), context(12))).content;
  assert.match(content, "$this->getJson('/api/categories?include=categories')");
  assert.not.match(content, 'include=parent');
});

test.run();
