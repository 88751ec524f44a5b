import type { Mutation } from './mutations.js';
import type { Engine } from './database-servers.js';
import type { Family } from './families.js';
import type { LiveStory } from './live-stories.js';
import type { SchemaChange } from './schema-change-step.js';

/**
 * What a scenario is: a fresh copy of the Laravel application, one or more `fullapi make` runs, then every
 * check, on each target it names. The route segment and parameter are written out, not derived, so that they
 * test fullapi's naming too.
 */

/**
 * Where a scenario runs: Laravel 12 on SQLite or on a database server, or Laravel 13 (on SQLite, under PHP
 * 8.3 in WebAssembly: php83.ts).
 */
export type Target = Engine | 'laravel-13';

export const TARGETS: readonly Target[] = ['sqlite', 'pgsql', 'mariadb', 'laravel-13'];

export interface EntityUnderTest {
  entity: string;
  /** The `--fields` text, as a user types it. */
  fields: string;
  softDeletes: boolean;
  /** `media` in `api/media/{medium}`. */
  segment: string;
  /** `medium` in `api/media/{medium}`. */
  parameter: string;
  /** Made without --fields, from the entity class_data.json records: `fields` is then what the record holds. */
  fromRecord?: true;
  /** Made with --pest: its tests in Pest style. */
  pest?: true;
  /** Made with --query-builder: its index through spatie/laravel-query-builder (the scenario's `queryBuilder`). */
  queryBuilder?: true;
  /** Made with --simple-pagination: its index counts no rows, and the live checks page it by `links.next` (live-index.ts). */
  simplePagination?: true;
  /** Made with --auth: its routes behind `auth:sanctum`, the live checks with a token (live-auth.ts). */
  auth?: true;
  /** Made by the scenario's schema file alone, with no `make <Entity>` of its own: only checked. */
  fromSchema?: true;
}

/** A hand edit of a generated file before `make` runs again: `line` goes right after `after`. */
export interface HandEdit {
  file: string;
  after: string;
  line: string;
}

/** `make <Entity> --add-fields` after the table was migrated and holds rows (add-fields-step.ts). */
export interface FieldsAddedLater {
  entity: string;
  segment: string;
  /** The `--add-fields` text. */
  fields: string;
  /** A row the API stores before the fields are added. */
  row: Readonly<Record<string, unknown>>;
  /** Values of the added fields, stored through the API after the migration. */
  newValues: Readonly<Record<string, unknown>>;
  /** Made before `--add-fields`; each must be in its file afterwards. */
  edits: HandEdit[];
}

/** Hand edits after the first make, then a new version of the schema file made over them (merge-step.ts). */
export interface HandEditsMerged {
  edits: HandEdit[];
  /** Copied over `schemaFile` (named the same) before `fullapi make` runs again. */
  regeneratedSchemaFile: string;
  /** The edited files the new version changes: each must be merged, and hold `newField`. */
  mergedFiles: readonly string[];
  newField: string;
}

export interface Scenario {
  name: string;
  /** Generated in this order, into the same application. */
  entities: EntityUnderTest[];
  /** Entities the schema file, the diagram or the wizard makes, whose routes `route:list` must show beside those of `entities`. */
  routedToo?: readonly EntityUnderTest[];
  /**
   * A schema file (relative to the repository, named api-schema.yaml or class_data.json) copied to the
   * app's root under its own name, then one bare
   * `fullapi make`. Its entities get the migration, generated-test and Pint checks; the live checks and the
   * route list cover `entities` only.
   */
  schemaFile?: string;
  /**
   * A Mermaid diagram (relative to the repository) copied to the app's root under its own name, then one
   * `fullapi make --mermaid=<name>`; its entities are checked like a schema file's.
   */
  diagramFile?: string;
  /**
   * An OpenAPI document in one file (relative to the repository) copied to the app's root under its own name, then
   * one `fullapi make --openapi=<name>`; its entities are checked like a schema file's, and every answer of the
   * live story against it as well as against the document `fullapi openapi` writes.
   */
  openapiFile?: string;
  /**
   * A second version of `schemaFile` (named the same), copied over it after the first make, then `fullapi make`
   * again: a regeneration of entities whose files, migrations included, already exist.
   */
  regeneratedSchemaFile?: string;
  /**
   * The targets it runs on, SQLite always: each is an application of its own, on that engine or on Laravel 13
   * (under PHP 8.3 in WebAssembly, about ten times slower). A family of features needs each target in one of
   * its scenarios (families.ts), not in all of them.
   */
  engines: readonly Target[];
  /** The feature families it proves (families.ts), for the engine matrix. */
  families: readonly Family[];
  /** Edit a file after the first make, run the same makes again: the edit must be kept. */
  handEdit?: HandEdit;
  /** After the first make, hand edits merged with a regeneration, then checked over HTTP (merge-step.ts). */
  handEditsMerged?: HandEditsMerged;
  /** After the makes: rows, hand edits, `--add-fields`, then `php artisan migrate` (add-fields-step.ts). */
  fieldsAddedLater?: FieldsAddedLater;
  /** After the makes: `migrate`, a row, the schema file's version 2, `make`, `migrate`, `migrate:rollback` (schema-change-step.ts). */
  schemaChange?: SchemaChange;
  /** Requests across the entities of `schemaFile` or `diagramFile`, against the served application. */
  story?: LiveStory;
  /** The rows each of these tables must hold after `migrate:fresh --seed`. */
  seededRows?: Readonly<Record<string, number>>;
  /** After the makes, routes to controllers without a file break route:list; `fullapi clean-routes` must mend it. */
  staleRoutes?: boolean;
  /**
   * After the makes of tests/e2e/schemas/delete, `fullapi delete` of one of its three related entities (the checks
   * then run on the two left), and at the end of every entity.
   */
  deletion?: boolean;
  /** The aliases the booted application's morph map must hold, each with its model class. */
  morphMap?: Readonly<Record<string, string>>;
  /**
   * Breaks of the generated code, each of which the generated tests (of the classes `mutationTests` matches)
   * must fail on, applied one at a time after the tests passed; on SQLite with Laravel 12 only (mutations.ts).
   */
  mutations?: { of: () => readonly Mutation[]; tests: string };
  /**
   * The Composer package (composer/) installed, and the makes (`entities`, `schemaFile`, `diagramFile`) and every other
   * command through `php artisan` alone (artisan-face.ts); Laravel 12 on the host PHP.
   */
  artisan?: true;
  /**
   * Instead of makes and checks, every runnable example of docs/ (tests/support/runnable-examples.ts), each page in
   * an application of its own, through Composer and the shell as a reader types them (docs-examples.ts); Laravel 12
   * on the host PHP.
   */
  docsExamples?: true;
  /** Pest installed into the application before the makes (pest.ts), and the generated tests run with vendor/bin/pest. */
  pest?: true;
  /** Stub files (relative to the repository) copied before the first make to the app's vendor folder their path names: `stubs/vendor/fullapi/` or the PHP generator's `stubs/vendor/laravel-api-generator/`. */
  publishedStubs?: readonly string[];
  /** Codes of the warnings the first makes must give about the project (each at least once); any other fails. */
  expectedWarnings?: readonly string[];
  /**
   * The login's rate limit and timing, and `throttle:api` on the first `--auth` entity, on a server of their own
   * whose cache outlives a request (live-limits.ts); Laravel 12 only.
   */
  rateLimits?: true;
  /** Larastan installed before the makes, and PHPStan at level 8 run over the generated code after them (larastan.ts). */
  staticAnalysis?: true;
  /** spatie/laravel-query-builder installed into the application before the makes (query-builder.ts). */
  queryBuilder?: true;
  /** laravel/sanctum installed into the application before the makes (sanctum.ts), which `--auth` needs. */
  sanctum?: true;
  /**
   * The application's SQLite database made from a legacy SQL file (legacy-database.ts), then one
   * `fullapi make --from-database`. With migrations, they recreate the tables (`migrate:fresh --seed`); without,
   * the API and its tests run on the tables as they are, never migrated: `legacyTables` are checked after the tests.
   */
  legacyDatabase?: { sql: string; withMigrations: boolean; legacyTables: readonly string[] };
}
