import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { RelationKind, SourceField, Span } from '../../ir/ir.generated.js';
import { snake } from '../../passes/naming/str.js';
import type { DraftRelation } from '../schema/lowering.js';
import type { ExtensionFacts } from './fullapi-extension.js';
import type { Origins } from './origins.js';
import { mergedObject, saysNullable, singleAllOf, valueType, type Property, type Schema } from './schema-shape.js';
import type { NamedSchema } from './schema-kinds.js';

/** What lowering one entity's properties shares: the entities by schema identity, their keys, and where to put what it finds. */
export interface EntityLowering {
  entityOf: ReadonlyMap<Schema, string>;
  /** Each entity's key column by entity name: `id`, or the property `x-fullapi` says is the key. */
  keyColumnOf: ReadonlyMap<string, string>;
  origins: Origins;
  diagnostics: Diagnostic[];
}

/** A relation read from a property, and whether only the property's name suggested it. */
export interface ReadRelation {
  draft: DraftRelation;
  byKeyName: boolean;
}

/**
 * The relation a property is, of the kind `x-fullapi` names or else as its `$ref` or its key's name says, with
 * the method name, delete rule and pivot table `x-fullapi` gives it; undefined for a property that is a column.
 */
export function propertyRelation(
  entry: NamedSchema,
  property: Property,
  facts: ExtensionFacts,
  required: boolean,
  span: Span,
  lowering: EntityLowering,
): ReadRelation | { skipped: string } | undefined {
  const read =
    facts.relation === undefined
      ? (relationOf(entry, property, required, span, lowering) ?? keyRelationOf(property, required, span, lowering))
      : namedKindRelation(property, facts.relation, required, span, lowering);
  if (read === undefined || 'skipped' in read) return read;
  const named = facts.method === undefined ? {} : { name: facts.method };
  const ruled = facts.onDelete === undefined ? {} : { onDelete: facts.onDelete };
  const pivot = facts.pivot === undefined ? {} : { pivot: facts.pivot };
  return { ...read, draft: { ...read.draft, relation: { ...read.draft.relation, ...named, ...ruled, ...pivot } } };
}

/**
 * A property that names another entity: a `$ref` to it (or `allOf: [$ref]`) is a belongsTo; an array of it a
 * hasMany, or a belongsToMany when that other entity lists this one the same way (an entity listing itself is a
 * tree, a hasMany).
 */
function relationOf(entry: NamedSchema, property: Property, required: boolean, span: Span, lowering: EntityLowering): ReadRelation | undefined {
  const nullable = !required || saysNullable(property.schema);
  const referenced = referencedEntity(property.schema, lowering);
  if (referenced !== undefined) return { draft: draft(property.name, 'belongsTo', referenced, span, nullable), byKeyName: false };
  const listed = listedEntity(property.schema, lowering);
  if (listed === undefined) return undefined;
  const target = [...lowering.entityOf].find(([, name]) => name === listed)?.[0];
  const listsBack = target !== undefined && target !== entry.schema && mergedObject(target).properties.some((other) => valueType(other.schema) === 'array' && other.schema['items'] === entry.schema);
  return { draft: draft(property.name, listsBack ? 'belongsToMany' : 'hasMany', listed, span, false), byKeyName: false };
}

/**
 * A relation whose kind `x-fullapi` names: a morphTo (a parent of any entity, so no `$ref`), or a hasOne, morphOne
 * or morphMany, whose `$ref` alone would read as a belongsTo or hasMany. Why not, when its `$ref` names no entity.
 */
function namedKindRelation(property: Property, kind: RelationKind, required: boolean, span: Span, lowering: EntityLowering): ReadRelation | { skipped: string } {
  if (kind === 'morphTo') return { draft: { relation: { name: property.name, kind, span } }, byKeyName: false };
  const target = kind === 'morphMany' || kind === 'hasMany' || kind === 'belongsToMany' ? listedEntity(property.schema, lowering) : referencedEntity(property.schema, lowering);
  if (target === undefined) return { skipped: `it is a ${kind}, whose $ref names no entity of the document` };
  return { draft: draft(property.name, kind, target, span, !required || saysNullable(property.schema)), byKeyName: false };
}

function referencedEntity(schema: Schema, lowering: EntityLowering): string | undefined {
  return lowering.entityOf.get(schema) ?? lowering.entityOf.get(singleAllOf(schema) ?? schema);
}

function listedEntity(schema: Schema, lowering: EntityLowering): string | undefined {
  const items = schema['items'];
  return valueType(schema) === 'array' && items !== undefined ? lowering.entityOf.get(items as Schema) : undefined;
}

/** `<name>_id` or `<name>Id`, an integer or string, beside an entity of that name: a belongsTo <name>. */
function keyRelationOf(property: Property, required: boolean, span: Span, lowering: EntityLowering): ReadRelation | undefined {
  const keyOf = /^(.+?)(?:_id|Id)$/.exec(property.name)?.[1];
  const type = valueType(property.schema);
  if (keyOf === undefined || (type !== 'integer' && type !== 'string')) return undefined;
  const folded = keyOf.replaceAll('_', '').toLowerCase();
  const owner = [...lowering.entityOf.values()].find((name) => name.toLowerCase() === folded);
  const nullable = !required || saysNullable(property.schema);
  return owner === undefined ? undefined : { draft: draft(keyOf, 'belongsTo', owner, span, nullable), byKeyName: true };
}

function draft(name: string, kind: RelationKind, target: string, span: Span, nullable: boolean): DraftRelation {
  return { relation: { name, kind, target, span, ...(nullable && kind === 'belongsTo' ? { nullable: true } : {}) } };
}

/**
 * A document that answers with a relation also lists its key beside it: `owner` and `owner_id` (`country` and
 * `country_code` for a Country keyed by its code) are one column. A resource answers a relation only when it was
 * loaded, so the relation's property is rarely required: its key column, when there is one, says whether the
 * parent may be missing (`nullableColumn`, undefined for a column the document does not list).
 */
export function withKeyColumns(
  relations: readonly DraftRelation[],
  fields: readonly SourceField[],
  keyColumnOf: ReadonlyMap<string, string>,
  nullableColumn: (name: string) => boolean | undefined,
): { relations: DraftRelation[]; fields: SourceField[] } {
  const keyColumns = new Set<string>();
  const kept = relations.map((entry) => {
    const { relation } = entry;
    if (relation.kind !== 'belongsTo' || relation.target === undefined) return entry;
    // Laravel's key of a belongsTo: its name in snake_case, then the parent's key (mainAuthor: main_author_id).
    const column = `${snake(relation.name)}_${keyColumnOf.get(relation.target) ?? 'id'}`;
    keyColumns.add(column);
    const nullable = nullableColumn(column);
    if (nullable === undefined) return entry;
    const { nullable: _asRead, ...rest } = relation;
    return { ...entry, relation: nullable ? { ...rest, nullable: true } : rest };
  });
  return { relations: kept, fields: fields.filter((field) => !keyColumns.has(field.name)) };
}

/** `owner` and `owner_id` written side by side are one relation, as are `mainAuthor` and `main_author_id`. */
export function withoutRepeats(relations: readonly DraftRelation[]): DraftRelation[] {
  const seen = new Set<string>();
  return relations.filter(({ relation }) => {
    const key = snake(relation.name);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
