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

test.run();
