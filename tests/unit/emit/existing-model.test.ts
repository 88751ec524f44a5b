import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { emitAddColumnsMigration } from '../../../src/emit/laravel/artifacts/add-columns-migration.js';
import { integrateFactory } from '../../../src/emit/laravel/edits/factory-edit.js';
import { integrateModel } from '../../../src/emit/laravel/edits/model-edit.js';
import type { Entity, ExistingModel } from '../../../src/ir/ir.generated.js';
import { repoRoot } from '../../support/repo-root.js';
import { assertIdempotent, pintCases, diagnosticOf, patched } from './registrations/php-check.js';
import { context, entity, field, onlyFile, builtInStubs } from '../../support/entities.js';

const pint = pintCases();
/** The built-in stubs, which the edit of a project's own model renders its new members from. */
const BUILT_IN = { stubs: builtInStubs() };

const skeleton = (path: string) => readFileSync(join(repoRoot(), 'tests', 'fixtures', 'laravel-12-skeleton', path), 'utf8');
const USER = skeleton('app/Models/User.php');
const USER_FACTORY = skeleton('database/factories/UserFactory.php');
const MODEL_PATH = 'app/Models/User.php';
const FACTORY_PATH = 'database/factories/UserFactory.php';

const SKELETON_TABLE: ExistingModel = {
  model: MODEL_PATH,
  factory: FACTORY_PATH,
  createdBy: '0001_01_01_000000_create_users_table.php',
  tableColumns: ['id', 'name', 'email', 'email_verified_at', 'password', 'remember_token', 'created_at', 'updated_at'],
  shownColumns: [field('email_verified_at', 'timestamp', { nullable: true })],
  ownMigrations: ['0001_01_01_000000_create_users_table.php'],
};

/** The User entity as the existing-models pass leaves it: the skeleton's columns, a bio, posts. */
function user(extra: Partial<Entity> = {}): Entity {
  const base = entity('User', [field('name'), field('email', 'string', { unique: true }), { ...field('password'), secret: true, hashed: true }, field('bio', 'text', { nullable: true })]);
  return { ...base, relations: [{ name: 'posts', kind: 'hasMany', target: 'Post', foreignKey: 'user_id', ownerKey: 'id', onDelete: 'restrict', synthesized: true, span: {} }], existing: SKELETON_TABLE, ...extra };
}

test("the skeleton's User gets bio, posts() and a docblock; nothing it has is touched", () => {
  const result = patched(integrateModel(USER, user(), MODEL_PATH, BUILT_IN));
  assert.ok(result.includes("        'password',\n        'bio',\n    ];"), result);
  assert.ok(result.includes(' * @property string|null $bio\n * @property Carbon|null $email_verified_at\n'), result);
  assert.ok(result.includes(' * @property-read Collection<int, Post> $posts\n */\nclass User extends Authenticatable'), result);
  assert.ok(result.endsWith("    public function posts(): HasMany\n    {\n        return $this->hasMany(Post::class);\n    }\n}\n"), result);
  assert.ok(result.includes("use Illuminate\\Database\\Eloquent\\Relations\\HasMany;\nuse Illuminate\\Foundation\\Auth\\User as Authenticatable;"), result);
  for (const kept of ["    protected $hidden = [\n        'password',\n        'remember_token',\n    ];", "            'password' => 'hashed',\n        ];", 'use HasFactory, Notifiable;']) {
    assert.ok(result.includes(kept), kept);
  }
  assertIdempotent((text) => integrateModel(text, user(), MODEL_PATH, BUILT_IN), result);
  pint.check({ [MODEL_PATH]: result });
});

test('a model with everything the entity needs is left byte for byte', () => {
  const once = patched(integrateModel(USER, user(), MODEL_PATH, BUILT_IN));
  assert.is(patched(integrateModel(once, user(), MODEL_PATH, BUILT_IN)), once);
  const bare = user({ relations: [], fields: user().fields.slice(0, 3) });
  const tagged = USER.replace('class User', '/**\n * @property int $id\n * @property string $name\n * @property string $email\n * @property string $password\n * @property \\Illuminate\\Support\\Carbon|null $email_verified_at\n * @property \\Illuminate\\Support\\Carbon|null $created_at\n * @property \\Illuminate\\Support\\Carbon|null $updated_at\n */\nclass User');
  assert.is(patched(integrateModel(tagged, bare, MODEL_PATH, BUILT_IN)), tagged);
});

test('a relation whose tag is there but whose method is not gets the method, and no import the tag already needed', () => {
  const tagged = USER.replace('use Illuminate\\Database\\Eloquent\\Factories\\HasFactory;', 'use Illuminate\\Database\\Eloquent\\Collection;\nuse Illuminate\\Database\\Eloquent\\Factories\\HasFactory;')
    .replace('class User', '/**\n * @property-read Collection<int, Post> $posts\n */\nclass User');
  const result = patched(integrateModel(tagged, user({ fields: user().fields.slice(0, 3) }), MODEL_PATH, BUILT_IN));
  assert.is(result.split('use Illuminate\\Database\\Eloquent\\Collection;').length, 2, result);
  assert.ok(result.includes('    public function posts(): HasMany\n'), result);
  pint.check({ [MODEL_PATH]: result });
});

const LARAVEL_13_USER = `<?php

namespace App\\Models;

use Illuminate\\Database\\Eloquent\\Attributes\\Fillable;
use Illuminate\\Database\\Eloquent\\Attributes\\Hidden;
use Illuminate\\Database\\Eloquent\\Factories\\HasFactory;
use Illuminate\\Foundation\\Auth\\User as Authenticatable;

/**
 * Someone who signs in.
 */
#[Fillable(['name', 'email', 'password'])]
#[Hidden('password', 'remember_token')]
class User extends Authenticatable
{
    use HasFactory;
}
`;

test("Laravel 13's attributes: the array and the variadic form are both extended; a summary is kept above the tags", () => {
  const secretive = user({ fields: [...user().fields, { ...field('api_token', 'string', { nullable: true }), secret: true }], relations: [] });
  const result = patched(integrateModel(LARAVEL_13_USER, secretive, MODEL_PATH, BUILT_IN));
  assert.ok(result.includes("#[Fillable(['name', 'email', 'password', 'bio', 'api_token'])]\n#[Hidden('password', 'remember_token', 'api_token')]\n"), result);
  assert.ok(result.includes('/**\n * Someone who signs in.\n *\n * @property int $id\n'), result);
  assert.ok(result.includes("    use HasFactory;\n\n    /**\n     * Get the attributes that should be cast.\n"), result);
  assert.ok(result.includes("            'password' => 'hashed',\n        ];\n    }\n}\n"), result);
  assertIdempotent((text) => integrateModel(text, secretive, MODEL_PATH, BUILT_IN), result);
  pint.check({ [MODEL_PATH]: result });
});

test('a guarded model keeps its mass assignment; missing traits join the first use in order; an empty class is filled', () => {
  const guarded = "<?php\n\nnamespace App\\Models;\n\nuse Illuminate\\Database\\Eloquent\\Model;\nuse Illuminate\\Notifications\\Notifiable;\n\nclass User extends Model\n{\n    use Notifiable;\n\n    protected $guarded = [];\n}\n";
  const result = patched(integrateModel(guarded, user({ softDeletes: true, relations: [] }), MODEL_PATH, BUILT_IN));
  assert.not.ok(result.includes('$fillable'), result);
  assert.ok(result.includes('    use HasFactory, Notifiable, SoftDeletes;\n'), result);
  pint.check({ [MODEL_PATH]: result });
  const empty = "<?php\n\nnamespace App\\Models;\n\nuse Illuminate\\Database\\Eloquent\\Model;\n\nclass User extends Model\n{\n}\n";
  const filled = patched(integrateModel(empty, user(), MODEL_PATH, BUILT_IN));
  assert.ok(filled.includes("{\n    use HasFactory;\n\n    /**\n     * The attributes that are mass assignable."), filled);
  assert.ok(filled.includes('    public function posts(): HasMany\n'), filled);
  assertIdempotent((text) => integrateModel(text, user(), MODEL_PATH, BUILT_IN), filled);
  pint.check({ [MODEL_PATH]: filled });
});

test("a published partial shapes what the edit declares, as it shapes a generated model's; one that fails is the edit's error", () => {
  const empty = "<?php\n\nnamespace App\\Models;\n\nuse Illuminate\\Database\\Eloquent\\Model;\n\nclass User extends Model\n{\n}\n";
  const published = { ...builtInStubs(), 'model.relations': builtInStubs()['model.relations'].replace('/**', '/**\n * Drawn by the team.\n *') };
  const filled = patched(integrateModel(empty, user(), MODEL_PATH, { stubs: published }));
  assert.ok(filled.includes('    /**\n     * Drawn by the team.\n     *\n     * @return HasMany<Post, $this>\n     */\n    public function posts(): HasMany\n'), filled);
  pint.check({ [MODEL_PATH]: filled });
  const broken = { ...builtInStubs(), 'model.casts': '<% if (casts { %>\n' };
  const failure = diagnosticOf(integrateModel(empty, user(), MODEL_PATH, { stubs: broken }));
  assert.is(failure.code, 'invalid_stub');
  assert.is(failure.span?.file, 'model.casts.stub');
});

test('an import of another class under a name the edit needs is an error; so is a file with no class', () => {
  const clashing = USER.replace('use Illuminate\\Notifications\\Notifiable;', 'use Illuminate\\Notifications\\Notifiable;\nuse Illuminate\\Support\\Collection;');
  assert.is(diagnosticOf(integrateModel(clashing, user(), MODEL_PATH, BUILT_IN)).code, 'unexpected_php_shape');
  assert.is(diagnosticOf(integrateModel('<?php\n', user(), MODEL_PATH, BUILT_IN)).code, 'unexpected_php_shape');
  assert.is(diagnosticOf(integrateModel(undefined, user(), MODEL_PATH, BUILT_IN)).code, 'unexpected_php_shape');
});

test("the factory's definition() gets the values it lacks, after its own", () => {
  const team = user({ foreignKeys: [{ column: 'team_id', fieldType: 'bigint', referencesTable: 'teams', referencesColumn: 'id', nullable: false, relation: 'team', onDelete: 'restrict' }] });
  team.relations = [{ name: 'team', kind: 'belongsTo', target: 'Team', foreignKey: 'team_id', ownerKey: 'id', onDelete: 'restrict', synthesized: false, span: {} }];
  const result = patched(integrateFactory(USER_FACTORY, team, FACTORY_PATH));
  assert.ok(result.includes("            'remember_token' => Str::random(10),\n            'team_id' => Team::factory(),\n            'bio' => fake()->paragraphs(3, true),\n        ];"), result);
  assert.ok(result.includes('use App\\Models\\Team;\nuse App\\Models\\User;\n'), result);
  assertIdempotent((text) => integrateFactory(text, team, FACTORY_PATH), result);
  pint.check({ [FACTORY_PATH]: result });
  const computed = USER_FACTORY.replace(/return \[[^\]]*\];/, 'return $this->defaults();');
  assert.match(diagnosticOf(integrateFactory(computed, team, FACTORY_PATH)).message, 'definition() does not end by returning an array literal');
});

test('the add-columns migration adds only what the table lacks, nullable unless defaulted, and drops it again', () => {
  const wide = user({
    fields: [...user().fields, field('nickname', 'string', { unique: true }), { ...field('level'), defaultValue: { value: 'low' } }],
    softDeletes: true,
  });
  const file = onlyFile(emitAddColumnsMigration(wide, SKELETON_TABLE, context()));
  assert.is(file.path, 'database/migrations/2026_01_02_030405_add_columns_to_users_table.php');
  assert.ok(file.content.includes("        Schema::table('users', function (Blueprint $table) {\n            $table->text('bio')->nullable();\n            $table->string('nickname')->nullable()->unique();\n            $table->string('level')->default('low');\n            $table->softDeletes();\n        });"), file.content);
  assert.ok(file.content.includes("            $table->dropUnique(['nickname']);\n            $table->dropColumn(['bio', 'nickname', 'level']);\n            $table->dropSoftDeletes();\n"), file.content);
  pint.check({ [file.path]: file.content });
  const named = onlyFile(emitAddColumnsMigration(user(), SKELETON_TABLE, context()));
  assert.is(named.path, 'database/migrations/2026_01_02_030405_add_bio_to_users_table.php');
  const earlier = ['0001_01_01_000000_create_users_table.php', '2025_05_05_050505_add_bio_to_users_table.php'];
  assert.is(onlyFile(emitAddColumnsMigration(wide, SKELETON_TABLE, context(12, { existingMigrations: earlier }))).path, `database/migrations/${earlier[1]}`);
  const own = { ...SKELETON_TABLE, ownMigrations: earlier };
  assert.is(onlyFile(emitAddColumnsMigration(user(), own, context(12, { existingMigrations: earlier }))).path, named.path, "the project's own migration is never fullapi's");
  const complete = { ...SKELETON_TABLE, tableColumns: [...SKELETON_TABLE.tableColumns, 'bio'] };
  assert.equal(emitAddColumnsMigration(user(), complete, context()), { ok: true, files: [] });
});

test('every patched text above is Pint-clean', () => pint.assertAllClean());

test.run();
