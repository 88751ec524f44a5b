import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyExampleProject, readTree, runCli } from '../support/project-tree.js';
import { legacySql } from '../support/legacy-databases.js';

/** An example project whose database/database.sqlite holds the legacy schema. */
async function legacyProject(): Promise<string> {
  const project = copyExampleProject('laravel-12');
  const { default: initSqlJs } = await import('sql.js');
  const database = new (await initSqlJs()).Database();
  database.exec(legacySql('sqlite'));
  mkdirSync(join(project, 'database'), { recursive: true });
  writeFileSync(join(project, 'database', 'database.sqlite'), database.export());
  database.close();
  return project;
}

interface Report {
  ok: boolean;
  files: { path: string; action: string }[];
  warnings: { code: string; message: string }[];
  errors: { code: string; message: string }[];
}

test('make --from-database writes each table\'s API and no migration, and a second run changes nothing', async () => {
  const project = await legacyProject();
  const run = await runCli(['make', '--from-database', '--json'], project);
  const report = JSON.parse(run.stdout) as Report;
  assert.is(run.exitCode, 0);
  const paths = report.files.map((file) => file.path);
  for (const model of ['Category', 'Product', 'Tag', 'Comment', 'Customer']) assert.ok(paths.includes(`app/Models/${model}.php`), model);
  assert.not.ok(paths.includes('app/Models/User.php'));
  assert.equal(paths.filter((path) => path.startsWith('database/migrations/')), []);
  assert.ok(report.warnings.some((warning) => warning.code === 'database_table_skipped' && warning.message.includes('order_lines')));
  const customer = readFileSync(join(project, 'app', 'Models', 'Customer.php'), 'utf8');
  assert.match(customer, "protected $table = 'tbl_customer';");
  assert.match(customer, 'public $timestamps = false;');
  assert.match(readFileSync(join(project, 'tests', 'Feature', 'CustomerControllerTest.php'), 'utf8'), '    use DatabaseTransactions;\n');
  const again = JSON.parse((await runCli(['make', '--from-database', '--json'], project)).stdout) as Report;
  assert.ok(again.files.every((file) => file.action === 'unchanged'));
  // Regenerated from class_data.json alone: still no migration, the same files.
  const fromRecord = JSON.parse((await runCli(['make', '--json'], project)).stdout) as Report;
  assert.equal(fromRecord.files.filter((file) => file.action !== 'unchanged' && file.path !== '.fullapi/manifest.json'), []);
});

test('--with-migrations writes the migrations, the pivot\'s after its tables', async () => {
  const project = await legacyProject();
  const report = JSON.parse((await runCli(['make', '--from-database', '--with-migrations', '--tables=categories,products,tags,product_tag', '--json'], project)).stdout) as Report;
  assert.ok(report.ok);
  const migrations = report.files.map((file) => file.path).filter((path) => path.startsWith('database/migrations/'));
  assert.equal(migrations.map((path) => path.replace(/^.*_create_/, '')), ['categories_table.php', 'products_table.php', 'tags_table.php', 'product_tag_table.php']);
  const customer = JSON.parse((await runCli(['make', '--from-database', '--with-migrations', '--tables=tbl_customer', '--json'], project)).stdout) as Report;
  const migration = customer.files.find((file) => file.path.endsWith('_create_tbl_customer_table.php'));
  assert.ok(migration !== undefined, 'the migration recreates the table under its own name');
  const text = readFileSync(join(project, migration.path), 'utf8');
  assert.match(text, "Schema::create('tbl_customer'");
  assert.not.match(text, 'timestamps()');
  assert.match(readFileSync(join(project, 'tests', 'Feature', 'CustomerControllerTest.php'), 'utf8'), '    use RefreshDatabase;\n');
});

test('an unknown table in --tables, or an unreachable database: exit 1, nothing written, no password shown', async () => {
  const project = await legacyProject();
  const before = readTree(project);
  const unknown = await runCli(['make', '--from-database', '--tables=products,nope'], project);
  assert.is(unknown.exitCode, 1);
  assert.match(unknown.stderr, 'database_unknown_table');
  const closed = await runCli(['make', '--from-database', '--database-url=pgsql://app:hunter2@127.0.0.1:1/shop'], project);
  assert.is(closed.exitCode, 1);
  assert.match(closed.stderr, 'the pgsql database shop on 127.0.0.1:1');
  assert.not.match(closed.stderr + closed.stdout, 'hunter2');
  assert.equal(readTree(project), before);
  assert.not.ok(existsSync(join(project, 'class_data.json')));
});

test('the database options belong to --from-database, which takes no entity name', async () => {
  const project = await legacyProject();
  const stray = await runCli(['make', '--tables=products'], project);
  assert.is(stray.exitCode, 1);
  assert.match(stray.stderr, '--tables applies to --from-database');
  const both = await runCli(['make', 'Post', '--from-database'], project);
  assert.match(both.stderr, '--from-database reads the entities from the database');
});

test('introspect --json gives the tables and the entities of one table', async () => {
  const project = await legacyProject();
  const run = await runCli(['introspect', '--table=tbl_customer', '--json'], project);
  assert.is(run.exitCode, 0);
  const introspection = JSON.parse(run.stdout) as { tables: { name: string }[]; entities: { name: string; table: string }[] };
  assert.equal(introspection.tables.map((table) => table.name), ['tbl_customer']);
  assert.equal(introspection.entities.map((entity) => [entity.name, entity.table]), [['Customer', 'tbl_customer']]);
});

test.run();
