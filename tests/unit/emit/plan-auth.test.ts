import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { planEntities } from '../../../src/emit/plan-entities.js';
import type { CheckedModel, Entity } from '../../../src/ir/ir.generated.js';
import type { FilePatch } from '../../../src/plan/file-plan.js';
import { repoRoot } from '../../support/repo-root.js';
import { context, entity, field } from '../../support/entities.js';
import { BOOTSTRAP_SKELETON, pintCases, diagnosticOf, patched } from './registrations/php-check.js';

const pint = pintCases();

const USER = readFileSync(join(repoRoot(), 'tests', 'fixtures', 'laravel-12-skeleton', 'app/Models/User.php'), 'utf8');
const BOOTSTRAP = BOOTSTRAP_SKELETON;

const withAuth = (one: Entity): Entity => ({ ...one, options: { auth: true } });
const post = entity('Post', [field('title')], { softDeletes: true });
const tag = entity('Tag', [field('name')]);

function patchesOf(entities: Entity[]): FilePatch[] {
  const model: CheckedModel = { entities, pivots: [] };
  const { plan, diagnostics } = planEntities(model, context(12));
  assert.equal(diagnostics, []);
  return plan.filter((entry): entry is FilePatch => entry.kind === 'patch');
}

/** The patches of each path applied in plan order, as the writer does. */
function applied(patches: readonly FilePatch[], files: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [path, before] of Object.entries(files)) {
    result[path] = patches.filter((patch) => patch.path === path).reduce<string>((text, patch) => patched(patch.apply(text)), before ?? '');
  }
  return result;
}

test('with --auth on one entity: the routes patch says so, bootstrap/app.php gets a second patch, User.php one', () => {
  const patches = patchesOf([withAuth(post), tag]);
  assert.is(patches.find((patch) => patch.path === 'routes/api.php')?.describe, 'register the resource routes of 2 entities, behind auth:sanctum for Post');
  assert.equal(
    patches.filter((patch) => patch.path === 'bootstrap/app.php').map((patch) => patch.describe),
    [
      'load routes/api.php',
      'answer requests to api/* without a token with a JSON 401, errors with JSON (a 404 naming no model), and throttle api/*',
    ],
  );
  assert.equal(
    patches.filter((patch) => patch.path === 'app/Models/User.php').map((patch) => patch.artifact),
    ['Model'],
  );
  const once = applied(patches, { 'bootstrap/app.php': BOOTSTRAP, 'app/Models/User.php': USER });
  const routes = patched(patches.find((patch) => patch.path === 'routes/api.php')?.apply(undefined) ?? { ok: false, diagnostics: [] });
  assert.ok(routes.includes("Route::middleware('auth:sanctum')->group(function () {\n    Route::post('/logout'"), routes);
  assert.ok(routes.includes("\nRoute::apiResource('tags', TagController::class);\n"), routes);
  assert.ok(once['bootstrap/app.php']?.includes("        api: __DIR__.'/../routes/api.php',\n"));
  assert.ok(once['bootstrap/app.php']?.includes('$middleware->redirectGuestsTo('));
  assert.ok(once['bootstrap/app.php']?.includes('$middleware->throttleApi();'));
  assert.ok(once['app/Models/User.php']?.includes('    use HasApiTokens, HasFactory, Notifiable;'));
  assert.equal(applied(patches, once), once, 'a second run changes nothing');
  pint.check({ ...once, 'routes/api.php': routes });
});

test('without --auth nothing of it is planned; errors under api/* still answer JSON', () => {
  const patches = patchesOf([post, tag]);
  assert.is(patches.find((patch) => patch.path === 'routes/api.php')?.describe, 'register the resource routes of 2 entities');
  assert.equal(
    patches.filter((patch) => patch.path === 'bootstrap/app.php').map((patch) => patch.describe),
    [
      'load routes/api.php',
      'answer errors under api/* with JSON (a 404 naming no model), whatever the request accepts, and throttle api/*',
    ],
  );
  assert.not.ok(patches.some((patch) => patch.path === 'app/Models/User.php'));
});

test('no User model: the error points at the entity asking for --auth', () => {
  const asking = { ...withAuth(post), span: { file: 'api-schema.yaml', line: 3, column: 3 } };
  const userPatch = patchesOf([asking]).find((patch) => patch.path === 'app/Models/User.php');
  const missing = diagnosticOf(userPatch?.apply(undefined) ?? { ok: true, content: '' });
  assert.equal([missing.code, missing.span], ['user_model_missing', { file: 'api-schema.yaml', line: 3, column: 3 }]);
});

test('a User entity fullapi generates is refused, and gets no patch on top of its generated model', () => {
  const user = withAuth(entity('User', [field('name')]));
  const { plan, diagnostics } = planEntities({ entities: [user], pivots: [] }, context(12));
  assert.equal(diagnostics.map((diagnostic) => diagnostic.code), ['user_model_missing']);
  assert.not.ok(plan.some((entry) => entry.kind === 'patch' && entry.path === 'app/Models/User.php'));
});

test('every patched text above is Pint-clean', () => pint.assertAllClean());

test.run();
