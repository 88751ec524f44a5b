import type { Entity, Field } from '../../ir/ir.generated.js';
import { ownerOf } from '../laravel/values/owner.js';
import { foreignKeyField } from '../laravel/values/relation-columns.js';
import { isUnique, presenceRules, type RequestKind } from '../laravel/artifacts/requests.js';
import { syncedRelations } from '../laravel/values/synced-relations.js';
import { ruleName, typeRuleList } from '../laravel/values/validation-rules.js';
import { enumSchema } from './schemas.js';
import { objectSchema, orNull, type JsonSchema } from './json-schema.js';

/**
 * The bodies of store and update, from the rules their form requests enforce (requests.ts): the same presence
 * rules, the type's rules the field keeps (typeRuleList) and the field's own. A rule JSON Schema cannot say
 * (`unique`, `exists`) is said in the description; one this emitter does not know leaves the schema looser.
 */

/** The owner's key is never required, and never another user's (requests.ts ownerKeyRules). */
const OWNER_KEY_DESCRIPTION = "The signed-in user's own key, or left out: the row is always theirs, and another user's key is refused.";

export function requestBodySchema(entity: Entity, kind: RequestKind): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const add = (field: Field, notes: readonly string[]): void => {
    const presence = presenceRules(field, kind);
    if (!presence.includes('sometimes') && !presence.includes('nullable')) required.push(field.name);
    const schema = fieldSchema(field);
    const typed = presence.includes('nullable') ? orNull(schema) : schema;
    properties[field.name] = notes.length === 0 ? typed : { ...typed, description: notes.join(' ') };
  };
  const ownerKey = ownerOf(entity)?.foreignKey;
  for (const key of entity.foreignKeys) {
    if (key.column === ownerKey) properties[key.column] = { ...fieldSchema(foreignKeyField(key)), description: OWNER_KEY_DESCRIPTION };
    else add(foreignKeyField(key), [`The key of an existing ${key.referencesTable} row.`]);
  }
  for (const field of entity.fields) {
    // A row keeps its key: the update request refuses another one and never writes it.
    if (kind === 'update' && entity.primaryKey.custom && field.name === entity.primaryKey.column) continue;
    add(field, isUnique(entity, field) ? [`Unique among the ${entity.naming.table} rows.`] : []);
  }
  Object.assign(properties, morphProperties(entity));
  for (const sync of syncedRelations(entity)) {
    const key: Field = { name: sync.relatedKey.column, type: sync.relatedKey.fieldType, nullable: false, unique: false, span: {} };
    properties[sync.input] = {
      type: 'array',
      items: fieldSchema(key),
      description: `The keys of the ${sync.relatedKey.table} rows related through ${sync.relation}, synced: exactly these afterwards; left out, the relation keeps its rows.`,
    };
  }
  return objectSchema(properties, required);
}

/** `<morph>_type` (an owner's alias) and `<morph>_id`: both or neither, either may be null. */
function morphProperties(entity: Entity): Record<string, JsonSchema> {
  const properties: Record<string, JsonSchema> = {};
  for (const relation of entity.relations) {
    if (relation.kind !== 'morphTo' || relation.morphOwners.length === 0) continue;
    const owners = relation.morphOwners;
    const type = `${relation.morphName}_type`;
    const id = `${relation.morphName}_id`;
    properties[type] = { type: ['string', 'null'], enum: [...owners.map((owner) => owner.snake), null], description: `Required with ${id}.` };
    properties[id] = { type: ['integer', 'null'], description: `Required with ${type}: the key of an existing row of that owner.` };
  }
  return properties;
}

/** The schema of a value the field's rules accept (presence aside). */
export function fieldSchema(field: Field): JsonSchema {
  const rulesOfType = typeRuleList(field);
  const typed = rulesOfType.reduce<JsonSchema>((schema, rule) => ({ ...schema, ...typeRuleSchema(rule, field) }), field.type === 'enum' ? enumSchema(field) : {});
  // The bounds read the type: `max:80` is a length of a string, a maximum of a number.
  const bounds = [...rulesOfType, ...(field.rules ?? [])];
  return bounds.reduce<JsonSchema>((schema, rule) => ({ ...schema, ...boundSchema(rule, schema) }), typed);
}

function typeRuleSchema(rule: string, field: Field): JsonSchema {
  switch (ruleName(rule)) {
    case 'string':
      return { type: 'string' };
    case 'integer':
      return { type: 'integer' };
    case 'numeric':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'array':
      return { type: ['object', 'array'] };
    case 'date':
    case 'date_format':
      return { type: 'string', format: field.type === 'date' ? 'date' : 'date-time' };
    case 'uuid':
      return { type: 'string', format: 'uuid' };
    default:
      return {};
  }
}

/** What a bound or format rule adds to the type's schema. */
function boundSchema(rule: string, schema: JsonSchema): JsonSchema {
  const name = ruleName(rule);
  const argument = rule.slice(rule.indexOf(':') + 1);
  const number = Number(argument);
  const type = schema['type'];
  // A bound on a json field counts its members: not said, which leaves the schema looser.
  const bound = (keywords: { string: string; number: string }): JsonSchema => {
    if (!rule.includes(':') || !Number.isFinite(number)) return {};
    if (type === 'string') return { [keywords.string]: number };
    return type === 'integer' || type === 'number' ? { [keywords.number]: number } : {};
  };
  switch (name) {
    case 'max':
      return bound({ string: 'maxLength', number: 'maximum' });
    case 'min':
      return bound({ string: 'minLength', number: 'minimum' });
    case 'email':
      return { format: 'email' };
    case 'url':
      return { format: 'uri' };
    case 'in':
      return { enum: argument.split(',') };
    default:
      return {};
  }
}
