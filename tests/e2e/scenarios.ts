import { CLIENT_COLLECTION_STORY } from './live-collection.js';
import { JSON_API_STORY } from './live-json-api.js';
import { LEGACY_STORY } from './legacy-database.js';
import { OWNERS_STORY } from './live-owners.js';
import { PETSTORE_STORY } from './live-petstore.js';
import { BLOG_STORY, SHOP_STORY } from './live-stories.js';
import { USERS_STORY } from './live-users.js';
import { gadgetMutations, ownerMutations } from './mutations.js';
import type { Scenario } from './scenario.js';

/**
 * The scenarios (scenario.ts says what each field means), each on SQLite and on the other targets its
 * database side needs: together, every feature family on every target (families.ts).
 */

const LEGACY_SQLITE = 'tests/fixtures/database/legacy-sqlite.sql';

// A secret among them: the tests that send a body with a field changed must send the password a factory row hides.
const EVERY_FIELD_TYPE =
  'name:string,notes:text,active:boolean,quantity:integer,views:bigint,ratio:float,price:decimal,meta:json,' +
  'born_on:date,starts_at:datetime,seen_at:timestamp,token:uuid,level:enum(low,mid,high),password:string,email:string:unique';

export const SCENARIOS: readonly Scenario[] = [
  {
    name: 'every-field-type',
    engines: ['sqlite', 'pgsql', 'mariadb', 'laravel-13'],
    families: ['field types'],
    entities: [{ entity: 'Gadget', fields: EVERY_FIELD_TYPE, softDeletes: false, segment: 'gadgets', parameter: 'gadget' }],
    mutations: { of: gadgetMutations, tests: 'Gadget' },
  },
  {
    // The generated service hands the real package the allowed query string; its tests and the live checks run on it.
    name: 'query-builder',
    engines: ['sqlite', 'pgsql', 'mariadb'],
    families: ['query builder'],
    queryBuilder: true,
    entities: [{ entity: 'Widget', fields: EVERY_FIELD_TYPE, softDeletes: false, segment: 'widgets', parameter: 'widget', queryBuilder: true }],
  },
  {
    // --simple-pagination: the index counts no rows, through the plain service and through the real query-builder
    // package; its generated tests and the live checks page by links.next.
    name: 'simple-pagination',
    engines: ['sqlite', 'pgsql', 'mariadb'],
    families: ['simple pagination'],
    queryBuilder: true,
    entities: [
      {
        entity: 'Order',
        fields: 'reference:string,status:enum(pending,paid,shipped),total:decimal,placed_at:datetime,password:string',
        softDeletes: true,
        segment: 'orders',
        parameter: 'order',
        simplePagination: true,
      },
      { entity: 'Invoice', fields: 'number:string:unique,amount:integer,due_on:date', softDeletes: false, segment: 'invoices', parameter: 'invoice', queryBuilder: true, simplePagination: true },
    ],
  },
  {
    // The example schema with an entity of every field type and uuid and integer keys: the generated code analysed
    // at PHPStan's level 8 with Larastan, and its tests run.
    name: 'static-analysis',
    engines: ['sqlite'],
    families: ['static analysis'],
    staticAnalysis: true,
    entities: [],
    schemaFile: 'tests/e2e/schemas/static-analysis/api-schema.yaml',
  },
  {
    name: 'enum-field',
    engines: ['sqlite'],
    families: ['field types'],
    entities: [
      { entity: 'Post', fields: 'title:string,status:enum(draft,published,archived)', softDeletes: false, segment: 'posts', parameter: 'post' },
    ],
  },
  {
    name: 'unique-field',
    engines: ['sqlite'],
    families: ['field types'],
    entities: [
      { entity: 'BlogPost', fields: 'title:string,slug:string:unique', softDeletes: false, segment: 'blog-posts', parameter: 'blog_post' },
    ],
  },
  {
    name: 'string-primary-key',
    engines: ['sqlite', 'laravel-13'],
    families: ['keys and names'],
    entities: [{ entity: 'Country', fields: 'code:string:primary,name:string', softDeletes: false, segment: 'countries', parameter: 'country' }],
  },
  {
    name: 'soft-deletes',
    engines: ['sqlite', 'pgsql', 'mariadb', 'laravel-13'],
    families: ['soft deletes'],
    entities: [{ entity: 'Media', fields: 'title:string,size:integer', softDeletes: true, segment: 'media', parameter: 'medium' }],
  },
  {
    name: 'regenerate-after-hand-edit',
    engines: ['sqlite'],
    families: ['regeneration'],
    entities: [{ entity: 'Note', fields: 'title:string,body:text,pinned:boolean', softDeletes: false, segment: 'notes', parameter: 'note' }],
    handEdit: {
      file: 'app/Services/NoteService.php',
      after: 'class NoteService\n{\n',
      line: '    // Edited by hand: fullapi must keep this line when it runs again.\n\n',
    },
  },
  {
    name: 'schema-blog',
    engines: ['sqlite', 'pgsql', 'mariadb', 'laravel-13'],
    families: ['relations'],
    entities: [],
    schemaFile: 'examples/api-schema.yaml',
    story: BLOG_STORY,
    morphMap: { post: 'App\\Models\\Post' },
  },
  {
    name: 'new-parent-of-an-old-table',
    engines: ['sqlite', 'pgsql', 'mariadb'],
    families: ['relations'],
    entities: [],
    schemaFile: 'tests/e2e/schemas/new-parent-1/api-schema.yaml',
    regeneratedSchemaFile: 'tests/e2e/schemas/new-parent-2/api-schema.yaml',
    // The parents' seeders are called before the posts' they were added after, or posts would make their own.
    seededRows: { countries: 10, categories: 10, posts: 10 },
  },
  {
    name: 'shop',
    engines: ['sqlite', 'pgsql', 'mariadb'],
    families: ['relations'],
    entities: [],
    schemaFile: 'tests/e2e/schemas/shop/api-schema.yaml',
    story: SHOP_STORY,
  },
  {
    // Each entity of the record made again without --fields, Tag with soft deletes: fields and relations stay.
    name: 'regenerate-from-record',
    engines: ['sqlite'],
    families: ['regeneration'],
    entities: [
      { entity: 'Category', fields: 'name:string:unique', softDeletes: false, segment: 'categories', parameter: 'category', fromRecord: true },
      { entity: 'Tag', fields: 'name:string,color:string:nullable', softDeletes: true, segment: 'tags', parameter: 'tag', fromRecord: true },
      { entity: 'Post', fields: 'title:string', softDeletes: false, segment: 'posts', parameter: 'post', fromRecord: true },
    ],
    schemaFile: 'tests/e2e/schemas/regenerate-from-record/class_data.json',
  },
  {
    name: 'long-names',
    engines: ['sqlite', 'pgsql', 'mariadb'],
    families: ['keys and names'],
    entities: [],
    schemaFile: 'tests/e2e/schemas/long-names/api-schema.yaml',
  },
  {
    name: 'class-data-inheritance',
    engines: ['sqlite'],
    families: ['relations'],
    entities: [],
    schemaFile: 'tests/fixtures/class-data/project/class_data.json',
  },
  {
    name: 'diagram-blog',
    engines: ['sqlite'],
    families: ['diagrams'],
    entities: [],
    diagramFile: 'tests/fixtures/diagram-blog/project/docs/blog.md',
  },
  {
    // Laravel's own User in a diagram: integrated into the skeleton's model, table and factory, not replaced.
    name: 'diagram-users',
    engines: ['sqlite', 'pgsql', 'mariadb', 'laravel-13'],
    families: ['diagrams'],
    entities: [],
    diagramFile: 'tests/e2e/diagrams/blog-with-users.mmd',
    story: USERS_STORY,
  },
  {
    name: 'diagram-classes',
    engines: ['sqlite'],
    families: ['diagrams'],
    entities: [],
    diagramFile: 'tests/fixtures/diagram-classes/project/shop.mmd',
  },
  {
    name: 'seeded-relations',
    engines: ['sqlite'],
    families: ['diagrams', 'relations'],
    entities: [],
    diagramFile: 'tests/fixtures/seeded-relations/project/docs/model.md',
    // Ten of each: every seeder reuses the parents seeded before it; each tag is attached to three posts.
    seededRows: { authors: 10, profiles: 10, categories: 10, posts: 10, tags: 10, post_tag: 30 },
  },
  {
    // A model.stub and a migrations.stub published by 3.x: their own HasFactory, id() and timestamps().
    name: 'published-3x-stubs',
    engines: ['sqlite'],
    families: ['regeneration'],
    entities: [],
    schemaFile: 'tests/fixtures/published-3x-stubs/project/api-schema.yaml',
    publishedStubs: ['model', 'migrations'].map((stub) => `tests/fixtures/published-3x-stubs/project/stubs/vendor/fullapi/${stub}.stub`),
  },
  {
    // Stubs in the shape of the PHP generator's 3.7, left where it published them: phpdoc, idColumn, factoryImports, ...
    name: 'php-generator-stubs',
    engines: ['sqlite'],
    families: ['regeneration'],
    entities: [],
    schemaFile: 'tests/fixtures/php-generator-stubs/project/api-schema.yaml',
    publishedStubs: ['model', 'migrations', 'factory', 'controller', 'policy', 'resource'].map(
      (stub) => `tests/fixtures/php-generator-stubs/project/stubs/vendor/laravel-api-generator/${stub}.stub`,
    ),
    expectedWarnings: ['php_generator_stubs'],
  },
  {
    name: 'add-fields',
    // Laravel 13's model declares #[Fillable([...])], which --add-fields completes in place.
    engines: ['sqlite', 'pgsql', 'mariadb', 'laravel-13'],
    families: ['changes after migrate', 'regeneration'],
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
    // Every kind of column change on a migrated table with rows, on each engine's own ALTER TABLE. Laravel 13
    // runs on SQLite, whose ALTER TABLE the sqlite run proves: add-fields proves the family there, with the
    // model's #[Fillable] completed in place.
    name: 'schema-change',
    engines: ['sqlite', 'pgsql', 'mariadb'],
    families: ['changes after migrate', 'regeneration'],
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
      compoundIndexesBefore: ['legacy_code,created_at', 'title,rating'],
      compoundIndexesAfter: ['category_id,created_at', 'headline,rating'],
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
    engines: ['sqlite'],
    families: ['regeneration'],
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
    engines: ['sqlite'],
    families: ['relations', 'soft deletes'],
    entities: [
      { entity: 'Author', fields: 'name:string,born_on:date', softDeletes: false, segment: 'authors', parameter: 'author' },
      { entity: 'Book', fields: 'title:string,pages:integer,published_at:datetime', softDeletes: true, segment: 'books', parameter: 'book' },
    ],
  },
  {
    name: 'delete',
    engines: ['sqlite', 'pgsql', 'mariadb', 'laravel-13'],
    families: ['removal'],
    deletion: true,
    entities: [],
    schemaFile: 'tests/e2e/schemas/delete/class_data.json',
  },
  {
    // json_api: the live story reads the JSON:API documents, which the contract checks of `entities` do not.
    name: 'json-api',
    engines: ['sqlite', 'pgsql', 'mariadb', 'laravel-13'],
    families: ['json:api'],
    entities: [],
    schemaFile: 'tests/e2e/schemas/json-api/api-schema.yaml',
    story: JSON_API_STORY,
  },
  {
    name: 'clean-routes',
    engines: ['sqlite'],
    families: ['removal'],
    staleRoutes: true,
    entities: [{ entity: 'Media', fields: 'title:string,size:integer', softDeletes: true, segment: 'media', parameter: 'medium' }],
  },
  {
    name: 'client-collection',
    engines: ['sqlite', 'mariadb'],
    families: ['postman collection'],
    entities: [],
    schemaFile: 'tests/e2e/schemas/client-collection/api-schema.yaml',
    story: CLIENT_COLLECTION_STORY,
  },
  {
    // --pest on the command line, and with --simple-pagination; Laravel 12 only (pest.ts).
    name: 'pest',
    engines: ['sqlite'],
    families: ['pest', 'simple pagination'],
    pest: true,
    entities: [
      { entity: 'Media', fields: 'title:string,size:integer', softDeletes: true, segment: 'media', parameter: 'medium', pest: true },
      { entity: 'Note', fields: 'title:string,pinned:boolean', softDeletes: false, segment: 'notes', parameter: 'note', pest: true, simplePagination: true },
    ],
  },
  {
    // auth: true in a schema file. Laravel 12 runs install:api first (its /user closure stays); Laravel 13 only
    // publishes Sanctum's migration (sanctum.ts).
    name: 'auth',
    engines: ['sqlite', 'pgsql', 'laravel-13'],
    families: ['auth', 'postman collection'],
    sanctum: true,
    entities: [
      { entity: 'Author', fields: 'name:string,born_on:date', softDeletes: false, segment: 'authors', parameter: 'author', fromSchema: true, auth: true },
      { entity: 'Book', fields: 'title:string,pages:integer', softDeletes: false, segment: 'books', parameter: 'book', fromSchema: true, auth: true },
    ],
    schemaFile: 'tests/e2e/schemas/auth/api-schema.yaml',
    story: CLIENT_COLLECTION_STORY,
    rateLimits: true,
  },
  {
    // owner: true: two users registered through the API, each with their own orders (live-owners.ts); PHPStan
    // over the owner's code and --auth's, on SQLite (the static-analysis family is the static-analysis scenario's).
    name: 'owners',
    engines: ['sqlite', 'pgsql', 'mariadb'],
    families: ['auth'],
    sanctum: true,
    staticAnalysis: true,
    entities: [],
    schemaFile: 'tests/e2e/schemas/owners/api-schema.yaml',
    mutations: { of: ownerMutations, tests: 'Order' },
    story: OWNERS_STORY,
  },
  {
    // --auth --soft-deletes --pest on the command line, beside an entity made without --auth that stays public.
    name: 'auth-pest',
    engines: ['sqlite'],
    families: ['auth', 'pest'],
    sanctum: true,
    pest: true,
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
    engines: ['sqlite', 'laravel-13'],
    families: ['from a database'],
    entities: [],
    legacyDatabase: { sql: LEGACY_SQLITE, withMigrations: true, legacyTables: [] },
    seededRows: { categories: 10, products: 10, tags: 10, comments: 10, tbl_customer: 10 },
  },
  {
    // --from-database alone: no migration; the tests run in transactions on a copy of the tables as they are.
    name: 'from-database-as-is',
    engines: ['sqlite'],
    families: ['from a database'],
    entities: [],
    legacyDatabase: { sql: LEGACY_SQLITE, withMigrations: false, legacyTables: ['categories', 'products', 'tags', 'product_tag', 'comments', 'tbl_customer'] },
    story: LEGACY_STORY,
  },
  {
    // A petstore's API designed contract-first, made by make --openapi: each live answer as that document describes it.
    name: 'openapi-petstore',
    engines: ['sqlite'],
    families: ['from an OpenAPI document'],
    entities: [],
    openapiFile: 'tests/fixtures/openapi/petstore/petstore.yaml',
    story: PETSTORE_STORY,
  },
  {
    // Fields marked filterable and sortable in a schema file: the generated tests prove that the index ignores a filter
    // or a sort on another field, through the service's own index and through spatie/laravel-query-builder.
    name: 'field-choices',
    engines: ['sqlite', 'pgsql'],
    families: ['field types', 'query builder'],
    queryBuilder: true,
    entities: [],
    schemaFile: 'tests/e2e/schemas/field-choices/api-schema.yaml',
  },
  {
    // pest: true in a schema file: morphs, a pivot, a custom key, soft deletes, a secret.
    name: 'pest-schema',
    engines: ['sqlite', 'pgsql', 'mariadb'],
    families: ['pest'],
    pest: true,
    entities: [],
    schemaFile: 'tests/fixtures/pest/project/api-schema.yaml',
  },
  {
    // The Composer package: the makes and every other command through php artisan alone (artisan-face.ts).
    name: 'artisan',
    engines: ['sqlite'],
    families: ['artisan'],
    artisan: true,
    entities: [{ entity: 'Article', fields: 'title:string,body:text,published:boolean', softDeletes: true, segment: 'articles', parameter: 'article' }],
    schemaFile: 'tests/e2e/schemas/artisan/api-schema.yaml',
    diagramFile: 'tests/e2e/schemas/artisan/catalog.mmd',
    routedToo: (
      [
        ['Author', 'authors', 'author'],
        ['Book', 'books', 'book'],
        ['Category', 'categories', 'category'],
        ['Product', 'products', 'product'],
        ['Note', 'notes', 'note'],
      ] as const
    ).map(([entity, segment, parameter]) => ({ entity, fields: '', softDeletes: false, segment, parameter, fromSchema: true })),
  },
  {
    // The documentation's runnable examples, page by page (docs-examples.ts).
    name: 'docs-examples',
    engines: ['sqlite'],
    families: ['documentation examples'],
    docsExamples: true,
    entities: [],
  },
];
