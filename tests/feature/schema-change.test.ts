import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { changedFiles, copyExampleProject, readTree, runCli } from '../support/project-tree.js';

/**
 * A schema changed after its tables may have been migrated: a migration of the changes, the create migration
 * left as it ran; refused where values would be lost; the create migration rewritten where nothing can have
 * run it. The project's SQLite database (database/database.sqlite, Laravel's default) says what ran.
 */

interface Report {
  ok: boolean;
  files: { path: string; action: string }[];
  warnings: { code: string; message: string; source?: { file?: string; line?: number; column?: number } }[];
  errors: { code: string; message: string; source?: { file?: string; line?: number; column?: number } }[];
}

const V1 = `entities:
  Category:
    fields:
      name: string
  Article:
    fields:
      title: string
      body: text
      rating: integer
      legacy_code: string nullable
    relations:
      tags: belongsToMany Tag
  Tag:
    fields:
      label: string
`;

const V2 = `entities:
  Category:
    fields:
      name: string
    relations:
      articles: hasMany Article
  Article:
    fields:
      headline:
        type: string
        renamed_from: title
      body: text
      rating: decimal
      summary: string nullable
    relations:
      category: belongsTo Category nullable
      tags: belongsToMany Tag
  Tag:
    fields:
      label: string
`;

async function jsonRun(argv: readonly string[], project: string): Promise<Report> {
  return JSON.parse((await runCli([...argv, '--json'], project)).stdout) as Report;
}

/** A project made from V1, whose database ran `ran` (migration names without .php); none: no database file. */
async function migratedProject(ran: 'all' | 'none' | 'older' | 'garbage'): Promise<string> {
  const project = copyExampleProject('laravel-12');
  writeFileSync(join(project, 'api-schema.yaml'), V1);
  assert.is((await runCli(['make'], project)).exitCode, 0);
  const migrations = readdirSync(join(project, 'database/migrations')).map((name) => name.replace(/\.php$/, ''));
  if (ran === 'garbage') writeFileSync(join(project, 'database/database.sqlite'), 'not a database');
  else if (ran !== 'none') writeFileSync(join(project, 'database/database.sqlite'), await sqliteWithMigrations(ran === 'all' ? migrations : ['0001_01_01_000000_create_users_table']));
  writeFileSync(join(project, 'api-schema.yaml'), V2);
  return project;
}

async function sqliteWithMigrations(names: readonly string[]): Promise<Uint8Array> {
  const { default: initSqlJs } = await import('sql.js');
  const database = new (await initSqlJs()).Database();
  database.run('CREATE TABLE migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, migration VARCHAR(255) NOT NULL, batch INTEGER NOT NULL)');
  for (const name of names) database.run('INSERT INTO migrations (migration, batch) VALUES (?, 1)', [name]);
  const bytes = database.export();
  database.close();
  return bytes;
}

const migrationsOf = (project: string) => readdirSync(join(project, 'database/migrations')).sort();
const read = (project: string, name: string) => readFileSync(join(project, 'database/migrations', name), 'utf8');

test('a migrated table whose schema drops a column: data_loss at the entity, exit 1, nothing written', async () => {
  const project = await migratedProject('all');
  const before = readTree(project);
  const run = await runCli(['make', '--json'], project);
  assert.is(run.exitCode, 1);
  const report = JSON.parse(run.stdout) as Report;
  const losses = report.errors.filter((error) => error.code === 'data_loss');
  assert.is(losses.length, 1, JSON.stringify(report.errors));
  assert.match(losses[0]?.message ?? '', 'drops the column legacy_code');
  assert.is(losses[0]?.source?.file, 'api-schema.yaml');
  assert.is(losses[0]?.source?.line, 7);
  assert.equal(changedFiles(before, readTree(project)), new Map());
});

test('--allow-data-loss: a migration of the changes (rename first, then drop, change and add), the create migrations left as they ran; a second run changes nothing', async () => {
  const project = await migratedProject('all');
  const createArticles = migrationsOf(project).find((name) => name.endsWith('_create_articles_table.php')) ?? '';
  const created = read(project, createArticles);
  const report = await jsonRun(['make', '--allow-data-loss'], project);
  assert.ok(report.ok, JSON.stringify(report.errors));
  assert.equal(report.warnings, []);
  const update = migrationsOf(project).filter((name) => name.endsWith('_update_articles_table.php'));
  assert.is(update.length, 1);
  assert.is(read(project, createArticles), created);
  const migration = read(project, update[0] ?? '');
  const up = migration.slice(migration.indexOf('function up'), migration.indexOf('function down'));
  const down = migration.slice(migration.indexOf('function down'));
  assert.ok(up.indexOf("$table->renameColumn('title', 'headline');") < up.indexOf("$table->dropColumn(['legacy_code']);"), up);
  assert.match(up, "$table->decimal('rating', 10, 2)->change();");
  assert.match(up, "$table->foreignId('category_id')->nullable()->index()->constrained('categories')->nullOnDelete();");
  assert.match(up, "$table->string('summary')->nullable();");
  assert.match(down, "$table->dropForeign(['category_id']);\n            $table->dropIndex(['category_id']);");
  assert.match(down, "$table->dropColumn(['category_id', 'summary']);");
  assert.match(down, "$table->integer('rating')->change();");
  assert.match(down, "$table->string('legacy_code')->nullable();");
  assert.match(down, "$table->renameColumn('headline', 'title');");
  // Categories gain a hasMany only: no column, so no migration; the record now holds version 2.
  assert.not.ok(migrationsOf(project).some((name) => name.endsWith('_update_categories_table.php')));
  assert.match(readFileSync(join(project, 'class_data.json'), 'utf8'), '"headline"');
  const tree = readTree(project);
  const again = await jsonRun(['make'], project);
  assert.ok(again.ok, JSON.stringify(again.errors));
  assert.equal(changedFiles(tree, readTree(project)), new Map());
});

/** Records every migration of the project as run, as `php artisan migrate` would. */
async function migrateAll(project: string): Promise<void> {
  writeFileSync(join(project, 'database/database.sqlite'), await sqliteWithMigrations(migrationsOf(project).map((name) => name.replace(/\.php$/, ''))));
}

test('foreign key indexes: a record from before them gets an index for each kept key, and a key dropped later drops its index before its column', async () => {
  const project = await migratedProject('all');
  assert.ok((await jsonRun(['make', '--allow-data-loss'], project)).ok);
  await migrateAll(project);
  const recordPath = join(project, 'class_data.json');
  const record = readFileSync(recordPath, 'utf8');
  assert.match(record, '"foreignKeyIndexes": true');
  writeFileSync(recordPath, record.replace(/,\n\s*"foreignKeyIndexes": true/, ''));

  const upgraded = await jsonRun(['make'], project);
  assert.ok(upgraded.ok, JSON.stringify(upgraded.errors));
  const [indexing, ...others] = migrationsOf(project).filter((name) => name.endsWith('_update_articles_table.php')).reverse();
  assert.is(others.length, 1, 'the migration of V2, then the one that indexes');
  const added = read(project, indexing ?? '');
  assert.match(added.slice(added.indexOf('function up'), added.indexOf('function down')), "$table->index('category_id');");
  assert.not.match(added.slice(added.indexOf('function down')), 'dropIndex', 'MySQL keeps the index a foreign key uses');
  assert.equal(readFileSync(recordPath, 'utf8'), record, 'the record says the keys have their index again');

  await migrateAll(project);
  writeFileSync(join(project, 'api-schema.yaml'), V2.replace('      category: belongsTo Category nullable\n', '').replace('    relations:\n      articles: hasMany Article\n', ''));
  assert.ok((await jsonRun(['make', '--allow-data-loss'], project)).ok);
  const dropping = migrationsOf(project).filter((name) => name.endsWith('_update_articles_table.php')).at(-1) ?? '';
  const up = read(project, dropping).slice(0, read(project, dropping).indexOf('function down'));
  assert.match(up, "$table->dropForeign(['category_id']);\n            $table->dropIndex(['category_id']);\n            $table->dropColumn(['category_id']);");
});

test('index: in the create migration, a migration of the change when it comes or goes, and before its column when the column goes', async () => {
  const project = await migratedProject('all');
  writeFileSync(join(project, 'api-schema.yaml'), V1.replace('      rating: integer\n', '      rating: integer index\n'));
  assert.ok((await jsonRun(['make'], project)).ok);
  const indexing = migrationsOf(project).filter((name) => name.endsWith('_update_articles_table.php')).at(-1) ?? '';
  const added = read(project, indexing);
  assert.match(added.slice(0, added.indexOf('function down')), "$table->index('rating');");
  assert.match(added.slice(added.indexOf('function down')), "$table->dropIndex(['rating']);");
  assert.match(readFileSync(join(project, 'class_data.json'), 'utf8'), '"name": "rating",\n                "_type": "integer",\n                "index": true');

  await migrateAll(project);
  writeFileSync(join(project, 'api-schema.yaml'), V1.replace('      rating: integer\n', ''));
  const dropped = await jsonRun(['make', '--allow-data-loss'], project);
  assert.ok(dropped.ok, JSON.stringify(dropped.errors));
  const dropping = migrationsOf(project).filter((name) => name.endsWith('_update_articles_table.php')).at(-1) ?? '';
  const up = read(project, dropping).slice(0, read(project, dropping).indexOf('function down'));
  assert.match(up, "$table->dropIndex(['rating']);\n            $table->dropColumn(['rating']);", 'SQLite cannot drop an indexed column');
});

test('indexes over several columns: in the create migration, then on a migrated table added last, dropped first, and made anew over a renamed column', async () => {
  const project = await migratedProject('none');
  const indexed = (schema: string, indexes: string) => schema.replace('    relations:\n      tags: belongsToMany Tag\n', `    indexes:\n${indexes}    relations:\n      tags: belongsToMany Tag\n`);
  writeFileSync(join(project, 'api-schema.yaml'), indexed(V1, '      - [title, rating]\n      - [legacy_code, created_at]\n'));
  assert.ok((await jsonRun(['make', '--fresh'], project)).ok);
  const create = migrationsOf(project).find((name) => name.endsWith('_create_articles_table.php')) ?? '';
  assert.match(read(project, create), "$table->timestamps();\n            $table->index(['title', 'rating']);\n            $table->index(['legacy_code', 'created_at']);\n        });");
  assert.match(readFileSync(join(project, 'class_data.json'), 'utf8'), '"indexes": [\n            [\n                "title",\n                "rating"\n            ],');

  await migrateAll(project);
  const v2 = V2.replace('    relations:\n      category:', '    indexes:\n      - [headline, rating]\n      - [category_id, created_at]\n    relations:\n      category:');
  writeFileSync(join(project, 'api-schema.yaml'), v2);
  const changed = await jsonRun(['make', '--allow-data-loss'], project);
  assert.ok(changed.ok, JSON.stringify(changed.errors));
  const update = read(project, migrationsOf(project).filter((name) => name.endsWith('_update_articles_table.php')).at(-1) ?? '');
  const [up = '', down = ''] = update.split('function down');
  // Dropped by the names the recorded columns gave them, before any column goes (SQLite cannot drop an indexed column).
  assert.match(up, "$table->renameColumn('title', 'headline');");
  assert.match(up, "Schema::table('articles', function (Blueprint $table) {\n            $table->dropIndex(['title', 'rating']);\n            $table->dropIndex(['legacy_code', 'created_at']);\n            $table->dropColumn(['legacy_code']);");
  assert.match(up, "$table->index(['headline', 'rating']);\n            $table->index(['category_id', 'created_at']);\n        });");
  assert.match(down, "Schema::table('articles', function (Blueprint $table) {\n            $table->dropIndex(['headline', 'rating']);\n            $table->dropIndex(['category_id', 'created_at']);\n            $table->dropForeign(['category_id']);");
  // Back last, once title has its name again.
  assert.match(down, "$table->renameColumn('headline', 'title');\n            $table->index(['title', 'rating']);\n            $table->index(['legacy_code', 'created_at']);\n        });");

  await migrateAll(project);
  const before = migrationsOf(project);
  assert.ok((await jsonRun(['make', '--allow-data-loss'], project)).ok);
  assert.equal(migrationsOf(project), before, 'a second run changes nothing');
});

test('filterable and sortable on a migrated table: the service and the record change, the migrations do not', async () => {
  const project = await migratedProject('all');
  writeFileSync(join(project, 'api-schema.yaml'), V1.replace('      rating: integer\n', '      rating: integer filterable sortable\n'));
  const before = migrationsOf(project);
  assert.ok((await jsonRun(['make'], project)).ok);
  assert.equal(migrationsOf(project), before, 'marking a field filterable adds no index, so no migration');
  const service = readFileSync(join(project, 'app/Services/ArticleService.php'), 'utf8');
  assert.match(service, "private const FILTERS = [\n        'rating' => 'integer',\n    ];");
  assert.match(service, "private const SORTS = [\n        'id',\n        'rating',\n        'created_at',\n        'updated_at',\n    ];");
  assert.match(readFileSync(join(project, 'class_data.json'), 'utf8'), '"_type": "integer",\n                "filterable": true,\n                "sortable": true');
});

test('a required relation added to a migrated table: its column is nullable in the database, and added_column_nullable says so at the relation', async () => {
  const project = await migratedProject('all');
  writeFileSync(join(project, 'api-schema.yaml'), V2.replace('category: belongsTo Category nullable', 'category: belongsTo Category'));
  const report = await jsonRun(['make', '--allow-data-loss'], project);
  assert.ok(report.ok, JSON.stringify(report.errors));
  const warning = report.warnings.find((candidate) => candidate.code === 'added_column_nullable');
  assert.match(warning?.message ?? '', 'Article.category_id of the relation category is required');
  assert.equal(warning?.source, { file: 'api-schema.yaml', line: 16, column: 7 });
  const update = migrationsOf(project).find((name) => name.endsWith('_update_articles_table.php')) ?? '';
  assert.match(read(project, update), "$table->foreignId('category_id')->nullable()->index()->constrained('categories')");
});

test('a table fullapi changed by a migration of its own stays migrated for good: --fresh writes another migration of the changes, and says so', async () => {
  const project = await migratedProject('all');
  assert.ok((await jsonRun(['make', '--allow-data-loss'], project)).ok);
  writeFileSync(join(project, 'api-schema.yaml'), V2.replace('summary: string nullable', 'summary: string nullable\n      pages: integer nullable'));
  const report = await jsonRun(['make', '--fresh'], project);
  assert.ok(report.ok, JSON.stringify(report.errors));
  assert.equal(report.warnings.map((warning) => warning.code), ['fresh_not_applied']);
  assert.is(migrationsOf(project).filter((name) => name.endsWith('_update_articles_table.php')).length, 2);
});

test('no database file: nothing ran, so the create migration is rewritten, as --fresh does', async () => {
  for (const [ran, flags] of [['none', []], ['all', ['--fresh']], ['older', []]] as const) {
    const project = await migratedProject(ran);
    const before = migrationsOf(project);
    const report = await jsonRun(['make', ...flags], project);
    assert.ok(report.ok, `${ran}: ${JSON.stringify(report.errors)}`);
    assert.equal(migrationsOf(project), before, ran);
    const createArticles = before.find((name) => name.endsWith('_create_articles_table.php')) ?? '';
    assert.match(read(project, createArticles), "$table->string('headline');", ran);
    assert.ok(report.warnings.some((warning) => warning.code === 'field_removed'), `${ran}: the rewrite says what it takes away`);
  }
});

test('a database that cannot be read counts as migrated: a migration of the changes, with database_migrations_unknown', async () => {
  const project = await migratedProject('garbage');
  const report = await jsonRun(['make', '--allow-data-loss'], project);
  assert.ok(report.ok, JSON.stringify(report.errors));
  assert.equal(report.warnings.map((warning) => warning.code), ['database_migrations_unknown']);
  assert.is(migrationsOf(project).filter((name) => name.endsWith('_update_articles_table.php')).length, 1);
});

test('a conversion that can lose values is data_loss at the field; a pivot dropped too, and with the flag its table goes in a migration that can recreate it', async () => {
  const project = await migratedProject('all');
  const lossy = V1.replace('body: text', 'body: string').replace('      tags: belongsToMany Tag\n', '');
  writeFileSync(join(project, 'api-schema.yaml'), lossy);
  const refused = await jsonRun(['make'], project);
  assert.not.ok(refused.ok);
  const messages = refused.errors.filter((error) => error.code === 'data_loss').map((error) => `${error.source?.line}:${error.source?.column} ${error.message}`);
  assert.ok(messages.some((message) => message.startsWith('8:7 ') && message.includes('converts body from text to string')), messages.join('\n'));
  assert.ok(messages.some((message) => message.includes('drops the pivot table article_tag')), messages.join('\n'));
  const allowed = await jsonRun(['make', '--allow-data-loss'], project);
  assert.ok(allowed.ok, JSON.stringify(allowed.errors));
  const drop = migrationsOf(project).find((name) => name.endsWith('_drop_article_tag_table.php')) ?? '';
  const migration = read(project, drop);
  assert.match(migration, "Schema::dropIfExists('article_tag');");
  assert.match(migration, "$table->primary(['article_id', 'tag_id']);");
});

test('sizes: a wider column is a ->change() migration; a narrower one is data_loss at the field until --allow-data-loss', async () => {
  const project = await migratedProject('all');
  writeFileSync(join(project, 'api-schema.yaml'), V1.replace('title: string', 'title: string(300)').replace('body: text', 'body: longtext'));
  const widened = await jsonRun(['make'], project);
  assert.ok(widened.ok, JSON.stringify(widened.errors));
  const widening = migrationsOf(project).filter((name) => name.endsWith('_update_articles_table.php')).at(-1) ?? '';
  const up = read(project, widening).slice(0, read(project, widening).indexOf('function down'));
  assert.match(up, "$table->string('title', 300)->change();");
  assert.match(up, "$table->longText('body')->change();");
  assert.match(read(project, widening).slice(read(project, widening).indexOf('function down')), "$table->string('title')->change();");

  await migrateAll(project);
  writeFileSync(join(project, 'api-schema.yaml'), V1.replace('title: string', 'title: string(100)').replace('body: text', 'body: mediumtext'));
  const refused = await jsonRun(['make'], project);
  assert.not.ok(refused.ok);
  const messages = refused.errors.filter((error) => error.code === 'data_loss').map((error) => `${error.source?.line}:${error.source?.column} ${error.message}`);
  assert.ok(messages.some((message) => message.startsWith('7:7 ') && message.includes('shortens title from 300 to 100 characters')), messages.join('\n'));
  assert.ok(messages.some((message) => message.startsWith('8:7 ') && message.includes('makes body a smaller text (mediumtext, from longtext)')), messages.join('\n'));
  const allowed = await jsonRun(['make', '--allow-data-loss'], project);
  assert.ok(allowed.ok, JSON.stringify(allowed.errors));
  const narrowing = migrationsOf(project).filter((name) => name.endsWith('_update_articles_table.php')).at(-1) ?? '';
  assert.match(read(project, narrowing), "$table->string('title', 100)->change();");
  assert.match(readFileSync(join(project, 'class_data.json'), 'utf8'), '"_type": "string(100)"');
});

test('a table --add-fields altered is integrated, not migrated by a migration of the changes: a rename adds the new column beside the old one, with rename_not_migrated', async () => {
  const project = await migratedProject('all');
  writeFileSync(join(project, 'api-schema.yaml'), V1);
  assert.ok((await jsonRun(['make', 'Article', '--add-fields=pages:integer:nullable'], project)).ok);
  writeFileSync(join(project, 'api-schema.yaml'), V1.replace('      title: string\n', '      headline: string renamed_from=title\n      title: string nullable\n').replace('legacy_code: string nullable', 'legacy_code: string nullable\n      pages: integer nullable'));
  const refused = await jsonRun(['make'], project);
  assert.equal(refused.errors.map((error) => error.code), ['invalid_rename'], 'a field of the old name is still there');
  writeFileSync(join(project, 'api-schema.yaml'), V1.replace('      title: string\n', '      headline: string renamed_from=title\n').replace('legacy_code: string nullable', 'legacy_code: string nullable\n      pages: integer nullable'));
  const report = await jsonRun(['make'], project);
  assert.ok(report.ok, JSON.stringify(report.errors));
  assert.ok(report.warnings.some((warning) => warning.code === 'rename_not_migrated' && warning.source?.line === 7), JSON.stringify(report.warnings));
  assert.not.ok(migrationsOf(project).some((name) => name.includes('_update_')));
  assert.ok(migrationsOf(project).some((name) => name.includes('_add_headline_to_articles_table')), migrationsOf(project).join());
});

test.run();
