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
  facts.unique = written['unique'] === true;
  facts.primary = written['primary'] === true;
  if (written['nullable'] === false) facts.nullable = false;
  const { type, relation } = written;
  if (type !== undefined) {
    const parsed = typeof type === 'string' ? parseFieldType({ text: type, start: 0 }, () => ({})) : undefined;
    if (parsed === undefined || 'diagnostic' in parsed) facts.problems.push(`its ${FULLAPI_EXTENSION} type is left out: ${parsed?.diagnostic.message ?? 'it is no string'}`);
    else facts.type = parsed;
  }
  if ('default' in written) {
    const value = written['default'];
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) facts.default = { value: value as DefaultValue['value'] };
    else facts.problems.push(`its ${FULLAPI_EXTENSION} default is no single value, so is left out`);
  }
  if (written['timestamps'] === false) facts.timestamps = false;
  const { method } = written;
  if (method !== undefined) {
    if (typeof method === 'string' && PHP_IDENTIFIER.test(method)) facts.method = method;
    else facts.problems.push(`its ${FULLAPI_EXTENSION} method is left out: it is no identifier a method can have`);
  }
  const { onDelete } = written;
  if (onDelete !== undefined) {
    if (DELETE_RULES.includes(onDelete as OnDelete)) facts.onDelete = onDelete as OnDelete;
    else facts.problems.push(`its ${FULLAPI_EXTENSION} onDelete is left out: "${String(onDelete)}" is no delete rule (${DELETE_RULES.join(', ')})`);
  }
  if (relation !== undefined) {
    if (RELATION_KINDS.includes(relation as RelationKind)) facts.relation = relation as RelationKind;
    else facts.problems.push(`its ${FULLAPI_EXTENSION} relation is left out: "${String(relation)}" is no relation kind (${RELATION_KINDS.join(', ')})`);
  }
  return facts;
}
