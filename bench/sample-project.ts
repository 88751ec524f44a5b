import { belongsToNameFor, toManyNameFor } from '../src/passes/relations/relation-pairs.js';

/**
 * The bench's inputs: `count` entities with fields of every common type and relations between them, written
 * both as a Mermaid erDiagram and as the equivalent api-schema.yaml. Entity i belongs to entity
 * floor((i - 1) / 2), so the relations form a tree (no cycle) in which the last half of the entities are
 * leaves; every fifth entity also has a belongsToMany to the entity before it. Relations are named as
 * diagrams name them (after their target), so both files describe the same project.
 */
const NOUNS = [
  'Account', 'Address', 'Album', 'Article', 'Asset', 'Badge', 'Booking', 'Brand', 'Campaign', 'Cart',
  'Chapter', 'Channel', 'Client', 'Contract', 'Coupon', 'Course', 'Device', 'Document', 'Event', 'Expense',
  'Feedback', 'Folder', 'Gallery', 'Invoice', 'Issue', 'Job', 'Lesson', 'License', 'Listing', 'Meeting',
  'Message', 'Milestone', 'Note', 'Order', 'Payment', 'Playlist', 'Product', 'Project', 'Question', 'Receipt',
  'Region', 'Report', 'Review', 'Room', 'Shipment', 'Skill', 'Supplier', 'Survey', 'Ticket', 'Vendor',
];

/** Past the nouns, each noun again under one of these: `ArchivedAccount`, ... */
const QUALIFIERS = [
  'Archived', 'Billing', 'Central', 'Daily', 'External', 'Finance', 'Global', 'Hosted', 'Internal', 'Legacy',
  'Local', 'Monthly', 'Partner', 'Private', 'Public', 'Regional', 'Remote', 'Shared', 'Staff', 'Vendor',
];

export const MAX_ENTITY_COUNT = NOUNS.length * (QUALIFIERS.length + 1);

/** One way of writing a sample: its file name, and its text with `extraFields[entity]` more fields on some entities. */
export interface SampleInput {
  fileName: string;
  text(extraFields?: ReadonlyMap<string, number>): string;
}

export interface SampleProject {
  entityNames: readonly string[];
  /** Entities no other entity belongs to: an edit of one of them changes only its own files. */
  leafEntities: readonly string[];
  apiSchemaYaml: SampleInput;
  erDiagram: SampleInput;
}

export function sampleProject(count: number): SampleProject {
  if (count < 1 || count > MAX_ENTITY_COUNT) throw new Error(`a sample has 1 to ${MAX_ENTITY_COUNT} entities, not ${count}`);
  const names = Array.from({ length: count }, (_, index) => entityName(index));
  const relations = names.map((_, index) => relationsOf(names, index));
  return {
    entityNames: names,
    leafEntities: names.filter((_, index) => 2 * index + 1 >= count),
    apiSchemaYaml: { fileName: 'api-schema.yaml', text: (extra = new Map()) => apiSchemaYaml(names, relations, extra) },
    erDiagram: { fileName: 'model.mmd', text: (extra = new Map()) => erDiagram(names, relations, extra) },
  };
}

function entityName(index: number): string {
  const noun = NOUNS[index % NOUNS.length] ?? '';
  const round = Math.floor(index / NOUNS.length);
  return round === 0 ? noun : `${QUALIFIERS[round - 1] ?? ''}${noun}`;
}

interface SampleField {
  name: string;
  /** As schema files and diagrams write it. */
  schemaType: string;
  diagramType: string;
  /** Modifiers: after the type in a schema file, the comment in a diagram. */
  modifiers?: string;
  unique?: true;
}

const FIELDS: readonly SampleField[] = [
  { name: 'title', schemaType: 'string', diagramType: 'string' },
  { name: 'summary', schemaType: 'text', diagramType: 'text', modifiers: 'nullable' },
  { name: 'quantity', schemaType: 'integer', diagramType: 'integer', modifiers: 'default=0' },
  { name: 'active', schemaType: 'boolean', diagramType: 'boolean' },
  { name: 'price', schemaType: 'decimal', diagramType: 'decimal' },
  { name: 'starts_on', schemaType: 'date', diagramType: 'date', modifiers: 'nullable' },
  { name: 'published_at', schemaType: 'datetime', diagramType: 'datetime', modifiers: 'nullable' },
  { name: 'settings', schemaType: 'json', diagramType: 'json', modifiers: 'nullable' },
  { name: 'reference', schemaType: 'uuid', diagramType: 'uuid', unique: true },
  { name: 'state', schemaType: 'enum(draft,open,closed)', diagramType: 'enum~draft,open,closed~', modifiers: 'default=draft' },
];

/** The fields of one entity, with `extra` more nullable strings at the end (what the bench's edits add). */
function fieldsOf(extra: number): SampleField[] {
  const added = Array.from({ length: extra }, (_, n): SampleField => ({ name: `extra_${n + 1}`, schemaType: 'string', diagramType: 'string', modifiers: 'nullable' }));
  return [...FIELDS, ...added];
}

interface SampleRelation {
  kind: 'belongsTo' | 'belongsToMany';
  target: string;
}

function relationsOf(names: readonly string[], index: number): SampleRelation[] {
  const parent = names[Math.floor((index - 1) / 2)];
  const previous = names[index - 1];
  return [
    ...(index > 0 && parent !== undefined ? [{ kind: 'belongsTo' as const, target: parent }] : []),
    ...(index > 0 && index % 5 === 0 && previous !== undefined ? [{ kind: 'belongsToMany' as const, target: previous }] : []),
  ];
}

function apiSchemaYaml(names: readonly string[], relations: readonly SampleRelation[][], extraFields: ReadonlyMap<string, number>): string {
  const lines = ['entities:'];
  for (const [index, name] of names.entries()) {
    lines.push(`  ${name}:`, '    fields:');
    for (const field of fieldsOf(extraFields.get(name) ?? 0)) {
      const modifiers = [...(field.unique ? ['unique'] : []), ...(field.modifiers === undefined ? [] : [field.modifiers])];
      lines.push(`      ${field.name}: ${[field.schemaType, ...modifiers].join(' ')}`);
    }
    const own = relations[index] ?? [];
    if (own.length > 0) lines.push('    relations:');
    for (const relation of own) {
      const relationName = relation.kind === 'belongsTo' ? belongsToNameFor(relation.target) : toManyNameFor(relation.target);
      lines.push(`      ${relationName}: ${relation.kind} ${relation.target}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** `}o--||`: many of the first to exactly one of the second, a belongsTo; `}o--o{` many to many; labelled with the relation's name, as `fullapi diagram` labels. */
function erDiagram(names: readonly string[], relations: readonly SampleRelation[][], extraFields: ReadonlyMap<string, number>): string {
  const lines = ['erDiagram'];
  for (const name of names) {
    lines.push(`  ${name} {`);
    for (const field of fieldsOf(extraFields.get(name) ?? 0)) {
      const comment = field.modifiers === undefined ? '' : ` "${field.modifiers}"`;
      lines.push(`    ${field.diagramType} ${field.name}${field.unique ? ' UK' : ''}${comment}`);
    }
    lines.push('  }');
  }
  for (const [index, name] of names.entries()) {
    for (const relation of relations[index] ?? []) {
      const relationName = relation.kind === 'belongsTo' ? belongsToNameFor(relation.target) : toManyNameFor(relation.target);
      lines.push(`  ${name} ${relation.kind === 'belongsTo' ? '}o--||' : '}o--o{'} ${relation.target} : ${relationName}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
