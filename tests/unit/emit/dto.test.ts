import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DTO_TYPE } from '../../../src/emit/laravel/values/dto-types.js';
import { emitDto } from '../../../src/emit/laravel/artifacts/dto.js';
import { requireCommand } from '../../support/php-tools.js';
import { context, entity, field, parsingEmitter } from '../../support/entities.js';
import { blog, entityOf } from '../../support/source-model.js';

const emit = parsingEmitter(emitDto);

const post = entity('Post', [
  field('title', 'string', { unique: true }),
  field('body', 'text', { nullable: true }),
  field('published', 'boolean'),
  field('status', 'enum', { cases: ['draft', 'published'] }),
]);

test('the DTO: nullable camel-case properties, fromValidated() with casts and the sent keys, toArray() of those keys', () => {
  const file = emit(post, context(12));
  assert.is(file.path, 'app/DTO/PostDTO.php');
  assert.is(file.artifact, 'DTO');
  assert.is(
    file.content,
    `<?php

declare(strict_types=1);

namespace App\\DTO;

use App\\Enums\\PostStatus;
use Illuminate\\Support\\Arr;

/**
 * The data of a Post to save. fromValidated() remembers which fields the client sent and toArray() returns
 * only those, so a PATCH leaves the other columns unchanged; a DTO built by hand saves every property.
 */
final class PostDTO
{
    /**
     * @param  list<string>|null  $provided  The keys the client sent; null for a DTO built by hand.
     */
    public function __construct(
        public ?string $title = null,
        public ?string $body = null,
        public ?bool $published = null,
        public ?PostStatus $status = null,
        public ?array $provided = null,
    ) {}

    /**
     * Each value is cast to its property's type, so a code or a date sent as a number is saved as a string.
     *
     * @param  array<string, mixed>  $validated
     */
    public static function fromValidated(array $validated): self
    {
        return new self(
            title: isset($validated['title']) ? (string) $validated['title'] : null,
            body: isset($validated['body']) ? (string) $validated['body'] : null,
            published: isset($validated['published']) ? (bool) $validated['published'] : null,
            status: isset($validated['status']) ? PostStatus::from((string) $validated['status']) : null,
            provided: array_keys($validated),
        );
    }

    /**
     * The columns to save: the fields the client sent, or every field of a DTO built by hand.
     *
     * @return array<string, mixed>
     */
    public function toArray(): array
    {
        $attributes = [
            'title' => $this->title,
            'body' => $this->body,
            'published' => $this->published,
            'status' => $this->status,
        ];

        return $this->provided === null ? $attributes : Arr::only($attributes, $this->provided);
    }
}
`,
  );
});

test('every field type: its property type and its cast from validated data', () => {
  const every = entity('Sample', [
    field('name'),
    field('notes', 'text'),
    field('active', 'boolean'),
    field('quantity', 'integer'),
    field('views', 'bigint'),
    field('ratio', 'float'),
    field('price', 'decimal'),
    field('meta', 'json'),
    field('born_on', 'date'),
    field('starts_at', 'datetime'),
    field('seen_at', 'timestamp'),
    field('token', 'uuid'),
    field('level', 'enum', { cases: ['low', 'high'] }),
  ]);
  assert.is(Object.keys(DTO_TYPE).length + 1, every.fields.length, 'one field of each type, and an enum');
  const { content } = emit(every, context(13));
  assert.ok(content.includes('use App\\Enums\\SampleLevel;\nuse Illuminate\\Support\\Arr;\n'));
  assert.ok(
    content.includes(`    /**
     * @param  array<array-key, mixed>|null  $meta
     * @param  list<string>|null  $provided  The keys the client sent; null for a DTO built by hand.
     */
    public function __construct(
        public ?string $name = null,
        public ?string $notes = null,
        public ?bool $active = null,
        public ?int $quantity = null,
        public ?int $views = null,
        public ?float $ratio = null,
        public ?string $price = null,
        public ?array $meta = null,
        public ?string $bornOn = null,
        public ?string $startsAt = null,
        public ?string $seenAt = null,
        public ?string $token = null,
        public ?SampleLevel $level = null,
        public ?array $provided = null,
    ) {}
`),
  );
  assert.ok(
    content.includes(`            active: isset($validated['active']) ? (bool) $validated['active'] : null,
            quantity: isset($validated['quantity']) ? (int) $validated['quantity'] : null,
            views: isset($validated['views']) ? (int) $validated['views'] : null,
            ratio: isset($validated['ratio']) ? (float) $validated['ratio'] : null,
            price: isset($validated['price']) ? (string) $validated['price'] : null,
            meta: isset($validated['meta']) ? (array) $validated['meta'] : null,
            bornOn: isset($validated['born_on']) ? Carbon::parse((string) $validated['born_on'])->toDateString() : null,
            startsAt: isset($validated['starts_at']) ? Carbon::parse((string) $validated['starts_at'])->setTimezone(config('app.timezone'))->toDateTimeString() : null,
`),
  );
  assert.ok(content.includes("            level: isset($validated['level']) ? SampleLevel::from((string) $validated['level']) : null,\n"));
  assert.ok(content.includes("            'born_on' => $this->bornOn,\n"));
  assert.ok(content.includes('use Illuminate\\Support\\Carbon;\n'), 'dates are parsed with Carbon');
});

test('without fields the DTO still records the sent keys', () => {
  const { content } = emit(entity('Tag', []), context(12));
  assert.ok(content.includes('    public function __construct(\n        public ?array $provided = null,\n    ) {}\n'));
  assert.ok(content.includes('        return new self(\n            provided: array_keys($validated),\n        );\n'));
});

test('foreign keys are properties typed like the key they reference', () => {
  const { content } = emit(entityOf(blog(), 'Post'), context());
  assert.ok(content.includes('        public ?string $countryCode = null,\n        public ?int $categoryId = null,\n        public ?string $title = null,\n'));
  assert.ok(content.includes("            categoryId: isset($validated['category_id']) ? (int) $validated['category_id'] : null,\n"));
  assert.ok(content.includes("            'category_id' => $this->categoryId,\n"));
});


/** Runs the generated DTO with the one framework class it uses (Arr::only) standing in. */
test('fromValidated() casts and remembers the sent keys; toArray() saves those, or every property of a hand-built DTO', () => {
  const dto = emit(post, context(12)).content;
  const output = runPhp(
    dto,
    `
    $sent = PostDTO::fromValidated(['title' => 123, 'body' => null, 'status' => 'draft']);
    $patch = PostDTO::fromValidated(['published' => '0']);
    $hand = new PostDTO(title: 'Hello');
    echo json_encode([$sent->provided, $sent->toArray(), $patch->toArray(), $hand->provided, $hand->toArray()]);`,
  );
  assert.equal(JSON.parse(output), [
    ['title', 'body', 'status'],
    { title: '123', body: null, status: 'draft' },
    { published: false },
    null,
    { title: 'Hello', body: null, published: null, status: null },
  ]);
});

const STAND_INS = `<?php
namespace Illuminate\\Support {
    class Arr
    {
        public static function only($array, $keys) { return array_intersect_key($array, array_flip((array) $keys)); }
    }
}
namespace App\\Enums {
    enum PostStatus: string { case Draft = 'draft'; case Published = 'published'; }
}
`;

function runPhp(dto: string, code: string): string {
  requireCommand('php', 'apt-get install php-cli');
  const dir = mkdtempSync(join(tmpdir(), 'fullapi-dto-'));
  writeFileSync(join(dir, 'stand-ins.php'), STAND_INS);
  writeFileSync(join(dir, 'PostDTO.php'), dto);
  writeFileSync(join(dir, 'run.php'), `<?php\nrequire 'stand-ins.php';\nrequire 'PostDTO.php';\nuse App\\DTO\\PostDTO;\n${code}\n`);
  const result = spawnSync('php', ['-n', 'run.php'], { cwd: dir, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`php failed: ${result.stdout}${result.stderr}`);
  return result.stdout;
}

test.run();
