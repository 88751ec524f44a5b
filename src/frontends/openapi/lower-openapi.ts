import { error, warningAt, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { RelationKind, SourceField, SourceModel, Span } from '../../ir/ir.generated.js';
import { PHP_IDENTIFIER } from '../../passes/php-names.js';
import { finishModel } from '../schema/finish-model.js';
import type { DraftEntity, DraftRelation } from '../schema/lowering.js';
import { keySpan, type Origins } from './origins.js';
import { fieldOfProperty, keyFieldOf } from './property-field.js';
import { mergedObject, saysNullable, singleAllOf, valueType, withoutNullUnion, type Property, type Schema } from './schema-shape.js';
import { namedSchemas, sortSchemas, type NamedSchema } from './schema-kinds.js';
import { schemaUsage } from './schema-usage.js';

/** What lowering one entity's properties shares: the entities by schema identity, and where to put what it finds. */
interface EntityLowering {
  entityOf: ReadonlyMap<Schema, string>;
  origins: Origins;
  diagnostics: Diagnostic[];
}

const TIMESTAMP_COLUMNS = ['created_at', 'updated_at'];
const SOFT_DELETE_COLUMN = 'deleted_at';
const KEY_COLUMN = 'id';

/**
 * A dereferenced OpenAPI document -> SourceModel: the object schemas of components.schemas (definitions in 2.0)
 * become entities, their properties fields and relations. What does not map is a warning at its position.
 */
export function lowerOpenApi(document: Schema, origins: Origins, rootFile: string): { model: SourceModel; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const { holder, named } = namedSchemas(document);
  const spanOfSchema = (name: string): Span => (holder === undefined ? undefined : keySpan(origins, holder, name)) ?? { file: rootFile, line: 1, column: 1 };
  const sorted = sortSchemas(named, schemaUsage(document));
  for (const skipped of sorted.skipped) {
    diagnostics.push(warningAt('openapi_schema_skipped', `schema ${skipped.name} is not an entity: ${skipped.reason}`, spanOfSchema(skipped.name)));
  }
  const schemaNames = new Set(named.map((entry) => entry.name));
  const entities = sorted.entities.flatMap((entry) => {
    if (PHP_IDENTIFIER.test(entry.name)) return [{ ...entry, name: entityName(entry.name, schemaNames), schemaName: entry.name }];
    diagnostics.push(error('invalid_identifier', `schema name "${entry.name}" cannot name an entity: use letters, digits and underscores, starting with a letter`, spanOfSchema(entry.name)));
    return [];
  });
  const lowering: EntityLowering = { entityOf: new Map(entities.map((entry) => [entry.schema, entry.name])), origins, diagnostics };
  const drafts = entities.map((entry) => lowerEntity(entry, spanOfSchema(entry.schemaName), lowering));
  const finished = finishModel(drafts);
  return { model: finished.model, diagnostics: [...diagnostics, ...finished.diagnostics] };
}

const RESOURCE_SUFFIX = 'Resource';

/**
 * Laravel APIs answer through API resources, and documents written from them (fullapi's own among them) name each
 * schema after its resource class: PostResource is the entity Post, unless the document has a Post of its own.
 */
function entityName(schemaName: string, schemaNames: ReadonlySet<string>): string {
  const bare = schemaName.endsWith(RESOURCE_SUFFIX) ? schemaName.slice(0, -RESOURCE_SUFFIX.length) : '';
  return bare !== '' && PHP_IDENTIFIER.test(bare) && !schemaNames.has(bare) ? bare : schemaName;
}

function lowerEntity(entry: NamedSchema, span: Span, lowering: EntityLowering): DraftEntity {
  const merged = mergedObject(entry.schema);
  const fields: SourceField[] = [];
  const relations: DraftRelation[] = [];
  const keyNamedRelations: DraftRelation[] = [];
  let softDeletes = false;
  for (const written of merged.properties) {
    const unwrapped = withoutNullUnion(written.schema);
    const property: Property = { ...written, schema: unwrapped.schema };
    const required = merged.required.has(property.name) && !unwrapped.nullable;
    const propertySpan = keySpan(lowering.origins, property.writtenIn, property.name) ?? span;
    const skip = (reason: string): void => {
      lowering.diagnostics.push(warningAt('openapi_property_skipped', `property ${property.name} of ${entry.name} is left out: ${reason}`, propertySpan));
    };
    if (TIMESTAMP_COLUMNS.includes(property.name)) continue;
    if (property.name === SOFT_DELETE_COLUMN) {
      softDeletes = true;
      continue;
    }
    if (property.name === KEY_COLUMN) {
      if (valueType(property.schema) === 'string') fields.push(keyFieldOf(property.schema, propertySpan));
      continue;
    }
    if (!PHP_IDENTIFIER.test(property.name)) {
      skip('its name is no identifier a column or method can have');
      continue;
    }
    if (property.schema['readOnly'] === true) {
      skip('it is readOnly, a value the API computes, and an entity holds only what a client may send');
      continue;
    }
    const relation = relationOf(entry, property, required, propertySpan, lowering) ?? keyRelationOf(property, required, propertySpan, lowering);
    if (relation !== undefined) {
      (relation.byKeyName ? keyNamedRelations : relations).push(relation.draft);
      continue;
    }
    const reading = fieldOfProperty(property.name, property.schema, required, propertySpan);
    if ('skipped' in reading) {
      skip(reading.skipped);
      continue;
    }
    for (const problem of reading.problems) lowering.diagnostics.push(warningAt('openapi_property_skipped', `property ${property.name} of ${entry.name}: ${problem}`, propertySpan));
    fields.push(reading.field);
  }
  // A $ref names its entity; a key's name only suggests one, so the $ref's reading of a relation wins.
  const kept = withoutRepeats([...relations, ...keyNamedRelations]);
  // A document that answers with a relation also lists its key beside it: `owner` and `owner_id` are one column.
  const keyColumns = new Set(kept.filter(({ relation }) => relation.kind === 'belongsTo').map(({ relation }) => `${relation.name}_id`));
  return { entity: { name: entry.name, fields: fields.filter((field) => !keyColumns.has(field.name)), softDeletes, span }, relations: kept };
}

/**
 * A property that names another entity: a `$ref` to it (or `allOf: [$ref]`) is a belongsTo; an array of it a
 * hasMany, or a belongsToMany when that other entity lists this one the same way (an entity listing itself is a
 * tree, a hasMany).
 */
function relationOf(entry: NamedSchema, property: Property, required: boolean, span: Span, lowering: EntityLowering): { draft: DraftRelation; byKeyName: false } | undefined {
  const nullable = !required || saysNullable(property.schema);
  const referenced = lowering.entityOf.get(property.schema) ?? lowering.entityOf.get(singleAllOf(property.schema) ?? property.schema);
  if (referenced !== undefined) return { draft: draft(property.name, 'belongsTo', referenced, span, nullable), byKeyName: false };
  const items = property.schema['items'];
  const listed = valueType(property.schema) === 'array' && items !== undefined ? lowering.entityOf.get(items as Schema) : undefined;
  if (listed === undefined) return undefined;
  const target = [...lowering.entityOf].find(([, name]) => name === listed)?.[0];
  const listsBack = target !== undefined && target !== entry.schema && mergedObject(target).properties.some((other) => valueType(other.schema) === 'array' && other.schema['items'] === entry.schema);
  return { draft: draft(property.name, listsBack ? 'belongsToMany' : 'hasMany', listed, span, false), byKeyName: false };
}

/** `<name>_id` or `<name>Id`, an integer or string, beside an entity of that name: a belongsTo <name>. */
function keyRelationOf(property: Property, required: boolean, span: Span, lowering: EntityLowering): { draft: DraftRelation; byKeyName: true } | undefined {
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

/** `owner` and `owner_id` written side by side are one relation. */
function withoutRepeats(relations: readonly DraftRelation[]): DraftRelation[] {
  const seen = new Set<string>();
  return relations.filter(({ relation }) => {
    if (seen.has(relation.name)) return false;
    seen.add(relation.name);
    return true;
  });
}
