import { error, warningAt, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { SourceField, SourceModel, Span } from '../../ir/ir.generated.js';
import { PHP_IDENTIFIER } from '../../passes/php-names.js';
import { finishModel } from '../schema/finish-model.js';
import type { DraftEntity, DraftRelation } from '../schema/lowering.js';
import { keySpan, type Origins } from './origins.js';
import { extensionFacts } from './fullapi-extension.js';
import { fieldOfProperty, keyFieldOf } from './property-field.js';
import { propertyRelation, withKeyColumns, withoutRepeats, type EntityLowering } from './property-relation.js';
import { mergedObject, saysNullable, valueType, withoutNullUnion, type MergedObject, type Property, type Schema } from './schema-shape.js';
import { namedSchemas, sortSchemas, type NamedSchema } from './schema-kinds.js';
import { schemaUsage } from './schema-usage.js';
import { fileSchemas } from './file-schemas.js';
import type { DocNode } from '../../text/doc-node.js';

const TIMESTAMP_COLUMNS = ['created_at', 'updated_at'];
const SOFT_DELETE_COLUMN = 'deleted_at';
const KEY_COLUMN = 'id';

/**
 * A dereferenced OpenAPI document -> SourceModel: the object schemas of components.schemas (definitions in 2.0),
 * and those kept in files of their own (file-schemas.ts), become entities, their properties fields and relations.
 * What does not map is a warning at its position.
 */
export function lowerOpenApi(document: Schema, origins: Origins, rootFile: string, fileRoots: ReadonlyMap<string, DocNode>): { model: SourceModel; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const { holder, named: componentSchemas } = namedSchemas(document);
  const usage = schemaUsage(document);
  const inFiles = fileSchemas([...usage.requests, ...usage.responses], componentSchemas, fileRoots, rootFile, origins);
  const named = [...componentSchemas, ...inFiles];
  const documentStart: Span = { file: rootFile, line: 1, column: 1 };
  const spanOfSchema = (name: string): Span =>
    inFiles.find((entry) => entry.name === name)?.span ?? (holder === undefined ? undefined : keySpan(origins, holder, name)) ?? documentStart;
  const sorted = sortSchemas(named, usage);
  if (named.length === 0) {
    const where = 'the document has no schemas in components.schemas (definitions in 2.0), nor in files its operations name';
    diagnostics.push(warningAt('openapi_no_entities', `${where}: there is no entity to generate`, documentStart, 'a schema written inline in an operation is not read: move it to components.schemas and $ref it'));
  }
  for (const skipped of sorted.skipped) {
    diagnostics.push(warningAt('openapi_schema_skipped', `schema ${skipped.name} is not an entity: ${skipped.reason}`, spanOfSchema(skipped.name)));
  }
  const schemaNames = new Set(named.map((entry) => entry.name));
  const entities = sorted.entities.flatMap((entry) => {
    if (PHP_IDENTIFIER.test(entry.name)) return [{ ...entry, name: entityName(entry.name, schemaNames), schemaName: entry.name }];
    diagnostics.push(error('invalid_identifier', `schema name "${entry.name}" cannot name an entity: use letters, digits and underscores, starting with a letter`, spanOfSchema(entry.name)));
    return [];
  });
  const lowering: EntityLowering = {
    entityOf: new Map(entities.map((entry) => [entry.schema, entry.name])),
    keyColumnOf: new Map(entities.map((entry) => [entry.name, keyColumnOf(entry.schema)])),
    origins,
    diagnostics,
  };
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
  const morphColumns = new Set(merged.properties.flatMap((property) => (extensionFacts(property.schema).relation === 'morphTo' ? [`${property.name}_type`, `${property.name}_id`] : [])));
  let softDeletes = false;
  for (const written of merged.properties) {
    const unwrapped = withoutNullUnion(written.schema);
    const property: Property = { ...written, schema: unwrapped.schema };
    const facts = extensionFacts(written.schema);
    const required = (merged.required.has(property.name) || facts.nullable === false) && !unwrapped.nullable;
    const propertySpan = keySpan(lowering.origins, property.writtenIn, property.name) ?? span;
    const warn = (message: string): void => {
      lowering.diagnostics.push(warningAt('openapi_property_skipped', `property ${property.name} of ${entry.name}${message}`, propertySpan));
    };
    const skip = (reason: string): void => warn(` is left out: ${reason}`);
    if (TIMESTAMP_COLUMNS.includes(property.name) || morphColumns.has(property.name)) continue;
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
    for (const problem of facts.problems) warn(`: ${problem}`);
    const relation = propertyRelation(entry, property, facts, required, propertySpan, lowering);
    if (relation !== undefined && 'skipped' in relation) {
      skip(relation.skipped);
      continue;
    }
    if (relation !== undefined) {
      (relation.byKeyName ? keyNamedRelations : relations).push(relation.draft);
      continue;
    }
    const reading = fieldOfProperty(property.name, property.schema, required, facts, propertySpan);
    if ('skipped' in reading) {
      skip(reading.skipped);
      continue;
    }
    for (const problem of reading.problems) warn(`: ${problem}`);
    fields.push(reading.field);
  }
  // A $ref names its entity; a key's name only suggests one, so the $ref's reading of a relation wins.
  const keyed = withKeyColumns(withoutRepeats([...relations, ...keyNamedRelations]), fields, lowering.keyColumnOf, (column) => nullableColumn(merged, column));
  const timestamps = extensionFacts(entry.schema).timestamps === false ? { timestamps: false } : {};
  return { entity: { name: entry.name, fields: keyed.fields, softDeletes, span, ...timestamps }, relations: keyed.relations };
}

/** Whether the object's property of this name may be null or missing; undefined when there is none. */
function nullableColumn(merged: MergedObject, name: string): boolean | undefined {
  const property = merged.properties.find((candidate) => candidate.name === name);
  if (property === undefined) return undefined;
  const unwrapped = withoutNullUnion(property.schema);
  return !merged.required.has(name) || unwrapped.nullable || saysNullable(unwrapped.schema);
}

/** The column that keys an entity: the property `x-fullapi` says is its key, else the conventional `id`. */
function keyColumnOf(schema: Schema): string {
  return mergedObject(schema).properties.find((property) => extensionFacts(property.schema).primary)?.name ?? KEY_COLUMN;
}
