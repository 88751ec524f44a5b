import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { registerApiRouting } from '../../../../src/emit/laravel/edits/bootstrap-app.js';
import { registerGuestResponses } from '../../../../src/emit/laravel/edits/guest-responses.js';
import { BOOTSTRAP_SKELETON, assertIdempotent, pintCases, crlf, diagnosticOf, patched } from './php-check.js';

const pint = pintCases();

const PATH = 'bootstrap/app.php';

const SKELETON = BOOTSTRAP_SKELETON;

const REDIRECT = "$middleware->redirectGuestsTo(fn (Request $request) => $request->is('api/*') ? null : route('login'));";
const RENDER_JSON = "$exceptions->shouldRenderJsonWhen(fn (Request $request) => $request->is('api/*') || $request->expectsJson());";
const THROTTLE = '$middleware->throttleApi();';
const NOT_FOUND =
  "$exceptions->render(fn (NotFoundHttpException $exception, Request $request) => $request->is('api/*') ? response()->json(['message' => 'Not Found.'], 404) : null);";

test("the skeleton's lone // comments become the statements, two in each closure, and their classes are imported", () => {
  const result = patched(registerGuestResponses(SKELETON));
  assert.is(
    result,
    SKELETON.replace(
      'use Illuminate\\Foundation\\Configuration\\Middleware;\n',
      'use Illuminate\\Foundation\\Configuration\\Middleware;\nuse Illuminate\\Http\\Request;\nuse Symfony\\Component\\HttpKernel\\Exception\\NotFoundHttpException;\n',
    )
      .replace('void {\n        //\n    })\n    ->withExceptions', `void {\n        ${REDIRECT}\n        ${THROTTLE}\n    })\n    ->withExceptions`)
      .replace('void {\n        //\n    })->create', `void {\n        ${RENDER_JSON}\n        ${NOT_FOUND}\n    })->create`),
  );
  assertIdempotent(registerGuestResponses, result);
  const again = registerGuestResponses(result);
  assert.equal(again.ok ? again.warnings : 'failed', undefined, 'its own statements raise no warning');
  pint.check({ [PATH]: result });
});

test('applies in sequence with the api: routing patch, in either order', () => {
  const routedFirst = patched(registerGuestResponses(patched(registerApiRouting(SKELETON))));
  const routedLast = patched(registerApiRouting(patched(registerGuestResponses(SKELETON))));
  assert.is(routedFirst, routedLast);
  assert.ok(routedFirst.includes("        api: __DIR__.'/../routes/api.php',\n"));
  pint.check({ [PATH]: routedFirst });
});

test("statements of the user's own stay, ours go after the last one; the parameter's name is the user's", () => {
  const own = SKELETON.replace('function (Middleware $middleware): void {\n        //\n', "function (Middleware $m): void {\n        $m->statefulApi();\n        // keep this\n");
  const result = patched(registerGuestResponses(own));
  assert.ok(result.includes("        $m->statefulApi();\n        $m->redirectGuestsTo(fn (Request $request) =>"), result);
  assert.ok(result.includes("route('login'));\n        $m->throttleApi();\n        // keep this\n    })"), result);
  assertIdempotent(registerGuestResponses, result);
  pint.check({ [PATH]: result });
});

test("the user's own redirectGuestsTo / redirectTo(guests:) / shouldRenderJsonWhen / throttleApi / 404 rendering are kept, with a warning where they may answer otherwise", () => {
  const own = SKELETON.replace(
    'function (Middleware $middleware): void {\n        //\n',
    "function (Middleware $middleware): void {\n        $middleware->redirectTo(guests: '/signin');\n        $middleware->throttleApi('uploads');\n",
  ).replace(
    'function (Exceptions $exceptions): void {\n        //\n',
    'function (Exceptions $exceptions): void {\n        $exceptions->shouldRenderJsonWhen(fn () => true);\n        $exceptions->render(fn (NotFoundHttpException $e) => response()->json([], 404));\n',
  );
  const result = registerGuestResponses(own);
  assert.is(patched(result), own);
  assert.equal(
    (result.ok ? (result.warnings ?? []) : []).map((warning) => [warning.code, warning.span?.line]),
    [
      ['guest_response_kept', 14],
      ['guest_response_kept', 18],
      ['guest_response_kept', 19],
    ],
    'a throttle of their own is a rate limit all the same',
  );
  const redirectOnly = own.replace('$exceptions->shouldRenderJsonWhen(fn () => true);', '//');
  const completed = registerGuestResponses(redirectOnly);
  assert.ok(patched(completed).includes(RENDER_JSON), 'the other closure still gets its statement');
  assert.is(completed.ok ? completed.warnings?.length : 0, 2);
  assert.not.ok(patched(completed).includes('redirectGuestsTo'));
  const otherRender = own.replace('NotFoundHttpException $e', 'AuthenticationException $e');
  assert.ok(patched(registerGuestResponses(otherRender)).includes(NOT_FOUND), 'a render of another exception decides nothing about 404s');
});

test("the Laravel 13 skeleton's own shouldRenderJsonWhen, over three lines, is the statement: kept, without a warning", () => {
  const skeleton13 = SKELETON.replace('use Illuminate\\Foundation\\Configuration\\Middleware;\n', 'use Illuminate\\Foundation\\Configuration\\Middleware;\nuse Illuminate\\Http\\Request;\n').replace(
    'function (Exceptions $exceptions): void {\n        //\n',
    "function (Exceptions $exceptions): void {\n        $exceptions->shouldRenderJsonWhen(\n            fn (Request $request) => $request->is('api/*') || $request->expectsJson(),\n        );\n",
  );
  const result = registerGuestResponses(skeleton13);
  assert.equal(result.ok ? result.warnings : 'failed', undefined);
  const text = patched(result);
  assert.is(text.split('shouldRenderJsonWhen').length, 2, 'not written a second time');
  assert.ok(text.includes(`        );\n        ${NOT_FOUND}\n    })->create`), 'the 404 rendering goes after it');
  const otherwise = skeleton13.replace("$request->is('api/*') || $request->expectsJson()", "$request->is('v2/*')");
  const deciding = registerGuestResponses(otherwise);
  assert.equal(deciding.ok ? deciding.warnings?.map((warning) => warning.code) : 'failed', ['guest_response_kept'], 'a callback deciding otherwise still warns');
  pint.check({ [PATH]: text });
});

test('redirectTo without guests: decides nothing about guests', () => {
  const own = SKELETON.replace('function (Middleware $middleware): void {\n        //\n', "function (Middleware $middleware): void {\n        $middleware->redirectTo(users: '/home');\n");
  assert.ok(patched(registerGuestResponses(own)).includes(REDIRECT));
});

test('keeps CRLF line endings', () => {
  const result = patched(registerGuestResponses(crlf(SKELETON)));
  assert.not.ok(/[^\r]\n/.test(result), JSON.stringify(result));
  assertIdempotent(registerGuestResponses, result);
});

test('a missing ->withExceptions(...) call or a closure without parameter is refused at its place', () => {
  const noExceptions = SKELETON.replace("    ->withExceptions(function (Exceptions $exceptions): void {\n        //\n    })", '    ');
  const missing = diagnosticOf(registerGuestResponses(noExceptions));
  assert.is(missing.code, 'unexpected_php_shape');
  assert.match(missing.message, 'no ->withExceptions(...) call');
  assert.match(missing.hint ?? '', "$parameter->shouldRenderJsonWhen(");
  const noParameter = diagnosticOf(registerGuestResponses(SKELETON.replace('function (Middleware $middleware)', 'function ()')));
  assert.equal([noParameter.code, noParameter.span?.line], ['unexpected_php_shape', 13]);
  assert.is(diagnosticOf(registerGuestResponses(undefined)).code, 'unexpected_php_shape');
});

test('every patched text above is Pint-clean', () => pint.assertAllClean());

test.run();
