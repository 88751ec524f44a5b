import { error } from '../../diagnostics/diagnostic.js';
import type { Entity, Field, RelationKind } from '../../ir/ir.generated.js';
import type { PatchResult } from '../../plan/file-plan.js';
import { jsonErrorSpan, withoutByteOrderMark } from '../../text/json-text.js';

/**
 * `class_data.json` at the project root is the record of generated entities, in the bulk format users of
 * the PHP generator already have: a list of `{name, attributes: [{name, _type}], ...relationships}`.
 * Regenerating an entity replaces its attributes and keeps any other key the user's entry has. Declared
 * relations of the four kinds the format has are recorded too (inverses are synthesized again on reading);
 * morph relations, defaults and extra rules have no place in the format and are not recorded.
 */

export const CLASS_DATA_PATH = 'class_data.json';

interface RecordedAttribute {
  name: string;
  _type: string;
  primary?: true;
  nullable?: true;
  unique?: true;
}

/** The format's relationship lists, by the relation kind each holds. */
const RELATIONSHIP_LISTS: Readonly<Partial<Record<RelationKind, string>>> = {
  hasOne: 'oneToOneRelationships',
  hasMany: 'oneToManyRelationships',
  belongsTo: 'manyToOneRelationships',
  belongsToMany: 'manyToManyRelationships',
};

interface RecordedRelationship {
  role: string;
  comodel: string;
  pivot?: string;
  nullable?: true;
}

type Entries = readonly Readonly<Record<string, unknown>>[];

/** A text of the record, read: its entries, and whether the text is exactly what `serialize` writes for them. */
interface RecordReading {
  text: string | undefined;
  entries: Entries | PatchResult;
  canonical: boolean;
}

/**
 * The record as the patches of one plan read it. Each entity's patch receives the text the one before it
 * wrote, and, once the entity is recorded, returns it as it was: keeping the last reading spares each of 50
 * patches parsing the whole record again. Made per plan, never shared.
 */
export interface ClassDataReadings {
  read(existing: string | undefined): RecordReading;
  /** Remembers what a patch wrote, for the next patch to receive. */
  wrote(reading: RecordReading): void;
}

export function newClassDataReadings(): ClassDataReadings {
  let last: RecordReading | undefined;
  return {
    read(existing) {
      if (last !== undefined && last.text === existing) return last;
      const entries = parseEntries(existing);
      last = { text: existing, entries, canonical: Array.isArray(entries) && serialize(entries) === existing };
      return last;
    },
    wrote(reading) {
      last = reading;
    },
  };
}

export function recordEntity(existing: string | undefined, entity: Entity, readings: ClassDataReadings = newClassDataReadings()): PatchResult {
  const reading = readings.read(existing);
  const entries = reading.entries;
  if (!isEntries(entries)) return entries;
  const name = entity.naming.className;
  // `parent` before the lists this entity replaces, so that a second run writes the keys in the same order.
  const recorded = {
    attributes: entity.fields.map((field) => recordedAttribute(field, entity)),
    ...(entity.parent === undefined ? {} : { parent: entity.parent }),
    ...recordedRelationships(entity),
    ...(entity.softDeletes ? { softDeletes: true } : {}),
  };
  const index = entries.findIndex((entry) => entry['name'] === name);
  const previous = entries[index];
  const entry = previous === undefined ? { name, ...recorded } : { ...Object.fromEntries(Object.entries(previous).filter(([key]) => !replacedKeys(entity).includes(key))), name, ...recorded };
  // The same entry, and a text already in the record's layout: writing it out again would give the same bytes.
  if (previous !== undefined && reading.canonical && existing !== undefined && JSON.stringify(entry) === JSON.stringify(previous)) return { ok: true, content: existing };
  const updated = previous === undefined ? [...entries, entry] : entries.map((other, at) => (at === index ? entry : other));
  const content = serialize(updated);
  readings.wrote({ text: content, entries: updated, canonical: true });
  return { ok: true, content };
}

function serialize(entries: Entries): string {
  return `${JSON.stringify(entries, null, 4)}\n`;
}

function isEntries(value: Entries | PatchResult): value is Entries {
  return Array.isArray(value);
}

/**
 * An entity generated with relations owns its relationship lists; one generated without (from `--fields`)
 * leaves the lists of the user's entry alone.
 */
function replacedKeys(entity: Entity): string[] {
  const lists = declaredRelations(entity).length > 0 ? Object.values(RELATIONSHIP_LISTS) : [];
  return ['softDeletes', ...lists];
}

function declaredRelations(entity: Entity): Entity['relations'] {
  return entity.relations.filter((relation) => !relation.synthesized && RELATIONSHIP_LISTS[relation.kind] !== undefined);
}

function recordedRelationships(entity: Entity): Record<string, RecordedRelationship[]> {
  const lists: Record<string, RecordedRelationship[]> = {};
  for (const relation of declaredRelations(entity)) {
    const list = RELATIONSHIP_LISTS[relation.kind];
    if (list === undefined || relation.target === undefined) continue;
    const recorded: RecordedRelationship = { role: relation.name, comodel: relation.target };
    if (relation.kind === 'belongsToMany' && relation.pivotTable !== undefined) recorded.pivot = relation.pivotTable;
    if (relation.nullable === true) recorded.nullable = true;
    (lists[list] ??= []).push(recorded);
  }
  return lists;
}

function recordedAttribute(field: Field, entity: Entity): RecordedAttribute {
  const type = field.enumClass === undefined ? field.type : `enum(${field.enumClass.cases.map((c) => c.value).join(',')})`;
  const attribute: RecordedAttribute = { name: field.name, _type: type };
  if (entity.primaryKey.custom && entity.primaryKey.column === field.name) attribute.primary = true;
  if (field.nullable) attribute.nullable = true;
  if (field.unique) attribute.unique = true;
  return attribute;
}

function parseEntries(existing: string | undefined): Entries | PatchResult {
  if (existing === undefined || existing.trim() === '') return [];
  const text = withoutByteOrderMark(existing);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (cause) {
    const reason = (cause as Error).message;
    return { ok: false, diagnostic: error('invalid_class_data', `${CLASS_DATA_PATH} is not valid JSON: ${reason}`, jsonErrorSpan(CLASS_DATA_PATH, text, reason)) };
  }
  if (!Array.isArray(parsed) || !parsed.every((entry) => typeof entry === 'object' && entry !== null && !Array.isArray(entry))) {
    return { ok: false, diagnostic: error('invalid_class_data', `${CLASS_DATA_PATH} must be a JSON list of entity objects`, { file: CLASS_DATA_PATH, line: 1, column: 1 }) };
  }
  return parsed as Record<string, unknown>[];
}
