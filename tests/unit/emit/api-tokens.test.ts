import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addApiTokens } from '../../../src/emit/laravel/edits/api-tokens.js';
import { integrateModel } from '../../../src/emit/laravel/edits/model-edit.js';
import type { Entity } from '../../../src/ir/ir.generated.js';
import { repoRoot } from '../../support/repo-root.js';
import { assertIdempotent, pintCases, diagnosticOf, patched } from './registrations/php-check.js';
import { entity, field, builtInStubs } from '../../support/entities.js';

const pint = pintCases();
/** The built-in stubs, which the edit of a project's own model renders its new members from. */
const BUILT_IN = { stubs: builtInStubs() };

const PATH = 'app/Models/User.php';
const USER = readFileSync(join(repoRoot(), 'tests', 'fixtures', 'laravel-12-skeleton', PATH), 'utf8');
const AT = { flag: '--auth' };
const apply = (text: string) => addApiTokens(text, PATH, AT);

test("the skeleton's User gets HasApiTokens, imported and first in Pint's order of its traits", () => {
  const result = patched(apply(USER));
  assert.is(
    result,
    USER.replace('    use HasFactory, Notifiable;', '    use HasApiTokens, HasFactory, Notifiable;').replace(
      'use Illuminate\\Notifications\\Notifiable;\n',
      'use Illuminate\\Notifications\\Notifiable;\nuse Laravel\\Sanctum\\HasApiTokens;\n',
    ),
  );
  assertIdempotent(apply, result);
  pint.check({ [PATH]: result });
});

test('a User that already uses HasApiTokens, imported or fully qualified, is left byte for byte', () => {
  const qualified = USER.replace('    use HasFactory, Notifiable;', '    use HasFactory, Notifiable;\n    use \\Laravel\\Sanctum\\HasApiTokens;');
  assert.is(patched(apply(qualified)), qualified);
  const once = patched(apply(USER));
  assert.is(patched(apply(once)), once);
});

test('a User without traits gets a use line opening its body', () => {
  const bare = "<?php\n\nnamespace App\\Models;\n\nuse Illuminate\\Foundation\\Auth\\User as Authenticatable;\n\nclass User extends Authenticatable\n{\n    protected $fillable = ['name'];\n}\n";
  const result = patched(apply(bare));
  assert.ok(result.includes('{\n    use HasApiTokens;\n\n    protected $fillable'), result);
  assert.ok(result.includes('use Illuminate\\Foundation\\Auth\\User as Authenticatable;\nuse Laravel\\Sanctum\\HasApiTokens;\n'), result);
  assertIdempotent(apply, result);
  pint.check({ [PATH]: result });
});

test('no User model: an error at the place --auth was asked for', () => {
  const missing = diagnosticOf(addApiTokens(undefined, PATH, { file: 'api-schema.yaml', line: 4, column: 5 }));
  assert.is(missing.code, 'user_model_missing');
  assert.equal(missing.span, { file: 'api-schema.yaml', line: 4, column: 5 });
  assert.match(missing.message, 'App\\Models\\User');
});

test('with User also an entity: the model integration and this patch apply in sequence, either way round, and stay put', () => {
  const user: Entity = {
    ...entity('User', [field('name'), field('email', 'string', { unique: true }), field('bio', 'text', { nullable: true })]),
    existing: { model: PATH, tableColumns: ['id', 'name', 'email', 'password', 'created_at', 'updated_at'], shownColumns: [], ownMigrations: [] },
  };
  const integrated = patched(integrateModel(USER, user, PATH, BUILT_IN));
  const both = patched(apply(integrated));
  assert.ok(both.includes('    use HasApiTokens, HasFactory, Notifiable;'), both);
  assert.ok(both.includes("        'bio',\n"), both);
  assert.is(patched(integrateModel(both, user, PATH, BUILT_IN)), both);
  assert.is(patched(apply(both)), both);
  assert.is(patched(integrateModel(patched(apply(USER)), user, PATH, BUILT_IN)), both);
  pint.check({ [PATH]: both });
});

test('every patched text above is Pint-clean', () => pint.assertAllClean());

test.run();
