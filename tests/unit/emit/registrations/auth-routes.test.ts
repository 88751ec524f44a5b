import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { registerResourceRoutes, type ResourceRoute } from '../../../../src/emit/laravel/edits/api-routes.js';
import { registerRoutes } from '../../../../src/emit/laravel/edits/auth-routes.js';
import { removeControllerRoutes } from '../../../../src/emit/laravel/removals/route-removal.js';
import type { PatchResult } from '../../../../src/diagnostics/patch-result.js';
import { assertIdempotent, pintCases, crlf, patched } from './php-check.js';

const pint = pintCases();

const PATH = 'routes/api.php';
const post: ResourceRoute = {
  controllerClass: 'PostController',
  controllerNamespace: 'App\\Http\\Controllers',
  uriSegment: 'posts',
  routeParameter: 'post',
  softDeletes: true,
  authenticated: true,
};
const tag: ResourceRoute = { ...post, controllerClass: 'TagController', uriSegment: 'tags', routeParameter: 'tag', softDeletes: false, authenticated: false };
const publicPost: ResourceRoute = { ...post, authenticated: false };
const authTag: ResourceRoute = { ...tag, authenticated: true };

const INSTALL_API = String.raw`<?php

use Illuminate\Http\Request;
use Illuminate\Support\Facades\Route;

Route::get('/user', function (Request $request) {
    return $request->user();
})->middleware('auth:sanctum');
`;

const POST_LINES = [
  `Route::apiResource('posts', PostController::class);`,
  `Route::post('posts/{post}/restore', [PostController::class, 'restore'])->name('posts.restore')->withTrashed();`,
  `Route::delete('posts/{post}/force-delete', [PostController::class, 'forceDelete'])->name('posts.force-delete')->withTrashed();`,
];
const TAG_LINE = `Route::apiResource('tags', TagController::class);`;
const PUBLIC_LINES = [
  `Route::post('/register', [AuthController::class, 'register'])->middleware('throttle:6,1,register');`,
  `Route::post('/login', [AuthController::class, 'login'])->middleware('throttle:6,1,login');`,
];
const LOGOUT = `Route::post('/logout', [AuthController::class, 'logout']);`;
const USER = `Route::get('/user', [AuthController::class, 'user']);`;
const IMPORTS = String.raw`use App\Http\Controllers\AuthController;
use App\Http\Controllers\PostController;
use App\Http\Controllers\TagController;
use Illuminate\Support\Facades\Route;`;

const indented = (lines: readonly string[]) => lines.map((line) => `    ${line}`).join('\n');
const apply = (routes: readonly ResourceRoute[]) => (text: string) => registerRoutes(text, routes);

function warningsOf(result: PatchResult): { code: string; line: number | undefined }[] {
  return result.ok ? (result.warnings ?? []).map((warning) => ({ code: warning.code, line: warning.span?.line })) : [];
}

test('a new file: register and login public, one auth:sanctum group with logout, user and the authenticated entity; the other entity stays public', () => {
  const created = patched(registerRoutes(undefined, [post, tag]));
  assert.is(
    created,
    `<?php

${IMPORTS}

${TAG_LINE}

${PUBLIC_LINES.join('\n')}

Route::middleware('auth:sanctum')->group(function () {
${indented([LOGOUT, USER, ...POST_LINES])}
});
`,
  );
  assertIdempotent(apply([post, tag]), created);
  pint.check({ [PATH]: created });
});

test("install:api's own GET /user closure is kept, and no second user route is added", () => {
  const result = patched(registerRoutes(INSTALL_API, [post]));
  assert.ok(result.includes("Route::get('/user', function (Request $request) {\n    return $request->user();\n})->middleware('auth:sanctum');"), result);
  assert.not.ok(result.includes(USER), result);
  assert.ok(result.includes(`Route::middleware('auth:sanctum')->group(function () {\n${indented([LOGOUT, ...POST_LINES])}\n});\n`), result);
  assert.equal(warningsOf(registerRoutes(INSTALL_API, [post])), []);
  assertIdempotent(apply([post]), result);
  pint.check({ [PATH]: result });
});

test("the user's own group (written ['auth:sanctum']) receives the lines after its own, and register/login go above it", () => {
  const own = String.raw`<?php

use App\Http\Controllers\ProfileController;
use Illuminate\Support\Facades\Route;

Route::middleware(['auth:sanctum'])->group(function () {
    Route::get('/profile', [ProfileController::class, 'show']);
});
`;
  const result = patched(registerRoutes(own, [post]));
  assert.is(
    result,
    String.raw`<?php

use App\Http\Controllers\AuthController;
use App\Http\Controllers\PostController;
use App\Http\Controllers\ProfileController;
use Illuminate\Support\Facades\Route;

${PUBLIC_LINES.join('\n')}

Route::middleware(['auth:sanctum'])->group(function () {
    Route::get('/profile', [ProfileController::class, 'show']);
${indented([LOGOUT, USER, ...POST_LINES])}
});
`,
  );
  assertIdempotent(apply([post]), result);
  pint.check({ [PATH]: result });
});

test('an empty group, written on one line, is opened up', () => {
  const empty = "<?php\n\nuse Illuminate\\Support\\Facades\\Route;\n\nRoute::middleware('auth:sanctum')->group(function () {});\n";
  const result = patched(registerRoutes(empty, [{ ...post, softDeletes: false }]));
  assert.ok(result.endsWith(`Route::middleware('auth:sanctum')->group(function () {\n${indented([LOGOUT, USER, POST_LINES[0] ?? ''])}\n});\n`), result);
  assertIdempotent(apply([{ ...post, softDeletes: false }]), result);
  pint.check({ [PATH]: result });
});

test("an entity gaining --auth has its lines, as fullapi wrote them, moved into the group; losing it moves them back out", () => {
  const before = patched(registerRoutes(undefined, [publicPost, tag]));
  assert.is(before, patched(registerResourceRoutes(undefined, [publicPost, tag])), 'without --auth and without a group: as before');
  const moved = patched(registerRoutes(before, [post, tag]));
  assert.ok(moved.includes(`->group(function () {\n${indented([LOGOUT, USER, ...POST_LINES])}\n});\n`), moved);
  assert.is(moved.split(POST_LINES[0] ?? '').length, 2, 'the resource line once, inside the group');
  assertIdempotent(apply([post, tag]), moved);
  pint.check({ [PATH]: moved });

  const backResult = registerRoutes(moved, [publicPost, authTag]);
  assert.equal(warningsOf(backResult), [{ code: 'route_inside_auth_group', line: undefined }], 'moving a line out says so, once');
  const back = patched(backResult);
  assert.ok(back.includes(`->group(function () {\n${indented([LOGOUT, USER, TAG_LINE])}\n});\n\n${POST_LINES.join('\n')}\n`), back);
  assert.not.ok(back.includes(`\n${TAG_LINE}\n\n`), 'the tag line left the top level');
  assertIdempotent(apply([publicPost, authTag]), back);
  assert.equal(warningsOf(registerRoutes(back, [publicPost, authTag])), []);
  pint.check({ [PATH]: back });
});

test("a line of the user's own outside the group stays, with a warning naming it; one guarded by its own middleware does not warn", () => {
  const own = String.raw`<?php

use App\Http\Controllers\PostController;
use App\Http\Controllers\TagController;
use Illuminate\Support\Facades\Route;

Route::apiResource('posts', PostController::class)->only(['index', 'show']);
Route::apiResource('tags', TagController::class)->middleware('auth:sanctum');
`;
  const routes = [{ ...post, softDeletes: false }, authTag];
  const result = registerRoutes(own, routes);
  const text = patched(result);
  assert.ok(text.includes("\nRoute::apiResource('posts', PostController::class)->only(['index', 'show']);\n"), text);
  assert.ok(text.includes("\nRoute::apiResource('tags', TagController::class)->middleware('auth:sanctum');\n"), text);
  assert.equal(warningsOf(result), [{ code: 'route_outside_auth_group', line: 8 }]);
  assert.ok(text.split('\n')[7]?.startsWith("Route::apiResource('posts'"), 'the warning points at the line as written');
  assertIdempotent(apply(routes), text);
  assert.equal(warningsOf(registerRoutes(text, routes)), [{ code: 'route_outside_auth_group', line: 8 }], 'the warning stands while the line does');
  pint.check({ [PATH]: text });
});

test('a line nested deeper in the group stays for an entity without --auth, with a warning', () => {
  const nested = String.raw`<?php

use App\Http\Controllers\PostController;
use Illuminate\Support\Facades\Route;

Route::middleware('auth:sanctum')->group(function () {
    Route::prefix('v1')->group(function () {
        Route::apiResource('posts', PostController::class);
    });
});
`;
  const result = registerRoutes(nested, [{ ...publicPost, softDeletes: false }]);
  assert.is(patched(result), nested);
  assert.equal(warningsOf(result), [{ code: 'route_inside_auth_group', line: 8 }]);
});

test('a fully qualified 3.x line is shortened and moved in the same run', () => {
  const legacy = "<?php\n\nuse Illuminate\\Support\\Facades\\Route;\n\nRoute::apiResource('posts', \\App\\Http\\Controllers\\PostController::class);\n";
  const routes = [{ ...post, softDeletes: false }];
  const result = patched(registerRoutes(legacy, routes));
  assert.not.ok(result.includes('\\App\\Http'), result);
  assert.ok(result.includes(`->group(function () {\n${indented([LOGOUT, USER, POST_LINES[0] ?? ''])}\n});\n`), result);
  assertIdempotent(apply(routes), result);
});

test('register and login already there (one of them) are kept and completed beside it', () => {
  const half = "<?php\n\nuse App\\Http\\Controllers\\AuthController;\nuse Illuminate\\Support\\Facades\\Route;\n\nRoute::post('login', [AuthController::class, 'login']);\n";
  const result = patched(registerRoutes(half, [{ ...post, softDeletes: false }]));
  assert.ok(result.includes(`\n${PUBLIC_LINES[0]}\nRoute::post('login', [AuthController::class, 'login']);\n`), result);
  assert.not.ok(result.includes(PUBLIC_LINES[1] ?? ''), result);
  assertIdempotent(apply([{ ...post, softDeletes: false }]), result);
  pint.check({ [PATH]: result });
});

test('without --auth and without a group the file is what registerResourceRoutes writes', () => {
  for (const text of [undefined, INSTALL_API, "<?php\n\nRoute::get('/up', fn () => 'ok');\n"]) {
    assert.equal(registerRoutes(text, [publicPost, tag]), registerResourceRoutes(text, [publicPost, tag]));
  }
});

test('keeps CRLF line endings', () => {
  const result = patched(registerRoutes(crlf(INSTALL_API), [post, tag]));
  assert.not.ok(/[^\r]\n/.test(result), JSON.stringify(result));
  assertIdempotent(apply([post, tag]), result);
});

test('fullapi delete removes the entity lines inside the group and leaves the group and the auth routes', () => {
  const created = patched(registerRoutes(undefined, [post, authTag]));
  const withoutPosts = patched(removeControllerRoutes(PATH, created, ['App\\Http\\Controllers\\PostController']));
  assert.is(
    withoutPosts,
    `<?php

use App\\Http\\Controllers\\AuthController;
use App\\Http\\Controllers\\TagController;
use Illuminate\\Support\\Facades\\Route;

${PUBLIC_LINES.join('\n')}

Route::middleware('auth:sanctum')->group(function () {
${indented([LOGOUT, USER, TAG_LINE])}
});
`,
  );
  pint.check({ [PATH]: withoutPosts });
  const withoutAny = patched(removeControllerRoutes(PATH, withoutPosts, ['App\\Http\\Controllers\\TagController']));
  assert.ok(withoutAny.includes(`->group(function () {\n${indented([LOGOUT, USER])}\n});\n`), withoutAny);
  assert.ok(withoutAny.includes(PUBLIC_LINES.join('\n')), withoutAny);
  pint.check({ [PATH]: withoutAny });
});

test('every patched text above is Pint-clean', () => pint.assertAllClean());

test.run();
