/* Generated from schemas/class-data.schema.json by scripts/generate-schema-types.mjs. Do not edit. */

/**
 * class_data.json, the older bulk format: a list of entities. fullapi also records each entity it generates here, in this same shape.
 */
export type ClassData = ClassDataEntity[];

/**
 * One entity (model) with its attributes and relationships.
 */
export interface ClassDataEntity {
  /**
   * The class name, e.g. Article.
   */
  name: string;
  /**
   * A model this entity extends.
   */
  parent?: string;
  /**
   * The columns, in order.
   */
  attributes?: ClassDataAttribute[];
  /**
   * Soft deletes (written by fullapi for an entity generated with --soft-deletes).
   */
  softDeletes?: boolean;
  /**
   * The table, when it is not the one Laravel names after the class (a legacy tbl_customer from --from-database).
   */
  table?: string;
  /**
   * false: the table has no created_at and updated_at.
   */
  timestamps?: boolean;
  /**
   * The table is the database's own (--from-database without --with-migrations): no migration, tests in a transaction.
   */
  tableExists?: boolean;
  /**
   * Indexes over several columns, each the list of its columns in order, e.g. [["status", "placed_at"]].
   */
  indexes?: [string, ...string[]][];
  /**
   * Written by fullapi: the migrations it wrote gave each foreign key column an index. A record without it is from before, when they did not: the next migration of the table's changes adds them.
   */
  foreignKeyIndexes?: boolean;
  /**
   * Token authentication in front of the entity's routes (--auth).
   */
  auth?: boolean;
  /**
   * The entity's requests in the API-client collection file (--client-collection).
   */
  clientCollection?: boolean;
  /**
   * Tests in it(...)/expect(...) style (--expressive-tests).
   */
  expressiveTests?: boolean;
  /**
   * The index filtered and sorted by the query-builder package (--query-builder).
   */
  queryBuilder?: boolean;
  /**
   * The resource in the JSON:API document shape (--json-api).
   */
  jsonApi?: boolean;
  /**
   * The index paged without a count of the rows (--simple-pagination).
   */
  simplePagination?: boolean;
  /**
   * hasOne relations.
   */
  oneToOneRelationships?: ClassDataRelationship[];
  /**
   * hasMany relations.
   */
  oneToManyRelationships?: ClassDataRelationship[];
  /**
   * belongsTo relations.
   */
  manyToOneRelationships?: ClassDataRelationship[];
  /**
   * belongsToMany relations.
   */
  manyToManyRelationships?: ClassDataRelationship[];
  /**
   * morphOne relations (written by fullapi).
   */
  morphOneRelationships?: ClassDataRelationship[];
  /**
   * morphMany relations (written by fullapi).
   */
  morphManyRelationships?: ClassDataRelationship[];
  /**
   * morphTo relations (written by fullapi): a role, no comodel.
   */
  morphToRelationships?: ClassDataMorphTo[];
}
/**
 * One column.
 */
export interface ClassDataAttribute {
  /**
   * The column's name, e.g. title.
   */
  name: string;
  /**
   * A column type (string, text, boolean, integer, bigint, float, decimal, json, date, datetime, timestamp, uuid, and the aliases bool, int, biginteger, double), with its size where the input gave one (string(100), decimal(8,2), mediumtext, longtext), or enum(<value>,<value>,...).
   */
  _type: string;
  /**
   * The primary key, instead of the conventional id.
   */
  primary?: boolean;
  /**
   * The column accepts null.
   */
  nullable?: boolean;
  /**
   * The column has a unique index, and the requests a unique rule.
   */
  unique?: boolean;
  /**
   * The column has an index of its own.
   */
  index?: boolean;
  /**
   * Marked filterable: the index filters on the marked fields only.
   */
  filterable?: boolean;
  /**
   * Marked sortable: the index sorts on the marked fields only.
   */
  sortable?: boolean;
  /**
   * A secret the input declared (hidden) that its name does not make one.
   */
  hidden?: boolean;
  /**
   * The column's default (written by fullapi when the input gives one).
   */
  default?: string | number | boolean | null;
  /**
   * Extra Laravel validation rules, e.g. min:0.
   */
  rules?: string[];
  /**
   * The least value a client may send (a number field's min=).
   */
  min?: number;
  /**
   * The greatest value a client may send (a number field's max=).
   */
  max?: number;
}
/**
 * One relation: the method name (role) and the related entity (comodel).
 */
export interface ClassDataRelationship {
  /**
   * The relation method's name, e.g. comments.
   */
  role: string;
  /**
   * The related entity's name, e.g. Comment.
   */
  comodel: string;
  /**
   * manyToManyRelationships only: the pivot table's name. Required when an entity relates to itself.
   */
  pivot?: string;
  /**
   * Not in manyToManyRelationships: the foreign key may be null, so a child may have no parent.
   */
  nullable?: boolean;
  /**
   * Not in manyToManyRelationships: what deleting the parent does to its children: cascade, restrict (the API answers 409) or set_null (nullable only). Default: set_null when nullable, else restrict.
   */
  on_delete?: 'cascade' | 'restrict' | 'set_null';
  /**
   * belongsTo User only: the row belongs to the signed-in user who created it (see the schema file's owner).
   */
  owner?: boolean;
}
/**
 * One morphTo relation: its method name; its owners are the entities whose morphOne or morphMany names it.
 */
export interface ClassDataMorphTo {
  /**
   * The relation method's name, e.g. commentable.
   */
  role: string;
}

/** schemas/class-data.schema.json, for the validator and `fullapi schema --print`. */
export const CLASS_DATA_SCHEMA: Readonly<Record<string, unknown>> = {
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://fullapi.dev/schemas/class-data.schema.json",
  "title": "ClassData",
  "description": "class_data.json, the older bulk format: a list of entities. fullapi also records each entity it generates here, in this same shape.",
  "type": "array",
  "items": {
    "$ref": "#/$defs/ClassDataEntity"
  },
  "$defs": {
    "ClassDataEntity": {
      "title": "ClassDataEntity",
      "description": "One entity (model) with its attributes and relationships.",
      "type": "object",
      "additionalProperties": false,
      "required": [
        "name"
      ],
      "properties": {
        "name": {
          "description": "The class name, e.g. Article.",
          "type": "string"
        },
        "parent": {
          "description": "A model this entity extends.",
          "type": "string"
        },
        "attributes": {
          "description": "The columns, in order.",
          "type": "array",
          "items": {
            "$ref": "#/$defs/ClassDataAttribute"
          }
        },
        "softDeletes": {
          "description": "Soft deletes (written by fullapi for an entity generated with --soft-deletes).",
          "type": "boolean"
        },
        "table": {
          "description": "The table, when it is not the one Laravel names after the class (a legacy tbl_customer from --from-database).",
          "type": "string"
        },
        "timestamps": {
          "description": "false: the table has no created_at and updated_at.",
          "type": "boolean"
        },
        "tableExists": {
          "description": "The table is the database's own (--from-database without --with-migrations): no migration, tests in a transaction.",
          "type": "boolean"
        },
        "indexes": {
          "description": "Indexes over several columns, each the list of its columns in order, e.g. [[\"status\", \"placed_at\"]].",
          "type": "array",
          "items": {
            "type": "array",
            "minItems": 1,
            "items": {
              "type": "string"
            }
          }
        },
        "foreignKeyIndexes": {
          "description": "Written by fullapi: the migrations it wrote gave each foreign key column an index. A record without it is from before, when they did not: the next migration of the table's changes adds them.",
          "type": "boolean"
        },
        "auth": {
          "description": "Token authentication in front of the entity's routes (--auth).",
          "type": "boolean"
        },
        "clientCollection": {
          "description": "The entity's requests in the API-client collection file (--client-collection).",
          "type": "boolean"
        },
        "expressiveTests": {
          "description": "Tests in it(...)/expect(...) style (--expressive-tests).",
          "type": "boolean"
        },
        "queryBuilder": {
          "description": "The index filtered and sorted by the query-builder package (--query-builder).",
          "type": "boolean"
        },
        "jsonApi": {
          "description": "The resource in the JSON:API document shape (--json-api).",
          "type": "boolean"
        },
        "simplePagination": {
          "description": "The index paged without a count of the rows (--simple-pagination).",
          "type": "boolean"
        },
        "oneToOneRelationships": {
          "description": "hasOne relations.",
          "type": "array",
          "items": {
            "$ref": "#/$defs/ClassDataRelationship"
          }
        },
        "oneToManyRelationships": {
          "description": "hasMany relations.",
          "type": "array",
          "items": {
            "$ref": "#/$defs/ClassDataRelationship"
          }
        },
        "manyToOneRelationships": {
          "description": "belongsTo relations.",
          "type": "array",
          "items": {
            "$ref": "#/$defs/ClassDataRelationship"
          }
        },
        "manyToManyRelationships": {
          "description": "belongsToMany relations.",
          "type": "array",
          "items": {
            "$ref": "#/$defs/ClassDataRelationship"
          }
        },
        "morphOneRelationships": {
          "description": "morphOne relations (written by fullapi).",
          "type": "array",
          "items": {
            "$ref": "#/$defs/ClassDataRelationship"
          }
        },
        "morphManyRelationships": {
          "description": "morphMany relations (written by fullapi).",
          "type": "array",
          "items": {
            "$ref": "#/$defs/ClassDataRelationship"
          }
        },
        "morphToRelationships": {
          "description": "morphTo relations (written by fullapi): a role, no comodel.",
          "type": "array",
          "items": {
            "$ref": "#/$defs/ClassDataMorphTo"
          }
        }
      }
    },
    "ClassDataAttribute": {
      "title": "ClassDataAttribute",
      "description": "One column.",
      "type": "object",
      "additionalProperties": false,
      "required": [
        "name",
        "_type"
      ],
      "properties": {
        "name": {
          "description": "The column's name, e.g. title.",
          "type": "string"
        },
        "_type": {
          "description": "A column type (string, text, boolean, integer, bigint, float, decimal, json, date, datetime, timestamp, uuid, and the aliases bool, int, biginteger, double), with its size where the input gave one (string(100), decimal(8,2), mediumtext, longtext), or enum(<value>,<value>,...).",
          "type": "string"
        },
        "primary": {
          "description": "The primary key, instead of the conventional id.",
          "type": "boolean"
        },
        "nullable": {
          "description": "The column accepts null.",
          "type": "boolean"
        },
        "unique": {
          "description": "The column has a unique index, and the requests a unique rule.",
          "type": "boolean"
        },
        "index": {
          "description": "The column has an index of its own.",
          "type": "boolean"
        },
        "filterable": {
          "description": "Marked filterable: the index filters on the marked fields only.",
          "type": "boolean"
        },
        "sortable": {
          "description": "Marked sortable: the index sorts on the marked fields only.",
          "type": "boolean"
        },
        "hidden": {
          "description": "A secret the input declared (hidden) that its name does not make one.",
          "type": "boolean"
        },
        "default": {
          "description": "The column's default (written by fullapi when the input gives one).",
          "type": [
            "string",
            "number",
            "boolean",
            "null"
          ]
        },
        "rules": {
          "description": "Extra Laravel validation rules, e.g. min:0.",
          "type": "array",
          "items": {
            "type": "string"
          }
        },
        "min": {
          "description": "The least value a client may send (a number field's min=).",
          "type": "number"
        },
        "max": {
          "description": "The greatest value a client may send (a number field's max=).",
          "type": "number"
        }
      }
    },
    "ClassDataMorphTo": {
      "title": "ClassDataMorphTo",
      "description": "One morphTo relation: its method name; its owners are the entities whose morphOne or morphMany names it.",
      "type": "object",
      "additionalProperties": false,
      "required": [
        "role"
      ],
      "properties": {
        "role": {
          "description": "The relation method's name, e.g. commentable.",
          "type": "string"
        }
      }
    },
    "ClassDataRelationship": {
      "title": "ClassDataRelationship",
      "description": "One relation: the method name (role) and the related entity (comodel).",
      "type": "object",
      "additionalProperties": false,
      "required": [
        "role",
        "comodel"
      ],
      "properties": {
        "role": {
          "description": "The relation method's name, e.g. comments.",
          "type": "string"
        },
        "comodel": {
          "description": "The related entity's name, e.g. Comment.",
          "type": "string"
        },
        "pivot": {
          "description": "manyToManyRelationships only: the pivot table's name. Required when an entity relates to itself.",
          "type": "string"
        },
        "nullable": {
          "description": "Not in manyToManyRelationships: the foreign key may be null, so a child may have no parent.",
          "type": "boolean"
        },
        "on_delete": {
          "description": "Not in manyToManyRelationships: what deleting the parent does to its children: cascade, restrict (the API answers 409) or set_null (nullable only). Default: set_null when nullable, else restrict.",
          "type": "string",
          "enum": [
            "cascade",
            "restrict",
            "set_null"
          ]
        },
        "owner": {
          "description": "belongsTo User only: the row belongs to the signed-in user who created it (see the schema file's owner).",
          "type": "boolean"
        }
      }
    }
  }
};
