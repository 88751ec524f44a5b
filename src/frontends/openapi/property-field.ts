import { boundsProblem } from '../../ir/field-bounds.js';
import type { DefaultValue, FieldType, SourceField, Span } from '../../ir/ir.generated.js';
import type { ParsedFieldType } from '../fields.js';
import { checkedDefault } from '../schema/default-value.js';
import type { ExtensionFacts } from './fullapi-extension.js';
import { isObject, saysNullable, typesOf, valueType, type Schema } from './schema-shape.js';

/** A property read as a column, or why it is not one. */
export type FieldReading = { field: SourceField; problems: string[] } | { skipped: string };

const KEY_TYPES: Readonly<Record<string, FieldType>> = { uuid: 'uuid' };

/**
 * A scalar property as a field, by its type and format: integer (int64: bigint), number (float, or decimal when
 * the format says so), string (date, date-time, uuid, email, maxLength, enum), boolean; objects and arrays of
 * values are json. What `x-fullapi` says (`facts`) wins: the type of the column behind the answer, unique, the
 * key, the default. `problems` are the parts of it not kept (a default or bounds that do not fit).
 */
export function fieldOfProperty(name: string, schema: Schema, required: boolean, facts: ExtensionFacts, span: Span): FieldReading {
  const typed = facts.type ?? fieldType(schema);
  if ('skipped' in typed) return typed;
  const field: SourceField = { name, type: typed.type, nullable: !required || saysNullable(schema), unique: facts.unique, primary: facts.primary, span };
  if (typed.enumValues !== undefined) field.enumValues = typed.enumValues;
  if (typed.size !== undefined) field.size = typed.size;
  if (schema['format'] === 'email') field.rules = ['email'];
  if (schema['writeOnly'] === true) field.hidden = true;
  const written = facts.default ?? ('default' in schema ? { value: schema['default'] } : undefined);
  const problems = [...(written === undefined ? [] : setDefault(field, written.value)), ...setBounds(field, schema)];
  return { field, problems };
}

/** A string `id` is the entity's own key, of the type its format says (uuid), else a string. */
export function keyFieldOf(schema: Schema, span: Span): SourceField {
  const format = schema['format'];
  const type = (typeof format === 'string' ? KEY_TYPES[format] : undefined) ?? 'string';
  return { name: 'id', type, nullable: false, unique: false, primary: true, span };
}

function fieldType(schema: Schema): ParsedFieldType | { skipped: string } {
  const type = valueType(schema);
  const format = typeof schema['format'] === 'string' ? schema['format'] : undefined;
  switch (type) {
    case 'integer':
      return { type: format === 'int64' ? 'bigint' : 'integer' };
    case 'number':
      return { type: format === 'decimal' ? 'decimal' : 'float' };
    case 'boolean':
      return { type: 'boolean' };
    case 'string':
      return stringType(schema, format);
    case 'object':
    case 'array':
      return { type: 'json' };
    case undefined:
      if (isObject(schema['properties']) || isStructured(schema)) return { type: 'json' };
      return { skipped: 'it has no single type (a union of types, or none written), which no one column holds' };
    default:
      return { skipped: `its type "${type}" is no type a column holds` };
  }
}

/** An object or an array, either (`type: [object, array]`): what a json column answers. */
function isStructured(schema: Schema): boolean {
  const types = typesOf(schema).filter((type) => type !== 'null');
  return types.length > 0 && types.every((type) => type === 'object' || type === 'array');
}

function stringType(schema: Schema, format: string | undefined): ParsedFieldType | { skipped: string } {
  const values = schema['enum'];
  if (Array.isArray(values)) {
    const words = values.filter((value): value is string => typeof value === 'string');
    if (words.length === 0) return { skipped: 'its enum lists no string' };
    return { type: 'enum', enumValues: words };
  }
  if (format === 'date') return { type: 'date' };
  if (format === 'date-time') return { type: 'datetime' };
  if (format === 'uuid') return { type: 'uuid' };
  const length = schema['maxLength'];
  return typeof length === 'number' && Number.isInteger(length) && length > 0 ? { type: 'string', size: { length } } : { type: 'string' };
}

function setDefault(field: SourceField, value: unknown): string[] {
  if (value !== null && typeof value === 'object') return [`its default is no single value, so is left out`];
  const checked = checkedDefault(field, value as DefaultValue['value']);
  if ('problem' in checked) return [`its default is left out: ${checked.problem}`];
  field.defaultValue = checked;
  return [];
}

/** minimum/maximum as the IR's min and max on numbers; minLength as a `min:` rule on text, which has no bound of its own. */
function setBounds(field: SourceField, schema: Schema): string[] {
  const minLength = schema['minLength'];
  if (typeof minLength === 'number' && field.type !== 'json') field.rules = [...(field.rules ?? []), `min:${minLength}`];
  const bounds: { min?: number; max?: number } = {};
  const minimum = schema['minimum'];
  const maximum = schema['maximum'];
  if (typeof minimum === 'number') bounds.min = minimum;
  if (typeof maximum === 'number') bounds.max = maximum;
  if (bounds.min === undefined && bounds.max === undefined) return [];
  const problem = boundsProblem(field.type, bounds);
  if (problem !== undefined) return [`its bounds are left out: ${problem}`];
  Object.assign(field, bounds);
  return [];
}
