import { cpSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyExampleProject, runCli } from '../support/project-tree.js';
import { repoRoot } from '../support/repo-root.js';

/**
 * The petstore document the e2e scenario openapi-petstore serves and checks live: which of its schemas `make
 * --openapi` makes entities, and where it says why it skipped each other one. npm test covers the fixture so.
 */

interface Report {
  ok: boolean;
  warnings: { code: string; message: string; source?: { file?: string; line?: number } }[];
}

const FIXTURE = join(repoRoot(), 'tests', 'fixtures', 'openapi', 'petstore', 'petstore.yaml');

test('the petstore document makes Pet and Category, a pet belonging to a category, and says at its line why each other schema is none', async () => {
  const project = copyExampleProject('laravel-12');
  try {
    cpSync(FIXTURE, join(project, 'petstore.yaml'));
    const run = await runCli(['make', '--openapi', 'petstore.yaml', '--json'], project);
    assert.is(run.exitCode, 0, run.stderr);
    const report = JSON.parse(run.stdout) as Report;
    assert.equal(readdirSync(join(project, 'app', 'Models')).filter((name) => name.endsWith('.php')).sort(), ['Category.php', 'Pet.php']);
    const skipped = report.warnings.map((warning) => [warning.code, /^schema (\w+) is not an entity: it is (an? [\w ]*\w)/.exec(warning.message)?.slice(1), warning.source?.line]);
    assert.equal(skipped, [
      ['openapi_schema_skipped', ['NewPet', 'a request variant of Pet'], 265],
      ['openapi_schema_skipped', ['Pets', 'a list or page wrapper of Pet'], 294],
      ['openapi_schema_skipped', ['Categories', 'a list or page wrapper of Category'], 320],
      ['openapi_schema_skipped', ['Error', 'an error body'], 346],
      ['openapi_schema_skipped', ['ValidationError', 'an error body'], 352],
    ]);
    assert.match(readFileSync(join(project, 'app', 'Models', 'Pet.php'), 'utf8'), 'public function category(): BelongsTo');
    const migration = readdirSync(join(project, 'database', 'migrations')).find((name) => name.endsWith('_create_pets_table.php')) ?? '';
    const columns = readFileSync(join(project, 'database', 'migrations', migration), 'utf8');
    assert.match(columns, "$table->foreignId('category_id')->nullable()");
    assert.match(columns, "$table->string('tag')->nullable();");
    assert.match(columns, "$table->string('status')->default('available');");
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});

test.run();
