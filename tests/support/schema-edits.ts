import fc from 'fast-check';

/**
 * Random schema files and random edits of them, as a user makes them while `fullapi watch` runs: entities
 * added, removed and renamed (with the relations that name them), fields added, removed and changed,
 * relations added and removed, options toggled, and the file broken (an unknown type, a YAML syntax error)
 * until a later edit fixes it. Every edit applies to any schema: what it picks is taken modulo what is there.
 */

const ENTITY_NAMES = ['Post', 'Tag', 'Comment', 'Author', 'Category', 'Review'] as const;
const FIELD_NAMES = ['title', 'body', 'views', 'price', 'published_at', 'rating', 'slug', 'status'] as const;
const FIELD_TYPES = ['string', 'text', 'integer', 'boolean', 'decimal', 'datetime', 'enum(draft,published)'] as const;
const RELATION_KINDS = ['belongsTo', 'hasMany', 'hasOne', 'belongsToMany'] as const;
/** The entity keys of a schema file that toggle a generation option or soft deletes. */
const OPTIONS = ['soft_deletes', 'auth', 'query_builder', 'pest', 'postman'] as const;

interface SchemaField {
  name: string;
  type: string;
  nullable: boolean;
  unique: boolean;
}

interface SchemaRelation {
  kind: (typeof RELATION_KINDS)[number];
  target: string;
}

interface SchemaEntity {
  name: string;
  fields: SchemaField[];
  relations: SchemaRelation[];
  options: (typeof OPTIONS)[number][];
}

export interface Schema {
  entities: SchemaEntity[];
  broken?: 'type' | 'syntax';
}

export type SchemaEdit =
  | { edit: 'add entity'; name: string; field: SchemaField }
  | { edit: 'remove entity'; pick: number }
  | { edit: 'rename entity'; pick: number; name: string }
  | { edit: 'add field'; pick: number; field: SchemaField }
  | { edit: 'remove field'; pick: number; field: number }
  | { edit: 'change field'; pick: number; field: number; type: string; nullable: boolean }
  | { edit: 'add relation'; pick: number; kind: SchemaRelation['kind']; target: number }
  | { edit: 'remove relation'; pick: number; relation: number }
  | { edit: 'toggle option'; pick: number; option: (typeof OPTIONS)[number] }
  | { edit: 'break'; how: 'type' | 'syntax' }
  | { edit: 'fix' };

const pick = fc.nat({ max: 9 });
const field = fc.record({ name: fc.constantFrom(...FIELD_NAMES), type: fc.constantFrom(...FIELD_TYPES), nullable: fc.boolean(), unique: fc.boolean() });
const entity = fc.record({ name: fc.constantFrom(...ENTITY_NAMES), fields: fc.array(field, { minLength: 1, maxLength: 3 }) }).map((named): SchemaEntity => ({ ...named, fields: uniqueBy(named.fields, (each) => each.name), relations: [], options: [] }));

export const schemas: fc.Arbitrary<Schema> = fc.array(entity, { minLength: 1, maxLength: 3 }).map((entities) => ({ entities: uniqueBy(entities, (each) => each.name) }));

/** Weighted toward the edits that change what the registrations and the record hold, which a memory keeps longest. */
export const schemaEdits: fc.Arbitrary<SchemaEdit> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ edit: fc.constant('add entity' as const), name: fc.constantFrom(...ENTITY_NAMES), field }) },
  { weight: 1, arbitrary: fc.record({ edit: fc.constant('remove entity' as const), pick }) },
  { weight: 2, arbitrary: fc.record({ edit: fc.constant('rename entity' as const), pick, name: fc.constantFrom(...ENTITY_NAMES) }) },
  { weight: 3, arbitrary: fc.record({ edit: fc.constant('add field' as const), pick, field }) },
  { weight: 1, arbitrary: fc.record({ edit: fc.constant('remove field' as const), pick, field: pick }) },
  { weight: 2, arbitrary: fc.record({ edit: fc.constant('change field' as const), pick, field: pick, type: fc.constantFrom(...FIELD_TYPES), nullable: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ edit: fc.constant('add relation' as const), pick, kind: fc.constantFrom(...RELATION_KINDS), target: pick }) },
  { weight: 1, arbitrary: fc.record({ edit: fc.constant('remove relation' as const), pick, relation: pick }) },
  { weight: 3, arbitrary: fc.record({ edit: fc.constant('toggle option' as const), pick, option: fc.constantFrom(...OPTIONS) }) },
  { weight: 1, arbitrary: fc.record({ edit: fc.constant('break' as const), how: fc.constantFrom('type' as const, 'syntax' as const) }) },
  { weight: 2, arbitrary: fc.constant({ edit: 'fix' as const }) },
);

export function applyEdit(schema: Schema, edit: SchemaEdit): Schema {
  const { entities } = schema;
  if (edit.edit === 'break') return { ...schema, broken: edit.how };
  if (edit.edit === 'fix') return { entities };
  if (edit.edit === 'add entity') {
    if (entities.some((each) => each.name === edit.name)) return schema;
    return { ...schema, entities: [...entities, { name: edit.name, fields: [edit.field], relations: [], options: [] }] };
  }
  const index = entities.length === 0 ? -1 : edit.pick % entities.length;
  const target = entities[index];
  if (target === undefined) return schema;
  const replaced = (changed: SchemaEntity): Schema => ({ ...schema, entities: entities.map((each, at) => (at === index ? changed : each)) });
  switch (edit.edit) {
    case 'remove entity':
      return { ...schema, entities: entities.filter((_, at) => at !== index) };
    case 'rename entity':
      if (entities.some((each) => each.name === edit.name)) return schema;
      return {
        ...schema,
        entities: entities.map((each) => ({
          ...each,
          name: each === target ? edit.name : each.name,
          relations: each.relations.map((relation) => (relation.target === target.name ? { ...relation, target: edit.name } : relation)),
        })),
      };
    case 'add field':
      return replaced({ ...target, fields: uniqueBy([...target.fields, edit.field], (each) => each.name) });
    case 'remove field':
      return replaced({ ...target, fields: target.fields.filter((_, at) => at !== edit.field % target.fields.length) });
    case 'change field':
      return replaced({ ...target, fields: target.fields.map((each, at) => (at === edit.field % target.fields.length ? { ...each, type: edit.type, nullable: edit.nullable } : each)) });
    case 'add relation': {
      const other = entities[edit.target % entities.length]?.name ?? target.name;
      return replaced({ ...target, relations: uniqueBy([...target.relations, { kind: edit.kind, target: other }], relationName) });
    }
    case 'remove relation':
      return replaced({ ...target, relations: target.relations.filter((_, at) => at !== edit.relation % Math.max(target.relations.length, 1)) });
    case 'toggle option':
      return replaced({ ...target, options: target.options.includes(edit.option) ? target.options.filter((option) => option !== edit.option) : [...target.options, edit.option] });
  }
}

/** The schema file: relations to entities no longer there are left out, as a user would have to. */
export function schemaText(schema: Schema): string {
  const names = new Set(schema.entities.map((entity) => entity.name));
  const lines = ['entities:'];
  for (const [index, entity] of schema.entities.entries()) {
    lines.push(`  ${entity.name}:`);
    for (const option of entity.options) lines.push(`    ${option}: true`);
    lines.push('    fields:');
    for (const [at, each] of entity.fields.entries()) {
      const type = schema.broken === 'type' && index === 0 && at === 0 ? 'strng' : each.type;
      lines.push(`      ${each.name}: ${[type, ...(each.nullable ? ['nullable'] : []), ...(each.unique ? ['unique'] : [])].join(' ')}`);
    }
    const relations = entity.relations.filter((relation) => names.has(relation.target) && relation.target !== entity.name);
    if (relations.length > 0) lines.push('    relations:', ...relations.map((relation) => `      ${relationName(relation)}: ${relation.kind} ${relation.target}`));
  }
  if (schema.broken === 'syntax') lines.push('  Broken: [unclosed');
  return `${lines.join('\n')}\n`;
}

function relationName(relation: SchemaRelation): string {
  const base = relation.target.toLowerCase();
  return relation.kind === 'hasMany' || relation.kind === 'belongsToMany' ? `${base}s` : base;
}

function uniqueBy<T>(items: readonly T[], name: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(name(item)) && seen.add(name(item)));
}
