import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { registerSeeders } from '../../../../src/emit/laravel/edits/database-seeder.js';
import { unregisterSeeders } from '../../../../src/emit/laravel/removals/seeder-removal.js';
import { pintCases, crlf, diagnosticOf, patched } from './php-check.js';

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

test('undoes what make registers: one seeder, then the rest, back to the skeleton', () => {
  const registered = patched(registerSeeders(SKELETON, ['PostSeeder', 'CommentSeeder', 'TagSeeder']));
  const withoutComments = patched(unregisterSeeders(registered, ['CommentSeeder']));
  assert.not.match(withoutComments, 'CommentSeeder');
  assert.match(withoutComments, 'PostSeeder::class');
  assert.match(withoutComments, 'TagSeeder::class');
  pint.check({ [PATH]: withoutComments });
  assert.is(patched(unregisterSeeders(withoutComments, ['PostSeeder', 'TagSeeder'])), SKELETON);
  assert.is(patched(unregisterSeeders(crlf(registered), ['PostSeeder', 'CommentSeeder', 'TagSeeder'])), crlf(SKELETON));
});

test('array items go with their commas; an emptied call goes whole; statements go with their lines', () => {
  const body = (lines: string) => SKELETON.replace('        // User::factory(10)->create();\n', lines);
  const text = body(`        $this->call([
            PostSeeder::class,
            CommentSeeder::class,
            TagSeeder::class,
        ]);
        $this->call([\\Database\\Seeders\\VideoSeeder::class]);
        $this->call(ImageSeeder::class);

        // User::factory(10)->create();
`);
  const removed = patched(unregisterSeeders(text, ['PostSeeder', 'CommentSeeder', 'VideoSeeder', 'ImageSeeder']));
  assert.is(
    removed,
    body(`        $this->call([
            TagSeeder::class,
        ]);

        // User::factory(10)->create();
`),
  );
  pint.check({ [PATH]: removed });
  const inline = body("        $this->call([PostSeeder::class, CommentSeeder::class, TagSeeder::class]);\n\n        // User::factory(10)->create();\n");
  assert.match(patched(unregisterSeeders(inline, ['CommentSeeder', 'TagSeeder'])), '$this->call([PostSeeder::class]);');
});

test('a seeder not called leaves the file as it is; a file of another shape is a positioned error', () => {
  assert.is(patched(unregisterSeeders(SKELETON, ['PostSeeder'])), SKELETON);
  assert.is(diagnosticOf(unregisterSeeders('<?php\n\nclass X {}\n', ['PostSeeder'])).code, 'unexpected_php_shape');
});

test('every patched text above is Pint-clean', () => pint.assertAllClean());

test.run();
