import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { emitFactory } from '../../../src/emit/laravel/factory.js';
import { context, entity, field, phpLint, recordingEmitter } from './entities.js';
import { blog, entityOf } from '../passes/source-model.js';

const { emit, generated } = recordingEmitter(emitFactory);

test('a factory with imported short names and a value per field', () => {
  const file = emit(entity('Post', [field('title'), field('body', 'text', { nullable: true })]), context());
  assert.is(file.path, 'database/factories/PostFactory.php');
  assert.is(file.artifact, 'Factory');
  assert.is(
    file.content,
    `<?php

namespace Database\\Factories;

use App\\Models\\Post;
use Illuminate\\Database\\Eloquent\\Factories\\Factory;

/**
 * @extends Factory<Post>
 */
class PostFactory extends Factory
{
    /**
     * Define the model's default state.
     *
     * @return array<string, mixed>
     */
    public function definition(): array
    {
        return [
            'title' => fake()->words(3, true),
            'body' => fake()->paragraph(),
        ];
    }
}
`,
  );
});

test('a Faker expression per field type; unique fields go through unique()', () => {
  const every = entity('Post', [
    field('title', 'string', { unique: true }),
    field('published', 'boolean'),
    field('views', 'integer'),
    field('reach', 'bigint'),
    field('ratio', 'float'),
    field('price', 'decimal'),
    field('meta', 'json'),
    field('born_on', 'date'),
    field('seen_at', 'datetime'),
    field('logged_at', 'timestamp'),
    field('ref', 'uuid', { unique: true }),
    field('status', 'enum', { cases: ['draft', 'published'] }),
  ]);
  const { content } = emit(every, context());
  assert.ok(content.includes('use App\\Enums\\PostStatus;\nuse App\\Models\\Post;\n'));
  assert.ok(
    content.includes(`        return [
            'title' => fake()->unique()->words(3, true),
            'published' => fake()->boolean(),
            'views' => fake()->numberBetween(1, 100000),
            'reach' => fake()->numberBetween(1, 1000000000),
            'ratio' => fake()->randomFloat(2, 0, 1000),
            'price' => fake()->randomFloat(2, 0, 10000),
            'meta' => ['key' => fake()->word()],
            'born_on' => fake()->date(),
            'seen_at' => fake()->dateTime(),
            'logged_at' => fake()->dateTime(),
            'ref' => fake()->unique()->uuid(),
            'status' => fake()->randomElement(PostStatus::cases()),
        ];`),
  );
});

test('a custom key is unique; a string key is a slug, fit for URLs', () => {
  const country = entity('Country', [field('code'), field('name')], { key: 'code', table: 'countries' });
  assert.ok(emit(country, context()).content.includes("'code' => fake()->unique()->slug(3),\n            'name' => fake()->words(3, true),"));
  const seat = entity('Seat', [field('number', 'integer')], { key: 'number' });
  assert.ok(emit(seat, context()).content.includes("'number' => fake()->unique()->numberBetween(1, 100000),"));
});

test("a foreign key gets its parent's factory; a reference of the entity to itself stays null", () => {
  const model = blog();
  const post = emit(entityOf(model, 'Post'), context()).content;
  assert.ok(post.includes('use App\\Models\\Category;\nuse App\\Models\\Country;\nuse App\\Models\\Post;\n'));
  assert.ok(
    post.includes(`        return [
            'country_code' => Country::factory(),
            'category_id' => Category::factory(),
            'title' => fake()->words(3, true),
`),
  );
  assert.ok(emit(entityOf(model, 'Category'), context()).content.includes("            'parent_id' => null,\n"));
});

test('every generated factory parses (php -l)', () => {
  assert.ok(generated.length >= 4);
  assert.equal(phpLint(generated), []);
});

test.run();
