import { error } from '../../diagnostics/diagnostic.js';
import type { Entity, Field } from '../../ir/ir.generated.js';
import type { PatchResult } from '../../plan/file-plan.js';

/**
 * `class_data.json` at the project root is the record of generated entities, in the bulk format users of
 * the PHP generator already have: a list of `{name, attributes: [{name, _type}], ...relationships}`.
 * Regenerating an entity replaces its attributes and keeps any other key the user's entry has.
 */

export const CLASS_DATA_PATH = 'class_data.json';

interface RecordedAttribute {
  name: string;
  _type: string;
  primary?: true;
  nullable?: true;
  unique?: true;
}

export function recordEntity(existing: string | undefined, entity: Entity): PatchResult {
  const entries = parseEntries(existing);
  if (!Array.isArray(entries)) return entries;
  const name = entity.naming.className;
  const recorded = { attributes: entity.fields.map((field) => recordedAttribute(field, entity)), ...(entity.softDeletes ? { softDeletes: true } : {}) };
  const index = entries.findIndex((entry) => entry['name'] === name);
  if (index === -1) {
    entries.push({ name, ...recorded });
  } else {
    const { softDeletes: _previous, ...kept } = entries[index] ?? {};
    entries[index] = { ...kept, name, ...recorded };
  }
  return { ok: true, content: `${JSON.stringify(entries, null, 4)}\n` };
}

function recordedAttribute(field: Field, entity: Entity): RecordedAttribute {
  const type = field.enumClass === undefined ? field.type : `enum(${field.enumClass.cases.map((c) => c.value).join(',')})`;
  const attribute: RecordedAttribute = { name: field.name, _type: type };
  if (entity.primaryKey.custom && entity.primaryKey.column === field.name) attribute.primary = true;
  if (field.nullable) attribute.nullable = true;
  if (field.unique) attribute.unique = true;
  return attribute;
}

function parseEntries(existing: string | undefined): Record<string, unknown>[] | PatchResult {
  if (existing === undefined || existing.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(existing);
  } catch (cause) {
    return { ok: false, diagnostic: error('invalid_class_data', `${CLASS_DATA_PATH} is not valid JSON: ${(cause as Error).message}`, { file: CLASS_DATA_PATH }) };
  }
  if (!Array.isArray(parsed) || !parsed.every((entry) => typeof entry === 'object' && entry !== null && !Array.isArray(entry))) {
    return { ok: false, diagnostic: error('invalid_class_data', `${CLASS_DATA_PATH} must be a JSON list of entity objects`, { file: CLASS_DATA_PATH }) };
  }
  return parsed as Record<string, unknown>[];
}
