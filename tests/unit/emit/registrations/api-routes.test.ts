import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { registerResourceRoutes, type ResourceRoute } from '../../../../src/emit/laravel/edits/api-routes.js';
import { assertIdempotent, pintCases, assertValidPhp, crlf, diagnosticOf, patched } from './php-check.js';

const pint = pintCases();

const post: ResourceRoute = {
  controllerClass: 'PostController',
  controllerNamespace: 'App\\Http\\Controllers',
  uriSegment: 'posts',
  routeParameter: 'post',
  softDeletes: false,
  authenticated: false,
};
const softPost: ResourceRoute = { ...post, softDeletes: true };
const blogPost: ResourceRoute = { ...post, controllerClass: 'BlogPostController', uriSegment: 'blog-posts', routeParameter: 'blog_post' };

/** `routes/api.php` as `php artisan install:api` writes it (stubs/api-routes.stub). */
const INSTALL_API = String.raw`<?php

use Illuminate\Http\Request;
use Illuminate\Support\Facades\Route;

Route::get('/user', function (Request $request) {
    return $request->user();
})->middleware('auth:sanctum');
`;

const USER_ROUTE = String.raw`Route::get('/user', function (Request $request) {
    return $request->user();
})->middleware('auth:sanctum');`;

const POST_RESOURCE = `Route::apiResource('posts', PostController::class);`;
const POST_RESTORE = `Route::post('posts/{post}/restore', [PostController::class, 'restore'])->name('posts.restore')->withTrashed();`;
const POST_FORCE_DELETE = `Route::delete('posts/{post}/force-delete', [PostController::class, 'forceDelete'])->name('posts.force-delete')->withTrashed();`;

const apply = (route: ResourceRoute) => (text: string) => registerResourceRoutes(text, [route]);

test('creates routes/api.php when it does not exist', () => {
  const created = patched(registerResourceRoutes(undefined, [post]));
  assert.is(
    created,
    String.raw`<?php

use App\Http\Controllers\PostController;
use Illuminate\Support\Facades\Route;

${POST_RESOURCE}
`,
  );
  assertIdempotent(apply(post), created);
  pint.check({ 'routes/api.php': created });
});

test('creates the soft-delete routes, bound by the apiResource wildcard and including trashed models', () => {
  const created = patched(registerResourceRoutes(undefined, [softPost]));
  assert.ok(created.endsWith(`${POST_RESOURCE}\n${POST_RESTORE}\n${POST_FORCE_DELETE}\n`));
  assertIdempotent(apply(softPost), created);
  pint.check({ 'routes/api.php': created });
});

test('adds to the install:api file, leaving its lines alone', () => {
  const result = patched(registerResourceRoutes(INSTALL_API, [post]));
  assert.is(
    result,
    String.raw`<?php

use App\Http\Controllers\PostController;
use Illuminate\Http\Request;
use Illuminate\Support\Facades\Route;

${USER_ROUTE}

${POST_RESOURCE}
`,
  );
  assertIdempotent(apply(post), result);
  pint.check({ 'routes/api.php': result });
});

test('a second entity sorts into the imports and gets its own block', () => {
  const first = patched(registerResourceRoutes(INSTALL_API, [post]));
  const second = patched(registerResourceRoutes(first, [{ ...blogPost, softDeletes: true }]));
  assert.is(
    second,
    String.raw`<?php

use App\Http\Controllers\BlogPostController;
use App\Http\Controllers\PostController;
use Illuminate\Http\Request;
use Illuminate\Support\Facades\Route;

${USER_ROUTE}

${POST_RESOURCE}

Route::apiResource('blog-posts', BlogPostController::class);
Route::post('blog-posts/{blog_post}/restore', [BlogPostController::class, 'restore'])->name('blog-posts.restore')->withTrashed();
Route::delete('blog-posts/{blog_post}/force-delete', [BlogPostController::class, 'forceDelete'])->name('blog-posts.force-delete')->withTrashed();
`,
  );
  assert.is(patched(registerResourceRoutes(second, [post])), second, 're-running the first entity changed the file');
  pint.check({ 'routes/api.php': second });
});

test('turning soft deletes on adds the two routes right after the existing resource', () => {
  const plain = patched(registerResourceRoutes(INSTALL_API, [post]));
  const withBlog = patched(registerResourceRoutes(plain, [blogPost]));
  const soft = patched(registerResourceRoutes(withBlog, [softPost]));
  assert.ok(soft.includes(`${POST_RESOURCE}\n${POST_RESTORE}\n${POST_FORCE_DELETE}\n\nRoute::apiResource('blog-posts'`), soft);
  assertIdempotent(apply(softPost), soft);
  pint.check({ 'routes/api.php': soft });
});

test('rewrites the fully qualified controller references fullapi 3.x appended', () => {
  // 3.x appended PHP_EOL.$route to the file, with no final line break, and {id} soft-delete routes.
  const legacy = [
    INSTALL_API,
    String.raw`Route::apiResource('posts', App\Http\Controllers\PostController::class);`,
    String.raw`Route::post('posts/{id}/restore', [App\Http\Controllers\PostController::class, 'restore']);`,
    String.raw`Route::delete('posts/{id}/force-delete', [App\Http\Controllers\PostController::class, 'forceDelete']);`,
  ].join('\n');
  const result = patched(registerResourceRoutes(legacy, [softPost]));
  assert.is(
    result,
    String.raw`<?php

use App\Http\Controllers\PostController;
use Illuminate\Http\Request;
use Illuminate\Support\Facades\Route;

${USER_ROUTE}

${POST_RESOURCE}
${POST_RESTORE}
${POST_FORCE_DELETE}
`,
  );
  assertIdempotent(apply(softPost), result);
  pint.check({ 'routes/api.php': result });
});

test('rewrites leading-slash and string forms of the controller, keeping what else is chained', () => {
  const legacy = String.raw`<?php

use Illuminate\Support\Facades\Route;

Route::apiResource('posts', \App\Http\Controllers\PostController::class)->only(['index', 'show']);
Route::post('/posts/{id}/restore', ['App\Http\Controllers\PostController', 'restore'])->middleware('auth');
Route::get('posts-count', 'App\Http\Controllers\PostController@count');
`;
  const result = patched(registerResourceRoutes(legacy, [softPost]));
  assert.is(
    result,
    String.raw`<?php

use App\Http\Controllers\PostController;
use Illuminate\Support\Facades\Route;

Route::apiResource('posts', PostController::class)->only(['index', 'show']);
Route::post('posts/{post}/restore', [PostController::class, 'restore'])->middleware('auth')->name('posts.restore')->withTrashed();
${POST_FORCE_DELETE}
Route::get('posts-count', [PostController::class, 'count']);
`,
  );
  assertIdempotent(apply(softPost), result);
  assertValidPhp({ 'routes/api.php': result });
});

test('finds the resource inside a route group and adds the soft-delete routes there', () => {
  const grouped = String.raw`<?php

use App\Http\Controllers\PostController;
use Illuminate\Support\Facades\Route;

Route::middleware('auth:sanctum')->group(function () {
    Route::apiResource('posts', PostController::class);
});
`;
  const result = patched(registerResourceRoutes(grouped, [softPost]));
  assert.ok(result.includes(`    ${POST_RESOURCE}\n    ${POST_RESTORE}\n    ${POST_FORCE_DELETE}\n});\n`), result);
  assertIdempotent(apply(softPost), result);
  pint.check({ 'routes/api.php': result });
});

test('sorts and deduplicates a plain use block, one import per statement', () => {
  const messy = String.raw`<?php

use Illuminate\Support\Facades\Route;
use Illuminate\Http\Request, App\Http\Controllers\PostController;
use Illuminate\Support\Facades\Route;

Route::get('/ping', fn (Request $request) => 'pong');
`;
  const result = patched(registerResourceRoutes(messy, [post]));
  assert.ok(
    result.startsWith(String.raw`<?php

use App\Http\Controllers\PostController;
use Illuminate\Http\Request;
use Illuminate\Support\Facades\Route;

Route::get('/ping', fn (Request $request) => 'pong');
`),
    result,
  );
  assertIdempotent(apply(post), result);
  pint.check({ 'routes/api.php': result });
});

test('a use block with comments keeps its lines; the import goes where the order puts it', () => {
  const commented = String.raw`<?php

use Illuminate\Http\Request;
// the facade
use Illuminate\Support\Facades\Route;

Route::get('/ping', fn (Request $request) => 'pong');
`;
  const result = patched(registerResourceRoutes(commented, [post]));
  assert.ok(result.startsWith(String.raw`<?php

use App\Http\Controllers\PostController;
use Illuminate\Http\Request;
// the facade
use Illuminate\Support\Facades\Route;
`), result);
  assertIdempotent(apply(post), result);
  assertValidPhp({ 'routes/api.php': result });
});

test('next to group and function imports, a class import goes before the function ones', () => {
  const mixed = String.raw`<?php

use App\Http\Controllers\{TagController, UserController};
use function Illuminate\Support\defer;

Route::get('/tags', [TagController::class, 'index']);
`;
  const result = patched(registerResourceRoutes(mixed, [post]));
  assert.ok(result.startsWith(String.raw`<?php

use App\Http\Controllers\{TagController, UserController};
use App\Http\Controllers\PostController;
use Illuminate\Support\Facades\Route;
use function Illuminate\Support\defer;
`), result);
  assertIdempotent(apply(post), result);
  assertValidPhp({ 'routes/api.php': result });
});

test('a controller named relative to an import is left as written, with no unused import added', () => {
  const relative = String.raw`<?php

use App\Http\Controllers;
use Illuminate\Support\Facades\Route;

Route::apiResource('posts', Controllers\PostController::class);
`;
  assert.is(patched(registerResourceRoutes(relative, [post])), relative);
});

test('imports sort as Pint does: case-insensitive, with \\ before letters', () => {
  const result = patched(
    registerResourceRoutes(`<?php\n\nuse App\\Http\\ControllersX\\Foo;\nuse app\\Http\\Controllers\\Bar;\n`, [post]),
  );
  assert.ok(result.startsWith(`<?php\n\nuse app\\Http\\Controllers\\Bar;\nuse App\\Http\\Controllers\\PostController;\nuse App\\Http\\ControllersX\\Foo;\n`), result);
});

test('keeps CRLF line endings', () => {
  const result = patched(registerResourceRoutes(crlf(INSTALL_API), [softPost]));
  assert.is(result, crlf(patched(registerResourceRoutes(INSTALL_API, [softPost]))));
  assert.not.ok(/[^\r]\n/.test(result), 'a bare \\n was written into a CRLF file');
  assertIdempotent(apply(softPost), result);
  assertValidPhp({ 'routes/api.php': result });
});

test('a file without routes or imports gets both after its opening comment', () => {
  const bare = `<?php\n\n/*\n| API routes\n*/\n`;
  const result = patched(registerResourceRoutes(bare, [post]));
  assert.is(result, String.raw`<?php

/*
| API routes
*/

use App\Http\Controllers\PostController;
use Illuminate\Support\Facades\Route;

${POST_RESOURCE}
`);
  assertIdempotent(apply(post), result);
});

test('a syntax error is unparsable_php at its line and column', () => {
  const broken = `${INSTALL_API}\nRoute::get('/x', function () {\n    return 1\n});\n`;
  const diagnostic = diagnosticOf(registerResourceRoutes(broken, [post]));
  assert.is(diagnostic.code, 'unparsable_php');
  assert.equal(diagnostic.span, { file: 'routes/api.php', line: 12, column: 1 });
});

test('a route for the same URI to another controller is refused where it is written', () => {
  const taken = `${INSTALL_API}\nRoute::apiResource('posts', App\\Http\\Controllers\\Admin\\PostController::class);\n`;
  const diagnostic = diagnosticOf(registerResourceRoutes(taken, [post]));
  assert.is(diagnostic.code, 'unexpected_php_shape');
  assert.equal(diagnostic.span, { file: 'routes/api.php', line: 10, column: 1 });
  assert.match(diagnostic.message, 'App\\Http\\Controllers\\Admin\\PostController');
});

test('an import holding the controller short name for another class is refused', () => {
  const clash = `<?php\n\nuse App\\Http\\Controllers\\Admin\\PostController;\n`;
  const diagnostic = diagnosticOf(registerResourceRoutes(clash, [post]));
  assert.is(diagnostic.code, 'unexpected_php_shape');
  assert.equal(diagnostic.span, { file: 'routes/api.php', line: 3, column: 5 });
});

test('a namespaced routes file is refused', () => {
  const diagnostic = diagnosticOf(registerResourceRoutes(`<?php\n\nnamespace App\\Routes;\n`, [post]));
  assert.is(diagnostic.code, 'unexpected_php_shape');
  assert.equal(diagnostic.span, { file: 'routes/api.php', line: 3, column: 1 });
});

test('a file ending in inline HTML after ?> is refused rather than broken', () => {
  const diagnostic = diagnosticOf(registerResourceRoutes(`<?php\n\nuse Illuminate\\Support\\Facades\\Route;\n?>\n<p>hi</p>\n`, [post]));
  assert.is(diagnostic.code, 'unexpected_php_shape');
});

test('every patched text above is Pint-clean', () => pint.assertAllClean());

test.run();
