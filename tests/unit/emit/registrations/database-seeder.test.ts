import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { registerSeeders } from '../../../../src/emit/laravel/edits/database-seeder.js';
import { assertIdempotent, pintCases, assertValidPhp, crlf, diagnosticOf, patched } from './php-check.js';

const pint = pintCases();

const PATH = 'database/seeders/DatabaseSeeder.php';

/** `database/seeders/DatabaseSeeder.php` of the laravel/laravel 12.x skeleton. */
const SKELETON = String.raw`<?php

namespace Database\Seeders;

use App\Models\User;
use Illuminate\Database\Console\Seeds\WithoutModelEvents;
use Illuminate\Database\Seeder;

class DatabaseSeeder extends Seeder
{
    use WithoutModelEvents;

    /**
     * Seed the application's database.
     */
    public function run(): void
    {
        // User::factory(10)->create();

        User::factory()->create([
            'name' => 'Test User',
            'email' => 'test@example.com',
        ]);
    }
}
`;

const USER_FACTORY = String.raw`        User::factory()->create([
            'name' => 'Test User',
            'email' => 'test@example.com',
        ]);`;

/** The skeleton with run()'s body replaced; the User factory call stays last, so the User import stays used. */
function withRunBody(body: string): string {
  const start = SKELETON.indexOf('        // User::factory(10)');
  const end = SKELETON.indexOf('    }\n}\n');
  return `${SKELETON.slice(0, start)}${body}\n${USER_FACTORY}\n${SKELETON.slice(end)}`;
}

const apply = (seeder: string) => (text: string) => registerSeeders(text, [seeder]);

test('adds the call at the end of the skeleton run(), after a blank line', () => {
  const result = patched(registerSeeders(SKELETON, ['PostSeeder']));
  assert.ok(result.endsWith(`        // User::factory(10)->create();\n\n${USER_FACTORY}\n\n        $this->call(PostSeeder::class);\n    }\n}\n`), result);
  assert.is(result.slice(0, SKELETON.indexOf('    }\n}\n')), SKELETON.slice(0, SKELETON.indexOf('    }\n}\n')));
  assertIdempotent(apply('PostSeeder'), result);
  pint.check({ [PATH]: result });
});

test('a second seeder goes right after the first call', () => {
  const first = patched(registerSeeders(SKELETON, ['PostSeeder']));
  const second = patched(registerSeeders(first, ['TagSeeder']));
  assert.ok(second.includes('        $this->call(PostSeeder::class);\n        $this->call(TagSeeder::class);\n    }\n'), second);
  assert.is(patched(registerSeeders(second, ['PostSeeder'])), second);
  pint.check({ [PATH]: second });
});

test('adds to a multi-line $this->call([...]) array with a trailing comma', () => {
  const listed = withRunBody(`        $this->call([\n            UserSeeder::class,\n        ]);\n`);
  const result = patched(registerSeeders(listed, ['PostSeeder']));
  assert.is(result, withRunBody(`        $this->call([\n            UserSeeder::class,\n            PostSeeder::class,\n        ]);\n`));
  assertIdempotent(apply('PostSeeder'), result);
  pint.check({ [PATH]: result });
});

test('gives the last item of a multi-line array its missing comma', () => {
  const listed = withRunBody(`        $this->call([\n            UserSeeder::class\n        ]);\n`);
  const result = patched(registerSeeders(listed, ['PostSeeder']));
  assert.ok(result.includes(`            UserSeeder::class,\n            PostSeeder::class,\n        ]);`), result);
  pint.check({ [PATH]: result });
});

test('adds to a one-line array inline', () => {
  const result = patched(registerSeeders(withRunBody(`        $this->call([UserSeeder::class]);\n`), ['PostSeeder']));
  assert.ok(result.includes('        $this->call([UserSeeder::class, PostSeeder::class]);\n'), result);
  pint.check({ [PATH]: result });
});

test('a new parent goes before the call of a child already registered, in each form; the others after the last call', () => {
  const seeders = ['CountrySeeder', 'CategorySeeder', 'PostSeeder', 'CommentSeeder'];
  const statements = patched(registerSeeders(withRunBody(`        $this->call(PostSeeder::class);\n`), seeders));
  assert.ok(
    statements.includes(
      '        $this->call(CountrySeeder::class);\n        $this->call(CategorySeeder::class);\n        $this->call(PostSeeder::class);\n        $this->call(CommentSeeder::class);\n',
    ),
    statements,
  );
  assertIdempotent((text) => registerSeeders(text, seeders), statements);
  const listed = patched(registerSeeders(withRunBody(`        $this->call([\n            UserSeeder::class,\n            PostSeeder::class,\n        ]);\n`), seeders));
  assert.ok(
    listed.includes('            UserSeeder::class,\n            CountrySeeder::class,\n            CategorySeeder::class,\n            PostSeeder::class,\n            CommentSeeder::class,\n        ]);'),
    listed,
  );
  const inline = patched(registerSeeders(withRunBody(`        $this->call([UserSeeder::class, PostSeeder::class]);\n`), seeders));
  assert.ok(inline.includes('        $this->call([UserSeeder::class, CountrySeeder::class, CategorySeeder::class, PostSeeder::class, CommentSeeder::class]);\n'), inline);
  pint.check({ [PATH]: statements, 'database/seeders/Listed.php': listed, 'database/seeders/Inline.php': inline });
});

test('a new seeder goes before the first call of any seeder after it in the order given, however they were registered', () => {
  const registered = withRunBody(`        $this->call(TagSeeder::class);\n        $this->call(PostSeeder::class);\n`);
  const result = patched(registerSeeders(registered, ['AuthorSeeder', 'PostSeeder', 'TagSeeder']));
  assert.ok(result.includes('        $this->call(AuthorSeeder::class);\n        $this->call(TagSeeder::class);\n        $this->call(PostSeeder::class);\n'), result);
});

test('an already registered seeder leaves the file unchanged, in any form', () => {
  const forms = [
    `        $this->call(PostSeeder::class);\n`,
    `        $this->call(\\Database\\Seeders\\PostSeeder::class);\n`,
    `        $this->call('Database\\Seeders\\PostSeeder');\n`,
    `        $this->call([\n            UserSeeder::class,\n            PostSeeder::class,\n        ]);\n`,
    `        if (app()->isLocal()) {\n            $this->callSilent(PostSeeder::class);\n        }\n`,
  ];
  for (const body of forms) {
    const registered = withRunBody(body);
    assert.is(patched(registerSeeders(registered, ['PostSeeder'])), registered, body);
  }
});

test('the import fullapi 3.x added for the seeder counts as registered', () => {
  const legacy = SKELETON.replace('use Illuminate\\Database\\Seeder;\n', 'use Illuminate\\Database\\Seeder;\nuse Database\\Seeders\\PostSeeder;\n').replace(
    '    {\n        // User',
    '    {\n        $this->call(PostSeeder::class);\n        // User',
  );
  assert.is(patched(registerSeeders(legacy, ['PostSeeder'])), legacy);
});

test('an empty one-line run() body is opened on its own lines', () => {
  const empty = SKELETON.slice(0, SKELETON.indexOf('    public function run')) + '    public function run(): void {}\n}\n';
  const result = patched(registerSeeders(empty, ['PostSeeder']));
  assert.ok(result.endsWith('    public function run(): void\n    {\n        $this->call(PostSeeder::class);\n    }\n}\n'), result);
  assertIdempotent(apply('PostSeeder'), result);
  assertValidPhp({ [PATH]: result });
});

test('keeps CRLF line endings', () => {
  const result = patched(registerSeeders(crlf(SKELETON), ['PostSeeder']));
  assert.is(result, crlf(patched(registerSeeders(SKELETON, ['PostSeeder']))));
  assertIdempotent(apply('PostSeeder'), result);
  const listed = patched(registerSeeders(crlf(withRunBody(`        $this->call([\n            UserSeeder::class,\n        ]);\n`)), ['PostSeeder']));
  assert.not.ok(/[^\r]\n/.test(listed), 'a bare \\n was written into a CRLF file');
  assertValidPhp({ [PATH]: result, 'database/seeders/Listed.php': listed });
});

test('a missing file is an error, not a crash', () => {
  const diagnostic = diagnosticOf(registerSeeders(undefined, ['PostSeeder']));
  assert.is(diagnostic.code, 'unexpected_php_shape');
  assert.equal(diagnostic.span, { file: PATH });
});

test('a DatabaseSeeder without run() is an error at the class', () => {
  const noRun = SKELETON.slice(0, SKELETON.indexOf('    /**')) + '}\n';
  const diagnostic = diagnosticOf(registerSeeders(noRun, ['PostSeeder']));
  assert.is(diagnostic.code, 'unexpected_php_shape');
  assert.equal(diagnostic.span, { file: PATH, line: 9, column: 1 });
});

test('a file without class DatabaseSeeder, or outside Database\\Seeders, is an error', () => {
  assert.is(diagnosticOf(registerSeeders(SKELETON.replace('class DatabaseSeeder', 'class MainSeeder'), ['PostSeeder'])).code, 'unexpected_php_shape');
  const elsewhere = diagnosticOf(registerSeeders(SKELETON.replace('namespace Database\\Seeders;', 'namespace App\\Seeders;'), ['PostSeeder']));
  assert.equal(elsewhere.span, { file: PATH, line: 3, column: 1 });
});

test('an import giving the seeder name to another class is an error at the import', () => {
  const clash = SKELETON.replace('use App\\Models\\User;', 'use App\\Models\\User;\nuse Legacy\\PostSeeder;');
  const diagnostic = diagnosticOf(registerSeeders(clash, ['PostSeeder']));
  assert.is(diagnostic.code, 'unexpected_php_shape');
  assert.equal(diagnostic.span, { file: PATH, line: 6, column: 5 });
});

test('a syntax error is unparsable_php at its line', () => {
  const broken = SKELETON.replace("'email' => 'test@example.com',", "'email' => 'test@example.com'\n            'role' => 'admin',");
  const diagnostic = diagnosticOf(registerSeeders(broken, ['PostSeeder']));
  assert.is(diagnostic.code, 'unparsable_php');
  assert.is(diagnostic.span?.line, 23);
});

test('every patched text above is Pint-clean', () => pint.assertAllClean());

test.run();
