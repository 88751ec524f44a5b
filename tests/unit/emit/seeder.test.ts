import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { emitSeeder } from '../../../src/emit/laravel/seeder.js';
import { context, entity, field, onlyFile, phpLint } from './entities.js';

test('a seeder that creates ten rows through the factory', () => {
  const file = onlyFile(emitSeeder(entity('BlogPost', [field('title')]), context()));
  assert.is(file.path, 'database/seeders/BlogPostSeeder.php');
  assert.is(file.artifact, 'Seeder');
  assert.is(
    file.content,
    `<?php

namespace Database\\Seeders;

use App\\Models\\BlogPost;
use Illuminate\\Database\\Seeder;

class BlogPostSeeder extends Seeder
{
    /**
     * Run the database seeds.
     */
    public function run(): void
    {
        BlogPost::factory()->count(10)->create();
    }
}
`,
  );
  assert.equal(phpLint([file]), []);
});

test('a unique boolean or small unique enum caps the rows seeded: Faker runs out of unique values', () => {
  const countOf = (subject: Parameters<typeof emitSeeder>[0]) => /count\((\d+)\)/.exec(onlyFile(emitSeeder(subject, context())).content)?.[1];
  assert.is(countOf(entity('Flag', [field('on', 'boolean', { unique: true })])), '2');
  assert.is(countOf(entity('Level', [field('name', 'enum', { unique: true, cases: ['low', 'mid', 'high'] })])), '3');
  assert.is(countOf(entity('Post', [field('status', 'enum', { cases: ['a', 'b'] }), field('slug', 'string', { unique: true })])), '10');
});

test.run();
