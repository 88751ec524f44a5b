import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { emitService } from '../../../src/emit/laravel/artifacts/service.js';
import { requireCommand } from '../../support/php-tools.js';
import { context, entity, field, parsingEmitter } from '../../support/entities.js';

/** The service of an entity generated with --query-builder: its index through spatie/laravel-query-builder. */

const emit = parsingEmitter(emitService);
const withQueryBuilder = { queryBuilder: true };

const typed = {
  ...entity('Post', [
    field('title'),
    field('published', 'boolean'),
    field('views', 'integer'),
    field('price', 'decimal'),
    field('born_on', 'date'),
    field('ref', 'uuid'),
    field('meta', 'json'),
  ]),
  options: withQueryBuilder,
};

test('an exact AllowedFilter for every filter, the same sorts, the key last; the package imported, the own filtering gone', () => {
  const { content } = emit(typed, context(12));
  assert.ok(
    content.includes(
      [
        '            ->allowedFilters(',
        "                AllowedFilter::exact('title'),",
        "                AllowedFilter::exact('published'),",
        "                AllowedFilter::exact('views'),",
        "                AllowedFilter::exact('price'),",
        "                $this->dateFilter('born_on'),",
        "                AllowedFilter::exact('ref'),",
        '            )',
        '            ->allowedSorts(...self::SORTS)',
        "            ->orderBy('id', $this->keyDirection($query['sort'] ?? null))",
        "            ->paginate($perPage, ['*'], 'page', $page)",
      ].join('\n'),
    ),
  );
  // Eloquent's builder for the date filter's callback, which compares the day (whereDate).
  for (const name of ['Illuminate\\Database\\Eloquent\\Builder', 'Illuminate\\Http\\Request', 'Spatie\\QueryBuilder\\AllowedFilter', 'Spatie\\QueryBuilder\\QueryBuilder']) {
    assert.ok(content.includes(`use ${name};`), name);
  }
  assert.ok(content.includes('$days->orWhereDate($column, (string) $day);'));
  assert.not.ok(content.includes('applyFilters') || content.includes('applySorts'));
  assert.not.ok(content.includes("exact('meta')"), 'json is not filtered on');
});

test('with nothing to filter on, no allowedFilters() and no AllowedFilter import', () => {
  const { content } = emit({ ...entity('Doc', [field('meta', 'json')]), options: withQueryBuilder }, context(12));
  assert.not.ok(content.includes('AllowedFilter'));
  assert.not.ok(content.includes('Eloquent\\Builder') || content.includes('dateFilter'), 'no date to filter');
  assert.ok(content.includes('->allowedSorts(...self::SORTS)'));
});

test('with --simple-pagination, the package\'s builder reads the page through simplePaginate(), answered as a Paginator', () => {
  const { content } = emit({ ...typed, options: { ...withQueryBuilder, simplePagination: true } }, context(12));
  assert.ok(content.includes("            ->orderBy('id', $this->keyDirection($query['sort'] ?? null))\n            ->simplePaginate($perPage, ['*'], 'page', $page)\n            ->withQueryString();"));
  assert.ok(content.includes('public function paginate(array $query): Paginator'));
  assert.ok(content.includes('use Illuminate\\Pagination\\Paginator;'));
});

test('without the option, no trace of the package', () => {
  assert.not.ok(emit(entity('Post', [field('title')]), context(12)).content.includes('QueryBuilder'));
});


/**
 * Runs the generated paginate() against recording stand-ins of the package and the framework (the package
 * cannot be installed here): the package gets only allowed names and readable values, so it never answers 400.
 */
test('the package is handed only the allowed filters, with readable values, and the allowed sorts', () => {
  const uuid = '0b9f5a52-3c1e-4d6e-9a53-6f1f2a7c9e10';
  const calls = runPaginate(emit(typed, context(12)).content, [
    {},
    { filter: 'abc', sort: ['x'] },
    { filter: { title: 'x', password: 'y', published: 'true', views: '5', price: '9.50', ref: uuid, meta: 'x' } },
    { filter: { title: 'a,b', views: '1,2', published: '0', born_on: '2024-01-05' } },
    { filter: { title: ['x'], views: '1,abc', price: 'cheap', ref: 'abc', born_on: 'someday', published: 'maybe' } },
    { filter: { title: 'true' } },
    { filter: { title: 'a,', views: '' } },
    { sort: 'password,-title,--views,views,,-,meta,id', per_page: '500', page: '3' },
    { filter: { views: '2147483648', price: '1e1000000', born_on: 'tomorrow' } },
    { filter: { views: '7,2147483648', price: '19.999', born_on: '2024-02-30' } },
    { sort: 'views,-title,meta' },
  ]);
  const chain = (request: object, perPage = 15, page = 1, keyDirection = 'asc') => [
    ['request', request],
    ['allowedFilters', ['title', 'published', 'views', 'price', 'born_on', 'ref']],
    ['allowedSorts', ['id', 'title', 'published', 'views', 'price', 'born_on', 'ref', 'created_at', 'updated_at']],
    ['orderBy', 'id', keyDirection],
    ['paginate', perPage, page],
  ];
  const none = { filter: [], sort: '' };
  assert.equal(calls, [
    chain(none),
    chain(none),
    chain({ filter: { title: 'x', published: true, views: 5, price: '9.50', ref: uuid }, sort: '' }),
    chain({ filter: { title: ['a', 'b'], views: [1, 2], published: false, born_on: '2024-01-05' }, sort: '' }),
    chain(none),
    chain(none),
    chain(none),
    chain({ filter: [], sort: '-title,views,id' }, 100, 3),
    chain(none),
    chain(none),
    // The key follows the last column sorted on, so that an index over the columns serves the page.
    chain({ filter: [], sort: 'views,-title' }, 15, 1, 'desc'),
  ]);
});

const RECORDING_FRAMEWORK = `<?php
namespace Illuminate\\Database\\Eloquent {
    class Builder
    {
        public function with($relations) { return $this; }
    }
}
namespace Illuminate\\Http {
    class Request
    {
        public function __construct(public array $query = []) {}
    }
}
namespace Illuminate\\Pagination {
    class LengthAwarePaginator
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
namespace Spatie\\QueryBuilder {
    class AllowedFilter
    {
        public function __construct(public string $name) {}
        public static function exact(string $name): static { return new static($name); }
        public static function callback(string $name, $callback): static { return new static($name); }
    }
    class QueryBuilder
    {
        public array $calls = [];
        public static function for(\\Illuminate\\Database\\Eloquent\\Builder $subject, \\Illuminate\\Http\\Request $request): static
        {
            $builder = new static;
            $builder->calls[] = ['request', $request->query];
            return $builder;
        }
        public function allowedFilters(AllowedFilter ...$filters): static { $this->calls[] = ['allowedFilters', array_map(fn ($filter) => $filter->name, $filters)]; return $this; }
        public function allowedSorts(string ...$sorts): static { $this->calls[] = ['allowedSorts', $sorts]; return $this; }
        public function orderBy($column, $direction = 'asc') { $this->calls[] = ['orderBy', $column, $direction]; return $this; }
        public function paginate($perPage, $columns, $pageName, $page) { $this->calls[] = ['paginate', $perPage, $page]; return new \\Illuminate\\Pagination\\LengthAwarePaginator($this->calls); }
    }
}
namespace {
    function config($key) { return ['app.timezone' => 'UTC'][$key]; }
}
namespace App\\Models {
    class Post { public static function query() { return new \\Illuminate\\Database\\Eloquent\\Builder; } }
}
`;

function runPaginate(service: string, queries: readonly object[]): unknown[] {
  requireCommand('php', 'apt-get install php-cli');
  const dir = mkdtempSync(join(tmpdir(), 'fullapi-service-qb-'));
  writeFileSync(join(dir, 'framework.php'), RECORDING_FRAMEWORK);
  writeFileSync(join(dir, 'PostService.php'), service);
  writeFileSync(join(dir, 'queries.json'), JSON.stringify(queries));
  const script = `require 'framework.php'; require 'PostService.php';
    $service = new App\\Services\\PostService;
    $queries = json_decode(file_get_contents('queries.json'), true);
    echo json_encode(array_map(fn ($query) => $service->paginate($query)->calls, $queries));`;
  const result = spawnSync('php', ['-n', '-d', 'date.timezone=UTC', '-r', script], { cwd: dir, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`php failed: ${result.stdout}${result.stderr}`);
  return JSON.parse(result.stdout) as unknown[];
}

test.run();
