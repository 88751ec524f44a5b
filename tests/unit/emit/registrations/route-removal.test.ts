import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { registerResourceRoutes } from '../../../../src/emit/laravel/edits/api-routes.js';
import { findControllerRoutes, removeControllerRoutes } from '../../../../src/emit/laravel/removals/route-removal.js';
import { pintCases, crlf, diagnosticOf, patched } from './php-check.js';

const pint = pintCases();

const POST = 'App\\Http\\Controllers\\PostController';
const COMMENT = 'App\\Http\\Controllers\\CommentController';

const INSTALL_API = String.raw`<?php

use Illuminate\Http\Request;
use Illuminate\Support\Facades\Route;

Route::get('/user', function (Request $request) {
    return $request->user();
})->middleware('auth:sanctum');
`;

const remove = (text: string, controllers: readonly string[], path = 'routes/api.php'): string => patched(removeControllerRoutes(path, text, controllers));

test('undoes what make registers for a soft-deleting entity, back to the file install:api wrote', () => {
  const registered = patched(
    registerResourceRoutes(INSTALL_API, [
      {
        controllerClass: 'PostController',
        controllerNamespace: 'App\\Http\\Controllers',
        uriSegment: 'posts',
        routeParameter: 'post',
        softDeletes: true,
        authenticated: false,
      },
    ]),
  );
  assert.ok(registered.includes('posts/{post}/restore'));
  assert.is(remove(registered, [POST]), INSTALL_API);
});

test('removes one entity among others, with its import, and leaves the rest byte for byte', () => {
  const text = String.raw`<?php

use App\Http\Controllers\CommentController;
use App\Http\Controllers\PostController;
use Illuminate\Support\Facades\Route;

Route::apiResource('comments', CommentController::class);  // comments
Route::apiResource('posts', PostController::class); // posts
Route::post('posts/{post}/restore', [PostController::class, 'restore'])->name('posts.restore')->withTrashed();

Route::get('/health',    fn () => 'ok');
`;
  const expected = String.raw`<?php

use App\Http\Controllers\CommentController;
use Illuminate\Support\Facades\Route;

Route::apiResource('comments', CommentController::class);  // comments

Route::get('/health',    fn () => 'ok');
`;
  assert.is(remove(text, [POST]), expected);
  assert.is(remove(crlf(text), [POST]), crlf(expected));
});

test('finds the 3.x forms, string actions, controller groups and chained registrations in web.php', () => {
  const text = String.raw`<?php

use App\Http\Controllers\PostController;
use Illuminate\Support\Facades\Route;

Route::get('/', function () {
    return view('welcome');
});
Route::view('/about', 'about');

Route::middleware('auth')->group(function () {
    Route::get('/posts', 'App\Http\Controllers\PostController@index');
    Route::resource('drafts', \App\Http\Controllers\PostController::class);

    Route::get('/dashboard', [PostController::class, 'dashboard'])->name('dashboard');
});

Route::controller(PostController::class)->group(function () {
    Route::get('/archive', 'archive');
    Route::post('/archive', 'store');
});

Route::middleware('auth')->get('/feed', PostController::class);
Route::match(['get', 'post'], '/search', 'App\Http\Controllers\PostController@search');
`;
  const found = findControllerRoutes('routes/web.php', text);
  assert.ok(found.ok);
  const listed = found.ok ? found.value.map((route) => `${route.line}:${route.controller}`) : [];
  assert.equal(listed, [`12:${POST}`, `13:${POST}`, `15:${POST}`, `18:${POST}`, `23:${POST}`, `24:${POST}`]);
  const expected = String.raw`<?php

use Illuminate\Support\Facades\Route;

Route::get('/', function () {
    return view('welcome');
});
Route::view('/about', 'about');
`;
  const removed = remove(text, [POST], 'routes/web.php');
  assert.is(removed, expected);
  pint.check({ 'routes/web.php': removed });
});

test('keeps an import the rest of the file still uses, and routes of other controllers', () => {
  const text = String.raw`<?php

use App\Http\Controllers\PostController;
use Illuminate\Support\Facades\Route;

Route::apiResource('posts', PostController::class);
Route::get('/latest', [PostController::class, 'latest']);
Route::get('/up', fn () => PostController::class);
`;
  assert.is(remove(text, [COMMENT]), text);
  const expected = String.raw`<?php

use App\Http\Controllers\PostController;
use Illuminate\Support\Facades\Route;

Route::get('/up', fn () => PostController::class);
`;
  assert.is(remove(text, [POST]), expected);
});

test('a file left without routes loses the Route import too', () => {
  const text = "<?php\n\nuse App\\Http\\Controllers\\PostController;\nuse Illuminate\\Support\\Facades\\Route;\n\nRoute::apiResource('posts', PostController::class);\n";
  assert.is(remove(text, [POST], 'routes/extra.php'), '<?php\n');
});

test('includedFiles follows require __DIR__ and base_path forms', async () => {
  const { includedFiles } = await import('../../../../src/emit/laravel/removals/route-removal.js');
  const { parsePhp } = await import('../../../../src/php/php-source.js');
  const parsed = parsePhp('routes/web.php', "<?php\n\nrequire __DIR__.'/auth.php';\nrequire_once base_path('routes/admin.php');\ninclude __DIR__.'/../routes/x/../more.php';\nrequire $dynamic;\n");
  assert.ok(parsed.ok);
  assert.equal(parsed.ok ? includedFiles(parsed.value) : [], ['routes/auth.php', 'routes/admin.php', 'routes/more.php']);
});

test('a file that does not parse is a positioned error', () => {
  const diagnostic = diagnosticOf(removeControllerRoutes('routes/api.php', "<?php\n\nRoute::get('/x', [Foo::class 'y']);\n", [POST]));
  assert.is(diagnostic.span?.file, 'routes/api.php');
  assert.is(diagnostic.span?.line, 3);
});

test('the removals of a mixed file are Pint-clean', () => {
  const text = String.raw`<?php

use App\Http\Controllers\CommentController;
use App\Http\Controllers\PostController;
use Illuminate\Support\Facades\Route;

Route::prefix('v1')->group(function () {
    Route::apiResource('posts', PostController::class);

    Route::apiResource('comments', CommentController::class);
});

Route::apiResource('posts', PostController::class);
`;
  const removed = remove(text, [POST]);
  assert.is(
    removed,
    String.raw`<?php

use App\Http\Controllers\CommentController;
use Illuminate\Support\Facades\Route;

Route::prefix('v1')->group(function () {
    Route::apiResource('comments', CommentController::class);
});
`,
  );
  pint.check({ 'routes/api.php': removed });
});

test('every patched text above is Pint-clean', () => pint.assertAllClean());

test.run();
