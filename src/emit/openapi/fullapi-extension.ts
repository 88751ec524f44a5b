import { typeWithSize } from '../../ir/column-sizes.js';
import type { Entity, Field, Relation } from '../../ir/ir.generated.js';
import { EXTENDED_RELATION_KINDS, FULLAPI_EXTENSION, type FullapiExtension } from '../../ir/openapi-extension.js';
import { conventionalPivotTable } from '../../passes/relations/pivots.js';
import type { JsonObject, JsonSchema } from './json-schema.js';

/**
 * The facts of a column or relation beyond what its answer's schema says, under `x-fullapi` beside it, so that
 * the document read back with `--openapi` gives the entities it was written for. Keywords of no vocabulary leave
 * what a validator accepts as it was.
 */

/** Column types that answer the JSON type of another: a text and a decimal a string, a bigint an integer, a timestamp a date-time. */
const TYPES_ANSWERED_AS_OTHERS = new Set<Field['type']>(['text', 'bigint', 'decimal', 'timestamp']);

export function withColumnFacts(schema: JsonSchema, field: Field, primary: boolean): JsonSchema {
  const facts: FullapiExtension = {
    ...(field.secret === true && !field.nullable ? { nullable: false } : {}),
    ...(field.type !== 'enum' && TYPES_ANSWERED_AS_OTHERS.has(field.type) ? { type: typeWithSize(field.type, field.size) } : {}),
    ...(field.unique ? { unique: true } : {}),
    ...(primary ? { primary: true } : {}),
    ...(field.defaultValue === undefined ? {} : { default: field.defaultValue.value }),
  };
  return withFacts(schema, facts);
}

/** A relation's property, answered under `answeredName` by the resource of `owner`. */
export function withRelationFacts(schema: JsonSchema, relation: Relation, answeredName: string, owner: Entity, entities: readonly Entity[]): JsonSchema {
  const listsItself = relation.kind === 'belongsToMany' && relation.target === owner.naming.className;
  const facts: FullapiExtension = {
    ...(EXTENDED_RELATION_KINDS.includes(relation.kind) || listsItself ? { relation: relation.kind } : {}),
    ...(answeredName === relation.name ? {} : { method: relation.name }),
    ...(relation.kind === 'belongsToMany' && relation.pivotTable !== conventionalPivot(owner, relation.target, entities) ? { pivot: relation.pivotTable } : {}),
    // The rule a relation gets unsaid goes unwritten, as in class_data.json.
    ...(relation.kind === 'belongsTo' && relation.onDelete !== (relation.nullable === true ? 'set_null' : 'restrict') ? { onDelete: relation.onDelete } : {}),
  };
  return withFacts(schema, facts);
}

/** The pivot table Laravel names from both sides' tables, when the target is known. */
function conventionalPivot(owner: Entity, target: string, entities: readonly Entity[]): string | undefined {
  const related = entities.find((entity) => entity.naming.className === target);
  return related === undefined ? undefined : conventionalPivotTable(owner.naming.snake, related.naming.snake);
}

/** The resource schema of a table without timestamps says so. */
export function withEntityFacts(schema: JsonSchema, entity: Entity): JsonSchema {
  return entity.timestamps === false ? withFacts(schema, { timestamps: false }) : schema;
}

function withFacts(schema: JsonSchema, facts: FullapiExtension): JsonSchema {
  return Object.keys(facts).length === 0 ? schema : { ...schema, [FULLAPI_EXTENSION]: facts as JsonObject };
}
