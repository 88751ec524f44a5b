import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { emitResource } from '../../../src/emit/laravel/artifacts/resource.js';
import { context, entity, field, parsingEmitter } from '../../support/entities.js';
import { blog, entityOf } from '../../support/source-model.js';

const emit = parsingEmitter(emitResource);

const post = entity('Post', [
  field('title', 'string', { unique: true }),
  field('body', 'text', { nullable: true }),
  field('published', 'boolean'),
  field('status', 'enum', { cases: ['draft', 'published'] }),
]);

test('the resource: id, every field, the timestamps; @mixin types $this', () => {
  const file = emit(post, context(12));
  assert.is(file.path, 'app/Http/Resources/PostResource.php');
  assert.is(file.artifact, 'Resource');
  assert.is(
    file.content,
    `<?php

declare(strict_types=1);

namespace App\\Http\\Resources;

use App\\Models\\Post;
use Illuminate\\Http\\Request;
use Illuminate\\Http\\Resources\\Json\\JsonResource;

/**
 * @mixin Post
 */
class PostResource extends JsonResource
{
    /**
     * Transform the resource into an array.
     *
     * @return array<string, mixed>
     */
    public function toArray(Request $request): array
    {
        return [
            'id' => $this->id,
            'title' => $this->title,
            'body' => $this->body,
            'published' => $this->published,
            'status' => $this->status,
            'created_at' => $this->created_at,
            'updated_at' => $this->updated_at,
        ];
    }
}
`,
  );
});

test('a custom key: no id key (it would always be null), the key field in its place', () => {
  const { content } = emit(entity('Country', [field('code'), field('name')], { key: 'code', table: 'countries' }), context(13));
  assert.ok(
    content.includes(`        return [
            'code' => $this->code,
            'name' => $this->name,
            'created_at' => $this->created_at,
            'updated_at' => $this->updated_at,
        ];
`),
  );
});

test('soft deletes: deleted_at last', () => {
  const { content } = emit(entity('Post', [field('title')], { softDeletes: true }), context(12));
  assert.ok(
    content.includes("            'updated_at' => $this->updated_at,\n            'deleted_at' => $this->deleted_at,\n        ];\n"),
  );
});

test("a field named like one of JsonResource's own properties is read from the model", () => {
  const { content } = emit(entity('Grant', [field('resource'), field('with'), field('additional'), field('role')]), context(12));
  assert.ok(content.includes("            'resource' => $this->resource->resource,\n"));
  assert.ok(content.includes("            'with' => $this->resource->with,\n"));
  assert.ok(content.includes("            'additional' => $this->resource->additional,\n"));
  assert.ok(content.includes("            'role' => $this->role,\n"));
});

test('foreign keys and morph columns as attributes, then each relation once loaded', () => {
  const model = blog();
  assert.ok(
    emit(entityOf(model, 'Post'), context()).content.includes(`        return [
            'id' => $this->id,
            'country_code' => $this->country_code,
            'category_id' => $this->category_id,
            'title' => $this->title,
            'body' => $this->body,
            'created_at' => $this->created_at,
            'updated_at' => $this->updated_at,
            'country' => CountryResource::make($this->whenLoaded('country')),
            'tags' => TagResource::collection($this->whenLoaded('tags')),
            'comments' => CommentResource::collection($this->whenLoaded('comments')),
            'category' => CategoryResource::make($this->whenLoaded('category')),
        ];
`),
  );
  assert.ok(
    emit(entityOf(model, 'Comment'), context()).content.includes(`            'id' => $this->id,
            'commentable_type' => $this->commentable_type,
            'commentable_id' => $this->commentable_id,
            'body' => $this->body,
            'created_at' => $this->created_at,
            'updated_at' => $this->updated_at,
            'commentable' => $this->whenLoaded('commentable'),
`),
  );
});


test.run();
