import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readProject } from '../../../src/project/read/read-project.js';
import { serializeManifest } from '../../../src/project/write/manifest.js';
import { nodeFs } from '../../../src/project/fs/project-fs.js';
import { repoRoot } from '../../support/repo-root.js';
import { fixturePackageRoot, laravelProject } from './laravel-fixture.js';

const skeleton = (path: string) => readFileSync(join(repoRoot(), 'tests', 'fixtures', 'laravel-12-skeleton', path), 'utf8');
const USER = skeleton('app/Models/User.php');
const USERS_MIGRATION = skeleton('database/migrations/0001_01_01_000000_create_users_table.php');
const USER_FACTORY = skeleton('database/factories/UserFactory.php');

function factsOf(files: Record<string, string>) {
  const { snapshot, diagnostics } = readProject(laravelProject(files), nodeFs, { packageRoot: fixturePackageRoot() });
  return { projectModels: snapshot?.facts.projectModels, diagnostics };
}

function manifestListing(...paths: string[]): string {
  return serializeManifest({ files: new Map(paths.map((path) => [path, `sha256:${'0'.repeat(64)}`])) });
}

test("Laravel's skeleton: the User model, its factory, and the users table as its migration creates it", () => {
  const { projectModels, diagnostics } = factsOf({
    'app/Models/User.php': USER,
    'database/migrations/0001_01_01_000000_create_users_table.php': USERS_MIGRATION,
    'database/factories/UserFactory.php': USER_FACTORY,
  });
  assert.equal(diagnostics, []);
  const [user] = projectModels ?? [];
  assert.equal({ ...user, columns: undefined }, {
    className: 'User',
    path: 'app/Models/User.php',
    table: 'users',
    factory: 'database/factories/UserFactory.php',
    createdBy: '0001_01_01_000000_create_users_table.php',
    migrations: ['0001_01_01_000000_create_users_table.php'],
    columns: undefined,
  });
  assert.equal(
    user?.columns.map(({ name, type, nullable, unique, primary, hidden }) => [name, type, nullable, unique, primary, hidden]),
    [
      ['id', 'bigint', false, false, true, false],
      ['name', 'string', false, false, false, false],
      ['email', 'string', false, true, false, false],
      ['email_verified_at', 'timestamp', true, false, false, false],
      ['password', 'string', false, false, false, true],
      ['remember_token', 'string', true, false, false, true],
      ['created_at', 'timestamp', true, false, false, false],
      ['updated_at', 'timestamp', true, false, false, false],
    ],
  );
});

test("fullapi's own files are not the project's: a model or migration in the manifest, or in an interrupted run's", () => {
  const generated = factsOf({ 'app/Models/Post.php': '<?php\nnamespace App\\Models;\nclass Post extends Model {}\n', '.fullapi/manifest.json': manifestListing('app/Models/Post.php') });
  assert.is(generated.projectModels, undefined);
  const interrupted = factsOf({
    'app/Models/Post.php': '<?php\nnamespace App\\Models;\nclass Post extends Model {}\n',
    '.fullapi/.manifest.json.fullapi-tmp': manifestListing('app/Models/Post.php'),
  });
  assert.is(interrupted.projectModels, undefined);
  const withOwnColumns = factsOf({
    'app/Models/User.php': USER,
    'database/migrations/0001_01_01_000000_create_users_table.php': USERS_MIGRATION,
    'database/migrations/2026_01_01_000000_add_bio_to_users_table.php': "<?php\nSchema::table('users', function (Blueprint $table) { $table->text('bio'); });\n",
    '.fullapi/manifest.json': manifestListing('database/migrations/2026_01_01_000000_add_bio_to_users_table.php'),
  });
  const columns = withOwnColumns.projectModels?.[0]?.columns.map((column) => column.name) ?? [];
  assert.not.ok(columns.includes('bio'), 'the columns of fullapi\'s migration are not the table\'s own');
  assert.is(withOwnColumns.projectModels?.[0]?.factory, undefined, 'no factory file, none recorded');
});

test('the table is the one the model names, as a property or a Laravel 13 attribute, and its hidden columns are read', () => {
  const { projectModels } = factsOf({
    'app/Models/Member.php': "<?php\nnamespace App\\Models;\nclass Member extends Model\n{\n    protected $table = 'people';\n}\n",
    'app/Models/Team.php':
      "<?php\nnamespace App\\Models;\nuse Illuminate\\Database\\Eloquent\\Attributes\\Hidden;\nuse Illuminate\\Database\\Eloquent\\Attributes\\Table;\n#[Table('crews'), Hidden('code')]\nclass Team extends Model {}\n",
    'database/migrations/2025_01_01_000000_create_crews_table.php': "<?php\nreturn new class extends Migration {\n    public function up(): void\n    {\n        Schema::create('crews', function (Blueprint $table) {\n            $table->id();\n            $table->string('code');\n        });\n    }\n};\n",
  });
  assert.equal(projectModels?.map((model) => [model.className, model.table]), [
    ['Member', 'people'],
    ['Team', 'crews'],
  ]);
  assert.equal(projectModels?.[1]?.columns.find((column) => column.name === 'code')?.hidden, true);
});

test("a model that does not parse is skipped with a warning; a file whose class is not its name is no model", () => {
  const { projectModels, diagnostics } = factsOf({
    'app/Models/Broken.php': '<?php\nclass Broken {\n',
    'app/Models/Helpers.php': '<?php\nnamespace App\\Models;\nclass Something {}\n',
    'app/Models/User.php': USER,
  });
  assert.equal(diagnostics.map(({ severity, code, path }) => [severity, code, path]), [['warning', 'project_model_skipped', 'app/Models/Broken.php']]);
  assert.equal(projectModels?.map((model) => model.className), ['User']);
});

test.run();
