import { CLIENT_COLLECTION_STORY } from './live-collection.js';
import { JSON_API_STORY } from './live-json-api.js';
import { LEGACY_STORY } from './legacy-database.js';
import { BLOG_STORY, SHOP_STORY, type LiveStory } from './live-stories.js';
import { USERS_STORY } from './live-users.js';
import type { SchemaChange } from './schema-change-step.js';
import type { Target } from './scenario-runner.js';

/**
 * The scenarios: each is a fresh copy of the Laravel 12 application, one or more `fullapi make` runs, then
 * every check; each runs on SQLite, PostgreSQL and MariaDB, in an application of its own per engine, and those
 * marked `laravel13` on Laravel 13 too. The route segment and parameter are written out, not derived, so that they test fullapi's
 * naming too.
 */

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
   * A second version of `schemaFile` (named the same), copied over it after the first make, then `fullapi make`
   * again: a regeneration of entities whose files, migrations included, already exist.
   */
  regeneratedSchemaFile?: string;
  /** Run on Laravel 13 too (under PHP 8.3 in WebAssembly, about ten times slower): the scenarios that cover its own output. */
  laravel13?: boolean;
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
  /** Pest installed into the application before the makes (pest.ts), and the generated tests run with vendor/bin/pest. */
  pest?: true;
  /** Stub files (relative to the repository) copied to the app's `stubs/vendor/fullapi/` before the first make. */
  publishedStubs?: readonly string[];
  /** laravel/sanctum installed into the application before the makes (sanctum.ts), which `--auth` needs. */
  sanctum?: true;
  /**
   * The application's SQLite database made from a legacy SQL file (legacy-database.ts), then one
   * `fullapi make --from-database`. With migrations, they recreate the tables (`migrate:fresh --seed`); without,
   * the API and its tests run on the tables as they are, never migrated: `legacyTables` are checked after the tests.
   */
  legacyDatabase?: { sql: string; withMigrations: boolean; legacyTables: readonly string[] };
  /** The only targets it runs on (every target when absent): a variant whose database side others already prove. */
  onlyOn?: readonly Target[];
}

const LEGACY_SQLITE = 'tests/fixtures/database/legacy-sqlite.sql';

// A secret among them: the tests that send a body with a field changed must send the password a factory row hides.
const EVERY_FIELD_TYPE =
  'name:string,notes:text,active:boolean,quantity:integer,views:bigint,ratio:float,price:decimal,meta:json,' +
  'born_on:date,starts_at:datetime,seen_at:timestamp,token:uuid,level:enum(low,mid,high),password:string';

export const SCENARIOS: readonly Scenario[] = [
  {
    name: 'every-field-type',
    laravel13: true,
    entities: [{ entity: 'Gadget', fields: EVERY_FIELD_TYPE, softDeletes: false, segment: 'gadgets', parameter: 'gadget' }],
  },
  {
    name: 'enum-field',
    entities: [
      { entity: 'Post', fields: 'title:string,status:enum(draft,published,archived)', softDeletes: false, segment: 'posts', parameter: 'post' },
    ],
  },
  {
    name: 'unique-field',
    entities: [
      { entity: 'BlogPost', fields: 'title:string,slug:string:unique', softDeletes: false, segment: 'blog-posts', parameter: 'blog_post' },
    ],
  },
  {
    name: 'string-primary-key',
    laravel13: true,
    entities: [{ entity: 'Country', fields: 'code:string:primary,name:string', softDeletes: false, segment: 'countries', parameter: 'country' }],
  },
  {
    name: 'soft-deletes',
    laravel13: true,
    entities: [{ entity: 'Media', fields: 'title:string,size:integer', softDeletes: true, segment: 'media', parameter: 'medium' }],
  },
  {
    name: 'regenerate-after-hand-edit',
    entities: [{ entity: 'Note', fields: 'title:string,body:text,pinned:boolean', softDeletes: false, segment: 'notes', parameter: 'note' }],
    handEdit: {
      file: 'app/Services/NoteService.php',
      after: 'class NoteService\n{\n',
      line: '    // Edited by hand: fullapi must keep this line when it runs again.\n\n',
    },
  },
  {
    name: 'schema-blog',
    laravel13: true,
    entities: [],
    schemaFile: 'examples/api-schema.yaml',
    story: BLOG_STORY,
    morphMap: { post: 'App\\Models\\Post' },
  },
  {
    name: 'new-parent-of-an-old-table',
    entities: [],
    schemaFile: 'tests/e2e/schemas/new-parent-1/api-schema.yaml',
    regeneratedSchemaFile: 'tests/e2e/schemas/new-parent-2/api-schema.yaml',
    // The parents' seeders are called before the posts' they were added after, or posts would make their own.
    seededRows: { countries: 10, categories: 10, posts: 10 },
  },
  {
    name: 'shop',
    entities: [],
    schemaFile: 'tests/e2e/schemas/shop/api-schema.yaml',
    story: SHOP_STORY,
  },
  {
    // Each entity of the record made again without --fields, Tag with soft deletes: fields and relations stay.
    name: 'regenerate-from-record',
    entities: [
      { entity: 'Category', fields: 'name:string:unique', softDeletes: false, segment: 'categories', parameter: 'category', fromRecord: true },
      { entity: 'Tag', fields: 'name:string,color:string:nullable', softDeletes: true, segment: 'tags', parameter: 'tag', fromRecord: true },
      { entity: 'Post', fields: 'title:string', softDeletes: false, segment: 'posts', parameter: 'post', fromRecord: true },
    ],
    schemaFile: 'tests/e2e/schemas/regenerate-from-record/class_data.json',
  },
  {
    name: 'long-names',
    entities: [],
    schemaFile: 'tests/e2e/schemas/long-names/api-schema.yaml',
  },
  {
    name: 'class-data-inheritance',
    entities: [],
    schemaFile: 'tests/fixtures/class-data/project/class_data.json',
  },
  {
    name: 'diagram-blog',
    entities: [],
    diagramFile: 'tests/fixtures/diagram-blog/project/docs/blog.md',
  },
  {
    // Laravel's own User in a diagram: integrated into the skeleton's model, table and factory, not replaced.
    name: 'diagram-users',
    laravel13: true,
    entities: [],
    diagramFile: 'tests/e2e/diagrams/blog-with-users.mmd',
    story: USERS_STORY,
  },
  {
    name: 'diagram-classes',
    entities: [],
    diagramFile: 'tests/fixtures/diagram-classes/project/shop.mmd',
  },
  {
    name: 'seeded-relations',
    entities: [],
    diagramFile: 'tests/fixtures/seeded-relations/project/docs/model.md',
    // Ten of each: every seeder reuses the parents seeded before it; each tag is attached to three posts.
    seededRows: { authors: 10, profiles: 10, categories: 10, posts: 10, tags: 10, post_tag: 30 },
  },
  {
    // A model.stub and a migrations.stub published by 3.x: their own HasFactory, id() and timestamps().
    name: 'published-3x-stubs',
    entities: [],
    schemaFile: 'tests/fixtures/published-3x-stubs/project/api-schema.yaml',
    publishedStubs: ['model', 'migrations'].map((stub) => `tests/fixtures/published-3x-stubs/project/stubs/vendor/fullapi/${stub}.stub`),
  },
  {
    name: 'add-fields',
    // Laravel 13's model declares #[Fillable([...])], which --add-fields completes in place.
    laravel13: true,
    entities: [{ entity: 'Note', fields: 'title:string,body:text,pinned:boolean', softDeletes: false, segment: 'notes', parameter: 'note' }],
    fieldsAddedLater: {
      entity: 'Note',
      segment: 'notes',
      fields: 'subtitle:string:nullable,rank:integer:nullable',
      row: { title: 'Before', body: 'Written before the new fields.', pinned: false },
      newValues: { subtitle: 'After', rank: 3 },
      edits: [
        { file: 'app/Models/Note.php', after: 'use HasFactory;\n', line: '\n    public const EDITED_BY_HAND = true;\n' },
        { file: 'app/Http/Controllers/NoteController.php', after: 'class NoteController extends Controller\n{\n', line: '    // Edited by hand: --add-fields must keep this line.\n\n' },
        { file: 'app/Http/Resources/NoteResource.php', after: "'title' => $this->title,\n", line: "            'heading' => strtoupper($this->title),\n" },
      ],
    },
  },
  {
    // Every kind of column change on a migrated table with rows, on each engine's own ALTER TABLE.
    name: 'schema-change',
    laravel13: true,
    entities: [],
    schemaFile: 'tests/e2e/schemas/schema-change-1/api-schema.yaml',
    schemaChange: {
      schemaFile: 'tests/e2e/schemas/schema-change-2/api-schema.yaml',
      table: 'articles',
      segment: 'articles',
      row: { title: 'Written at version 1', body: 'Its title becomes its headline.', rating: 4, legacy_code: 'X-1' },
      rowAfter: { headline: 'Written at version 1', body: 'Its title becomes its headline.', rating: '4.00', summary: null, category_id: null },
      gone: ['title', 'legacy_code'],
      newRow: { headline: 'Written at version 2', body: 'With a summary.', rating: '3.50', summary: 'Short.' },
      columnsBefore: ['id', 'title', 'body', 'rating', 'legacy_code', 'created_at', 'updated_at'],
      edits: [
        { file: 'app/Models/Article.php', after: 'use HasFactory;\n', line: '\n    public const EDITED_BY_HAND = true;\n' },
        {
          file: 'app/Http/Controllers/ArticleController.php',
          after: '    public function __construct(private readonly ArticleService $service) {}\n',
          line:
            "\n    public function latest(): JsonResponse\n    {\n        $article = Article::query()->latest('id')->firstOrFail();\n\n" +
            "        return response()->json(['edited' => Article::EDITED_BY_HAND, 'headline' => $article->headline]);\n    }\n",
        },
        { file: 'routes/api.php', after: "Route::apiResource('articles', ArticleController::class);\n", line: "Route::get('latest-article', [ArticleController::class, 'latest']);\n" },
      ],
      // The controller's generation is the same at version 2: kept as edited, with modified_file_kept.
      merged: ['app/Models/Article.php'],
      editedRoute: { path: '/api/latest-article', answer: { edited: true, headline: 'Written at version 2' } },
    },
  },
  {
    // Hand edits of the model, the controller and the routes, then a nullable field and soft deletes added to the
    // schema file, made before any migration: the edits and the new generation merged, the whole proven live.
    name: 'hand-edits-merged',
    onlyOn: ['sqlite'],
    entities: [],
    schemaFile: 'tests/e2e/schemas/hand-edits-merged-1/api-schema.yaml',
    handEditsMerged: {
      edits: [
        {
          file: 'app/Models/Note.php',
          after: '    ];\n',
          line: '\n    public function headline(): string\n    {\n        return mb_strtoupper($this->title);\n    }\n',
        },
        {
          file: 'app/Http/Controllers/NoteController.php',
          after: '    public function __construct(private readonly NoteService $service) {}\n',
          line:
            "\n    public function latest(): JsonResponse\n    {\n        $note = Note::query()->latest('id')->firstOrFail();\n\n" +
            "        return response()->json(['headline' => $note->headline(), 'subtitle' => $note->subtitle]);\n    }\n",
        },
        { file: 'routes/api.php', after: "Route::apiResource('notes', NoteController::class);\n", line: "Route::get('latest-note', [NoteController::class, 'latest']);\n" },
      ],
      regeneratedSchemaFile: 'tests/e2e/schemas/hand-edits-merged-2/api-schema.yaml',
      mergedFiles: ['app/Models/Note.php', 'app/Http/Controllers/NoteController.php'],
      newField: "'subtitle'",
    },
  },
  {
    name: 'two-entities',
    entities: [
      { entity: 'Author', fields: 'name:string,born_on:date', softDeletes: false, segment: 'authors', parameter: 'author' },
      { entity: 'Book', fields: 'title:string,pages:integer,published_at:datetime', softDeletes: true, segment: 'books', parameter: 'book' },
    ],
  },
  {
    name: 'delete',
    laravel13: true,
    deletion: true,
    entities: [],
    schemaFile: 'tests/e2e/schemas/delete/class_data.json',
  },
  {
    // json_api: the live story reads the JSON:API documents, which the contract checks of `entities` do not.
    name: 'json-api',
    laravel13: true,
    entities: [],
    schemaFile: 'tests/e2e/schemas/json-api/api-schema.yaml',
    story: JSON_API_STORY,
  },
  {
    name: 'clean-routes',
    staleRoutes: true,
    entities: [{ entity: 'Media', fields: 'title:string,size:integer', softDeletes: true, segment: 'media', parameter: 'medium' }],
  },
  {
    name: 'client-collection',
    entities: [],
    schemaFile: 'tests/e2e/schemas/client-collection/api-schema.yaml',
    story: CLIENT_COLLECTION_STORY,
  },
  {
    // --pest on the command line; Laravel 12 only (pest.ts).
    name: 'pest',
    pest: true,
    entities: [{ entity: 'Media', fields: 'title:string,size:integer', softDeletes: true, segment: 'media', parameter: 'medium', pest: true }],
  },
  {
    // auth: true in a schema file. Laravel 12 runs install:api first (its /user closure stays); Laravel 13 only
    // publishes Sanctum's migration (sanctum.ts).
    name: 'auth',
    sanctum: true,
    laravel13: true,
    onlyOn: ['sqlite', 'pgsql', 'laravel-13'],
    entities: [
      { entity: 'Author', fields: 'name:string,born_on:date', softDeletes: false, segment: 'authors', parameter: 'author', fromSchema: true, auth: true },
      { entity: 'Book', fields: 'title:string,pages:integer', softDeletes: false, segment: 'books', parameter: 'book', fromSchema: true, auth: true },
    ],
    schemaFile: 'tests/e2e/schemas/auth/api-schema.yaml',
    story: CLIENT_COLLECTION_STORY,
  },
  {
    // --auth --soft-deletes --pest on the command line, beside an entity made without --auth that stays public.
    name: 'auth-pest',
    sanctum: true,
    pest: true,
    onlyOn: ['sqlite'],
    entities: [
      { entity: 'Media', fields: 'title:string,size:integer', softDeletes: true, segment: 'media', parameter: 'medium', pest: true, auth: true },
      { entity: 'Tag', fields: 'name:string:unique', softDeletes: false, segment: 'tags', parameter: 'tag', pest: true },
    ],
  },
  {
    // --from-database --with-migrations on SQLite (the readers of every engine are proven by test:databases):
    // a self-reference, a pivot, a morph pair, a CHECK enum, a prefixed singular table with a string key.
    name: 'from-database',
    // Laravel 13: the models declare #[Table(name: ..., timestamps: false)].
    laravel13: true,
    onlyOn: ['sqlite', 'laravel-13'],
    entities: [],
    legacyDatabase: { sql: LEGACY_SQLITE, withMigrations: true, legacyTables: [] },
    seededRows: { categories: 10, products: 10, tags: 10, comments: 10, tbl_customer: 10 },
  },
  {
    // --from-database alone: no migration; the tests run in transactions on a copy of the tables as they are.
    name: 'from-database-as-is',
    onlyOn: ['sqlite'],
    entities: [],
    legacyDatabase: { sql: LEGACY_SQLITE, withMigrations: false, legacyTables: ['categories', 'products', 'tags', 'product_tag', 'comments', 'tbl_customer'] },
    story: LEGACY_STORY,
  },
  {
    // pest: true in a schema file: morphs, a pivot, a custom key, soft deletes, a secret.
    name: 'pest-schema',
    pest: true,
    entities: [],
    schemaFile: 'tests/fixtures/pest/project/api-schema.yaml',
  },
];
