import type { DefaultValue, OnDelete, RelationKind } from './ir.generated.js';

/**
 * `x-fullapi`: the vendor extension (OpenAPI's `x-` keys) that `fullapi openapi` writes beside a property of a
 * resource schema, for the facts of a column or relation that an answer's schema cannot say, and that the
 * OpenAPI front end reads back. One object under one key, so that a tool reading the document sees one
 * unknown keyword, and each member only where the standard keywords fall short.
 */
export const FULLAPI_EXTENSION = 'x-fullapi';

/** The members of `x-fullapi` on a property (`timestamps` on the resource schema): all optional. */
export interface FullapiExtension {
  /**
   * The column's type as a schema file writes it (`text`, `mediumtext`, `bigint`, `decimal(8,2)`, `timestamp`),
   * where the answer has the same JSON type as another column type: a text answers a string, a decimal a string.
   */
  type?: string;
  unique?: true;
  /** The entity's own key, when it is not the conventional `id`. */
  primary?: true;
  /**
   * false on a secret's `writeOnly` property, whose column holds no null: a response never holds the value, so
   * its schema cannot list it as `required`, which is how the other properties say it.
   */
  nullable?: false;
  /** The column's default: a fact of the table, not of the answer, which always has a value. */
  default?: DefaultValue['value'];
  /**
   * The relation's kind where the property's `$ref` or array of them says another: a hasOne reads as a belongsTo,
   * and an entity's list of itself as a hasMany, never a belongsToMany.
   */
  relation?: RelationKind;
  /** A belongsToMany's pivot table, where it is not the one Laravel names (`post_tag`). */
  pivot?: string;
  /** The relation's method, where it is not the key an answer has it under (`mainAuthor`, answered as `main_author`). */
  method?: string;
  /** A belongsTo's delete rule, where it is not the one a relation gets unsaid (set_null when nullable, else restrict). */
  onDelete?: OnDelete;
  /** On the resource schema itself: the table has no created_at and updated_at, which the schema's lack of them alone does not say of any document. */
  timestamps?: false;
}

/** The relation kinds that `x-fullapi` names, those a `$ref` alone (or its absence, for a morphTo) reads as another kind. */
export const EXTENDED_RELATION_KINDS: readonly RelationKind[] = ['hasOne', 'morphTo', 'morphOne', 'morphMany'];
