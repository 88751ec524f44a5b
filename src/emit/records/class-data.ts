import { isSecretName } from '../../passes/secrets.js';
import { typeWithSize } from '../../ir/column-sizes.js';
import { error } from '../../diagnostics/diagnostic.js';
import type { Entity, Field, OnDelete, RelationKind } from '../../ir/ir.generated.js';
import { relationTarget } from '../../ir/relations.js';
import type { PatchResult } from '../../diagnostics/patch-result.js';
import { jsonSyntaxError } from '../../text/read-json.js';
import { withoutByteOrderMark } from '../../text/json-text.js';
import { GENERATION_OPTIONS } from '../../ir/generation-options.js';

/**
 * `class_data.json` at the project root is the record of generated entities, in the bulk format users of
 * the PHP generator already have: a list of `{name, attributes: [{name, _type}], ...relationships}`.
 * Regenerating an entity replaces its attributes and keeps any other key the user's entry has. Declared
 * relations are recorded too (inverses are synthesized again on reading): the four kinds the format has, and
 * the morph kinds in lists of fullapi's own, as defaults and extra rules are keys of fullapi's own on an
 * attribute, so that regenerating from the record gives the same files.
 */

export const CLASS_DATA_PATH = 'class_data.json';

interface RecordedAttribute {
  name: string;
  _type: string;
  primary?: true;
  nullable?: true;
  unique?: true;
  index?: true;
  filterable?: true;
  sortable?: true;
  hidden?: true;
  default?: string | number | boolean | null;
  rules?: string[];
  min?: number;
  max?: number;
}

/** The format's relationship lists, by the relation kind each holds. */
const RELATIONSHIP_LISTS: Readonly<Partial<Record<RelationKind, string>>> = {
  hasOne: 'oneToOneRelationships',
  hasMany: 'oneToManyRelationships',
  belongsTo: 'manyToOneRelationships',
  belongsToMany: 'manyToManyRelationships',
  morphOne: 'morphOneRelationships',
  morphMany: 'morphManyRelationships',
  morphTo: 'morphToRelationships',
};

interface RecordedRelationship {
  role: string;
  /** Absent for a morphTo, whose owners declare it. */
  comodel?: string;
  pivot?: string;
  nullable?: true;
  on_delete?: OnDelete;
  owner?: true;
}

type Entries = readonly Readonly<Record<string, unknown>>[];

/** A text of the record, read: its entries, and whether the text is exactly what `serialize` writes for them. */
interface RecordReading {
  entries: Entries | PatchResult;
  canonical: boolean;
}

/** Reads a text of the record: a watch session's memory keeps the readings (emit/memory.ts). */
export type ClassDataReadings = (existing: string | undefined) => RecordReading;

export function readRecordText(existing: string | undefined): RecordReading {
  const entries = parseEntries(existing);
  return { entries, canonical: Array.isArray(entries) && serialize(entries) === existing };
}

/** What an entity's entry records of the entity, by the entity's index: a watch session's memory keeps them (plan-entities.ts). */
export type RecordedParts = (entity: Entity, index: number) => Readonly<Record<string, unknown>>;

/**
 * Records the entities, in order, serializing the record once for all of them: the text recording them one
 * at a time would give. A record already holding every entry as it would be written is left byte for byte.
 */
export function recordEntities(
  existing: string | undefined,
  entities: readonly Entity[],
  readings: ClassDataReadings = readRecordText,
  parts: RecordedParts = recordedFields,
): PatchResult {
  const reading = readings(existing);
  if (!isEntries(reading.entries)) return reading.entries;
  const entries = [...reading.entries];
  const indexByName = new Map<unknown, number>();
  for (const [index, entry] of entries.entries()) if (!indexByName.has(entry['name'])) indexByName.set(entry['name'], index);
  let changed = false;
  for (const [position, entity] of entities.entries()) {
    const name = entity.naming.className;
    const index = indexByName.get(name);
    const previous = index === undefined ? undefined : entries[index];
    const entry = recordedEntry(entity, parts(entity, position), previous);
    if (previous !== undefined && JSON.stringify(entry) === JSON.stringify(previous)) continue;
    changed = true;
    if (index === undefined) indexByName.set(name, entries.push(entry) - 1);
    else entries[index] = entry;
  }
  // The same entries, and a text already in the record's layout: writing it out again would give the same bytes.
  if (!changed && reading.canonical && existing !== undefined) return { ok: true, content: existing };
  return { ok: true, content: serialize(entries) };
}

/** The entity's entry, keeping the keys of the user's `previous` one that the entity does not replace. */
function recordedEntry(entity: Entity, recorded: Readonly<Record<string, unknown>>, previous: Readonly<Record<string, unknown>> | undefined): Readonly<Record<string, unknown>> {
  if (previous === undefined) return recorded;
  const replaced = replacedKeys(entity);
  return { ...Object.fromEntries(Object.entries(previous).filter(([key]) => !replaced.includes(key))), ...recorded };
}

/** What an entity's entry records of the entity, its name first. */
export function recordedFields(entity: Entity): Record<string, unknown> {
  const name = entity.naming.className;
  // `parent` before the lists this entity replaces, so that a second run writes the keys in the same order.
  return {
    name,
    attributes: entity.fields.map((field) => recordedAttribute(field, entity)),
    ...(entity.parent === undefined ? {} : { parent: entity.parent }),
    ...recordedRelationships(entity),
    ...(entity.softDeletes ? { softDeletes: true } : {}),
    ...(entity.table === undefined ? {} : { table: entity.table }),
    ...(entity.timestamps === false ? { timestamps: false } : {}),
    ...(entity.tableExists === true ? { tableExists: true } : {}),
    ...(entity.indexes === undefined ? {} : { indexes: entity.indexes.map((index) => index.columns) }),
    // The migrations fullapi writes now index each foreign key: what a later migration of changes drops with it.
    ...(entity.foreignKeys.length > 0 && entity.existing === undefined && entity.tableExists !== true ? { foreignKeyIndexes: true } : {}),
    ...Object.fromEntries(GENERATION_OPTIONS.filter((option) => entity.options?.[option] === true).map((option) => [option, true])),
  };
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
  return ['softDeletes', 'table', 'timestamps', 'tableExists', 'indexes', 'foreignKeyIndexes', ...GENERATION_OPTIONS, ...lists];
}

function declaredRelations(entity: Entity): Entity['relations'] {
  return entity.relations.filter((relation) => !relation.synthesized && RELATIONSHIP_LISTS[relation.kind] !== undefined);
}

function recordedRelationships(entity: Entity): Record<string, RecordedRelationship[]> {
  const lists: Record<string, RecordedRelationship[]> = {};
  for (const relation of declaredRelations(entity)) {
    const list = RELATIONSHIP_LISTS[relation.kind];
    if (list === undefined) continue;
    const target = relationTarget(relation);
    const recorded: RecordedRelationship = { role: relation.name, ...(target === undefined ? {} : { comodel: target }) };
    if (relation.kind === 'belongsToMany') recorded.pivot = relation.pivotTable;
    if (relation.kind === 'belongsTo' || relation.kind === 'hasOne' || relation.kind === 'hasMany') {
      if (relation.nullable === true) recorded.nullable = true;
      // The default rule goes unsaid, so a record from before delete rules reads the same.
      if (relation.onDelete !== (relation.nullable === true ? 'set_null' : 'restrict')) recorded.on_delete = relation.onDelete;
    }
    if (relation.kind === 'belongsTo' && relation.owner === true) recorded.owner = true;
    (lists[list] ??= []).push(recorded);
  }
  return lists;
}

function recordedAttribute(field: Field, entity: Entity): RecordedAttribute {
  const type = field.type === 'enum' ? `enum(${field.enumClass.cases.map((c) => c.value).join(',')})` : typeWithSize(field.type, field.size);
  const attribute: RecordedAttribute = { name: field.name, _type: type };
  if (entity.primaryKey.custom && entity.primaryKey.column === field.name) attribute.primary = true;
  if (field.nullable) attribute.nullable = true;
  if (field.unique) attribute.unique = true;
  if (field.index === true) attribute.index = true;
  if (field.filterable === true) attribute.filterable = true;
  if (field.sortable === true) attribute.sortable = true;
  // A secret by its name is one again when read back: only what the name does not say is recorded.
  if (field.secret === true && !isSecretName(field.name)) attribute.hidden = true;
  if (field.defaultValue !== undefined) attribute.default = field.defaultValue.value;
  if (field.rules !== undefined && field.rules.length > 0) attribute.rules = field.rules;
  if (field.type !== 'enum' && field.min !== undefined) attribute.min = field.min;
  if (field.type !== 'enum' && field.max !== undefined) attribute.max = field.max;
  // renamedFrom is an instruction for this run: the record holds the new name, so a later run renames nothing.
  return attribute;
}

function parseEntries(existing: string | undefined): Entries | PatchResult {
  if (existing === undefined || existing.trim() === '') return [];
  const text = withoutByteOrderMark(existing);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (cause) {
    const { reason, span } = jsonSyntaxError(CLASS_DATA_PATH, text, (cause as Error).message);
    return { ok: false, diagnostics: [error('invalid_class_data', `${CLASS_DATA_PATH} is not valid JSON: ${reason}`, span)] };
  }
  if (!Array.isArray(parsed) || !parsed.every((entry) => typeof entry === 'object' && entry !== null && !Array.isArray(entry))) {
    return { ok: false, diagnostics: [error('invalid_class_data', `${CLASS_DATA_PATH} must be a JSON list of entity objects`, { file: CLASS_DATA_PATH, line: 1, column: 1 })] };
  }
  return parsed as Record<string, unknown>[];
}

/**
 * The record without the entries of `names` (class names), for `fullapi delete`; a record holding none of them
 * is left byte for byte.
 */
export function forgetEntities(existing: string | undefined, names: readonly string[]): PatchResult {
  const entries = parseEntries(existing);
  if (!isEntries(entries)) return entries;
  const forgotten = new Set(names);
  const kept = entries.filter((entry) => !forgotten.has(String(entry['name'])));
  if (kept.length === entries.length && existing !== undefined) return { ok: true, content: existing };
  return { ok: true, content: serialize(kept) };
}
