/* Generated from schemas/ir.schema.json by scripts/generate-ir-types.mjs. Do not edit. */

/**
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "FieldType".
 */
export type FieldType =
  | 'string'
  | 'text'
  | 'boolean'
  | 'integer'
  | 'bigint'
  | 'float'
  | 'decimal'
  | 'json'
  | 'date'
  | 'datetime'
  | 'timestamp'
  | 'uuid'
  | 'enum';
/**
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "RelationKind".
 */
export type RelationKind = 'belongsTo' | 'hasOne' | 'hasMany' | 'belongsToMany' | 'morphTo' | 'morphOne' | 'morphMany';
/**
 * belongsTo (or the hasOne/hasMany paired with one): the delete rule of its foreign key, when the input says one.
 */
export type OnDelete = 'cascade' | 'restrict' | 'set_null';
/**
 * A column of a checked entity.
 *
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "Field".
 */
export type Field = EnumField | ValueField;
/**
 * Every field type but enum, whose fields carry their class.
 *
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "ValueFieldType".
 */
export type ValueFieldType =
  | 'string'
  | 'text'
  | 'boolean'
  | 'integer'
  | 'bigint'
  | 'float'
  | 'decimal'
  | 'json'
  | 'date'
  | 'datetime'
  | 'timestamp'
  | 'uuid';
/**
 * The types a primary key may have (validate-names refuses the others), and so the foreign keys and pivot columns referencing one.
 *
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "KeyFieldType".
 */
export type KeyFieldType = 'string' | 'integer' | 'bigint' | 'uuid';
/**
 * A relation method of a checked entity, declared or synthesized as the inverse of one, with the columns behind it: each kind carries what the keys pass gave it.
 *
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "Relation".
 */
export type Relation = BelongsToRelation | HasRelation | BelongsToManyRelation | MorphToRelation | MorphManyRelation;
/**
 * The delete rule in force of the foreign key behind the relation: as declared, else the one that loses no row silently.
 */
export type OnDelete1 = 'cascade' | 'restrict' | 'set_null';
/**
 * The delete rule in force of the foreign key behind the relation: as declared, else the one that loses no row silently.
 */
export type OnDelete2 = 'cascade' | 'restrict' | 'set_null';
/**
 * The types a primary key may have (validate-names refuses the others), and so the foreign keys and pivot columns referencing one.
 */
export type KeyFieldType1 = 'string' | 'integer' | 'bigint' | 'uuid';
/**
 * The rule in force: the declared one, else set_null for a nullable key and restrict for a required one.
 */
export type OnDelete3 = 'cascade' | 'restrict' | 'set_null';
/**
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "FrameworkMajor".
 */
export type FrameworkMajor = 12 | 13;
/**
 * Absent for a column type fullapi does not map (a geometry, a time).
 */
export type FieldType1 =
  | 'string'
  | 'text'
  | 'boolean'
  | 'integer'
  | 'bigint'
  | 'float'
  | 'decimal'
  | 'json'
  | 'date'
  | 'datetime'
  | 'timestamp'
  | 'uuid'
  | 'enum';
/**
 * belongsTo, hasOne, hasMany: the delete rule of the foreign key behind the relation, as declared.
 */
export type OnDelete4 = 'cascade' | 'restrict' | 'set_null';
/**
 * What the database does to a child row when its parent is deleted: cascade deletes it, restrict refuses the parent's deletion, set_null empties the foreign key.
 *
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "OnDelete".
 */
export type OnDelete5 = 'cascade' | 'restrict' | 'set_null';

/**
 * The intermediate representation every front end lowers into. Source* types are what a front end produces; the others are what the passes make of them.
 */
export interface FullapiIr {
  source: SourceModel;
  checked: CheckedModel;
  project: ProjectFacts;
}
/**
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "SourceModel".
 */
export interface SourceModel {
  entities: SourceEntity[];
}
/**
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "SourceEntity".
 */
export interface SourceEntity {
  name: string;
  fields: SourceField[];
  softDeletes: boolean;
  options?: GenerationOptions;
  span: Span;
  relations: SourceRelation[];
  /**
   * A model this entity extends (class_data.json's parent).
   */
  parent?: string;
  /**
   * The entity's table when it is not the one Laravel derives from the class (a legacy tbl_customer): the model sets $table.
   */
  table?: string;
  /**
   * false: the table has no created_at and updated_at, and the model says so ($timestamps = false).
   */
  timestamps?: boolean;
  /**
   * The table is the database's own, made by no migration (--from-database without --with-migrations): no migration is written, and the generated tests run in a transaction on the tables as they are instead of rebuilding the database.
   */
  tableExists?: boolean;
  /**
   * class_data.json says its migrations gave each foreign key column an index (foreign_key_indexes); absent from any other input.
   */
  foreignKeyIndexes?: boolean;
  /**
   * Indexes over the table's columns in the order given (a composite index for a filter and a sort read together), as the input lists them; checked by src/passes/indexes.ts.
   */
  indexes?: TableIndex[];
}
/**
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "SourceField".
 */
export interface SourceField {
  name: string;
  type: FieldType;
  enumValues?: string[];
  nullable: boolean;
  unique: boolean;
  primary: boolean;
  /**
   * Declared secret by the input (hidden): never answered, filtered or sorted on, like a secret by its name (src/passes/secrets.ts).
   */
  hidden?: boolean;
  /**
   * An index of its own on the column (index), for the filters and sorts that read it.
   */
  index?: boolean;
  /**
   * Marked filterable by the input: once a field of the entity is, the index filters on the marked fields only (src/passes/index-query.ts).
   */
  filterable?: boolean;
  /**
   * Marked sortable by the input: once a field of the entity is, the index sorts on the marked fields only (src/passes/index-query.ts).
   */
  sortable?: boolean;
  span: Span;
  defaultValue?: DefaultValue;
  size?: ColumnSize;
  /**
   * The least value a client may send (min=<n>): the validation rule, the factory's bound, OpenAPI's minimum.
   */
  min?: number;
  /**
   * The greatest value a client may send (max=<n>): the validation rule, the factory's bound, OpenAPI's maximum.
   */
  max?: number;
  /**
   * Extra Laravel validation rules, e.g. min:0.
   */
  rules?: string[];
  /**
   * The field's name at the last generation, as the input declares it (renamed_from): the column is renamed, its values kept.
   */
  renamedFrom?: string;
  renamedFromSpan?: Span1;
}
/**
 * Where a node came from in the user's input: a file position, or a command-line flag and the column inside its value.
 *
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "Span".
 */
export interface Span {
  file?: string;
  flag?: string;
  line?: number;
  column?: number;
  endColumn?: number;
}
/**
 * A column default, as the user wrote it (a wrapper, so that a default of null differs from no default).
 *
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "DefaultValue".
 */
export interface DefaultValue {
  value: string | number | boolean | null;
}
/**
 * What the input says of a column's size beyond its type, each only where written: a string's length (string(100)), a decimal's precision and scale (decimal(8,2)), a text's size (mediumtext, longtext). Absent, the type's default: 255 characters, decimal(10, 2), text.
 *
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "ColumnSize".
 */
export interface ColumnSize {
  length?: number;
  precision?: number;
  scale?: number;
  text?: 'medium' | 'long';
}
/**
 * Where a node came from in the user's input: a file position, or a command-line flag and the column inside its value.
 */
export interface Span1 {
  file?: string;
  flag?: string;
  line?: number;
  column?: number;
  endColumn?: number;
}
/**
 * What an entity is generated with beyond the default: each option absent or false asks for nothing.
 *
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "GenerationOptions".
 */
export interface GenerationOptions {
  /**
   * Sanctum token authentication in front of the entity's routes.
   */
  auth?: boolean;
  /**
   * The entity's requests in the project's API-client collection file.
   */
  clientCollection?: boolean;
  /**
   * The feature and unit tests in it(...)/expect(...) style.
   */
  expressiveTests?: boolean;
  /**
   * The index filtered and sorted through spatie/laravel-query-builder.
   */
  queryBuilder?: boolean;
  /**
   * The resource in the JSON:API document shape.
   */
  jsonApi?: boolean;
  /**
   * The index paged by Laravel's simplePaginate: no count of the rows, so no total nor last page in its meta.
   */
  simplePagination?: boolean;
}
/**
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "SourceRelation".
 */
export interface SourceRelation {
  /**
   * The relation method name, e.g. posts.
   */
  name: string;
  kind: RelationKind;
  /**
   * The related entity's name as written; absent for morphTo.
   */
  target?: string;
  /**
   * An explicit pivot table name for belongsToMany.
   */
  pivot?: string;
  /**
   * belongsTo: its foreign key may be null (the child may have no parent); hasOne/hasMany: the foreign key of the belongsTo it pairs with may.
   */
  nullable?: boolean;
  onDelete?: OnDelete;
  /**
   * belongsTo the authenticated user's model (owner): each row belongs to one user, who alone may view, change or delete it; the index lists that user's rows, and store takes the key from the user, never from the body.
   */
  owner?: boolean;
  span: Span;
}
/**
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "TableIndex".
 */
export interface TableIndex {
  /**
   * The columns, in the index's order: fields, foreign keys, morph columns, timestamps or deleted_at.
   */
  columns: string[];
  span: Span;
}
/**
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "CheckedModel".
 */
export interface CheckedModel {
  /**
   * Ordered parents first: a table comes after every table it references.
   */
  entities: Entity[];
  pivots: Pivot[];
  /**
   * Pivot tables of many-to-many relations the input no longer has, whose create migration may have run: a migration drops them.
   */
  droppedPivots?: Pivot[];
}
/**
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "Entity".
 */
export interface Entity {
  naming: Naming;
  /**
   * Every field in source order, a custom primary key's included (it is fillable: clients choose the key).
   */
  fields: Field[];
  primaryKey: PrimaryKey;
  softDeletes: boolean;
  options?: GenerationOptions;
  span: Span;
  relations: Relation[];
  foreignKeys: ForeignKey[];
  /**
   * morphTo names: each gives nullable <name>_type and <name>_id columns (generated requests do not fill them).
   */
  morphs: string[];
  parent?: string;
  existing?: ExistingModel;
  /**
   * Set when the input names the table (naming.table is then this name): the model declares it.
   */
  table?: string;
  /**
   * false: no created_at and updated_at (no migration column, no resource attribute, no sort).
   */
  timestamps?: boolean;
  /**
   * No migration creates the table; the tests run in a transaction on it (DatabaseTransactions), never rebuilding the database.
   */
  tableExists?: boolean;
  /**
   * Recorded entities only: the table's foreign key columns have indexes (fullapi's migrations before them gave none).
   */
  foreignKeyIndexes?: boolean;
  /**
   * The input's indexes over several columns (SourceEntity.indexes), checked: the create migration's ->index([...]).
   */
  indexes?: TableIndex[];
  tableChange?: TableChange;
}
/**
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "Naming".
 */
export interface Naming {
  /**
   * The model's class name, e.g. BlogPost.
   */
  className: string;
  /**
   * Str::snake(Str::pluralStudly(class)), as Model::getTable().
   */
  table: string;
  /**
   * The URI segment given to Route::apiResource: kebab case of the plural.
   */
  routeSegment: string;
  /**
   * The wildcard apiResource derives from routeSegment; binding matches this name only.
   */
  routeParameter: string;
  /**
   * Str::camel(routeParameter): the controller's bound parameter.
   */
  modelVariable: string;
  /**
   * Str::snake(class), the stem of foreign keys.
   */
  snake: string;
}
/**
 * A field of a backed enum: the enums pass gives it its class.
 *
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "EnumField".
 */
export interface EnumField {
  name: string;
  type: 'enum';
  nullable: boolean;
  unique: boolean;
  /**
   * An index of its own on the column (unless unique, whose index serves): the migration's ->index().
   */
  index?: boolean;
  /**
   * Marked filterable by the input (SourceField.filterable): which fields the index filters on follows from the marks of all (src/passes/index-query.ts).
   */
  filterable?: boolean;
  /**
   * Marked sortable by the input (SourceField.sortable): which fields the index sorts on follows from the marks of all (src/passes/index-query.ts).
   */
  sortable?: boolean;
  span: Span;
  defaultValue?: DefaultValue;
  rules?: string[];
  /**
   * Never leaves the API: hidden on the model, left out of the resource, neither filtered nor sorted on (src/passes/secrets.ts).
   */
  secret?: boolean;
  /**
   * Stored as a hash: the model casts it with `hashed` (a password).
   */
  hashed?: boolean;
  /**
   * The field's name at the last generation, as the input declares it (renamed_from): the column is renamed, its values kept.
   */
  renamedFrom?: string;
  enumClass: EnumClass;
}
/**
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "EnumClass".
 */
export interface EnumClass {
  /**
   * Short class name in App\Enums: <Entity><Field>.
   */
  className: string;
  /**
   * One at least: the enums pass refuses an enum without values.
   *
   * @minItems 1
   */
  cases: [EnumCase, ...EnumCase[]];
}
/**
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "EnumCase".
 */
export interface EnumCase {
  /**
   * A valid PHP enum case name.
   */
  caseName: string;
  /**
   * The backing string, as the user wrote it.
   */
  value: string;
}
/**
 * A field of any type but enum.
 *
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "ValueField".
 */
export interface ValueField {
  name: string;
  type: ValueFieldType;
  nullable: boolean;
  unique: boolean;
  /**
   * An index of its own on the column (unless unique, whose index serves): the migration's ->index().
   */
  index?: boolean;
  /**
   * Marked filterable by the input (SourceField.filterable): which fields the index filters on follows from the marks of all (src/passes/index-query.ts).
   */
  filterable?: boolean;
  /**
   * Marked sortable by the input (SourceField.sortable): which fields the index sorts on follows from the marks of all (src/passes/index-query.ts).
   */
  sortable?: boolean;
  span: Span;
  defaultValue?: DefaultValue;
  size?: ColumnSize;
  /**
   * The least value a client may send (min=<n>): the validation rule, the factory's bound, OpenAPI's minimum.
   */
  min?: number;
  /**
   * The greatest value a client may send (max=<n>): the validation rule, the factory's bound, OpenAPI's maximum.
   */
  max?: number;
  rules?: string[];
  /**
   * Never leaves the API: hidden on the model, left out of the resource, neither filtered nor sorted on (src/passes/secrets.ts).
   */
  secret?: boolean;
  /**
   * Stored as a hash: the model casts it with `hashed` (a password).
   */
  hashed?: boolean;
  /**
   * The field's name at the last generation, as the input declares it (renamed_from): the column is renamed, its values kept.
   */
  renamedFrom?: string;
}
/**
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "PrimaryKey".
 */
export interface PrimaryKey {
  column: string;
  /**
   * False for the conventional auto-incrementing id.
   */
  custom: boolean;
  fieldType: KeyFieldType;
  /**
   * Eloquent's $keyType.
   */
  keyType: 'int' | 'string';
  incrementing: boolean;
}
/**
 * belongsTo: this table holds the foreign key.
 *
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "BelongsToRelation".
 */
export interface BelongsToRelation {
  name: string;
  kind: 'belongsTo';
  /**
   * The related model's class name.
   */
  target: string;
  /**
   * The column on this table.
   */
  foreignKey: string;
  /**
   * The referenced key column (the parent's primary key).
   */
  ownerKey: string;
  /**
   * As SourceRelation.nullable; on a synthesized belongsTo, taken from the relation that implied it.
   */
  nullable?: boolean;
  onDelete: OnDelete1;
  /**
   * The row's owner, the authenticated user (SourceRelation.owner): the policy lets only them view, change or delete it, the index lists only their rows, and store and update never take this foreign key from the body.
   */
  owner?: boolean;
  /**
   * The target entity's resource is a JSON:API one (--json-api): a JSON:API resource answers the related rows through it; otherwise through Laravel's own JsonApiResource, since a standard resource has none of the methods JsonApiResource calls on it.
   */
  targetJsonApi?: boolean;
  /**
   * True when written by the relations pass as the inverse of a declared relation.
   */
  synthesized: boolean;
  span: Span;
}
/**
 * hasOne or hasMany: the target's table holds the foreign key, that of the belongsTo it pairs with.
 *
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "HasRelation".
 */
export interface HasRelation {
  name: string;
  kind: 'hasOne' | 'hasMany';
  /**
   * The related model's class name.
   */
  target: string;
  /**
   * The column on the target's table.
   */
  foreignKey: string;
  /**
   * This entity's key column, which the foreign key references.
   */
  ownerKey: string;
  /**
   * As SourceRelation.nullable; on a synthesized belongsTo, taken from the relation that implied it.
   */
  nullable?: boolean;
  onDelete: OnDelete2;
  /**
   * The target entity's resource is a JSON:API one (--json-api): a JSON:API resource answers the related rows through it; otherwise through Laravel's own JsonApiResource, since a standard resource has none of the methods JsonApiResource calls on it.
   */
  targetJsonApi?: boolean;
  /**
   * True when written by the relations pass as the inverse of a declared relation.
   */
  synthesized: boolean;
  span: Span;
}
/**
 * belongsToMany: rows of both tables paired in a pivot table.
 *
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "BelongsToManyRelation".
 */
export interface BelongsToManyRelation {
  name: string;
  kind: 'belongsToMany';
  /**
   * The related model's class name.
   */
  target: string;
  pivotTable: string;
  /**
   * belongsToMany: this entity's column in the pivot.
   */
  foreignPivotKey: string;
  /**
   * belongsToMany: the target's column in the pivot.
   */
  relatedPivotKey: string;
  relatedKey: RelatedKey;
  /**
   * The target entity's resource is a JSON:API one (--json-api): a JSON:API resource answers the related rows through it; otherwise through Laravel's own JsonApiResource, since a standard resource has none of the methods JsonApiResource calls on it.
   */
  targetJsonApi?: boolean;
  /**
   * True when written by the relations pass as the inverse of a declared relation.
   */
  synthesized: boolean;
  span: Span;
}
/**
 * belongsToMany: the related table and its key, which the keys a client sends to sync must exist in.
 */
export interface RelatedKey {
  table: string;
  column: string;
  fieldType: KeyFieldType;
}
/**
 * morphTo: this table holds the morph name's _type and _id columns.
 *
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "MorphToRelation".
 */
export interface MorphToRelation {
  name: string;
  kind: 'morphTo';
  /**
   * The morph name, e.g. commentable.
   */
  morphName: string;
  /**
   * morphTo: the entities whose morphOne or morphMany pairs with it, in the model's order.
   */
  morphOwners: MorphOwner[];
  /**
   * The target entity's resource is a JSON:API one (--json-api): a JSON:API resource answers the related rows through it; otherwise through Laravel's own JsonApiResource, since a standard resource has none of the methods JsonApiResource calls on it.
   */
  targetJsonApi?: boolean;
  /**
   * True when written by the relations pass as the inverse of a declared relation.
   */
  synthesized: boolean;
  span: Span;
}
/**
 * An entity a morphTo may point at.
 *
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "MorphOwner".
 */
export interface MorphOwner {
  className: string;
  table: string;
  /**
   * Its primary key column, an integer one.
   */
  key: string;
  /**
   * The snake-case class name, the alias its rows are stored under.
   */
  snake: string;
}
/**
 * morphOne or morphMany: the target's morphTo holds this entity's class and key.
 *
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "MorphManyRelation".
 */
export interface MorphManyRelation {
  name: string;
  kind: 'morphOne' | 'morphMany';
  /**
   * The related model's class name.
   */
  target: string;
  /**
   * The morph name of the target's morphTo, e.g. commentable.
   */
  morphName: string;
  /**
   * The target entity's resource is a JSON:API one (--json-api): a JSON:API resource answers the related rows through it; otherwise through Laravel's own JsonApiResource, since a standard resource has none of the methods JsonApiResource calls on it.
   */
  targetJsonApi?: boolean;
  /**
   * True when written by the relations pass as the inverse of a declared relation.
   */
  synthesized: boolean;
  span: Span;
}
/**
 * A column that references another table's key, created by a belongsTo.
 *
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "ForeignKey".
 */
export interface ForeignKey {
  column: string;
  fieldType: KeyFieldType1;
  referencesTable: string;
  referencesColumn: string;
  nullable: boolean;
  /**
   * The belongsTo relation's name.
   */
  relation: string;
  onDelete: OnDelete3;
  /**
   * The parent's hasOne paired with the belongsTo: a parent has at most one such row, so a seeder gives each row a parent that has none yet.
   */
  parentHasOne?: string;
}
/**
 * An entity's model that the project already has (Laravel's User): fullapi edits it, its factory and its table instead of writing them.
 *
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "ExistingModel".
 */
export interface ExistingModel {
  /**
   * The model file, project-relative: app/Models/User.php.
   */
  model: string;
  /**
   * The project's own factory of the model, edited rather than generated; absent when fullapi writes one.
   */
  factory?: string;
  /**
   * The project's migration that creates the table (its file name); absent when fullapi creates the table.
   */
  createdBy?: string;
  /**
   * Every column the project's own migrations give the table: fullapi adds only the others.
   */
  tableColumns: string[];
  /**
   * Columns of the table that are no field of the API (not written by clients) but that the model shows: the resource answers them too.
   */
  shownColumns: Field[];
  /**
   * The file names of the project's own migrations that create or alter the table: every other migration adding columns to it is fullapi's.
   */
  ownMigrations: string[];
}
/**
 * Set on an entity whose table may have been migrated (its create migration is then left as it ran): what a migration of the changes does to the table, from the entity class_data.json recorded at the last generation to the entity of the input; empty when nothing changed.
 *
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "TableChange".
 */
export interface TableChange {
  /**
   * Columns renamed as the input declares (renamed_from): their values are kept.
   */
  renamed: {
    from: string;
    to: string;
  }[];
  added: Field[];
  /**
   * As recorded: down() adds them back.
   */
  dropped: Field[];
  /**
   * Columns whose type, nullability, default or uniqueness changed, by their new name.
   */
  changed: {
    from: Field;
    to: Field;
  }[];
  addedForeignKeys: ForeignKey[];
  droppedForeignKeys: ForeignKey[];
  /**
   * Foreign keys whose nullability or rule on delete changed.
   */
  changedForeignKeys: {
    from: ForeignKey;
    to: ForeignKey;
  }[];
  addedMorphs: string[];
  droppedMorphs: string[];
  softDeletes?: 'added' | 'dropped';
  timestamps?: 'added' | 'dropped';
  /**
   * The entity's indexes (Entity.indexes) the recorded table has not, by their columns: added after the columns they read.
   */
  addedIndexes: TableIndex[];
  /**
   * The recorded indexes the input no longer has (or whose columns it renamed), by their recorded columns: dropped before any column, since SQLite cannot drop an indexed column.
   */
  droppedIndexes: TableIndex[];
  /**
   * The recorded table's foreign keys have no index (fullapi's migrations before foreign_key_indexes gave none): this migration indexes those the input keeps, and drops the others without one.
   */
  foreignKeyIndexes?: 'added';
}
/**
 * The join table of one belongsToMany pair.
 *
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "Pivot".
 */
export interface Pivot {
  table: string;
  /**
   * @minItems 2
   * @maxItems 2
   */
  sides: [PivotSide, PivotSide];
  span: Span;
}
/**
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "PivotSide".
 */
export interface PivotSide {
  entity: string;
  column: string;
  fieldType: KeyFieldType;
  referencesTable: string;
  referencesColumn: string;
}
/**
 * What the backends need to know of the Laravel project, read when the command runs.
 *
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "ProjectFacts".
 */
export interface ProjectFacts {
  framework: FrameworkMajor;
  /**
   * The laravel/framework version installed (vendor/composer/installed.json), else the one composer.lock records (v12.72.0, 12.x-dev); absent when neither names it.
   */
  frameworkVersion?: string;
  perPage: number;
  maxPerPage: number;
  /**
   * The models in app/Models that fullapi did not write, with their tables as the project's own migrations make them.
   */
  projectModels?: ProjectModel[];
  /**
   * The tables that an add_<columns>_to_<table>_table migration (--add-fields) altered, as all the migrations make them.
   */
  alteredTables?: AlteredTable[];
  /**
   * The names of the packages composer.json requires, in require and require-dev, sorted; absent when it names none. What an option needs installed is looked up here.
   */
  composerPackages?: string[];
  /**
   * True when a migration in database/migrations creates Sanctum's personal_access_tokens table; absent when none does. --auth warns without it: login and register would fail on the missing table.
   */
  personalAccessTokens?: boolean;
}
/**
 * A model of the project's own in app/Models (not in fullapi's manifest), as read when the command runs.
 *
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "ProjectModel".
 */
export interface ProjectModel {
  className: string;
  /**
   * Project-relative: app/Models/User.php.
   */
  path: string;
  /**
   * The model's table: its $table or #[Table] when it sets one, else Laravel's convention.
   */
  table: string;
  /**
   * database/factories/<Class>Factory.php when the project has it and fullapi did not write it.
   */
  factory?: string;
  /**
   * The file name of the project's migration that creates the table; absent when none does.
   */
  createdBy?: string;
  /**
   * The table's columns from the project's own migrations (create, then each Schema::table), in order.
   */
  columns: ProjectColumn[];
  /**
   * The file names of the project's own migrations that create or alter the table, in the order they run.
   */
  migrations: string[];
}
/**
 * A column of a table as the project's own migrations declare it.
 *
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "ProjectColumn".
 */
export interface ProjectColumn {
  name: string;
  type?: FieldType1;
  enumValues?: string[];
  nullable: boolean;
  unique: boolean;
  primary: boolean;
  hasDefault: boolean;
  /**
   * The model hides it ($hidden or #[Hidden]), or its name is a secret's: never shown.
   */
  hidden: boolean;
}
/**
 * A table that has had columns added since it was created: the migration that created it may have run, so it is never rewritten, and the entity is integrated like a model of the project's own.
 *
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "AlteredTable".
 */
export interface AlteredTable {
  table: string;
  /**
   * The file name of the migration that creates the table.
   */
  createdBy?: string;
  /**
   * The names of the columns the migrations give the table, in order.
   */
  columns: string[];
  /**
   * The file names of the migrations that create or alter the table, in the order they run.
   */
  migrations: string[];
}
/**
 * A relation as declared or synthesized, before the keys pass names its columns: what the relations passes pair and complete.
 *
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "DeclaredRelation".
 */
export interface DeclaredRelation {
  name: string;
  kind: RelationKind;
  /**
   * The related model's class name; absent for morphTo.
   */
  target?: string;
  /**
   * belongsToMany: the pivot table, when one was named.
   */
  pivotTable?: string;
  /**
   * As SourceRelation.nullable; on a synthesized belongsTo, taken from the relation that implied it.
   */
  nullable?: boolean;
  onDelete?: OnDelete4;
  /**
   * As SourceRelation.owner.
   */
  owner?: boolean;
  /**
   * True when written by the relations pass as the inverse of a declared relation.
   */
  synthesized: boolean;
  span: Span;
}
/**
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "RelatedKey".
 */
export interface RelatedKey1 {
  table: string;
  column: string;
  fieldType: KeyFieldType;
}
