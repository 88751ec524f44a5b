import type { DefaultValue, OnDelete, RelationKind } from '../../ir/ir.generated.js';
import { FULLAPI_EXTENSION } from '../../ir/openapi-extension.js';
import { PHP_IDENTIFIER } from '../../passes/php-names.js';
import { parseFieldType, type ParsedFieldType } from '../fields.js';
import { isObject, type Schema } from './schema-shape.js';

/**
 * What `x-fullapi` (src/ir/openapi-extension.ts) says of a property, as `fullapi openapi` writes it. The document
 * is the user's, so each member is checked; `problems` name the members not kept.
 */
export interface ExtensionFacts {
  type?: ParsedFieldType;
  unique: boolean;
  primary: boolean;
  /** false: the column holds no null, though the schema does not require it (a writeOnly secret's). */
  nullable?: false;
  default?: DefaultValue;
  relation?: RelationKind;
  pivot?: string;
  method?: string;
  onDelete?: OnDelete;
  /** false on a resource schema: the table has no created_at and updated_at. */
  timestamps?: false;
  problems: string[];
}

const DELETE_RULES: readonly OnDelete[] = ['cascade', 'restrict', 'set_null'];

const RELATION_KINDS: readonly RelationKind[] = ['belongsTo', 'hasOne', 'hasMany', 'belongsToMany', 'morphTo', 'morphOne', 'morphMany'];

export function extensionFacts(schema: Schema): ExtensionFacts {
  const written = schema[FULLAPI_EXTENSION];
  const facts: ExtensionFacts = { unique: false, primary: false, problems: [] };
  if (written === undefined) return facts;
  if (!isObject(written)) return { ...facts, problems: [`its ${FULLAPI_EXTENSION} is no object, so is left out`] };
  const kept = (member: string, reading: { value?: unknown; problem?: string } | undefined): void => {
    if (reading?.problem !== undefined) facts.problems.push(`its ${FULLAPI_EXTENSION} ${member} is left out: ${reading.problem}`);
    else if (reading?.value !== undefined) Object.assign(facts, { [member]: reading.value });
  };
  facts.unique = written['unique'] === true;
  facts.primary = written['primary'] === true;
  if (written['nullable'] === false) facts.nullable = false;
  if (written['timestamps'] === false) facts.timestamps = false;
  kept('type', written['type'] === undefined ? undefined : columnType(written['type']));
  kept('default', 'default' in written ? defaultOf(written['default']) : undefined);
  kept('method', written['method'] === undefined ? undefined : identifier(written['method'], 'a method'));
  kept('pivot', written['pivot'] === undefined ? undefined : identifier(written['pivot'], 'a table'));
  kept('onDelete', written['onDelete'] === undefined ? undefined : oneOf(written['onDelete'], DELETE_RULES, 'delete rule'));
  kept('relation', written['relation'] === undefined ? undefined : oneOf(written['relation'], RELATION_KINDS, 'relation kind'));
  return facts;
}

/** The type as a schema file writes it, read by the same parser: `decimal(8,2)`, `mediumtext`. */
function columnType(written: unknown): { value?: ParsedFieldType; problem?: string } {
  if (typeof written !== 'string') return { problem: 'it is no string' };
  const parsed = parseFieldType({ text: written, start: 0 }, () => ({}));
  return 'diagnostic' in parsed ? { problem: parsed.diagnostic.message } : { value: parsed };
}

function defaultOf(written: unknown): { value?: DefaultValue; problem?: string } {
  const single = written === null || ['string', 'number', 'boolean'].includes(typeof written);
  return single ? { value: { value: written as DefaultValue['value'] } } : { problem: 'it is no single value' };
}

function identifier(written: unknown, what: string): { value?: string; problem?: string } {
  return typeof written === 'string' && PHP_IDENTIFIER.test(written) ? { value: written } : { problem: `it is no identifier ${what} can have` };
}

function oneOf<T extends string>(written: unknown, allowed: readonly T[], what: string): { value?: T; problem?: string } {
  return allowed.includes(written as T) ? { value: written as T } : { problem: `"${String(written)}" is no ${what} (${allowed.join(', ')})` };
}
