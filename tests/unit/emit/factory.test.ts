import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { emitFactory } from '../../../src/emit/laravel/artifacts/factory.js';
import { context, entity, field, parsingEmitter } from '../../support/entities.js';
import { blog, entityOf } from '../../support/source-model.js';

const emit = parsingEmitter(emitFactory);

test('a factory with imported short names and a value per field', () => {
  const file = emit(entity('Post', [field('caption'), field('details', 'text', { nullable: true })]), context());
  assert.is(file.path, 'database/factories/PostFactory.php');
  assert.is(file.artifact, 'Factory');
  assert.is(
    file.content,
    `<?php

declare(strict_types=1);

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
            'caption' => fake()->words(3, true),
            'details' => fake()->paragraph(),
        ];
    }
}
`,
  );
});

test('a Faker expression per field type; unique fields go through unique()', () => {
  const every = entity('Post', [
    field('caption', 'string', { unique: true }),
    field('published', 'boolean'),
    field('views', 'integer'),
    field('reach', 'bigint'),
    field('ratio', 'float'),
    field('weight', 'decimal'),
    field('meta', 'json'),
    field('starts_on', 'date'),
    field('seen_at', 'datetime'),
    field('logged_at', 'timestamp'),
    field('ref', 'uuid', { unique: true }),
    field('status', 'enum', { cases: ['draft', 'published'] }),
  ]);
  const { content } = emit(every, context());
  assert.ok(content.includes('use App\\Enums\\PostStatus;\nuse App\\Models\\Post;\n'));
  assert.ok(
    content.includes(`        return [
            'caption' => fake()->unique()->words(3, true),
            'published' => fake()->boolean(),
            'views' => fake()->numberBetween(1, 100000),
            'reach' => fake()->numberBetween(1, 1000000000),
            'ratio' => fake()->randomFloat(2, 0, 1000),
            'weight' => fake()->randomFloat(2, 0, 10000),
            'meta' => ['key' => fake()->word()],
            'starts_on' => fake()->date(),
            'seen_at' => fake()->dateTime(),
            'logged_at' => fake()->dateTime(),
            'ref' => fake()->unique()->uuid(),
            'status' => fake()->randomElement(PostStatus::cases()),
        ];`),
  );
});

test('a custom key is unique; a string key is a slug, fit for URLs', () => {
  const country = entity('Country', [field('code'), field('name', 'string', { unique: true })], { key: 'code', table: 'countries' });
  assert.ok(emit(country, context()).content.includes("'code' => fake()->unique()->slug(3),\n            'name' => fake()->unique()->words(3, true),"));
  const mail = entity('Mailbox', [field('email')], { key: 'email' });
  assert.ok(emit(mail, context()).content.includes("'email' => fake()->unique()->slug(3),"), 'a key keeps its URL-safe value whatever its name');
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
            'title' => fake()->sentence(4),
`),
  );
  assert.ok(emit(entityOf(model, 'Category'), context()).content.includes("            'parent_id' => null,\n"));
});

test('a name (or a rule) that says what a column holds gives such values, unique ones through unique()', () => {
  const customer = entity('Customer', [
    field('name'),
    field('email', 'string', { unique: true }),
    field('slug', 'string', { unique: true }),
    field('first_name'),
    field('billing_email'),
    field('contact', 'string', { rules: ['email'] }),
    field('phone_number', 'string', { nullable: true }),
    field('website'),
    field('ip_address'),
    field('home_address'),
    field('zip_code'),
    field('city'),
    field('country'),
    field('description', 'text'),
    field('summary'),
    field('color'),
    field('price', 'decimal'),
    field('quantity', 'integer'),
    field('born_on', 'date'),
  ]);
  const { content } = emit(customer, context());
  assert.ok(
    content.includes(`            'name' => fake()->name(),
            'email' => fake()->unique()->safeEmail(),
            'slug' => fake()->unique()->slug(3),
            'first_name' => fake()->firstName(),
            'billing_email' => fake()->safeEmail(),
            'contact' => fake()->safeEmail(),
            'phone_number' => fake()->phoneNumber(),
            'website' => fake()->url(),
            'ip_address' => fake()->ipv4(),
            'home_address' => fake()->address(),
            'zip_code' => fake()->postcode(),
            'city' => fake()->city(),
            'country' => fake()->country(),
            'description' => fake()->paragraphs(3, true),
            'summary' => fake()->text(200),
            'color' => fake()->hexColor(),
            'price' => fake()->randomFloat(2, 1, 1000),
            'quantity' => fake()->numberBetween(1, 20),
            'born_on' => fake()->dateTimeBetween('-90 years', '-18 years'),
`),
    content,
  );
});

test("the name of a model that is no person is not a person's name; a column with few values stays unique-safe", () => {
  const tag = emit(entity('Tag', [field('name', 'string', { unique: true }), field('country', 'string', { unique: true })]), context()).content;
  assert.ok(tag.includes("'name' => fake()->unique()->words(3, true),\n            'country' => fake()->unique()->words(3, true),"), tag);
  const company = emit(entity('Company', [field('name')]), context()).content;
  assert.ok(company.includes("'name' => fake()->company(),"), company);
});

test("a field's max, size, min and between rules bound its value: the generated tests post factory data", () => {
  const post = entity('Post', [
    field('title', 'string', { rules: ['max:20'] }),
    field('email', 'string', { rules: ['max:4'] }),
    field('code', 'string', { rules: ['size:6'] }),
    field('body', 'text', { rules: ['max:500'] }),
    field('views', 'integer', { rules: ['min:10', 'max:50'] }),
    field('price', 'decimal', { rules: ['between:2000,3000'] }),
    field('debt', 'integer', { rules: ['max:-5'] }),
  ]);
  const { content } = emit(post, context());
  assert.ok(
    content.includes(`            'title' => fake()->text(20),
            'email' => fake()->lexify('????'),
            'code' => fake()->lexify('??????'),
            'body' => fake()->text(500),
            'views' => fake()->numberBetween(10, 50),
            'price' => fake()->randomFloat(2, 2000, 3000),
            'debt' => fake()->numberBetween(-100004, -5),
`),
    content,
  );
});


test.run();
