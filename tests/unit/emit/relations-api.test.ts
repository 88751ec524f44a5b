import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { emitDto } from '../../../src/emit/laravel/artifacts/dto.js';
import { emitFeatureTest } from '../../../src/emit/laravel/artifacts/feature-test.js';
import { emitModel } from '../../../src/emit/laravel/artifacts/model.js';
import { emitRequests } from '../../../src/emit/laravel/artifacts/requests.js';
import { emitService } from '../../../src/emit/laravel/artifacts/service.js';
import type { GeneratedFile } from '../../../src/plan/file-plan.js';
import { assertParses, context, filesOf } from '../../support/entities.js';
import { blog, entityOf } from '../../support/source-model.js';

/** Relations read and written through the API: include, <relation>_ids, morph owners. Built from the blog model. */

const contentOf = (files: GeneratedFile[], path: string): string => {
  assertParses(files);
  const file = files.find((candidate) => candidate.path === path);
  if (file === undefined) throw new Error(`no ${path} among ${files.map((candidate) => candidate.path).join(', ')}`);
  return file.content;
};

test('the service allows every relation of the entity in include, by its snake-case name', () => {
  const service = contentOf(filesOf(emitService(entityOf(blog(), 'Post'), context())), 'app/Services/PostService.php');
  assert.ok(service.includes("    private const INCLUDES = [\n        'country' => 'country',\n        'tags' => 'tags',\n        'comments' => 'comments',\n"));
  assert.ok(service.includes("        $builder = Post::query()->with($this->includes($query['include'] ?? null));\n"));
  assert.ok(service.includes('        return $post->load($this->includes($query[\'include\'] ?? null));\n'));
});

test('a belongsToMany: tag_ids on both requests, each key existing; the DTO keeps them apart from the columns; the service syncs', () => {
  const post = entityOf(blog(), 'Post');
  const [store, update] = filesOf(emitRequests(post, context()));
  for (const request of [store, update]) {
    assert.ok(request?.content.includes("            'tag_ids' => ['sometimes', 'array'],\n            'tag_ids.*' => ['integer', Rule::exists('tags', 'id')],\n"));
  }
  const dto = contentOf(filesOf(emitDto(post, context())), 'app/DTO/PostDTO.php');
  assert.ok(dto.includes('     * @param  list<int>|null  $tagIds\n'));
  assert.ok(dto.includes("            tagIds: isset($validated['tag_ids']) ? array_values((array) $validated['tag_ids']) : null,\n"));
  assert.not.ok(dto.includes("'tag_ids' => $this->tagIds"), 'not a column: toArray() leaves it out');
  const service = contentOf(filesOf(emitService(post, context())), 'app/Services/PostService.php');
  assert.ok(service.includes('        if ($dto->tagIds !== null) {\n            $post->tags()->sync($dto->tagIds);\n        }\n'));
  assert.ok(service.includes('        return DB::transaction(function () use ($dto): Post {\n'));
});

test('a morphTo with owners: the type is one of their aliases, the id a row of that owner; both fillable', () => {
  const comment = entityOf(blog(), 'Comment');
  const [store] = filesOf(emitRequests(comment, context()));
  assert.ok(store?.content.includes("            'commentable_type' => ['nullable', 'required_with:commentable_id', Rule::in(['post'])],\n"));
  assert.ok(
    store?.content.includes(
      "            'commentable_id' => ['nullable', 'required_with:commentable_type', 'integer', Rule::when($this->input('commentable_type') === 'post', [Rule::exists('posts', 'id')])],\n",
    ),
  );
  const model = contentOf(filesOf(emitModel(comment, context(12))), 'app/Models/Comment.php');
  assert.ok(model.includes("        'commentable_type',\n        'commentable_id',\n"));
});

test('the feature tests: the index with an include counts its queries, tags are synced, an owner is attached', () => {
  const model = blog();
  const postTest = contentOf(filesOf(emitFeatureTest(entityOf(model, 'Post'), context())), 'tests/Feature/PostControllerTest.php');
  assert.ok(postTest.includes("        $this->getJson('/api/posts?include=country')\n"));
  assert.ok(postTest.includes('        $this->assertCount(3, DB::getQueryLog());\n'));
  assert.ok(postTest.includes("        $payload = [...Post::factory()->make()->toArray(), 'tag_ids' => $related->modelKeys()];\n"));
  const commentTest = contentOf(filesOf(emitFeatureTest(entityOf(model, 'Comment'), context())), 'tests/Feature/CommentControllerTest.php');
  assert.ok(commentTest.includes("'commentable_type' => 'post', 'commentable_id' => $owner->getKey()];\n"));
  assert.ok(commentTest.includes("            ->assertJsonPath('data.commentable.id', $owner->getKey());\n"));
});


test.run();
