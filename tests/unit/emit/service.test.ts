import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { emitService } from '../../../src/emit/laravel/artifacts/service.js';
import { requireCommand } from '../../support/php-tools.js';
import { context, entity, field, parsingEmitter } from '../../support/entities.js';
import { blog, entityOf } from '../../support/source-model.js';

const emit = parsingEmitter(emitService);

const post = entity('Post', [
  field('title', 'string', { unique: true }),
  field('body', 'text', { nullable: true }),
  field('published', 'boolean'),
  field('status', 'enum', { cases: ['draft', 'published'] }),
]);

test('the service: allow-listed filters and sorts, page size from the project, writes through toArray()', () => {
  const file = emit(post, context(12));
  assert.is(file.path, 'app/Services/PostService.php');
  assert.is(file.artifact, 'Service');
  assert.is(
    file.content,
    `<?php

declare(strict_types=1);

namespace App\\Services;

use App\\DTO\\PostDTO;
use App\\Models\\Post;
use Closure;
use DateTimeImmutable;
use DateTimeZone;
use Illuminate\\Database\\Eloquent\\Builder;
use Illuminate\\Database\\QueryException;
use Illuminate\\Pagination\\LengthAwarePaginator;
use Illuminate\\Support\\Str;

class PostService
{
    /**
     * The columns \`filter[<column>]=<value>\` may match exactly, each with the type its value is read as.
     */
    private const FILTERS = [
        'title' => 'string',
        'body' => 'string',
        'published' => 'boolean',
        'status' => 'string',
    ];

    /**
     * The columns \`sort=<column>\` (ascending) and \`sort=-<column>\` (descending) may order by.
     */
    private const SORTS = [
        'id',
        'title',
        'body',
        'published',
        'status',
        'created_at',
        'updated_at',
    ];

    /**
     * The relations \`include=<name>,...\` may load with the rows, by the name the resource answers them under.
     */
    private const INCLUDES = [
    ];

    private const PER_PAGE = 15;

    private const MAX_PER_PAGE = 100;

    /**
     * One page of the index. Unknown parameters and unreadable values are ignored: a query string never fails.
     *
     * @param  array<string, mixed>  $query
     * @return LengthAwarePaginator<int, Post>
     */
    public function paginate(array $query): LengthAwarePaginator
    {
        $builder = Post::query()->with($this->includes($query['include'] ?? null));
        $this->applyFilters($builder, $query['filter'] ?? null);
        $this->applySorts($builder, $query['sort'] ?? null);
        $perPage = min($this->positiveInteger($query['per_page'] ?? null, self::PER_PAGE), self::MAX_PER_PAGE);
        $page = $this->positiveInteger($query['page'] ?? null, 1);

        return $builder->paginate($perPage, ['*'], 'page', $page)->withQueryString();
    }

    /**
     * The row with the relations \`include\` asks for, loaded as the index loads them.
     *
     * @param  array<string, mixed>  $query
     */
    public function load(Post $post, array $query): Post
    {
        return $post->load($this->includes($query['include'] ?? null));
    }

    public function create(PostDTO $dto): Post
    {
        return Post::create($dto->toArray());
    }

    public function update(Post $post, PostDTO $dto): Post
    {
        $post->update($dto->toArray());

        return $post;
    }

    public function delete(Post $post): void
    {
        $this->deleteUnlessReferenced($post, fn () => $post->delete());
    }

    /**
     * Runs the deletion unless rows of other tables still refer to this one through a foreign key that
     * restricts it: then the answer is a 409 instead of the database's error, a 500. A table the relations do
     * not name is caught by the database's refusal.
     */
    private function deleteUnlessReferenced(Post $post, Closure $delete): void
    {
        try {
            $delete();
        } catch (QueryException $exception) {
            // SQLSTATE class 23: an integrity constraint, the only kind a deletion can break.
            if (! str_starts_with((string) $exception->getCode(), '23')) {
                throw $exception;
            }
            $this->refuseDeletion([]);
        }
    }

    /**
     * The 409 of a refused deletion, naming the rows in the way by relation, at most ten keys each.
     *
     * @param  array<string, array<int, mixed>>  $dependents
     */
    private function refuseDeletion(array $dependents): never
    {
        abort(response()->json([
            'message' => 'This post cannot be deleted: other rows still refer to it.',
            'dependents' => (object) $dependents,
        ], 409));
    }

    /**
     * Keeps the rows that match each allowed filter exactly; other keys of \`filter\` are ignored.
     *
     * @param  Builder<Post>  $builder
     */
    private function applyFilters(Builder $builder, mixed $filters): void
    {
        if (! is_array($filters)) {
            return;
        }

        foreach (array_intersect_key($filters, self::FILTERS) as $column => $value) {
            $match = $this->filterValue(self::FILTERS[$column], $value);
            if ($match === null) {
                continue;
            }
            $builder->where($column, $match);
        }
    }

    /**
     * The value a filter matches, read as its column's type. Null, and the filter ignored, when there is none
     * to read: an array, an empty value (a form's blank field), or a value the column cannot hold, which
     * PostgreSQL would refuse with an error (a number out of the column's range, a text that is not UTF-8).
     */
    private function filterValue(string $type, mixed $value): string|int|float|bool|null
    {
        if (! is_scalar($value) || $value === '') {
            return null;
        }
        $text = (string) $value;

        return match ($type) {
            'boolean' => filter_var($text, FILTER_VALIDATE_BOOLEAN, FILTER_NULL_ON_FAILURE),
            // A 32-bit INTEGER column.
            'integer' => filter_var($text, FILTER_VALIDATE_INT, ['options' => ['min_range' => -2147483648, 'max_range' => 2147483647], 'flags' => FILTER_NULL_ON_FAILURE]),
            'bigint' => filter_var($text, FILTER_VALIDATE_INT, FILTER_NULL_ON_FAILURE),
            'decimal' => preg_match('/^-?[0-9]{1,8}(\\\\.[0-9]{1,2})?$/', $text) === 1 ? $text : null,
            // As a float: PostgreSQL refuses a double's text out of its range, 1e-400 as much as 1e400.
            'number' => is_numeric($text) && is_finite((float) $text) ? (float) $text : null,
            'date' => $this->dateValue($text, ['Y-m-d'], 'Y-m-d'),
            'datetime' => $this->dateValue($text, ['Y-m-d H:i:s', 'Y-m-d\\\\TH:i:s', 'Y-m-d\\\\TH:i:sP', 'Y-m-d\\\\TH:i:sp', 'Y-m-d\\\\TH:i:s.vP', 'Y-m-d\\\\TH:i:s.vp', 'Y-m-d\\\\TH:i:s.uP', 'Y-m-d\\\\TH:i:s.up'], 'Y-m-d H:i:s'),
            'uuid' => Str::isUuid($text) ? $text : null,
            // Valid UTF-8 (the \`u\` pattern matches nothing else) with no NUL.
            default => preg_match('//u', $text) === 1 && ! str_contains($text, "\\0") ? $text : null,
        };
    }

    /**
     * The date or time in the format Eloquent stores it, in the application's timezone, read strictly in one of
     * the formats the field's \`date_format\` rule takes (as Laravel reads them: the value must print back the
     * same, so \`2024-02-30\` and \`tomorrow\` are no dates); null when it is none, or out of the years every
     * database holds.
     *
     * @param  list<string>  $formats
     */
    private function dateValue(string $value, array $formats, string $storedFormat): ?string
    {
        foreach ($formats as $format) {
            $date = DateTimeImmutable::createFromFormat('!'.$format, $value);
            if ($date === false || $date->format($format) !== $value) {
                continue;
            }
            $stored = $date->setTimezone(new DateTimeZone(config('app.timezone')));
            $instant = $stored->format('Y-m-d H:i:s');
            // A five-digit year is longer, and would sort between the bounds as text.
            $held = strlen($instant) === 19 && $instant >= '1000-01-01 00:00:00' && $instant <= '9999-12-31 23:59:59';

            return $held ? $stored->format($storedFormat) : null;
        }

        return null;
    }

    /**
     * Orders by the allowed columns of \`sort=a,-b\` in the order given, then by the key (keyDirection()), so that
     * rows with equal values keep one order from page to page.
     *
     * @param  Builder<Post>  $builder
     */
    private function applySorts(Builder $builder, mixed $sort): void
    {
        foreach (is_string($sort) ? explode(',', $sort) : [] as $term) {
            $descending = str_starts_with($term, '-');
            $column = $descending ? substr($term, 1) : $term;
            if (in_array($column, self::SORTS, true)) {
                $builder->orderBy($column, $descending ? 'desc' : 'asc');
            }
        }

        $builder->orderBy('id', $this->keyDirection($sort));
    }

    /**
     * The key breaks ties in the direction of the last allowed column of \`sort\`: MySQL, MariaDB and SQLite end
     * every index with the key, so an index over the sorted columns gives them the page in that order, where a
     * key in the other direction makes them sort every matching row first.
     */
    private function keyDirection(mixed $sort): string
    {
        $direction = 'asc';
        foreach (is_string($sort) ? explode(',', $sort) : [] as $term) {
            $descending = str_starts_with($term, '-');
            if (in_array($descending ? substr($term, 1) : $term, self::SORTS, true)) {
                $direction = $descending ? 'desc' : 'asc';
            }
        }

        return $direction;
    }

    /**
     * The relation methods of \`include=a,b\` that INCLUDES allows; other names are ignored, like unknown filters.
     *
     * @return list<string>
     */
    private function includes(mixed $include): array
    {
        // The entity has no relation: every name is unknown.
        return self::INCLUDES;
    }

    /**
     * A positive integer from the query string, or the default when the value is missing or is not one.
     */
    private function positiveInteger(mixed $value, int $default): int
    {
        $number = filter_var($value, FILTER_VALIDATE_INT, ['options' => ['min_range' => 1]]);

        return $number === false ? $default : $number;
    }
}
`,
  );
});

test('the page size and its cap come from the project', () => {
  const { content } = emit(post, context(13, { project: { framework: 13, perPage: 25, maxPerPage: 50 } }));
  assert.ok(content.includes('    private const PER_PAGE = 25;\n\n    private const MAX_PER_PAGE = 50;\n'));
});

test('a custom key: filtered and sorted as the field it is, no id, and the final order is by the key', () => {
  const { content } = emit(entity('Country', [field('code'), field('name')], { key: 'code', table: 'countries' }), context(12));
  assert.ok(content.includes("    private const FILTERS = [\n        'code' => 'string',\n        'name' => 'string',\n    ];\n"));
  assert.ok(
    content.includes(
      "    private const SORTS = [\n        'code',\n        'name',\n        'created_at',\n        'updated_at',\n    ];\n",
    ),
  );
  assert.ok(content.includes("        $builder->orderBy('code', $this->keyDirection($sort));\n"));
  assert.not.ok(content.includes("'id'"));
});

test('json fields are neither filtered nor sorted on (PostgreSQL cannot compare json)', () => {
  const { content } = emit(entity('Post', [field('title'), field('meta', 'json')]), context(12));
  assert.not.ok(content.includes("'meta'"));
});

test('soft deletes: restore() returns the model, forceDelete() returns nothing and meets the delete rules', () => {
  const { content } = emit(entity('Media', [field('title')], { table: 'media', routeParameter: 'medium', softDeletes: true }), context(12));
  assert.ok(
    content.includes(`    public function delete(Media $medium): void
    {
        $medium->delete();
    }

    public function restore(Media $medium): Media
    {
        $medium->restore();

        return $medium;
    }

    public function forceDelete(Media $medium): void
    {
        $this->deleteUnlessReferenced($medium, fn () => $medium->forceDelete());
    }

    /**
`),
  );
});

test('the children whose foreign key restricts a delete are looked up first, by the name the resource answers them under', () => {
  const model = blog();
  const category = emit(entityOf(model, 'Category'), context(12)).content;
  // Category's children: posts restrict (a required key), its own children are set to null (a self-reference).
  assert.ok(category.includes("        foreach (['posts' => 'posts'] as $name => $relation) {\n"));
  assert.ok(category.includes("$children = $category->{$relation}()->withoutGlobalScopes();\n"));
  assert.ok(category.includes("$keys = $children->limit(10)->pluck($children->getRelated()->getKeyName())->all();\n"));
  assert.ok(category.includes("            'message' => 'This category cannot be deleted: other rows still refer to it.',\n"));
  // Post's comments are morph children: no foreign key guards their commentable_id, so they refuse the delete too.
  assert.ok(emit(entityOf(model, 'Post'), context(12)).content.includes("        foreach (['comments' => 'comments'] as $name => $relation) {\n"));
});

test('foreign keys are filtered exactly and sorted on like fields', () => {
  const { content } = emit(entityOf(blog(), 'Post'), context());
  assert.ok(content.includes("        'country_code' => 'string',\n        'category_id' => 'bigint',\n        'title' => 'string',\n"));
  assert.ok(content.includes("        'id',\n        'country_code',\n        'category_id',\n        'title',\n"));
});


/**
 * Runs the generated paginate() against a Builder that records its calls (the real one needs a database):
 * every malformed query string must give a page, never an exception.
 */
test('paginate() ignores unknown and malformed parameters instead of failing', () => {
  const typed = entity('Post', [
    field('title'),
    field('published', 'boolean'),
    field('views', 'integer'),
    field('price', 'decimal'),
    field('born_on', 'date'),
    field('seen_at', 'datetime'),
    field('ref', 'uuid'),
    field('meta', 'json'),
  ]);
  const service = emit(typed, context(12));
  const uuid = '0b9f5a52-3c1e-4d6e-9a53-6f1f2a7c9e10';
  const calls = runPaginate(service.content, [
    {},
    { filter: 'abc' },
    { filter: { title: ['x'] } },
    { filter: { title: 'x', password: 'y', published: 'true', views: '5', price: '9.50', ref: uuid } },
    { filter: { published: 'maybe', title: '', views: 'abc', price: 'cheap', born_on: 'someday', ref: 'abc', meta: 'x' } },
    { filter: { published: '0', born_on: '2024-01-05', seen_at: '2024-01-05T10:20:30' } },
    // Values the columns cannot hold, which PostgreSQL would answer with an error, and dates strtotime would move.
    { filter: { views: '2147483648', price: '1e1000000', born_on: 'tomorrow', seen_at: 'tomorrow', title: 'a\u0000b' } },
    { filter: { views: '-2147483648', price: '123456789', born_on: '2024-02-30', seen_at: '0999-12-31 23:59:59' } },
    { filter: { price: '19.999', born_on: '1815-12-10', seen_at: '2024-01-01T10:00:00.000+02:00' } },
    { per_page: 'abc' },
    { per_page: '-5' },
    { per_page: '0' },
    { per_page: '500' },
    { per_page: '7', page: '3' },
    { per_page: ['x'], page: 'abc' },
    { sort: 'password' },
    { sort: ['x'] },
    { sort: 'meta' },
    { sort: '-title,views,-,,id' },
    { sort: 'views,-title,password' },
    { include: 'tags,comments' },
    { include: ['tags'] },
  ]);
  const page = (perPage: number, pageNumber = 1) => ['paginate', perPage, pageNumber];
  const byKey = ['orderBy', 'id', 'asc'];
  assert.equal(calls, [
    [byKey, page(15)],
    [byKey, page(15)],
    [byKey, page(15)],
    [
      ['where', 'title', 'x'],
      ['where', 'published', true],
      ['where', 'views', 5],
      ['where', 'price', '9.50'],
      ['where', 'ref', uuid],
      byKey,
      page(15),
    ],
    [byKey, page(15)],
    [['where', 'published', false], ['whereDate', 'born_on', '2024-01-05'], ['where', 'seen_at', '2024-01-05 10:20:30'], byKey, page(15)],
    [byKey, page(15)],
    [['where', 'views', -2147483648], byKey, page(15)],
    // A time with an offset is the same instant in the application's timezone.
    [['whereDate', 'born_on', '1815-12-10'], ['where', 'seen_at', '2024-01-01 08:00:00'], byKey, page(15)],
    [byKey, page(15)],
    [byKey, page(15)],
    [byKey, page(15)],
    [byKey, page(100)],
    [byKey, page(7, 3)],
    [byKey, page(15)],
    [byKey, page(15)],
    [byKey, page(15)],
    [byKey, page(15)],
    [['orderBy', 'title', 'desc'], ['orderBy', 'views', 'asc'], ['orderBy', 'id', 'asc'], byKey, page(15)],
    // The key follows the last column sorted on, so that an index over the columns serves the page.
    [['orderBy', 'views', 'asc'], ['orderBy', 'title', 'desc'], ['orderBy', 'id', 'desc'], page(15)],
    // The entity has no relations: nothing to include.
    [byKey, page(15)],
    [byKey, page(15)],
  ]);
});

test('--simple-pagination: the same filters, sorts and page through simplePaginate(), which counts nothing, answered as a Paginator', () => {
  const service = emit({ ...entity('Post', [field('title')]), options: { simplePagination: true } }, context(12));
  assert.ok(service.content.includes('use Illuminate\\Pagination\\Paginator;'));
  assert.not.ok(service.content.includes('LengthAwarePaginator'));
  assert.ok(service.content.includes('     * @return Paginator<int, Post>\n     */\n    public function paginate(array $query): Paginator\n'));
  const calls = runPaginate(service.content, [{ filter: { title: 'x' }, sort: '-title', per_page: '500', page: '2' }, {}]);
  assert.equal(calls, [
    [['where', 'title', 'x'], ['orderBy', 'title', 'desc'], ['orderBy', 'id', 'desc'], ['simplePaginate', 100, 2]],
    [['orderBy', 'id', 'asc'], ['simplePaginate', 15, 1]],
  ]);
});

const RECORDING_FRAMEWORK = `<?php
namespace Illuminate\\Database\\Eloquent {
    class Builder
    {
        public array $calls = [];
        public function with($relations) { if ($relations !== []) { $this->calls[] = ['with', $relations]; } return $this; }
        public function where($column, $value) { $this->calls[] = ['where', $column, $value]; return $this; }
        public function whereDate($column, $value) { $this->calls[] = ['whereDate', $column, $value]; return $this; }
        public function orderBy($column, $direction = 'asc') { $this->calls[] = ['orderBy', $column, $direction]; return $this; }
        public function paginate($perPage, $columns, $pageName, $page) { $this->calls[] = ['paginate', $perPage, $page]; return new \\Illuminate\\Pagination\\LengthAwarePaginator($this->calls); }
        public function simplePaginate($perPage, $columns, $pageName, $page) { $this->calls[] = ['simplePaginate', $perPage, $page]; return new \\Illuminate\\Pagination\\Paginator($this->calls); }
    }
}
namespace Illuminate\\Pagination {
    class LengthAwarePaginator
    {
        public function __construct(public array $calls) {}
        public function withQueryString() { return $this; }
    }
    class Paginator
    {
        public function __construct(public array $calls) {}
        public function withQueryString() { return $this; }
    }
}
namespace Illuminate\\Support {
    class Str
    {
        public static function isUuid($value) { return preg_match('/^[\\da-f]{8}-[\\da-f]{4}-[\\da-f]{4}-[\\da-f]{4}-[\\da-f]{12}$/iD', $value) === 1; }
    }
}
namespace App\\Models {
    class Post { public static function query() { return new \\Illuminate\\Database\\Eloquent\\Builder; } }
}
namespace {
    function config($key) { return ['app.timezone' => 'UTC'][$key]; }
}
`;

function runPaginate(service: string, queries: readonly object[]): unknown[] {
  requireCommand('php', 'apt-get install php-cli');
  const dir = mkdtempSync(join(tmpdir(), 'fullapi-service-'));
  writeFileSync(join(dir, 'framework.php'), RECORDING_FRAMEWORK);
  writeFileSync(join(dir, 'PostService.php'), service);
  writeFileSync(join(dir, 'queries.json'), JSON.stringify(queries));
  const script = `require 'framework.php'; require 'PostService.php';
    $service = new App\\Services\\PostService;
    $queries = json_decode(file_get_contents('queries.json'), true);
    echo json_encode(array_map(fn ($query) => $service->paginate($query)->calls, $queries));`;
  // UTC, as config/app.php sets it: the date filters format with the default timezone.
  const result = spawnSync('php', ['-n', '-d', 'date.timezone=UTC', '-r', script], { cwd: dir, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`php failed: ${result.stdout}${result.stderr}`);
  return JSON.parse(result.stdout) as unknown[];
}

test.run();
