/* Generated from schemas/api-schema.schema.json by scripts/generate-schema-types.mjs. Do not edit. */

/**
 * Soft deletes: the model's SoftDeletes trait, a deleted_at column, and restore and force-delete routes.
 *
 * This interface was referenced by `ApiSchema`'s JSON-Schema
 * via the `definition` "SoftDeletes".
 */
export type SoftDeletes = boolean;
/**
 * The index filtered and sorted by spatie/laravel-query-builder (QueryBuilder, AllowedFilter::exact for each filter, the same sorts and page sizes); composer.json must require spatie/laravel-query-builder.
 *
 * This interface was referenced by `ApiSchema`'s JSON-Schema
 * via the `definition` "QueryBuilder".
 */
export type QueryBuilder = boolean;
/**
 * The feature and unit tests in Pest style (it(...)/expect(...)) instead of PHPUnit classes, with tests/Pest.php binding them to TestCase and RefreshDatabase. Needs pestphp/pest in composer.json's require-dev.
 *
 * This interface was referenced by `ApiSchema`'s JSON-Schema
 * via the `definition` "Pest".
 */
export type Pest = boolean;
/**
 * Sanctum token authentication in front of the entity's routes (auth:sanctum), with AuthController (register, login, logout, user), its two form requests and tests/Feature/AuthTest.php; the entity's feature tests act as a user and check that a request without a token answers 401. composer.json must require laravel/sanctum (composer require laravel/sanctum, then php artisan install:api).
 *
 * This interface was referenced by `ApiSchema`'s JSON-Schema
 * via the `definition` "Auth".
 */
export type Auth = boolean;
/**
 * The entity's requests (list, create, show, update, delete; restore and force delete with soft deletes) in postman_collection.json at the project root, a Postman Collection v2.1 that regeneration merges into.
 *
 * This interface was referenced by `ApiSchema`'s JSON-Schema
 * via the `definition` "ClientCollection".
 */
export type ClientCollection = boolean;
/**
 * The same as client_collection.
 *
 * This interface was referenced by `ApiSchema`'s JSON-Schema
 * via the `definition` "Postman".
 */
export type Postman = boolean;
/**
 * The same as pest.
 *
 * This interface was referenced by `ApiSchema`'s JSON-Schema
 * via the `definition` "ExpressiveTests".
 */
export type ExpressiveTests = boolean;
/**
 * Responses in the JSON:API document shape (Laravel's JsonApiResource, Laravel 12.45 or later; requests and errors stay Laravel's; an older Laravel gets a standard resource and the warning json_api_unavailable).
 *
 * This interface was referenced by `ApiSchema`'s JSON-Schema
 * via the `definition` "JsonApi".
 */
export type JsonApi = boolean;
/**
 * The index pages by Laravel's simplePaginate, which never counts the rows: the answer keeps data, links and meta, but meta has no total nor last_page, links.last is null, and links.next is null on the last page.
 *
 * This interface was referenced by `ApiSchema`'s JSON-Schema
 * via the `definition` "SimplePagination".
 */
export type SimplePagination = boolean;
/**
 * A field as a shorthand string, `<type> [nullable] [unique] [primary] [hidden] [index] [filterable] [sortable] [default=<value>] [renamed_from=<old name>] [min=<number>] [max=<number>]`, or as a mapping.
 *
 * This interface was referenced by `ApiSchema`'s JSON-Schema
 * via the `definition` "Field".
 */
export type Field = FieldShorthand | FieldMapping;
/**
 * `<type> [nullable] [unique] [primary] [hidden] [index] [filterable] [sortable] [default=<value>] [renamed_from=<old name>]`, e.g. `string unique`, `text nullable`, `enum(draft,published) default=draft`, `string renamed_from=title`. Quote a default holding spaces: default='Hello world'.
 *
 * This interface was referenced by `ApiSchema`'s JSON-Schema
 * via the `definition` "FieldShorthand".
 */
export type FieldShorthand = string;
/**
 * A column type, with a size where it takes one (string(<length>), decimal(<precision>,<scale>), mediumtext, longtext), or enum(<value>,<value>,...) for a backed enum.
 *
 * This interface was referenced by `ApiSchema`'s JSON-Schema
 * via the `definition` "FieldTypeName".
 */
export type FieldTypeName =
  | (
      | 'string'
      | 'text'
      | 'boolean'
      | 'bool'
      | 'integer'
      | 'int'
      | 'bigint'
      | 'biginteger'
      | 'float'
      | 'double'
      | 'decimal'
      | 'json'
      | 'date'
      | 'datetime'
      | 'timestamp'
      | 'uuid'
      | 'mediumtext'
      | 'longtext'
    )
  | string;
/**
 * A relation as a shorthand string, `<kind> <Entity>` (morphTo takes no entity), or as a mapping.
 *
 * This interface was referenced by `ApiSchema`'s JSON-Schema
 * via the `definition` "Relation".
 */
export type Relation = RelationShorthand | RelationMapping;
/**
 * `<kind> <Entity> [nullable]`, e.g. `hasMany Post`, `belongsTo Category nullable`, `morphMany Comment`, or `morphTo` alone. Kinds: belongsTo, hasOne, hasMany, belongsToMany, morphTo, morphOne, morphMany (also manyToOne, oneToMany, oneToOne, manyToMany). `nullable` makes the foreign key of a belongsTo (or of the belongsTo a hasOne/hasMany pairs with) nullable.
 *
 * This interface was referenced by `ApiSchema`'s JSON-Schema
 * via the `definition` "RelationShorthand".
 */
export type RelationShorthand = string;
/**
 * The Eloquent relation; manyToOne, oneToMany, oneToOne and manyToMany are older names of belongsTo, hasMany, hasOne and belongsToMany.
 *
 * This interface was referenced by `ApiSchema`'s JSON-Schema
 * via the `definition` "RelationKindName".
 */
export type RelationKindName =
  | 'belongsTo'
  | 'hasOne'
  | 'hasMany'
  | 'belongsToMany'
  | 'morphTo'
  | 'morphOne'
  | 'morphMany'
  | 'manyToOne'
  | 'oneToMany'
  | 'oneToOne'
  | 'manyToMany';
/**
 * The table, when it is not the one Laravel names after the entity (a legacy tbl_customer): the model sets it.
 */
export type Table = string;
/**
 * false: the table has no created_at and updated_at columns.
 */
export type Timestamps = boolean;
/**
 * The table is already in the database, made by no migration: no migration is written, and the generated tests run in a transaction on it.
 */
export type TableExists = boolean;
/**
 * The columns of one index, in order: the columns a query compares for equality first, then the one it sorts or ranges on.
 *
 * @minItems 1
 *
 * This interface was referenced by `ApiSchema`'s JSON-Schema
 * via the `definition` "IndexColumns".
 */
export type IndexColumns = [string, ...string[]];
/**
 * Indexes over several columns, each the list of its columns in order, e.g. [[status, placed_at]] for filter[status]=paid&sort=-placed_at on a large table. A column is a field, a foreign key (customer_id), created_at, updated_at or deleted_at; a one-column index on a field is written `index` on the field.
 */
export type Indexes = IndexColumns[];

/**
 * A whole REST API in one file, for fullapi: options applied to every entity, then the entities with their fields and relations. Read from api-schema.yaml, api-schema.yml or api-schema.json at the root of a Laravel project.
 */
export interface ApiSchema {
  /**
   * The JSON Schema this file follows, for editors (e.g. the output of `fullapi schema --print`, saved in the project).
   */
  $schema?: string;
  options?: Options;
  entities: Entities;
}
/**
 * Options applied to every entity; an entity's own option of the same name overrides them.
 *
 * This interface was referenced by `ApiSchema`'s JSON-Schema
 * via the `definition` "Options".
 */
export interface Options {
  soft_deletes?: SoftDeletes;
  query_builder?: QueryBuilder;
  pest?: Pest;
  auth?: Auth;
  client_collection?: ClientCollection;
  postman?: Postman;
  expressive_tests?: ExpressiveTests;
  json_api?: JsonApi;
  simple_pagination?: SimplePagination;
}
/**
 * The entities (models), keyed by class name, e.g. Post or BlogPost.
 */
export interface Entities {
  [k: string]: Entity;
}
/**
 * One entity: its fields, its relations, and options overriding the file's.
 *
 * This interface was referenced by `ApiSchema`'s JSON-Schema
 * via the `definition` "Entity".
 */
export interface Entity {
  fields?: Fields;
  relations?: Relations;
  table?: Table;
  timestamps?: Timestamps;
  table_exists?: TableExists;
  indexes?: Indexes;
  soft_deletes?: SoftDeletes;
  query_builder?: QueryBuilder;
  pest?: Pest;
  auth?: Auth;
  client_collection?: ClientCollection;
  postman?: Postman;
  expressive_tests?: ExpressiveTests;
  json_api?: JsonApi;
  simple_pagination?: SimplePagination;
}
/**
 * The columns, keyed by name. id, created_at and updated_at are written without being listed.
 */
export interface Fields {
  [k: string]: Field;
}
/**
 * A field with each property spelt out.
 *
 * This interface was referenced by `ApiSchema`'s JSON-Schema
 * via the `definition` "FieldMapping".
 */
export interface FieldMapping {
  type: FieldTypeName;
  /**
   * The column accepts null; requests accept an explicit null.
   */
  nullable?: boolean;
  /**
   * A unique index, and a unique rule in the requests.
   */
  unique?: boolean;
  /**
   * The primary key, instead of the conventional id (string, uuid, integer or bigint).
   */
  primary?: boolean;
  /**
   * An index on the column, for the filters and sorts of a large table (a unique field has one already; every foreign key gets one).
   */
  index?: boolean;
  /**
   * The index may filter on it (filter[<field>]). Once one field of the entity is filterable, the others are not; with none marked, every field but a secret is. Adds no index: mark it index too on a large table.
   */
  filterable?: boolean;
  /**
   * The index may sort on it (sort=<field>). Once one field of the entity is sortable, the others are not; with none marked, every field but a secret is. Adds no index: mark it index too on a large table.
   */
  sortable?: boolean;
  /**
   * A secret: never in a response, the OpenAPI document's answers or the client collection's examples, never filtered or sorted on (hashed only when its name is password, pin, passcode or passphrase).
   */
  hidden?: boolean;
  /**
   * The column's default value.
   */
  default?: string | number | boolean | null;
  /**
   * Extra Laravel validation rules: a string such as 'min:0|max:9', or a list.
   */
  rules?: string | string[];
  /**
   * The field's name at the last generation: a migration of the changes renames the column, keeping its values.
   */
  renamed_from?: string;
  /**
   * The least value a client may send, for a number (integer, bigint, float, decimal): the validation rule, the factory's bound, OpenAPI's minimum.
   */
  min?: number;
  /**
   * The greatest value a client may send, for a number (integer, bigint, float, decimal): the validation rule, the factory's bound, OpenAPI's maximum.
   */
  max?: number;
}
/**
 * The relation methods, keyed by name. Declaring one side is enough: the other side is synthesized.
 */
export interface Relations {
  [k: string]: Relation;
}
/**
 * A relation with each property spelt out; the way to name a belongsToMany's pivot table.
 *
 * This interface was referenced by `ApiSchema`'s JSON-Schema
 * via the `definition` "RelationMapping".
 */
export interface RelationMapping {
  kind: RelationKindName;
  /**
   * The related entity, as declared under entities. morphTo takes none.
   */
  target?: string;
  /**
   * belongsToMany only: the pivot table's name. Required when an entity relates to itself.
   */
  pivot?: string;
  /**
   * belongsTo, hasOne, hasMany: the foreign key may be null, so a child may have no parent.
   */
  nullable?: boolean;
  /**
   * belongsTo, hasOne, hasMany: what deleting the parent does to its children. cascade deletes them; restrict refuses the deletion (the API answers 409); set_null empties their foreign key (the relation must be nullable). Default: set_null when nullable, else restrict.
   */
  on_delete?: 'cascade' | 'restrict' | 'set_null';
  /**
   * belongsTo User only, with auth: each row belongs to the signed-in user who created it. Only they see it in the index, view, change or delete it (another user gets 404, as for a row that does not exist); store takes the key from their token, never from the body, and an update cannot move the row to another user.
   */
  owner?: boolean;
}

/** schemas/api-schema.schema.json, for the validator and `fullapi schema --print`. */
export const API_SCHEMA: Readonly<Record<string, unknown>> = {
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://fullapi.dev/schemas/api-schema.schema.json",
  "title": "ApiSchema",
  "description": "A whole REST API in one file, for fullapi: options applied to every entity, then the entities with their fields and relations. Read from api-schema.yaml, api-schema.yml or api-schema.json at the root of a Laravel project.",
  "type": "object",
  "additionalProperties": false,
  "required": [
    "entities"
  ],
  "properties": {
    "$schema": {
      "description": "The JSON Schema this file follows, for editors (e.g. the output of `fullapi schema --print`, saved in the project).",
      "type": "string"
    },
    "options": {
      "$ref": "#/$defs/Options"
    },
    "entities": {
      "title": "Entities",
      "description": "The entities (models), keyed by class name, e.g. Post or BlogPost.",
      "type": "object",
      "additionalProperties": {
        "$ref": "#/$defs/Entity"
      }
    }
  },
  "$defs": {
    "Options": {
      "title": "Options",
      "description": "Options applied to every entity; an entity's own option of the same name overrides them.",
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "soft_deletes": {
          "$ref": "#/$defs/SoftDeletes"
        },
        "query_builder": {
          "$ref": "#/$defs/QueryBuilder"
        },
        "pest": {
          "$ref": "#/$defs/Pest"
        },
        "auth": {
          "$ref": "#/$defs/Auth"
        },
        "client_collection": {
          "$ref": "#/$defs/ClientCollection"
        },
        "postman": {
          "$ref": "#/$defs/Postman"
        },
        "expressive_tests": {
          "$ref": "#/$defs/ExpressiveTests"
        },
        "json_api": {
          "$ref": "#/$defs/JsonApi"
        },
        "simple_pagination": {
          "$ref": "#/$defs/SimplePagination"
        }
      }
    },
    "SoftDeletes": {
      "title": "SoftDeletes",
      "description": "Soft deletes: the model's SoftDeletes trait, a deleted_at column, and restore and force-delete routes.",
      "type": "boolean",
      "default": false
    },
    "QueryBuilder": {
      "title": "QueryBuilder",
      "description": "The index filtered and sorted by spatie/laravel-query-builder (QueryBuilder, AllowedFilter::exact for each filter, the same sorts and page sizes); composer.json must require spatie/laravel-query-builder.",
      "type": "boolean",
      "default": false
    },
    "Pest": {
      "title": "Pest",
      "description": "The feature and unit tests in Pest style (it(...)/expect(...)) instead of PHPUnit classes, with tests/Pest.php binding them to TestCase and RefreshDatabase. Needs pestphp/pest in composer.json's require-dev.",
      "type": "boolean",
      "default": false
    },
    "Auth": {
      "title": "Auth",
      "description": "Sanctum token authentication in front of the entity's routes (auth:sanctum), with AuthController (register, login, logout, user), its two form requests and tests/Feature/AuthTest.php; the entity's feature tests act as a user and check that a request without a token answers 401. composer.json must require laravel/sanctum (composer require laravel/sanctum, then php artisan install:api).",
      "type": "boolean",
      "default": false
    },
    "ClientCollection": {
      "title": "ClientCollection",
      "description": "The entity's requests (list, create, show, update, delete; restore and force delete with soft deletes) in postman_collection.json at the project root, a Postman Collection v2.1 that regeneration merges into.",
      "type": "boolean",
      "default": false
    },
    "Postman": {
      "title": "Postman",
      "description": "The same as client_collection.",
      "type": "boolean",
      "default": false
    },
    "ExpressiveTests": {
      "title": "ExpressiveTests",
      "description": "The same as pest.",
      "type": "boolean",
      "default": false
    },
    "JsonApi": {
      "title": "JsonApi",
      "description": "Responses in the JSON:API document shape (Laravel's JsonApiResource, Laravel 12.45 or later; requests and errors stay Laravel's; an older Laravel gets a standard resource and the warning json_api_unavailable).",
      "type": "boolean",
      "default": false
    },
    "SimplePagination": {
      "title": "SimplePagination",
      "description": "The index pages by Laravel's simplePaginate, which never counts the rows: the answer keeps data, links and meta, but meta has no total nor last_page, links.last is null, and links.next is null on the last page.",
      "type": "boolean",
      "default": false
    },
    "Entity": {
      "title": "Entity",
      "description": "One entity: its fields, its relations, and options overriding the file's.",
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "fields": {
          "title": "Fields",
          "description": "The columns, keyed by name. id, created_at and updated_at are written without being listed.",
          "type": "object",
          "additionalProperties": {
            "$ref": "#/$defs/Field"
          }
        },
        "relations": {
          "title": "Relations",
          "description": "The relation methods, keyed by name. Declaring one side is enough: the other side is synthesized.",
          "type": "object",
          "additionalProperties": {
            "$ref": "#/$defs/Relation"
          }
        },
        "table": {
          "title": "Table",
          "description": "The table, when it is not the one Laravel names after the entity (a legacy tbl_customer): the model sets it.",
          "type": "string",
          "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"
        },
        "timestamps": {
          "title": "Timestamps",
          "description": "false: the table has no created_at and updated_at columns.",
          "type": "boolean"
        },
        "table_exists": {
          "title": "TableExists",
          "description": "The table is already in the database, made by no migration: no migration is written, and the generated tests run in a transaction on it.",
          "type": "boolean"
        },
        "indexes": {
          "title": "Indexes",
          "description": "Indexes over several columns, each the list of its columns in order, e.g. [[status, placed_at]] for filter[status]=paid&sort=-placed_at on a large table. A column is a field, a foreign key (customer_id), created_at, updated_at or deleted_at; a one-column index on a field is written `index` on the field.",
          "type": "array",
          "items": {
            "$ref": "#/$defs/IndexColumns"
          }
        },
        "soft_deletes": {
          "$ref": "#/$defs/SoftDeletes"
        },
        "query_builder": {
          "$ref": "#/$defs/QueryBuilder"
        },
        "pest": {
          "$ref": "#/$defs/Pest"
        },
        "auth": {
          "$ref": "#/$defs/Auth"
        },
        "client_collection": {
          "$ref": "#/$defs/ClientCollection"
        },
        "postman": {
          "$ref": "#/$defs/Postman"
        },
        "expressive_tests": {
          "$ref": "#/$defs/ExpressiveTests"
        },
        "json_api": {
          "$ref": "#/$defs/JsonApi"
        },
        "simple_pagination": {
          "$ref": "#/$defs/SimplePagination"
        }
      }
    },
    "IndexColumns": {
      "title": "IndexColumns",
      "description": "The columns of one index, in order: the columns a query compares for equality first, then the one it sorts or ranges on.",
      "type": "array",
      "minItems": 1,
      "items": {
        "type": "string",
        "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"
      }
    },
    "Field": {
      "title": "Field",
      "description": "A field as a shorthand string, `<type> [nullable] [unique] [primary] [hidden] [index] [filterable] [sortable] [default=<value>] [renamed_from=<old name>] [min=<number>] [max=<number>]`, or as a mapping.",
      "anyOf": [
        {
          "$ref": "#/$defs/FieldShorthand"
        },
        {
          "$ref": "#/$defs/FieldMapping"
        }
      ]
    },
    "FieldShorthand": {
      "title": "FieldShorthand",
      "description": "`<type> [nullable] [unique] [primary] [hidden] [index] [filterable] [sortable] [default=<value>] [renamed_from=<old name>]`, e.g. `string unique`, `text nullable`, `enum(draft,published) default=draft`, `string renamed_from=title`. Quote a default holding spaces: default='Hello world'.",
      "type": "string",
      "pattern": "^\\s*(?:string|text|boolean|bool|integer|int|bigint|biginteger|float|double|decimal|json|date|datetime|timestamp|uuid|mediumtext|longtext|(?:string|decimal)\\s*\\([^()]*\\)|enum\\s*\\([^()]*\\))(?:\\s+(?:nullable|unique|primary|hidden|index|filterable|sortable|default=(?:'[^']*'|\"[^\"]*\"|[^\\s'\"]\\S*)|renamed_from=\\S+|(?:min|max)=\\S+))*\\s*$",
      "examples": [
        "string",
        "string unique",
        "text nullable",
        "enum(draft,published) default=draft",
        "integer default=0",
        "string primary",
        "string renamed_from=title",
        "string(100)",
        "decimal(8,2) min=0",
        "mediumtext"
      ]
    },
    "FieldMapping": {
      "title": "FieldMapping",
      "description": "A field with each property spelt out.",
      "type": "object",
      "additionalProperties": false,
      "required": [
        "type"
      ],
      "properties": {
        "type": {
          "$ref": "#/$defs/FieldTypeName"
        },
        "nullable": {
          "description": "The column accepts null; requests accept an explicit null.",
          "type": "boolean",
          "default": false
        },
        "unique": {
          "description": "A unique index, and a unique rule in the requests.",
          "type": "boolean",
          "default": false
        },
        "primary": {
          "description": "The primary key, instead of the conventional id (string, uuid, integer or bigint).",
          "type": "boolean",
          "default": false
        },
        "index": {
          "description": "An index on the column, for the filters and sorts of a large table (a unique field has one already; every foreign key gets one).",
          "type": "boolean",
          "default": false
        },
        "filterable": {
          "description": "The index may filter on it (filter[<field>]). Once one field of the entity is filterable, the others are not; with none marked, every field but a secret is. Adds no index: mark it index too on a large table.",
          "type": "boolean",
          "default": false
        },
        "sortable": {
          "description": "The index may sort on it (sort=<field>). Once one field of the entity is sortable, the others are not; with none marked, every field but a secret is. Adds no index: mark it index too on a large table.",
          "type": "boolean",
          "default": false
        },
        "hidden": {
          "description": "A secret: never in a response, the OpenAPI document's answers or the client collection's examples, never filtered or sorted on (hashed only when its name is password, pin, passcode or passphrase).",
          "type": "boolean",
          "default": false
        },
        "default": {
          "description": "The column's default value.",
          "type": [
            "string",
            "number",
            "boolean",
            "null"
          ]
        },
        "rules": {
          "description": "Extra Laravel validation rules: a string such as 'min:0|max:9', or a list.",
          "anyOf": [
            {
              "type": "string"
            },
            {
              "type": "array",
              "items": {
                "type": "string"
              }
            }
          ]
        },
        "renamed_from": {
          "description": "The field's name at the last generation: a migration of the changes renames the column, keeping its values.",
          "type": "string"
        },
        "min": {
          "description": "The least value a client may send, for a number (integer, bigint, float, decimal): the validation rule, the factory's bound, OpenAPI's minimum.",
          "type": "number"
        },
        "max": {
          "description": "The greatest value a client may send, for a number (integer, bigint, float, decimal): the validation rule, the factory's bound, OpenAPI's maximum.",
          "type": "number"
        }
      }
    },
    "FieldTypeName": {
      "title": "FieldTypeName",
      "description": "A column type, with a size where it takes one (string(<length>), decimal(<precision>,<scale>), mediumtext, longtext), or enum(<value>,<value>,...) for a backed enum.",
      "anyOf": [
        {
          "type": "string",
          "enum": [
            "string",
            "text",
            "boolean",
            "bool",
            "integer",
            "int",
            "bigint",
            "biginteger",
            "float",
            "double",
            "decimal",
            "json",
            "date",
            "datetime",
            "timestamp",
            "uuid",
            "mediumtext",
            "longtext"
          ]
        },
        {
          "type": "string",
          "pattern": "^\\s*(?:enum|string|decimal)\\s*\\([^()]*\\)\\s*$"
        }
      ]
    },
    "Relation": {
      "title": "Relation",
      "description": "A relation as a shorthand string, `<kind> <Entity>` (morphTo takes no entity), or as a mapping.",
      "anyOf": [
        {
          "$ref": "#/$defs/RelationShorthand"
        },
        {
          "$ref": "#/$defs/RelationMapping"
        }
      ]
    },
    "RelationShorthand": {
      "title": "RelationShorthand",
      "description": "`<kind> <Entity> [nullable]`, e.g. `hasMany Post`, `belongsTo Category nullable`, `morphMany Comment`, or `morphTo` alone. Kinds: belongsTo, hasOne, hasMany, belongsToMany, morphTo, morphOne, morphMany (also manyToOne, oneToMany, oneToOne, manyToMany). `nullable` makes the foreign key of a belongsTo (or of the belongsTo a hasOne/hasMany pairs with) nullable.",
      "type": "string",
      "pattern": "^\\s*[A-Za-z]+(?:\\s+[A-Za-z_][A-Za-z0-9_]*)?(?:\\s+nullable)?\\s*$",
      "examples": [
        "hasMany Post",
        "belongsTo Category",
        "belongsTo Category nullable",
        "belongsToMany Tag",
        "morphMany Comment",
        "morphTo"
      ]
    },
    "RelationMapping": {
      "title": "RelationMapping",
      "description": "A relation with each property spelt out; the way to name a belongsToMany's pivot table.",
      "type": "object",
      "additionalProperties": false,
      "required": [
        "kind"
      ],
      "properties": {
        "kind": {
          "$ref": "#/$defs/RelationKindName"
        },
        "target": {
          "description": "The related entity, as declared under entities. morphTo takes none.",
          "type": "string"
        },
        "pivot": {
          "description": "belongsToMany only: the pivot table's name. Required when an entity relates to itself.",
          "type": "string"
        },
        "nullable": {
          "description": "belongsTo, hasOne, hasMany: the foreign key may be null, so a child may have no parent.",
          "type": "boolean"
        },
        "on_delete": {
          "description": "belongsTo, hasOne, hasMany: what deleting the parent does to its children. cascade deletes them; restrict refuses the deletion (the API answers 409); set_null empties their foreign key (the relation must be nullable). Default: set_null when nullable, else restrict.",
          "type": "string",
          "enum": [
            "cascade",
            "restrict",
            "set_null"
          ]
        },
        "owner": {
          "description": "belongsTo User only, with auth: each row belongs to the signed-in user who created it. Only they see it in the index, view, change or delete it (another user gets 404, as for a row that does not exist); store takes the key from their token, never from the body, and an update cannot move the row to another user.",
          "type": "boolean"
        }
      }
    },
    "RelationKindName": {
      "title": "RelationKindName",
      "description": "The Eloquent relation; manyToOne, oneToMany, oneToOne and manyToMany are older names of belongsTo, hasMany, hasOne and belongsToMany.",
      "type": "string",
      "enum": [
        "belongsTo",
        "hasOne",
        "hasMany",
        "belongsToMany",
        "morphTo",
        "morphOne",
        "morphMany",
        "manyToOne",
        "oneToMany",
        "oneToOne",
        "manyToMany"
      ]
    }
  }
};
