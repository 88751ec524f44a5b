import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { changedFiles, copyExampleProject, readTree, runCli } from '../support/project-tree.js';

/** `make <Entity> --add-fields`: a migration adding the columns to the migrated table, and the entity's files edited in place. */

interface Report {
  ok: boolean;
  files: { path: string; action: string }[];
  warnings: { code: string; message: string; path?: string; source?: Record<string, unknown> }[];
  errors: { code: string; message: string; source?: Record<string, unknown> }[];
}

const LATER = new Date(Date.UTC(2026, 5, 1, 9, 30, 0));

async function jsonRun(argv: readonly string[], project: string, now?: Date): Promise<Report> {
  return JSON.parse((await runCli([...argv, '--json'], project, now)).stdout) as Report;
}

async function generatedBook(): Promise<string> {
  const project = copyExampleProject('laravel-12');
  assert.is((await runCli(['make', 'Book', '--fields=title:string,pages:integer'], project)).exitCode, 0);
  return project;
}

const read = (project: string, path: string) => readFileSync(join(project, path), 'utf8');
const pathOf = (project: string, ending: string) => [...readTree(project).keys()].find((path) => path.startsWith('database/') && path.endsWith(ending)) ?? '';

test('--add-fields writes an add_..._to_books_table migration and edits the model in place, keeping its hand edits', async () => {
  const project = await generatedBook();
  const modelPath = 'app/Models/Book.php';
  const handEdited = read(project, modelPath).replace('use HasFactory;\n', 'use HasFactory;\n\n    public const EDITED = true;\n');
  writeFileSync(join(project, modelPath), handEdited);
  const createMigration = pathOf(project, '_create_books_table.php');
  const createdTable = read(project, createMigration);

  const report = await jsonRun(['make', 'Book', '--add-fields=summary:text:nullable,published_on:date:nullable'], project, LATER);
  assert.ok(report.ok, JSON.stringify(report.errors));
  assert.equal(report.warnings, []);
  const migration = report.files.find((file) => file.action === 'created' && file.path.startsWith('database/migrations/'))?.path;
  assert.is(migration, 'database/migrations/2026_06_01_093001_add_summary_published_on_to_books_table.php');
  const added = read(project, migration ?? '');
  assert.match(added, "Schema::table('books', function (Blueprint $table) {\n            $table->text('summary')->nullable();\n            $table->date('published_on')->nullable();");
  assert.match(added, "$table->dropColumn(['summary', 'published_on']);");
  assert.is(read(project, createMigration), createdTable, 'the migration that ran is left as it ran');

  const model = read(project, modelPath);
  assert.match(model, 'public const EDITED = true;');
  assert.match(model, "        'pages',\n        'summary',\n        'published_on',\n    ];");
  assert.match(model, "'published_on' => 'date:Y-m-d',");
  assert.match(model, ' * @property string|null $summary');
  assert.match(read(project, 'database/factories/BookFactory.php'), "'summary' => ");
  assert.match(read(project, 'app/Http/Requests/StoreBookRequest.php'), "'summary' => ['nullable', 'string'");
  assert.match(read(project, 'app/Http/Resources/BookResource.php'), "'published_on' => ");
  const book = (JSON.parse(read(project, 'class_data.json')) as { name: string; attributes: { name: string }[] }[]).find((entry) => entry.name === 'Book');
  assert.equal(book?.attributes.map((attribute) => attribute.name), ['title', 'pages', 'summary', 'published_on']);
});

test('after --add-fields, a plain regeneration and the same --add-fields again change no PHP file, so the columns are never added twice', async () => {
  const project = await generatedBook();
  assert.ok((await jsonRun(['make', 'Book', '--add-fields=summary:text:nullable'], project, LATER)).ok);
  const before = readTree(project);
  const plain = await jsonRun(['make', 'Book'], project, new Date(Date.UTC(2026, 6, 1)));
  assert.ok(plain.ok, JSON.stringify(plain.errors));
  assert.equal(plain.warnings, []);
  const again = await jsonRun(['make', 'Book', '--add-fields=summary:text:nullable'], project, new Date(Date.UTC(2026, 7, 1)));
  assert.ok(again.ok, JSON.stringify(again.errors));
  const changed = [...changedFiles(before, readTree(project)).keys()].filter((path) => path.endsWith('.php'));
  assert.equal(changed, []);
});

test('after --add-fields, the table stays altered whatever the input: the bare make reading class_data.json and make --fields never rewrite the create migration, and a new field gets its own migration', async () => {
  const project = await generatedBook();
  const createMigration = pathOf(project, '_create_books_table.php');
  const createdTable = read(project, createMigration);
  assert.ok((await jsonRun(['make', 'Book', '--add-fields=summary:text:nullable'], project, LATER)).ok);
  const firstAddition = pathOf(project, '_add_summary_to_books_table.php');
  const afterAddition = readTree(project);

  const bare = await jsonRun(['make'], project, new Date(Date.UTC(2026, 6, 1)));
  assert.ok(bare.ok, JSON.stringify(bare.errors));
  assert.equal([...changedFiles(afterAddition, readTree(project)).keys()].filter((path) => path.endsWith('.php')), []);

  const withFields = await jsonRun(['make', 'Book', '--fields=title:string,pages:integer,summary:text:nullable,isbn:string:nullable'], project, new Date(Date.UTC(2026, 7, 1)));
  assert.ok(withFields.ok, JSON.stringify(withFields.errors));
  assert.is(read(project, createMigration), createdTable, 'the migration that ran is left as it ran');
  assert.is(read(project, firstAddition), afterAddition.get(firstAddition), 'so is the first addition');
  const migrations = withFields.files.filter((file) => file.path.startsWith('database/migrations/') && file.action !== 'unchanged').map((file) => `${file.action} ${file.path}`);
  assert.equal(migrations, ['created database/migrations/2026_08_01_000001_add_isbn_to_books_table.php']);
  assert.match(read(project, 'app/Models/Book.php'), "'summary',\n        'isbn',\n    ];");
});

test('a field the entity has is skipped with a warning at it; a required one without a default is nullable in the database, with a warning', async () => {
  const project = await generatedBook();
  const report = await jsonRun(['make', 'Book', '--add-fields=title:string,rating:integer'], project, LATER);
  assert.ok(report.ok, JSON.stringify(report.errors));
  assert.equal(
    report.warnings.map((warning) => [warning.code, warning.source]),
    [
      ['field_exists', { flag: '--add-fields', column: 1 }],
      ['added_column_nullable', { flag: '--add-fields', column: 14 }],
    ],
  );
  const migration = pathOf(project, '_add_rating_to_books_table.php');
  assert.match(read(project, migration), "$table->integer('rating')->nullable();");
  assert.match(read(project, 'app/Http/Requests/StoreBookRequest.php'), "'rating' => ['required', 'bail', 'integer'");
});

test('--add-fields on an entity fullapi never generated is an error at the flag; a bad field is the --fields error at it; nothing is written', async () => {
  const project = await generatedBook();
  const before = readTree(project);
  const unknown = await runCli(['make', 'Author', '--add-fields=name:string', '--json'], project);
  assert.is(unknown.exitCode, 1);
  assert.equal(
    (JSON.parse(unknown.stdout) as Report).errors.map((e) => [e.code, e.source]),
    [['entity_not_generated', { flag: '--add-fields', column: 1 }]],
  );
  const bad = await jsonRun(['make', 'Book', '--add-fields=summary:txt'], project);
  assert.equal(bad.errors.map((e) => [e.code, e.source]), [['unknown_field_type', { flag: '--add-fields', column: 9 }]]);
  const both = await jsonRun(['make', 'Book', '--fields=title:string', '--add-fields=summary:text'], project);
  assert.equal(both.errors.map((e) => e.code), ['invalid_option']);
  const softDeletes = await jsonRun(['make', 'Book', '--soft-deletes', '--add-fields=summary:text'], project);
  assert.equal(softDeletes.errors.map((e) => [e.code, e.source]), [['invalid_option', { flag: '--soft-deletes' }]]);
  const only = await jsonRun(['make', 'Book', '--only=Model', '--add-fields=summary:text'], project);
  assert.equal(only.errors.map((e) => [e.code, e.source]), [['invalid_option', { flag: '--only' }]]);
  assert.equal(readTree(project), before);
});

/** A request, a resource and a DTO of the generated Book, each edited by hand. */
function editRequestResourceAndDto(project: string): void {
  const edit = (path: string, after: string, line: string) => writeFileSync(join(project, path), read(project, path).replace(after, `${after}${line}`));
  edit('app/Http/Requests/StoreBookRequest.php', "'title' => ['required', 'string', 'max:255', 'not_regex:/\\\\x00/'],\n", "            'pages' => ['required', 'integer', 'min:1'],\n");
  edit('app/Http/Resources/BookResource.php', "'title' => $this->title,\n", "            'heading' => strtoupper($this->title),\n");
  edit('app/DTO/BookDTO.php', 'namespace App\\DTO;\n', '\n// Edited by hand.\n');
}

test('hand-edited request, resource and DTO are merged with their new generations, each edit kept', async () => {
  const project = await generatedBook();
  editRequestResourceAndDto(project);
  const report = await jsonRun(['make', 'Book', '--add-fields=summary:text:nullable'], project, LATER);
  assert.ok(report.ok, JSON.stringify(report.errors));
  for (const path of ['app/Http/Requests/StoreBookRequest.php', 'app/Http/Resources/BookResource.php', 'app/DTO/BookDTO.php']) {
    assert.is(report.files.find((file) => file.path === path)?.action, 'merged', path);
  }
  assert.equal(report.warnings, []);
  assert.match(read(project, 'app/Http/Resources/BookResource.php'), "'heading' => strtoupper($this->title),");
  assert.match(read(project, 'app/Http/Resources/BookResource.php'), "            'summary' => $this->summary,\n");
  const dto = read(project, 'app/DTO/BookDTO.php');
  assert.match(dto, '// Edited by hand.');
  assert.match(dto, 'summary');
});

test('without base copies, a hand-edited request and resource get the new rules and attributes in place; a hand-edited DTO is kept, out of date', async () => {
  const project = await generatedBook();
  rmSync(join(project, '.fullapi/base'), { recursive: true });
  editRequestResourceAndDto(project);
  const report = await jsonRun(['make', 'Book', '--add-fields=summary:text:nullable'], project, LATER);
  assert.ok(report.ok, JSON.stringify(report.errors));
  const request = read(project, 'app/Http/Requests/StoreBookRequest.php');
  assert.match(request, "            'pages' => ['required', 'integer', 'min:1'],\n");
  assert.match(request, "            'summary' => ['nullable', 'string', 'max:16383', 'not_regex:/\\\\x00/'],\n        ];");
  assert.is(request.match(/'pages' =>/g)?.length, 2, 'the hand-written rule stays, and the generated one too: nothing is removed');
  const resource = read(project, 'app/Http/Resources/BookResource.php');
  assert.match(resource, "'heading' => strtoupper($this->title),");
  assert.match(resource, "            'summary' => $this->summary,\n        ];");
  assert.match(read(project, 'app/DTO/BookDTO.php'), '// Edited by hand.');
  assert.equal(
    report.warnings.map((warning) => [warning.code, warning.path]),
    [
      ['modified_file_kept', 'app/DTO/BookDTO.php'],
      ['kept_file_out_of_date', 'app/DTO/BookDTO.php'],
    ],
  );
  const plain = await jsonRun(['make', 'Book'], project, new Date(Date.UTC(2026, 6, 1)));
  assert.ok(plain.files.some((file) => file.path === 'app/Http/Resources/BookResource.php' && file.action === 'unchanged'), 'the edited resource stays the user\'s');
});

test('on Laravel 13 the new names join the #[Fillable([...])] attribute of the generated model', async () => {
  const project = copyExampleProject('laravel-13');
  assert.is((await runCli(['make', 'Book', '--fields=title:string,pages:integer'], project)).exitCode, 0);
  const report = await jsonRun(['make', 'Book', '--add-fields=summary:text:nullable'], project, LATER);
  assert.ok(report.ok, JSON.stringify(report.errors));
  const model = read(project, 'app/Models/Book.php');
  assert.match(model, "#[Fillable(['title', 'pages', 'summary'])]");
  assert.not.match(model, '$fillable');
});

test('a later input without the added fields is refused, naming it and the fields: the API would lose them while their columns stay; --allow-data-loss takes them out', async () => {
  const project = await generatedBook();
  assert.ok((await jsonRun(['make', 'Book', '--add-fields=summary:text:nullable,rank:integer:nullable'], project, LATER)).ok);
  writeFileSync(join(project, 'api-schema.yaml'), 'entities:\n  Book:\n    fields:\n      title: string\n      pages: integer\n');
  const before = readTree(project);
  const refused = await jsonRun(['make', '--schema=api-schema.yaml'], project, LATER);
  assert.not.ok(refused.ok);
  assert.equal(
    refused.errors.map((e) => [e.code, e.source]),
    [
      ['field_still_in_table', { file: 'api-schema.yaml', line: 2, column: 3 }],
      ['field_still_in_table', { file: 'api-schema.yaml', line: 2, column: 3 }],
    ],
  );
  assert.match(refused.errors[0]?.message ?? '', "Book's field summary (text) is a column of books, which class_data.json records, and api-schema.yaml does not have it");
  assert.equal(changedFiles(before, readTree(project)), new Map());
  const allowed = await jsonRun(['make', '--schema=api-schema.yaml', '--allow-data-loss'], project, LATER);
  assert.ok(allowed.ok, JSON.stringify(allowed.errors));
  assert.equal(allowed.warnings.map((w) => w.code).filter((code) => code === 'field_removed'), ['field_removed', 'field_removed']);
});

test.run();
