import type { Target } from './scenario.js';

/**
 * The feature families the end-to-end run proves. Each must run on every target (SQLite, PostgreSQL, MariaDB,
 * Laravel 13) in at least one of its scenarios, but where `notOn` names a target and why it cannot or need not
 * (engine-matrix.test.ts checks it). A scenario runs on the targets its own database side needs; what every
 * scenario of a family shares is proven once per target.
 */
interface FamilyInfo {
  summary: string;
  /** The targets none of its scenarios runs on, each with the reason. */
  notOn?: Partial<Record<Target, string>>;
}

export const FAMILIES = {
  'field types': {
    summary: 'every field type, an enum, a unique field: columns, casts, validation, factories, filters and sorts',
  },
  'keys and names': {
    summary: "a custom string primary key, and names long enough to pass the engines' limits on index names",
  },
  'soft deletes': {
    summary: 'the deleted_at column, restore and force-delete routes, trashed rows left out of the index',
  },
  relations: {
    summary:
      'the example schema (belongsTo, hasMany, belongsToMany, morphs, the morph map), restrict, set-null and cascade ' +
      'deletes, an old table given new parents, class_data.json with inheritance, two entities in one app',
  },
  diagrams: {
    summary: "erDiagram in Markdown, erDiagram around Laravel's own User, classDiagram, seeded relations",
  },
  'changes after migrate': {
    summary: '--add-fields and a changed schema file on a migrated table with rows: the migrations of the changes, rollback',
  },
  regeneration: {
    summary: 'make run again after hand edits (kept, or merged), entities of class_data.json made again, stubs published by 3.x',
  },
  removal: {
    summary: 'fullapi delete, and clean-routes of routes whose controller has no file',
  },
  pest: {
    summary: 'tests generated in Pest style (--pest, pest: true), run by vendor/bin/pest',
    notOn: { 'laravel-13': 'Composer does not run under PHP 8.3 in WebAssembly: Pest is installed on Laravel 12 only (pest.ts)' },
  },
  auth: {
    summary: "--auth: Sanctum tokens, register, login, logout, every guarded route 401 without a token; owners, each user's rows their own",
  },
  'json:api': {
    summary: 'json_api: JSON:API documents, sparse fieldsets, includes, its filter and sort parameters',
  },
  'query builder': {
    summary: '--query-builder: the index through the real spatie/laravel-query-builder, its filters and sorts, the hostile query strings',
    notOn: { 'laravel-13': 'Composer does not run under PHP 8.3 in WebAssembly: the package is installed on Laravel 12 only (query-builder.ts)' },
  },
  'simple pagination': {
    summary: '--simple-pagination: the index through simplePaginate (plain and --query-builder), no count; its tests and the live checks page by links.next',
    notOn: {
      'laravel-13':
        "Composer does not run under PHP 8.3 in WebAssembly, and the scenario's --query-builder entity needs the package; the simple paginator's toArray and the resource collection's meta are the same code in 12.x and 13.x",
    },
  },
  'static analysis': {
    summary: 'PHPStan with Larastan at level 8, no baseline, over the code of the example schema and of every field type, key and soft deletes, and of owners with --auth',
    notOn: {
      pgsql: 'the code analysed is the same on every engine',
      mariadb: 'the code analysed is the same on every engine',
      'laravel-13': 'Composer does not run under PHP 8.3 in WebAssembly: Larastan is installed on Laravel 12 only (larastan.ts)',
    },
  },
  'postman collection': {
    summary: 'the generated postman_collection.json, run by newman against the served application',
  },
  artisan: {
    summary:
      'the Composer package from a path repository: make:fullapi (--fields, a schema file, a diagram, --dry-run, a bad input, the wizard on a terminal), ' +
      'vendor:publish, about, delete:fullapi, api-generator:* and the MCP server, all through php artisan; Node missing',
    notOn: {
      pgsql: 'artisan runs the same command line as npx; what it generates is proven on each engine by the other families',
      mariadb: 'artisan runs the same command line as npx; what it generates is proven on each engine by the other families',
      'laravel-13': 'Composer does not run under PHP 8.3 in WebAssembly, nor does the package start Node from it: the package is installed on Laravel 12 only',
    },
  },
  'documentation examples': {
    summary: "every runnable example of the documentation site, each page a reader's session in a new application: exit codes, the files and the output each claims",
    notOn: {
      pgsql: "the examples run on the SQLite database a new Laravel application has, as a reader's do",
      mariadb: "the examples run on the SQLite database a new Laravel application has, as a reader's do",
      'laravel-13': 'Composer does not run under PHP 8.3 in WebAssembly: the examples install the Composer package, on Laravel 12 only',
    },
  },
  'from an OpenAPI document': {
    summary: "make --openapi: a petstore document's schemas made into an API whose every answer is one that document describes",
    notOn: {
      pgsql: 'the document lowers to the entities a schema file gives, whose code the other families prove on each engine',
      mariadb: 'the document lowers to the entities a schema file gives, whose code the other families prove on each engine',
      'laravel-13': 'the document lowers to the entities a schema file gives, whose code the other families prove on Laravel 13',
    },
  },
  'from a database': {
    summary: '--from-database, with migrations that recreate the tables or on the tables as they are',
    notOn: {
      pgsql: 'reading PostgreSQL and MariaDB is proven by test:databases; the code generated from what is read is the same',
      mariadb: 'reading PostgreSQL and MariaDB is proven by test:databases; the code generated from what is read is the same',
    },
  },
} satisfies Record<string, FamilyInfo>;

export type Family = keyof typeof FAMILIES;

export function familyInfo(family: Family): FamilyInfo {
  return FAMILIES[family];
}
