import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { registerResourceRoutes, type ResourceRoute } from '../../../../src/emit/laravel/edits/api-routes.js';
import { registerSeeders } from '../../../../src/emit/laravel/edits/database-seeder.js';
import { recordEntities } from '../../../../src/emit/records/class-data.js';
import type { Entity } from '../../../../src/ir/ir.generated.js';
import type { PatchResult } from '../../../../src/diagnostics/patch-result.js';
import { entity, field } from '../../../support/entities.js';
import { diagnosticOf, patched } from './php-check.js';

/**
 * A run registers all its entities in one edit per file. Whatever the file holds, that edit must give the
 * text that registering the entities one at a time gives, and refuse what one at a time refuses.
 */

type Batched<T> = (existing: string | undefined, items: readonly T[]) => PatchResult;

/** Each item in its own edit, in order, each receiving the text the one before left; every refusal is kept. */
function oneAtATime<T>(register: Batched<T>, existing: string | undefined, items: readonly T[]): PatchResult {
  let text = existing;
  const refusals = [];
  for (const item of items) {
    const result = register(text, [item]);
    if (result.ok) text = result.content;
    else refusals.push(...result.diagnostics);
  }
  if (refusals.length > 0) return { ok: false, diagnostics: refusals };
  return text === undefined ? { ok: false, diagnostics: [] } : { ok: true, content: text };
}

const messages = (result: PatchResult): string[] => (result.ok ? [] : [...new Set(result.diagnostics.map((d) => `${d.code}: ${d.message}`))].sort());

/**
 * Where one at a time writes a text, the batch writes the same; where it refuses, the batch refuses for the
 * same reasons (each said once). `fixedByBatch`: one at a time breaks some shapes (its own output is not
 * valid PHP, an internal error), which the batch may register.
 */
function assertSameAsOneAtATime<T>(register: Batched<T>, existing: string | undefined, items: readonly T[], fixedByBatch = false): void {
  const batched = register(existing, items);
  const sequential = oneAtATime(register, existing, items);
  const context = `${JSON.stringify(items)} into:\n${existing}`;
  if (sequential.ok) {
    assert.ok(batched.ok, `the batch refused ${messages(batched).join('; ')} for ${context}`);
    assert.fixture(batched.ok ? batched.content : '', sequential.content, context);
    return;
  }
  const reasons = messages(sequential).filter((message) => !fixedByBatch || !message.startsWith('internal_error'));
  if (reasons.length === 0) return;
  assert.equal(messages(batched), reasons, context);
}

/** Pieces a routes file is made of; a file is some of them, each on lines of its own. */
const ROUTE_ENTITIES: readonly ResourceRoute[] = [
  { controllerClass: 'PostController', controllerNamespace: 'App\\Http\\Controllers', uriSegment: 'posts', routeParameter: 'post', softDeletes: false, authenticated: false },
  { controllerClass: 'BlogPostController', controllerNamespace: 'App\\Http\\Controllers', uriSegment: 'blog-posts', routeParameter: 'blog_post', softDeletes: false, authenticated: false },
  { controllerClass: 'TagController', controllerNamespace: 'App\\Http\\Controllers', uriSegment: 'tags', routeParameter: 'tag', softDeletes: false, authenticated: false },
  { controllerClass: 'MediaController', controllerNamespace: 'App\\Http\\Controllers', uriSegment: 'media', routeParameter: 'medium', softDeletes: false, authenticated: false },
  { controllerClass: 'CategoryController', controllerNamespace: 'App\\Http\\Controllers', uriSegment: 'categories', routeParameter: 'category', softDeletes: false, authenticated: false },
];

const USE_BLOCKS = [
  '',
  'use Illuminate\\Support\\Facades\\Route;\n',
  'use Illuminate\\Http\\Request;\nuse Illuminate\\Support\\Facades\\Route;\n',
  'use App\\Http\\Controllers\\TagController;\nuse Illuminate\\Support\\Facades\\Route;\n',
  '// routes\nuse Illuminate\\Support\\Facades\\Route;\nuse Zed\\Thing;\n',
  'use Illuminate\\Http\\Request;\n// the API\nuse Illuminate\\Support\\Facades\\Route;\n',
  'use App\\Http\\Controllers\\{TagController, PostController};\nuse Illuminate\\Support\\Facades\\Route;\n',
  'use Illuminate\\Support\\Facades\\Route; use Zed\\Thing;\n',
  'use function Foo\\helper;\n',
  'use Other\\PostController;\n',
];

const ROUTE_STATEMENTS = [
  "Route::get('/user', fn () => 1)->middleware('auth:sanctum');",
  "Route::apiResource('posts', PostController::class);",
  "Route::apiResource('posts', \\App\\Http\\Controllers\\PostController::class);",
  "Route::resource('/posts/', 'App\\Http\\Controllers\\PostController');",
  "Route::post('posts/{id}/restore', 'App\\Http\\Controllers\\PostController@restore');",
  "Route::delete('posts/{post}/force-delete', [PostController::class, 'forceDelete'])->middleware('auth');",
  "Route::apiResource('tags', TagController::class);",
  "Route::apiResource('tags', App\\Http\\Controllers\\TagController::class);",
  "Route::post('tags/{tag}/restore', [TagController::class, 'restore'])->name('tags.restore')->withTrashed();",
  "Route::middleware('auth')->group(function () {\n    Route::apiResource('blog-posts', BlogPostController::class);\n});",
  "Route::apiResource('media', \\App\\Http\\Controllers\\MediaController::class); Route::apiResource('categories', CategoryController::class);",
  "Route::apiResource('categories', SomethingElse::class);",
  '// the end',
];

const routesFile = fc.oneof(
  fc.constant(undefined),
  fc.constant(''),
  fc
    .tuple(fc.constantFrom(...USE_BLOCKS), fc.subarray([...ROUTE_STATEMENTS.keys()]), fc.boolean())
    .chain(([uses, picked, crlfEnds]) =>
      fc.shuffledSubarray(picked, { minLength: picked.length }).map((order) => {
        const text = `<?php\n\n${uses}${uses === '' ? '' : '\n'}${order.map((index) => `${ROUTE_STATEMENTS[index]}\n`).join('')}`;
        return crlfEnds ? text.replaceAll('\n', '\r\n') : text;
      }),
    ),
);

const routes = fc.uniqueArray(
  fc.tuple(fc.constantFrom(...ROUTE_ENTITIES), fc.boolean()).map(([route, softDeletes]) => ({ ...route, softDeletes })),
  { minLength: 1, maxLength: ROUTE_ENTITIES.length, selector: (route) => route.controllerClass },
);

test('routes: one edit for several entities gives the text of one edit per entity', () => {
  fc.assert(fc.property(routesFile, routes, (existing, batch) => assertSameAsOneAtATime(registerResourceRoutes, existing, batch)), { numRuns: 300 });
});

test('routes: two entities of one run with the same routes are refused, as one at a time refuses them', () => {
  const medium: ResourceRoute = { ...ROUTE_ENTITIES[3]!, controllerClass: 'MediumController' };
  const refused = diagnosticOf(registerResourceRoutes(undefined, [medium, ROUTE_ENTITIES[3]!]));
  assert.is(refused.message, "routes/api.php already routes 'media' to App\\Http\\Controllers\\MediumController, not to App\\Http\\Controllers\\MediaController");
  assertSameAsOneAtATime(registerResourceRoutes, "<?php\n\nRoute::get('/user', fn () => 1);\n", [medium, ROUTE_ENTITIES[3]!]);
});

test('routes: what is wrong is reported for each entity, and what is wrong with the file once', () => {
  const taken = "<?php\n\nuse Other\\PostController;\nuse Other\\TagController;\n";
  const [post, , tag] = ROUTE_ENTITIES;
  const refused = registerResourceRoutes(taken, [post!, tag!]);
  assert.equal(messages(refused).length, 2);
  const namespaced = registerResourceRoutes('<?php\n\nnamespace App;\n', ROUTE_ENTITIES);
  assert.is(namespaced.ok ? 0 : namespaced.diagnostics.length, 1);
});

/** `DatabaseSeeder` with run()'s body written out. */
function seederWith(body: string): string {
  return `<?php\n\nnamespace Database\\Seeders;\n\nuse App\\Models\\User;\nuse Illuminate\\Database\\Seeder;\n\nclass DatabaseSeeder extends Seeder\n{\n    public function run(): void${body}\n}\n`;
}

const RUN_BODIES = [
  '\n    {\n        // User::factory(10)->create();\n\n        User::factory()->create([\n            \'name\' => \'Test User\',\n        ]);\n    }',
  '\n    {\n    }',
  ' {}',
  '\n    {\n        $this->call([\n            UserSeeder::class,\n        ]);\n    }',
  '\n    {\n        $this->call([\n            UserSeeder::class\n        ]);\n    }',
  '\n    {\n        $this->call([UserSeeder::class]);\n    }',
  '\n    {\n        $this->call([UserSeeder::class,]);\n    }',
  '\n    {\n        $this->call([]);\n    }',
  '\n    {\n        $this->call(array(\n            UserSeeder::class,\n        ));\n    }',
  '\n    {\n        $this->call(UserSeeder::class);\n\n        User::factory()->create();\n    }',
  '\n    {\n        $this->call(PostSeeder::class);\n        $this->callOnce(\\Database\\Seeders\\TagSeeder::class);\n    }',
  '\n    {\n        $this->call([\n            UserSeeder::class,\n            \'Database\\Seeders\\MediaSeeder\',\n        ]);\n    }',
  ' { User::factory()->create(); }',
];

const SEEDERS = ['PostSeeder', 'TagSeeder', 'MediaSeeder', 'CategorySeeder', 'BlogPostSeeder'];

const seederFile = fc.oneof(
  { arbitrary: fc.constantFrom(...RUN_BODIES).map(seederWith), weight: 10 },
  { arbitrary: fc.constantFrom(...RUN_BODIES).map((body) => seederWith(body).replace('use App\\Models\\User;', 'use App\\Models\\User;\nuse Other\\TagSeeder;')), weight: 1 },
  { arbitrary: fc.constantFrom(undefined, '<?php\n\nnamespace App;\n'), weight: 1 },
);

/**
 * Whether the batch puts a new seeder before one the file already calls (`PostSeeder` in `['CategorySeeder',
 * 'PostSeeder']`): the batch knows the order of its seeders, which one at a time cannot (database-seeder.test.ts).
 */
function goesBeforeRegistered(existing: string | undefined, batch: readonly string[]): boolean {
  const registered = (seeder: string) => existing?.includes(`${seeder}::class`) === true || existing?.includes(`Seeders\\${seeder}'`) === true;
  return batch.some((seeder, index) => !registered(seeder) && batch.slice(index + 1).some(registered));
}

test('seeders: one edit for several entities gives the text of one edit per entity', () => {
  const seeders = fc.uniqueArray(fc.constantFrom(...SEEDERS), { minLength: 1 });
  // One at a time, a one-line run() body gets its second call after the body's closing brace.
  fc.assert(
    fc.property(seederFile, seeders, (existing, batch) => {
      fc.pre(!goesBeforeRegistered(existing, batch));
      assertSameAsOneAtATime(registerSeeders, existing, batch, true);
    }),
    { numRuns: 300 },
  );
});

test('seeders: a one-line run() body gets every call inline, which one at a time could not give', () => {
  const result = patched(registerSeeders(seederWith(' { User::factory()->create(); }'), ['PostSeeder', 'TagSeeder']));
  assert.ok(result.includes('{ User::factory()->create(); $this->call(PostSeeder::class); $this->call(TagSeeder::class); }'));
});

const RECORD_ENTITIES: readonly Entity[] = [
  entity('Post', [field('title'), field('body', 'text', { nullable: true })]),
  entity('Tag', [field('name', 'string', { unique: true })], { softDeletes: true }),
  entity('Media', [field('path')], { table: 'media', routeParameter: 'medium' }),
  entity('Post', [field('title')]),
];

const RECORDS = [
  undefined,
  '',
  '[]\n',
  '[\n    {\n        "name": "Tag",\n        "attributes": [\n            {\n                "name": "name",\n                "_type": "string",\n                "unique": true\n            }\n        ],\n        "softDeletes": true\n    }\n]\n',
  '[{"name": "Post", "attributes": [], "mine": 1}, {"name": "Other", "attributes": []}]',
  '[{"name": "Post", "attributes": []}, {"name": "Post", "attributes": [], "second": true}]',
  '{"not": "a list"}',
  '[{"name": ',
];

test('the record: one edit for several entities gives the text of one edit per entity', () => {
  const entities = fc.array(fc.constantFrom(...RECORD_ENTITIES), { minLength: 1, maxLength: 5 });
  fc.assert(fc.property(fc.constantFrom(...RECORDS), entities, (existing, batch) => assertSameAsOneAtATime(recordEntities, existing, batch)), { numRuns: 200 });
});

test.run();
