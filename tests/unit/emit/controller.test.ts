import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { emitController } from '../../../src/emit/laravel/artifacts/controller.js';
import { emitDto } from '../../../src/emit/laravel/artifacts/dto.js';
import { emitPolicy } from '../../../src/emit/laravel/artifacts/policy.js';
import { emitRequests } from '../../../src/emit/laravel/artifacts/requests.js';
import { emitResource } from '../../../src/emit/laravel/artifacts/resource.js';
import { emitService } from '../../../src/emit/laravel/artifacts/service.js';
import type { Entity } from '../../../src/ir/ir.generated.js';
import { pintProblems } from '../../support/php-tools.js';
import { context, entity, field, filesOf, parsingEmitter } from '../../support/entities.js';

const emit = parsingEmitter(emitController);

const post = entity('Post', [
  field('title', 'string', { unique: true }),
  field('body', 'text', { nullable: true }),
  field('published', 'boolean'),
  field('status', 'enum', { cases: ['draft', 'published'] }),
]);
const media = entity('Media', [field('title'), field('path')], { table: 'media', routeParameter: 'medium', softDeletes: true });

test('the controller: Gate::authorize first in every action, the service behind, 201 on store and 204 on destroy', () => {
  const file = emit(post, context(12));
  assert.is(file.path, 'app/Http/Controllers/PostController.php');
  assert.is(file.artifact, 'Controller');
  assert.is(
    file.content,
    `<?php

declare(strict_types=1);

namespace App\\Http\\Controllers;

use App\\DTO\\PostDTO;
use App\\Http\\Requests\\StorePostRequest;
use App\\Http\\Requests\\UpdatePostRequest;
use App\\Http\\Resources\\PostResource;
use App\\Models\\Post;
use App\\Services\\PostService;
use Illuminate\\Http\\JsonResponse;
use Illuminate\\Http\\Request;
use Illuminate\\Http\\Resources\\Json\\AnonymousResourceCollection;
use Illuminate\\Http\\Response;
use Illuminate\\Support\\Facades\\Gate;

/**
 * Every action asks the policy first, inside the method: the form request has validated by then, so invalid
 * data is a 422 even for a client the policy refuses. The route parameter \`post\` binds
 * \`$post\`: implicit binding matches by name only.
 */
class PostController extends Controller
{
    public function __construct(private readonly PostService $service) {}

    /**
     * Display a listing of the resource: \`filter[<field>]\`, \`sort\`, \`include\`, \`page\` and \`per_page\` come from the query string.
     */
    public function index(Request $request): AnonymousResourceCollection
    {
        Gate::authorize('viewAny', Post::class);

        return PostResource::collection($this->service->paginate($request->query()));
    }

    /**
     * Store a newly created resource in storage.
     */
    public function store(StorePostRequest $request): JsonResponse
    {
        Gate::authorize('create', Post::class);

        $post = $this->service->create(PostDTO::fromValidated($request->validated()));

        return PostResource::make($post)->response()->setStatusCode(201);
    }

    /**
     * Display the specified resource, with the relations \`include\` names.
     */
    public function show(Request $request, Post $post): PostResource
    {
        Gate::authorize('view', $post);

        return new PostResource($this->service->load($post, $request->query()));
    }

    /**
     * Update the specified resource in storage (PUT and PATCH: only the fields sent change).
     */
    public function update(UpdatePostRequest $request, Post $post): PostResource
    {
        Gate::authorize('update', $post);

        return new PostResource($this->service->update($post, PostDTO::fromValidated($request->validated())));
    }

    /**
     * Remove the specified resource from storage.
     */
    public function destroy(Post $post): Response
    {
        Gate::authorize('delete', $post);

        $this->service->delete($post);

        return response()->noContent();
    }
}
`,
  );
});

test('soft deletes: restore() answers the resource, forceDelete() 204, both through the policy', () => {
  const { content } = emit(entity('Post', [field('title')], { softDeletes: true }), context(12));
  assert.ok(
    content.endsWith(`        return response()->noContent();
    }

    /**
     * Restore the soft-deleted resource.
     */
    public function restore(Post $post): PostResource
    {
        Gate::authorize('restore', $post);

        return new PostResource($this->service->restore($post));
    }

    /**
     * Permanently remove the resource from storage.
     */
    public function forceDelete(Post $post): Response
    {
        Gate::authorize('forceDelete', $post);

        $this->service->forceDelete($post);

        return response()->noContent();
    }
}
`),
  );
});

test('Media binds {medium}: the bound variable is $medium, typed Media, in every action', () => {
  const { content } = emit(media, context(13));
  for (const signature of [
    'public function show(Request $request, Media $medium): MediaResource',
    'public function update(UpdateMediaRequest $request, Media $medium): MediaResource',
    'public function destroy(Media $medium): Response',
    'public function restore(Media $medium): MediaResource',
    'public function forceDelete(Media $medium): Response',
  ]) {
    assert.ok(content.includes(`    ${signature}\n`), signature);
  }
  assert.ok(content.includes("Gate::authorize('view', $medium);"));
  assert.ok(
    content.includes(' * data is a 422 even for a client the policy refuses. The route parameter `medium` binds\n * `$medium`: implicit'),
  );
  assert.not.ok(content.includes('$media'));
});

test('a published stub may use {{routeParameter}} and {{modelVariable}}', () => {
  const ctx = context(12);
  const stub =
    '<?php\n\n// {{routeParameter}} {{modelVariable}} {{model}} {{resource}} {{service}} {{dto}} {{storeRequest}} {{updateRequest}}\n';
  const file = emit(media, { ...ctx, stubs: { ...ctx.stubs, controller: stub } });
  assert.is(file.content, '<?php\n\n// medium medium Media MediaResource MediaService MediaDTO StoreMediaRequest UpdateMediaRequest\n');
});


/** One Pint run (about a second) over every HTTP-layer artifact of entities that cover the variants. */
test('Pint (laravel preset) finds nothing to change in the controllers, services, DTOs, requests, resources and policies', () => {
  const every = entity('Sample', [
    field('name', 'string', { unique: true }),
    field('notes', 'text', { nullable: true }),
    field('active', 'boolean'),
    field('quantity', 'integer'),
    field('views', 'bigint'),
    field('ratio', 'float'),
    field('price', 'decimal'),
    field('meta', 'json', { nullable: true }),
    field('born_on', 'date'),
    field('starts_at', 'datetime'),
    field('seen_at', 'timestamp', { nullable: true }),
    field('token', 'uuid'),
    field('level', 'enum', { cases: ['low', 'high'] }),
  ]);
  const country = entity('Country', [field('code'), field('name')], { key: 'code', table: 'countries' });
  const counter = entity('Counter', [field('hits', 'integer')]);
  const user = entity('User', [field('name'), field('resource')]);
  const onlyJson = entity('Blob', [field('data', 'json')]);
  const dir = mkdtempSync(join(tmpdir(), 'fullapi-http-pint-'));
  const entities: Entity[] = [post, media, every, country, counter, user, onlyJson, entity('Tag', [])];
  for (const [index, subject] of entities.entries()) {
    for (const emitter of [emitController, emitService, emitDto, emitRequests, emitResource, emitPolicy]) {
      for (const file of filesOf(emitter(subject, context(index % 2 === 0 ? 12 : 13)))) {
        const path = join(dir, String(index), file.path);
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, file.content);
      }
    }
  }
  assert.is(pintProblems(dir), undefined);
});

test.run();
