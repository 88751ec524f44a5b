import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { emitSeeder } from '../../../src/emit/laravel/artifacts/seeder.js';
import { context, entity, field, onlyFile, phpLint } from '../../support/entities.js';
import { blog, checked, entityOf, relation, sourceEntity, sourceField } from '../../support/source-model.js';

test('a seeder that creates ten rows through the factory', () => {
  const file = onlyFile(emitSeeder(entity('BlogPost', [field('title')]), context()));
  assert.is(file.path, 'database/seeders/BlogPostSeeder.php');
  assert.is(file.artifact, 'Seeder');
  assert.is(
    file.content,
    `<?php

declare(strict_types=1);

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

test('a child takes a random existing parent by its key, and creates one only when there is none; each row is attached to a few related rows', () => {
  const model = blog();
  const post = onlyFile(emitSeeder(entityOf(model, 'Post'), context()));
  assert.is(
    post.content,
    `<?php

declare(strict_types=1);

namespace Database\\Seeders;

use App\\Models\\Category;
use App\\Models\\Country;
use App\\Models\\Post;
use App\\Models\\Tag;
use Illuminate\\Database\\Seeder;

class PostSeeder extends Seeder
{
    /**
     * Run the database seeds.
     */
    public function run(): void
    {
        // One row at a time, so that each row finds the parents and related rows seeded before it.
        for ($seeded = 0; $seeded < 10; $seeded++) {
            $post = Post::factory()->create([
                'country_code' => Country::query()->inRandomOrder()->value('code') ?? Country::factory(),
                'category_id' => Category::query()->inRandomOrder()->value('id') ?? Category::factory(),
            ]);
            $post->tags()->attach(Tag::query()->inRandomOrder()->limit(3)->get());
        }
    }
}
`,
  );
  const tag = onlyFile(emitSeeder(entityOf(model, 'Tag'), context())).content;
  assert.ok(tag.includes('            $tag = Tag::factory()->create();\n            $tag->posts()->attach(Post::query()->inRandomOrder()->limit(3)->get());\n'), tag);
  const category = onlyFile(emitSeeder(entityOf(model, 'Category'), context())).content;
  assert.ok(category.includes("            Category::factory()->create([\n                'parent_id' => Category::query()->inRandomOrder()->value('id'),\n            ]);\n"), category);
  assert.equal(phpLint([post]), []);
});

test('a one to one takes a parent that has no such row yet, itself included; a pivot of an entity with itself never attaches a row to itself', () => {
  const model = checked([
    sourceEntity('Author', [sourceField('name')], [relation('profile', 'hasOne', 'Profile')]),
    sourceEntity('Profile', [sourceField('bio', 'text')]),
    sourceEntity('Node', [sourceField('name')], [relation('parent', 'belongsTo', 'Node'), relation('parentOf', 'hasOne', 'Node'), relation('friends', 'belongsToMany', 'Node', 'node_friend')]),
  ]);
  const profile = onlyFile(emitSeeder(entityOf(model, 'Profile'), context())).content;
  assert.ok(profile.includes("'author_id' => Author::query()->whereDoesntHave('profile')->inRandomOrder()->value('id') ?? Author::factory(),"), profile);
  const node = onlyFile(emitSeeder(entityOf(model, 'Node'), context()));
  assert.ok(
    node.content.includes(`            $node = Node::factory()->create([
                'parent_id' => Node::query()->whereDoesntHave('parentOf')->inRandomOrder()->value('id'),
            ]);
            $node->friends()->attach(Node::query()->whereKeyNot($node->getKey())->inRandomOrder()->limit(3)->get());
`),
    node.content,
  );
  assert.equal(phpLint([node]), []);
});

test("a model named like the seeder's loop counter keeps a variable of its own", () => {
  const model = checked([sourceEntity('Seeded', [sourceField('name')], [relation('tags', 'belongsToMany', 'Tag')]), sourceEntity('Tag', [sourceField('name')])]);
  const seeded = onlyFile(emitSeeder(entityOf(model, 'Seeded'), context())).content;
  assert.ok(seeded.includes('            $seededModel = Seeded::factory()->create();\n            $seededModel->tags()->attach('), seeded);
});

test.run();
