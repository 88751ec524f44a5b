import { block, CLASS_VALUES, flag, legacy, list, partialBlock, stub, text } from './declare.js';

/** A column's `@property` tag, or a relation's `@property-read` tag: the PHPDoc type and the attribute. */
export interface TypedName {
  type: string;
  name: string;
}

/** A case of an enum: its name, and its value as a PHP string. */
export interface EnumCaseValue {
  name: string;
  value: string;
}

/** A relation method of the model. */
export interface RelationMethod {
  name: string;
  /** `BelongsTo`, `HasMany`, ...: the method's return type, in Illuminate\Database\Eloquent\Relations. */
  relationClass: string;
  /** The related model class, `Model` for a morphTo. */
  related: string;
  /** The Eloquent method that builds it: `belongsTo`, `hasMany`, ... */
  kind: string;
  /** Its arguments: the related class, and the keys and pivot table where they are not Eloquent's defaults. */
  arguments: readonly string[];
}

/** The model and its enums: `app/Models/<Class>.php`, `app/Enums/<Entity><Field>.php`. */
export const MODEL_STUBS = {
  model: stub('app/Models/<Class>.php: the Eloquent model.', {
    ...CLASS_VALUES,
    docblock: partialBlock('model.docblock', 'The class docblock: a `@property` tag per column, a `@property-read` tag per relation.'),
    classAttributes: partialBlock('model.class-attributes', 'Laravel 13: `#[Fillable]`, `#[Hidden]` and `#[Table]` right above `class`; empty on Laravel 12.'),
    parentClass: text('The class the model extends: `Model`, or the parent entity of a child entity.'),
    members: partialBlock('model.members', 'The class body: the trait use, the properties, `casts()`, the relation methods.'),
    modelName: legacy(text('3.x: the class name.')),
    phpdoc: legacy(partialBlock('model.docblock', '3.x: the class docblock, as `{{docblock}}`.')),
    traits: legacy(block("3.x: `use SoftDeletes;` with its own indentation; `HasFactory` is the stub's own.")),
    fillable: legacy(partialBlock('model.members', '3.x: the properties, `$fillable` first, and `casts()`, as properties on Laravel 13 too.')),
    relationships: legacy(partialBlock('model.relations', '3.x: the relation methods, each after a blank line, with their own indentation.')),
  }),
  'model.docblock': stub("The model's `{{docblock}}`.", {
    properties: list<TypedName>('A `@property` tag per column, in the migration\'s order: `{type: "string|null", name: "title"}`.'),
    relations: list<TypedName>('A `@property-read` tag per relation: `{type: "Collection<int, Comment>", name: "comments"}`.'),
  }),
  'model.class-attributes': stub("The model's `{{classAttributes}}` on Laravel 13.", {
    fillable: list<string>("The fillable columns as PHP strings: `'title'`."),
    hidden: list<string>('The secret columns as PHP strings; none without secrets.'),
    tableArguments: list<string>("The named arguments of `#[Table]`: `name: 'tbl_customer'`, `key: 'code'`, ...; none for a conventional table."),
  }),
  'model.members': stub("The model's `{{members}}`; each member ends with a blank line, and the last blank lines are dropped.", {
    factory: text('The factory class, for the `@use HasFactory<...>` tag.'),
    traits: list<string>('The traits: `HasFactory`, then `SoftDeletes` with soft deletes; none for the 3.x `{{fillable}}`.'),
    onAttributes: flag('Laravel 13: the table, the key, the fillable and the hidden columns are class attributes, not properties.'),
    table: text('The table the input names, as a PHP string; empty for the conventional one.'),
    withoutTimestamps: flag('The table has no `created_at` and `updated_at`.'),
    primaryKey: text('A custom key column as a PHP string; empty for `id`.'),
    keyType: text("The custom key's PHP type as a PHP string: `'string'`."),
    incrementing: text('Whether the database numbers the custom key: `true` or `false`.'),
    fillableProperty: partialBlock('model.fillable', 'The `$fillable` property.'),
    hiddenProperty: partialBlock('model.hidden', 'The `$hidden` property; empty without secrets.'),
    defaults: list<string>("The entries of `$attributes`: `'status' => 'draft'`."),
    castsMethod: partialBlock('model.casts', 'The `casts()` method; empty without casts.'),
    routeKey: text("The key's type, which a route's key must fit: `integer`, `bigint`, `uuid` or `string`."),
    relations: partialBlock('model.relations', 'The relation methods.'),
  }),
  'model.fillable': stub("The `$fillable` property of the model's `{{members}}`, and of a project's own model that has none (`fullapi make` over Laravel's `User`).", {
    fillable: list<string>("The fillable columns as PHP strings: `'title'`."),
  }),
  'model.hidden': stub("The `$hidden` property of the model's `{{members}}`, and of a project's own model that has none.", {
    hidden: list<string>('The secret columns as PHP strings.'),
  }),
  'model.casts': stub("The `casts()` method of the model's `{{members}}`, and of a project's own model that has none.", {
    casts: list<string>("The entries of `casts()`: `'active' => 'boolean'`."),
  }),
  'model.relations': stub("The relation methods of the model's `{{members}}`, each followed by a blank line.", {
    relations: list<RelationMethod>('Each relation method: `{name, relationClass, related, kind, arguments}`.'),
  }),
  enum: stub('app/Enums/<Entity><Field>.php: the string-backed enum of an enum field.', {
    namespace: CLASS_VALUES.namespace,
    className: CLASS_VALUES.className,
    cases: partialBlock('enum.cases', "The cases, one a line: `case Draft = 'draft';`."),
  }),
  'enum.cases': stub("The enum's `{{cases}}`.", {
    cases: list<EnumCaseValue>("Each case: its name, and its value as a PHP string: `{name: 'Draft', value: \"'draft'\"}`."),
  }),
} as const;
