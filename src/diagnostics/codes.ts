/**
 * Every diagnostic code fullapi reports, with what it means: the one declaration of them. `DiagnosticCode` is its
 * keys, so a code cannot be reported without a meaning here, and docs/reference/codes.md is rendered from it
 * (tests/docs/reference.test.ts). A code is public: users and tools script against it, so renaming or removing
 * one is a breaking change.
 */

/** How a code is reported; `either`: an error in one place, a warning in another. */
export type CodeSeverity = 'error' | 'warning' | 'either';

/** The topics of the reference page, in its order. */
export const CODE_GROUPS = {
  fields: 'Fields and entity names',
  'schema-files': 'Schema files',
  diagrams: 'Mermaid diagrams',
  openapi: 'OpenAPI documents',
  relations: 'Relations and indexes',
  database: 'Reading a database (`--from-database`, `introspect`)',
  'command-line': 'Running a command',
  project: 'The Laravel project and its files',
  auth: 'Authentication (`--auth`)',
  stubs: 'Published stubs',
  regeneration: 'Regenerating an entity and changing a migrated table',
  writing: 'Writing files and keeping hand edits',
  commands: '`delete`, `clean-routes`, `openapi` and `diagram`',
  limits: 'Inputs too large or too deep to read safely',
} as const;

export type CodeGroup = keyof typeof CODE_GROUPS;

export interface CodeEntry {
  readonly severity: CodeSeverity;
  readonly group: CodeGroup;
  /** Markdown: plain sentences, names in backticks. */
  readonly meaning: string;
}

export const DIAGNOSTIC_CODES = {
  empty_fields: { severity: 'error', group: 'fields', meaning: '`--fields` (or `--add-fields`) is empty.' },
  empty_field_name: { severity: 'error', group: 'fields', meaning: 'A field has no name (`:string`), or there are two commas in a row.' },
  missing_field_type: { severity: 'error', group: 'fields', meaning: 'A field has no type (`title`), or a class diagram member is a name alone.' },
  unknown_field_type: { severity: 'error', group: 'fields', meaning: 'A type fullapi does not know, in `--fields`, a schema file or a diagram; the nearest type is suggested.' },
  bad_enum_values: { severity: 'error', group: 'fields', meaning: '`enum(...)` has an empty or repeated value, or a value that cannot become a PHP case name.' },
  invalid_column_size: {
    severity: 'error',
    group: 'fields',
    meaning:
      'A size on a type that takes none (`text(5)`), a length or precision of 0 or above what MySQL holds (16383 characters, 65 digits, scale 30), a scale above the precision, or more numbers than the type takes. Reported at the number.',
  },
  invalid_bounds: {
    severity: 'error',
    group: 'fields',
    meaning: '`min=` or `max=` on a type that is not a number, a bound that is not a number (or not a whole number for an integer or bigint), a bound given twice, or `min` above `max`. Reported at the bound.',
  },
  unknown_field_modifier: { severity: 'error', group: 'fields', meaning: 'A field modifier fullapi does not know (`title:string:nulable`), in `--fields`, a schema file or a diagram; the nearest is suggested, and the hint lists the modifiers there are.' },
  invalid_identifier: {
    severity: 'error',
    group: 'fields',
    meaning: 'A field, relation or pivot table name that is not letters, digits and underscores starting with a letter, or is too long for a database identifier.',
  },
  duplicate_field: {
    severity: 'error',
    group: 'fields',
    meaning: 'The same field twice, compared case-insensitively as columns are; `published_at` and `publishedAt` also clash, as they would be one DTO property.',
  },
  reserved_field: {
    severity: 'error',
    group: 'fields',
    meaning:
      'A field named `provided` (the DTO keeps its list of sent fields under that name), `id` when it is not the primary key, `created_at`, `updated_at`, `deleted_at`, or a name that shadows an Eloquent model property (`exists`, `incrementing`, `timestamps`).',
  },
  reserved_word: { severity: 'error', group: 'fields', meaning: 'An entity name PHP reserves (`Class`, `List`, `Mixed`, ...).' },
  invalid_entity_name: {
    severity: 'error',
    group: 'fields',
    meaning:
      'An entity name that is not a PHP class name starting with a letter (`123Post`, `../x`, `_1`), or is longer than 48 characters; in a diagram, a name with characters other than letters, digits, spaces, hyphens, underscores and dots.',
  },
  invalid_table_name: {
    severity: 'error',
    group: 'fields',
    meaning: "A schema file's `table:` (or a `table` in `class_data.json`) is not letters, digits and underscores starting with a letter or underscore, or is longer than 63 characters.",
  },
  multiple_primary_keys: { severity: 'error', group: 'fields', meaning: 'More than one field is marked `:primary`: composite keys are not supported.' },
  invalid_primary_key_type: { severity: 'error', group: 'fields', meaning: 'The primary key is nullable, or of a type that cannot be a key; the message lists the types that can.' },
  no_fields: { severity: 'error', group: 'fields', meaning: '`make <Entity>` without `--fields` for an entity `class_data.json` does not record: there is nothing to regenerate it from.' },
  entity_not_generated: {
    severity: 'error',
    group: 'fields',
    meaning: '`make <Entity> --add-fields` for an entity `class_data.json` does not record: fullapi never generated it, so there is nothing to add fields to.',
  },
  field_exists: { severity: 'warning', group: 'fields', meaning: '`--add-fields` names a field the entity already has; it is skipped.' },
  field_not_queryable: {
    severity: 'error',
    group: 'fields',
    meaning: 'A secret field (`hidden`, or secret by its name) or a json field is marked `filterable` or `sortable`: the index never filters or sorts on it.',
  },

  unreadable_schema_file: {
    severity: 'error',
    group: 'schema-files',
    meaning: 'The schema file (or standard input) cannot be read or is UTF-16 text; or `make` got no entity name (`validate` no file) and found no schema file.',
  },
  invalid_syntax: {
    severity: 'error',
    group: 'schema-files',
    meaning:
      "An `enum(` in `--fields` or in a schema file's type has no `)` (reported at the `(`); the schema file is not valid YAML or JSON; or the diagram is not one Mermaid accepts, each syntax error told in a plain sentence (`expected a cardinality like ||--o{ after USER, found --`).",
  },
  invalid_schema: { severity: 'error', group: 'schema-files', meaning: "A value of the wrong shape or type, a repeated key, or an extra word in a field's shorthand." },
  unknown_key: { severity: 'error', group: 'schema-files', meaning: 'A key the schema-file format does not know; the nearest is suggested (`nulable`: `nullable`).' },
  invalid_default: { severity: 'error', group: 'schema-files', meaning: "A default that does not fit its field: of the wrong type, not one of the enum's values, or null on a field that is not nullable." },
  invalid_rename: {
    severity: 'error',
    group: 'schema-files',
    meaning:
      'A `renamed_from` without a name, given twice, naming the field itself, naming the old name of another field too or another field of the entity, or on the primary key (in a diagram, also on a key, timestamp or foreign key column). Reported at the old name. An old name that cannot be a field name is `invalid_identifier` or `reserved_field` instead.',
  },
  unknown_relation_kind: { severity: 'error', group: 'schema-files', meaning: 'A relation without a kind, or of a kind fullapi does not know; the nearest kind is suggested.' },
  missing_relation_target: { severity: 'error', group: 'schema-files', meaning: 'A relation other than `morphTo` does not name its entity.' },
  morph_to_with_target: { severity: 'error', group: 'schema-files', meaning: 'A `morphTo` names an entity: it takes none.' },
  unknown_entity: {
    severity: 'error',
    group: 'schema-files',
    meaning: 'A relation (or a `parent`) names an entity the input does not declare, or `fullapi delete` names one `class_data.json` does not record; the nearest name is suggested.',
  },
  self_pivot_without_name: {
    severity: 'error',
    group: 'schema-files',
    meaning: 'A `belongsToMany` from an entity to itself has no `pivot` name. A diagram cannot name one, so there any many-to-many of an entity with itself is this error.',
  },
  duplicate_entity: {
    severity: 'error',
    group: 'schema-files',
    meaning:
      'An entity is declared twice, or named twice to `fullapi delete`; in a diagram, two names stand for one model (`ORDER_ITEM` and `order_items`).',
  },
  option_not_supported: { severity: 'error', group: 'schema-files', meaning: 'An entity extends a parent entity that has relations: inherited relations are not generated yet.' },

  foreign_key_without_relation: {
    severity: 'error',
    group: 'diagrams',
    meaning: 'A diagram attribute marked `FK` that no relationship creates, or `on_delete=` or `owner` on a column that is not a foreign key; the message names the columns the relationships do create.',
  },
  unsupported_relation: {
    severity: 'error',
    group: 'diagrams',
    meaning: "A diagram relation with no Eloquent equivalent: Mermaid's `u` marker, a multiplicity such as `\"2..5\"`, two classes extending each other, or a second parent.",
  },
  diagram_element_ignored: {
    severity: 'warning',
    group: 'diagrams',
    meaning:
      'A diagram statement that describes no data (styling, a note, a method, a dependency, a separator line such as `..` or `__ text __` in a class body, ...), or a size or comment fullapi does not read. Reported at its line and column.',
  },

  invalid_relation: {
    severity: 'error',
    group: 'relations',
    meaning:
      "A relation that cannot be generated: for example a morph parent without an integer key, `on_delete` `set_null` on a column that is not nullable, or a diagram's `on_delete=` that is not `cascade`, `restrict` or `set_null`.",
  },
  duplicate_relation: {
    severity: 'error',
    group: 'relations',
    meaning:
      "A relation of one entity declared twice (in a diagram, two relationships between the same two entities); a relation named like a field; or a `belongsToMany` whose keys' request name (`tag_ids` for `tags`) is a field's name.",
  },
  ambiguous_relation: { severity: 'error', group: 'relations', meaning: 'An inverse side of a relation could pair with several relations, and nothing says which one.' },
  relation_cycle: { severity: 'error', group: 'relations', meaning: 'Entities whose foreign keys (or parents) reference each other in a circle; the message names the circle.' },
  invalid_owner: {
    severity: 'error',
    group: 'relations',
    meaning: 'An `owner` that cannot be one: on a relation without a foreign key, not to `User`, on an entity without `auth`, nullable, or a second owner of one entity.',
  },
  invalid_index: {
    severity: 'error',
    group: 'relations',
    meaning:
      "An entity's `indexes` lists an index the migration cannot make or makes already: on a column the table does not have, a column twice, a text or json column, more than 16 columns, an index listed twice, or one the key, a foreign key, a morph or a field marked `index` or `unique` already makes.",
  },

  database_unreachable: { severity: 'error', group: 'database', meaning: 'fullapi cannot connect to the database, or cannot read its tables; the message gives the reason.' },
  openapi_not_supported: {
    severity: 'error',
    group: 'openapi',
    meaning: 'The document is not an OpenAPI document fullapi reads: it has no `openapi` or `swagger` key, or names a version other than Swagger 2.0, OpenAPI 3.0 or 3.1.',
  },
  openapi_unresolved_ref: {
    severity: 'error',
    group: 'openapi',
    meaning: 'A `$ref` names nothing that can be read: a pointer to no value, a file that cannot be read, or a URL (only files beside the document are read).',
  },
  openapi_schema_skipped: {
    severity: 'warning',
    group: 'openapi',
    meaning: 'A schema of the document does not become an entity (an error body, a list or page wrapper, a request variant of an entity, a `oneOf` or `anyOf` union, a schema that is not an object); the message gives the reason.',
  },
  openapi_no_entities: {
    severity: 'warning',
    group: 'openapi',
    meaning: 'The document declares no schema to read (none in `components.schemas` or `definitions`, none in a file its operations name), so nothing is generated; schemas written inline in operations are not read.',
  },
  openapi_property_skipped: {
    severity: 'warning',
    group: 'openapi',
    meaning: 'A property of an entity\'s schema does not become a field or a relation (a type no field type holds, a `readOnly` value the API computes, a name that is no identifier); the message gives the reason.',
  },
  database_url_invalid: { severity: 'error', group: 'database', meaning: 'The database URL is not a URL, or names a driver fullapi does not read (it reads `sqlite`, `pgsql`, `mysql` and `mariadb`).' },
  database_unknown_table: { severity: 'error', group: 'database', meaning: '`--tables` names a table the database does not hold.' },
  database_table_skipped: { severity: 'warning', group: 'database', meaning: 'A table is left out (a view, a table with a composite key, a pivot table joining a table that is not generated, ...); the message gives the reason.' },
  database_column_skipped: {
    severity: 'warning',
    group: 'database',
    meaning: 'A column is left out: its type has no field type, or it is a lone `created_at` or `updated_at`, so the model keeps no timestamps.',
  },
  database_morph_not_null: { severity: 'warning', group: 'database', meaning: 'A `NOT NULL` pair of `<name>_type` and `<name>_id` columns is read as two plain fields, not as a `morphTo`.' },

  unknown_artifact: { severity: 'error', group: 'command-line', meaning: 'An `--only` name that is not one of the artifacts (see What fullapi writes).' },
  invalid_option: {
    severity: 'error',
    group: 'command-line',
    meaning:
      "An option without its value, or `--diff` without `--dry-run`. For `fullapi mcp`'s tools: none, or several, of the inputs a tool takes one of (`entity`, `schema`, `diagram`, `file`), or a text's `name` or `format` that does not fit it.",
  },
  not_a_laravel_project: {
    severity: 'error',
    group: 'command-line',
    meaning: 'The directory has neither `artisan` nor a `composer.json` requiring `laravel/framework`, or the `--project` directory does not exist.',
  },
  package_missing: {
    severity: 'error',
    group: 'command-line',
    meaning:
      'An option needs a package `composer.json` does not require (`--query-builder`: `spatie/laravel-query-builder`; `--expressive-tests`: `pestphp/pest`; `--auth`: `laravel/sanctum`); the message gives the commands that install it.',
  },

  unsupported_framework: { severity: 'error', group: 'project', meaning: 'The project runs Laravel 11 or older: fullapi writes code for Laravel 12 and 13, so upgrade the application first.' },
  framework_version_assumed: {
    severity: 'warning',
    group: 'project',
    meaning: 'None of `vendor/composer/installed.json`, `composer.lock` and `composer.json` names `laravel/framework`, so Laravel 12 was assumed.',
  },
  unreadable_project_file: { severity: 'error', group: 'project', meaning: 'A project file fullapi needs cannot be read; the message names the file and the reason.' },
  invalid_manifest: { severity: 'error', group: 'project', meaning: '`.fullapi/manifest.json`, the record of the files fullapi wrote, is malformed. Fix it, or delete it to treat every existing file as hand-written.' },
  invalid_class_data: { severity: 'error', group: 'project', meaning: '`class_data.json` is not JSON, or not a list of entity objects; the message names the position.' },
  invalid_config: { severity: 'error', group: 'project', meaning: '`config/api-generator.php` is malformed, or its `per_page` is above its `max_per_page`; the message names the position.' },
  invalid_client_collection: { severity: 'error', group: 'project', meaning: '`postman_collection.json` is not JSON, or its `item` is not a list.' },
  unparsable_php: { severity: 'error', group: 'project', meaning: 'A PHP file fullapi must edit is not valid PHP.' },
  unexpected_php_shape: {
    severity: 'error',
    group: 'project',
    meaning: 'A PHP file fullapi must edit has no place for the edit: for example no `withRouting(...)`, or a factory whose `definition()` does not return an array literal.',
  },
  framework_file: {
    severity: 'error',
    group: 'project',
    meaning: 'The files of an entity would replace a file of the Laravel application itself (`Database` would write `DatabaseSeeder.php`).',
  },
  unsupported_existing_model: {
    severity: 'error',
    group: 'project',
    meaning:
      "The project already has the entity's model, on a table other than the one its class name gives, or with a key that is not the entity's: fullapi cannot integrate it. Also `fullapi delete` of such a model of the application's own (`User`).",
  },
  project_model_skipped: {
    severity: 'warning',
    group: 'project',
    meaning: "A PHP file in `app/Models/` (or a migration of a model's table) does not parse, so it was not read for the project's own models.",
  },
  existing_column_differs: {
    severity: 'warning',
    group: 'project',
    meaning: "A declared field has another type than the column it stands for in the project's own table (Laravel's `users`); the API follows the table.",
  },
  morph_alias_taken: {
    severity: 'warning',
    group: 'project',
    meaning:
      '`app/Providers/AppServiceProvider.php` maps an alias fullapi registers (`post`) to another class. fullapi leaves it: `<name>_type` then names the entity by its class, and the alias stands for the other class. Reported at that line.',
  },
  json_api_unavailable: {
    severity: 'warning',
    group: 'project',
    meaning:
      '`--json-api` (or `json_api`) on Laravel older than 12.45, or on a Laravel 12 whose release neither `vendor/composer/installed.json` nor `composer.lock` names: the entity gets a standard resource, and `class_data.json` keeps the option.',
  },
  json_api_reserved_field: {
    severity: 'warning',
    group: 'project',
    meaning:
      'A field named `type` on an entity answered as JSON:API, which reserves `type` for the resource object. Laravel answers the field under `attributes`, which a strict client may refuse; rename it (for example `kind`).',
  },
  legacy_request: {
    severity: 'warning',
    group: 'project',
    meaning: 'The single `<Entity>Request` the PHP generator 3.x wrote exists; fullapi uses `Store<Entity>Request` and `Update<Entity>Request` and leaves the old file for you to delete.',
  },
  legacy_enum: {
    severity: 'warning',
    group: 'project',
    meaning:
      "An enum the PHP generator 3.x wrote under the field's name alone (`app/Enums/Status.php`) exists; fullapi writes `App\\Enums\\<Entity><Field>` and leaves the old one for you to delete.",
  },

  user_model_missing: {
    severity: 'error',
    group: 'auth',
    meaning:
      '`--auth` in a project without `app/Models/User.php`: the AuthController registers and logs in `App\\Models\\User`. Reported at the first entity asking for it. Also a `User` entity fullapi would generate itself: a plain model, which no token can authenticate.',
  },
  auth_file_clash: { severity: 'error', group: 'auth', meaning: 'The files of an entity would be one of the files `--auth` writes (`Auth` would write `AuthController.php`).' },
  tokens_table_missing: {
    severity: 'warning',
    group: 'auth',
    meaning: "No migration creates Sanctum's `personal_access_tokens` table; the hint gives `php artisan vendor:publish --tag=sanctum-migrations` (or `php artisan install:api`).",
  },
  route_outside_auth_group: {
    severity: 'warning',
    group: 'auth',
    meaning:
      "An entity's route line in `routes/api.php` is outside the `auth:sanctum` group and not as fullapi writes it, so fullapi left it: the route answers without a token until you move it into the group.",
  },
  route_inside_auth_group: {
    severity: 'warning',
    group: 'auth',
    meaning:
      'An entity without `--auth` had its route lines, as fullapi writes them, in the `auth:sanctum` group: they were moved out and now answer without a token. Or it has a line there that is not as fullapi writes it, which was left in place and keeps needing a token until you move it out.',
  },
  guest_response_kept: {
    severity: 'warning',
    group: 'auth',
    meaning:
      '`bootstrap/app.php` already calls its own `redirectGuestsTo`, `redirectTo(guests:)` or `shouldRenderJsonWhen`; fullapi adds nothing beside it, so a request without a token may not be answered with a 401 JSON response.',
  },

  invalid_stub: { severity: 'error', group: 'stubs', meaning: 'A published stub fails to render, or (`validate-stubs`) its EJS does not compile. Reported at the line of the tag.' },
  missing_placeholder: {
    severity: 'error',
    group: 'stubs',
    meaning: "`validate-stubs`: a published stub lacks a `{{name}}` placeholder that fullapi's built-in stub has (one used in an EJS tag counts).",
  },
  unknown_placeholder: { severity: 'error', group: 'stubs', meaning: '`validate-stubs`: a published stub uses a `{{name}}` placeholder fullapi does not pass to it. Reported at its line and column.' },
  renamed_placeholder: {
    severity: 'error',
    group: 'stubs',
    meaning:
      '`validate-stubs`, and `make` when it renders the stub: a placeholder of the PHP generator 3.x that 4.0 passes under another name (`{{attributesFromRequest}}` of `dto.stub` is now `{{attributesFromValidated}}`). Reported at its line and column, with its replacement.',
  },
  stub_not_read: {
    severity: 'error',
    group: 'stubs',
    meaning: '`validate-stubs`: a published stub of the PHP generator 3.x that 4.0 no longer reads (`request.stub`: `request.store.stub` and `request.update.stub` replace it; `seed.stub`: `seeder.stub`; ...).',
  },
  php_generator_stubs: {
    severity: 'warning',
    group: 'stubs',
    meaning:
      'Stubs were read from `stubs/vendor/laravel-api-generator/`, where the PHP generator 3.x published them, because `stubs/vendor/fullapi/` has none of their names; the message names each.',
  },

  field_removed: { severity: 'warning', group: 'regeneration', meaning: 'A regeneration removes a field that `class_data.json` records for the entity.' },
  field_type_changed: { severity: 'warning', group: 'regeneration', meaning: 'A regeneration changes the type of a field that `class_data.json` records.' },
  field_constraint_changed: { severity: 'warning', group: 'regeneration', meaning: 'A regeneration makes a recorded field nullable or required, unique or not, or the primary key or not.' },
  relation_removed: { severity: 'warning', group: 'regeneration', meaning: 'A regeneration removes a relation that `class_data.json` records for the entity.' },
  relation_changed: { severity: 'warning', group: 'regeneration', meaning: 'A regeneration changes the kind or target of a recorded relation, or whether a `belongsTo` is nullable.' },
  soft_deletes_removed: {
    severity: 'warning',
    group: 'regeneration',
    meaning: 'A regeneration turns off soft deletes that `class_data.json` records: the `deleted_at` column and the restore and force-delete routes go, and deletes are final.',
  },
  data_loss: {
    severity: 'error',
    group: 'regeneration',
    meaning:
      "A migration of the changes would drop a column, a relation's column, soft deletes, timestamps or a pivot table, or convert a column where values can be lost or refused, on a table that may have been migrated. Reported at the entity or field; `--allow-data-loss` writes it anyway.",
  },
  primary_key_changed: { severity: 'error', group: 'regeneration', meaning: 'The custom primary key of a table that may have been migrated changes: that takes `--fresh` and a fresh database.' },
  field_still_in_table: {
    severity: 'error',
    group: 'regeneration',
    meaning:
      "A regeneration's input (a diagram, a schema file, `--fields`) lacks a recorded field whose column is still held by a table altered in place (by `--add-fields`, or the project's own model): the API would lose the field while the column and its values stay. Add it to the input, or `--allow-data-loss` takes it out of the API.",
  },
  added_column_nullable: {
    severity: 'warning',
    group: 'regeneration',
    meaning:
      '`--add-fields`, or a migration of the changes, adds a required field without a default to a table that may hold rows: its column is nullable in the database, while the API requires it.',
  },
  column_made_required: { severity: 'warning', group: 'regeneration', meaning: 'A migration of the changes makes a column `NOT NULL`: it fails on a row that holds no value for it.' },
  database_migrations_unknown: {
    severity: 'warning',
    group: 'regeneration',
    meaning:
      "The project's database could not be read, so a create migration may have run: the changes go into a migration of their own. The message gives the reason; `--fresh` rewrites the create migration instead.",
  },
  fresh_not_applied: { severity: 'warning', group: 'regeneration', meaning: '`--fresh`, but fullapi already wrote a migration of the changes of the table, so another one is written.' },
  rename_not_migrated: {
    severity: 'warning',
    group: 'regeneration',
    meaning:
      "A `renamed_from` on a table fullapi integrates rather than migrates (a model of the project's own, or a table `--add-fields` altered): the new column is added beside the old one, which keeps its values.",
  },
  migration_order: {
    severity: 'warning',
    group: 'regeneration',
    meaning:
      'A table now references a table whose existing create migration runs after its own (both were generated before, in the other order): `migrate:fresh` fails on PostgreSQL and MySQL/MariaDB. Rename the named migration to a later time.',
  },

  modified_file_kept: {
    severity: 'warning',
    group: 'writing',
    meaning: 'A file was edited by hand since fullapi wrote it (or fullapi never wrote it), so it was kept; `--force` rewrites it.',
  },
  merge_conflict: {
    severity: 'warning',
    group: 'writing',
    meaning:
      'A file edited by hand could not be merged with its new generation: the edits and the generation change the same lines (named by line, with both sides), or the merge is not valid PHP. The file was kept, or with `--merge=markers` written with conflict markers.',
  },
  kept_file_out_of_date: {
    severity: 'warning',
    group: 'writing',
    meaning: "A kept file lacks something its new generation has (a field's name, a method, a trait); the message names each.",
  },
  leftover_removed: {
    severity: 'warning',
    group: 'writing',
    meaning: 'A temporary or backup file left by an interrupted run was removed, or the original it held was put back.',
  },
  write_failed: {
    severity: 'either',
    group: 'writing',
    meaning:
      'As an error: the disk refused a write; every file already written in the run was put back, and no file is listed as written. As a warning: a file was written, but its backup (or a file an interrupted run left) could not be removed; delete it by hand.',
  },
  path_outside_project: {
    severity: 'error',
    group: 'writing',
    meaning:
      "A symbolic link in the project leads outside it, so a write would land there; the message names the link and where it leads. Also a `file` given to `fullapi mcp`'s tools outside the project or reached through such a link, and a `fullapi openapi --output` file outside the project.",
  },

  no_class_data: {
    severity: 'error',
    group: 'commands',
    meaning: '`fullapi delete`, or `fullapi openapi` without an input, in a project without `class_data.json`: there is no record of what fullapi generated.',
  },
  entity_referenced: {
    severity: 'error',
    group: 'commands',
    meaning:
      '`fullapi delete`: a remaining entity has a relation to (or is a child of) one being deleted, an integrated model has the inverse relation, or a kept hand-edited file still names it. The message names each reference, the hint how to delete it.',
  },
  table_left_in_database: {
    severity: 'warning',
    group: 'commands',
    meaning: "`fullapi delete` removed a table's migration: a database that ran it still has the table; the message says how to drop it.",
  },
  morph_owner_deleted: {
    severity: 'warning',
    group: 'commands',
    meaning:
      "`fullapi delete` unmapped the morph alias of an entity while others remain. A `morphTo` names no owner, so the remaining entities are not regenerated, and one's `morphTo` may still point at it (its factory and tests would create the deleted class).",
  },
  stale_route: {
    severity: 'warning',
    group: 'commands',
    meaning:
      "`fullapi clean-routes`: a route statement names a controller class that has no file where `composer.json`'s PSR-4 autoload puts it. The statement is removed (only listed, with `--dry-run`).",
  },
  openapi_out_of_date: {
    severity: 'error',
    group: 'commands',
    meaning: '`fullapi openapi --output FILE --check`: the file is missing or differs from the document of the entities. The exit code is 1 and the start of the difference is printed.',
  },
  not_expressible_in_diagram: {
    severity: 'warning',
    group: 'commands',
    meaning: '`fullapi diagram --from`: something in the schema that an erDiagram cannot hold. Reported at its place in the schema.',
  },
  internal_error: {
    severity: 'error',
    group: 'command-line',
    meaning: 'A bug in fullapi (exit code 70). The message names the input it was reading; nothing was written. Please report it with that input.',
  },

  too_deep: {
    severity: 'error',
    group: 'limits',
    meaning: 'A schema file or diagram is nested deeper than fullapi reads: 64 levels of YAML or JSON lists and mappings, or 64 levels of classDiagram namespaces.',
  },
  too_many_errors: {
    severity: 'error',
    group: 'limits',
    meaning: 'A diagram has more than 100 syntax errors: the first 100 are reported, and this error says where reading stopped.',
  },
  too_large: { severity: 'error', group: 'limits', meaning: 'YAML aliases that would expand to more than 100,000 values.' },
} as const satisfies Record<string, CodeEntry>;
