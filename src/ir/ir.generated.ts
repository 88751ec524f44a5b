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
 * via the `definition` "FrameworkMajor".
 */
export type FrameworkMajor = 12 | 13;

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
  span: Span;
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
  span: Span;
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
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "CheckedModel".
 */
export interface CheckedModel {
  entities: Entity[];
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
  span: Span;
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
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "Field".
 */
export interface Field {
  name: string;
  type: FieldType;
  nullable: boolean;
  unique: boolean;
  enumClass?: EnumClass;
  span: Span;
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
  cases: EnumCase[];
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
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "PrimaryKey".
 */
export interface PrimaryKey {
  column: string;
  /**
   * False for the conventional auto-incrementing id.
   */
  custom: boolean;
  fieldType: FieldType;
  /**
   * Eloquent's $keyType.
   */
  keyType: 'int' | 'string';
  incrementing: boolean;
}
/**
 * What the backends need to know of the Laravel project, read when the command runs.
 *
 * This interface was referenced by `FullapiIr`'s JSON-Schema
 * via the `definition` "ProjectFacts".
 */
export interface ProjectFacts {
  framework: FrameworkMajor;
  perPage: number;
  maxPerPage: number;
}
