import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { registerApiRouting } from '../../../../src/emit/laravel/edits/bootstrap-app.js';
import { BOOTSTRAP_SKELETON, assertIdempotent, pintCases, assertValidPhp, crlf, diagnosticOf, patched } from './php-check.js';

const pint = pintCases();

const PATH = 'bootstrap/app.php';
const API_LINE = "        api: __DIR__.'/../routes/api.php',\n";

const SKELETON = BOOTSTRAP_SKELETON;

const WEB_LINE = "        web: __DIR__.'/../routes/web.php',\n";

/** The skeleton with `->withRouting(...)` written another way. */
function withRouting(call: string): string {
  const start = SKELETON.indexOf('->withRouting(');
  const end = SKELETON.indexOf('    ->withMiddleware');
  return `${SKELETON.slice(0, start)}${call}\n${SKELETON.slice(end)}`;
}

test('adds api: on its own line right after web:, as install:api does', () => {
  const result = patched(registerApiRouting(SKELETON));
  assert.is(result, SKELETON.replace(WEB_LINE, WEB_LINE + API_LINE));
  assertIdempotent(registerApiRouting, result);
  pint.check({ [PATH]: result });
});

test('uncomments a commented api: argument', () => {
  const commented = SKELETON.replace(WEB_LINE, `${WEB_LINE}        // api: __DIR__.'/../routes/api.php',\n`);
  const result = patched(registerApiRouting(commented));
  assert.is(result, SKELETON.replace(WEB_LINE, WEB_LINE + API_LINE));
  assertIdempotent(registerApiRouting, result);
});

test('an api: argument already there leaves the file unchanged', () => {
  const present = SKELETON.replace(WEB_LINE, WEB_LINE + "        api: __DIR__.'/../routes/v1.php',\n");
  assert.is(patched(registerApiRouting(present)), present);
  const positional = withRouting("->withRouting(null, __DIR__.'/../routes/web.php', __DIR__.'/../routes/api.php')");
  assert.is(patched(registerApiRouting(positional)), positional);
});

test('keeps CRLF line endings', () => {
  const result = patched(registerApiRouting(crlf(SKELETON)));
  assert.is(result, crlf(SKELETON.replace(WEB_LINE, WEB_LINE + API_LINE)));
  assertIdempotent(registerApiRouting, result);
  assertValidPhp({ [PATH]: result });
});

test('a one-line withRouting gets api: inline, without a trailing comma', () => {
  const inline = withRouting("->withRouting(web: __DIR__.'/../routes/web.php', health: '/up')");
  const result = patched(registerApiRouting(inline));
  assert.ok(result.includes("->withRouting(web: __DIR__.'/../routes/web.php', api: __DIR__.'/../routes/api.php', health: '/up')\n"), result);
  const webOnly = patched(registerApiRouting(withRouting("->withRouting(web: __DIR__.'/../routes/web.php')")));
  assert.ok(webOnly.includes("->withRouting(web: __DIR__.'/../routes/web.php', api: __DIR__.'/../routes/api.php')\n"), webOnly);
  pint.check({ [PATH]: result, 'bootstrap/web-only.php': webOnly });
});

test('without web:, api: comes first', () => {
  const result = patched(registerApiRouting(SKELETON.replace(WEB_LINE, '')));
  assert.is(result, SKELETON.replace(WEB_LINE, API_LINE));
  const empty = patched(registerApiRouting(withRouting('->withRouting()')));
  assert.ok(empty.includes("->withRouting(api: __DIR__.'/../routes/api.php')\n"), empty);
  assertValidPhp({ [PATH]: result, 'bootstrap/empty.php': empty });
});

test('no withRouting call is an error', () => {
  const diagnostic = diagnosticOf(registerApiRouting(withRouting('')));
  assert.is(diagnostic.code, 'unexpected_php_shape');
  assert.is(diagnostic.span?.file, PATH);
});

test('a using: callback, which ignores api:, is an error at that argument', () => {
  const custom = withRouting("->withRouting(\n        using: function () {\n            //\n        },\n    )");
  const diagnostic = diagnosticOf(registerApiRouting(custom));
  assert.is(diagnostic.code, 'unexpected_php_shape');
  assert.equal(diagnostic.span, { file: PATH, line: 9, column: 9 });
});

test('a missing file is an error', () => {
  assert.equal(diagnosticOf(registerApiRouting(undefined)).span, { file: PATH });
});

test('a syntax error is unparsable_php at its line', () => {
  const diagnostic = diagnosticOf(registerApiRouting(SKELETON.replace("health: '/up',", "health: '/up',,")));
  assert.is(diagnostic.code, 'unparsable_php');
  assert.is(diagnostic.span?.line, 11);
});

test('every patched text above is Pint-clean', () => pint.assertAllClean());

test.run();
