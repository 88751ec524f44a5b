import { warningAt, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { typeWithSize } from '../../ir/column-sizes.js';
import { FIELD_BOUNDS } from '../../ir/field-bounds.js';
import { FIELD_FLAGS, type FieldFlag } from '../../ir/field-flags.js';
import type { DefaultValue, FieldType, SourceEntity, SourceField, SourceModel, SourceRelation } from '../../ir/ir.generated.js';
import { studly } from '../../passes/naming/str.js';
import { belongsToNameFor, selfInverseName, toManyNameFor } from '../../passes/relations/relation-pairs.js';

/**
 * A schema as a Mermaid erDiagram (`fullapi diagram --from`), written so that fullapi reads it back into the
 * same model: markers by relation kind, each relation drawn from the entity that declares it, modifiers in
 * attribute comments, enum values in the `enum~a,b~` generic, soft deletes as a `deleted_at` attribute.
 * What a diagram cannot say (relation names other than their entities', morph relations, named pivots,
 * inheritance, extra rules) is left out with a warning at its place in the schema.
 */
export function erDiagramOf(model: SourceModel): { text: string; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const lines = ['erDiagram'];
  for (const entity of model.entities) lines.push(...entityLines(entity, diagnostics));
  for (const entity of model.entities) {
    for (const relation of entity.relations) {
      const line = relationshipLine(entity, relation, diagnostics);
      if (line !== undefined) lines.push(line);
    }
  }
  return { text: `${lines.join('\n')}\n`, diagnostics };
}

const INDENT = '    ';

/**
 * Words Mermaid's erDiagram lexer reads as keywords (it ignores case): an entity or a label spelt like one
 * must be quoted.
 */
const KEYWORDS = ['one', 'many', 'to', 'only', 'zero', 'optionally', 'class', 'classdef', 'style', 'erdiagram', 'u'];
/** Inside an attribute block, these are keys, never names. */
const KEY_WORDS = ['pk', 'fk', 'uk'];

function word(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !KEYWORDS.includes(name.toLowerCase()) ? name : `"${name}"`;
}

function entityLines(entity: SourceEntity, diagnostics: Diagnostic[]): string[] {
  const name = word(studly(entity.name));
  if (entity.parent !== undefined) {
    diagnostics.push(cannot(entity.span, `${entity.name} extends ${entity.parent}: an erDiagram has no inheritance, so its fields are written without the parent's`));
  }
  const attributes = entity.fields.flatMap((field) => {
    const line = attributeLine(entity, field, diagnostics);
    return line === undefined ? [] : [`${INDENT}${INDENT}${line}`];
  });
  if (entity.softDeletes) attributes.push(`${INDENT}${INDENT}timestamp deleted_at`);
  return attributes.length === 0 ? [`${INDENT}${name}`] : [`${INDENT}${name} {`, ...attributes, `${INDENT}}`];
}

function attributeLine(entity: SourceEntity, field: SourceField, diagnostics: Diagnostic[]): string | undefined {
  const subject = `${entity.name}.${field.name}`;
  if (KEY_WORDS.includes(field.name.toLowerCase())) {
    diagnostics.push(cannot(field.span, `${subject} is left out: Mermaid reads ${field.name} in an attribute block as a key`));
    return undefined;
  }
  const type = typeWord(field);
  if (type === undefined) {
    diagnostics.push(cannot(field.span, `${subject} is left out: an enum value with ~ cannot be written in a Mermaid generic`));
    return undefined;
  }
  if (field.primary && field.name === 'id' && (field.type === 'integer' || field.type === 'bigint')) {
    diagnostics.push(cannot(field.span, `${subject}, a whole-number key that clients choose, reads back as Laravel's own incrementing id`));
  }
  if (field.rules !== undefined && field.rules.length > 0) {
    diagnostics.push(cannot(field.span, `the rules of ${subject} (${field.rules.join('|')}) are left out: a diagram has no place for validation rules`));
  }
  const keys = [...(field.primary ? ['PK'] : []), ...(field.unique ? ['UK'] : [])];
  const modifiers: string[] = [
    ...COMMENT_FLAGS.filter((flag) => field[flag] === true),
    ...FIELD_BOUNDS.flatMap((bound) => (field[bound] === undefined ? [] : [`${bound}=${String(field[bound])}`])),
  ];
  if (field.defaultValue !== undefined) {
    const written = defaultWord(field.defaultValue, field.type);
    if (written === undefined) diagnostics.push(cannot(field.span, `the default of ${subject} is left out: it holds a quote or ~, which an attribute comment cannot`));
    else modifiers.push(`default=${written}`);
  }
  return [type, field.name, ...(keys.length === 0 ? [] : [keys.join(', ')]), ...(modifiers.length === 0 ? [] : [`"${modifiers.join(' ')}"`])].join(' ');
}

/** The field flags an attribute comment writes: the others are keys (`PK`, `UK`). */
const COMMENT_FLAGS = FIELD_FLAGS.filter((flag): flag is Exclude<FieldFlag, 'primary' | 'unique'> => flag !== 'primary' && flag !== 'unique');

/** The type with its size (typeWithSize), a decimal's two numbers in a generic: Mermaid refuses the comma of `decimal(8,2)`. */
function typeWord(field: SourceField): string | undefined {
  if (field.type === 'decimal' && field.size?.precision !== undefined) return `decimal~${field.size.precision},${field.size.scale ?? 0}~`;
  if (field.type !== 'enum') return typeWithSize(field.type, field.size);
  const values = field.enumValues ?? [];
  return values.some((value) => value.includes('~')) ? undefined : `enum~${values.join(',')}~`;
}

const NUMERIC: readonly FieldType[] = ['integer', 'bigint', 'float', 'decimal'];

/** The spelling `default=<word>` reads back as the same value: bare when unambiguous, else quoted. */
function defaultWord({ value }: DefaultValue, type: FieldType): string | undefined {
  if (value === null || typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (/["~]/.test(value) || (/'/.test(value) && /[\s,]/.test(value))) return undefined;
  const bare = /^[^\s,'"]+$/.test(value) && value.toLowerCase() !== 'null' && !(NUMERIC.includes(type) || type === 'boolean');
  if (bare) return value;
  return value.includes("'") ? undefined : `'${value}'`;
}

/**
 * Markers by what the declaring entity (written first) has: `||--o{` one to many, `}o--||` many to one. The
 * parent's marker says whether a child may have none: `|o` for a nullable foreign key.
 */
const MARKERS: Readonly<Record<string, { required: string; nullable: string }>> = {
  hasMany: { required: '||--o{', nullable: '|o--o{' },
  hasOne: { required: '||--o|', nullable: '|o--o|' },
  belongsTo: { required: '}o--||', nullable: '}o--o|' },
  belongsToMany: { required: '}o--o{', nullable: '}o--o{' },
};

/** A one-to-one of an entity with itself is drawn once, from its parent side, labelled with the belongsTo's name. */
const SELF_ONE_TO_ONE_MARKERS = { required: '||--o|', nullable: '|o--o|' };

function isSelf(entity: SourceEntity, relation: SourceRelation): boolean {
  return relation.target !== undefined && studly(relation.target) === studly(entity.name);
}

/** The self belongsTo of `entity` that this self hasOne pairs with by its name (`parentOf` for `parent`). */
function selfBelongsToOf(entity: SourceEntity, hasOne: SourceRelation): SourceRelation | undefined {
  if (hasOne.kind !== 'hasOne' || !isSelf(entity, hasOne)) return undefined;
  return entity.relations.find((relation) => relation.kind === 'belongsTo' && isSelf(entity, relation) && selfInverseName(relation.name) === hasOne.name);
}

function selfOneToOneLine(entity: SourceEntity, belongsTo: SourceRelation): string | undefined {
  const hasOne = entity.relations.find((relation) => selfBelongsToOf(entity, relation) === belongsTo);
  if (hasOne === undefined) return undefined;
  const marker = belongsTo.nullable === true ? SELF_ONE_TO_ONE_MARKERS.nullable : SELF_ONE_TO_ONE_MARKERS.required;
  const name = word(studly(entity.name));
  return `${INDENT}${name} ${marker} ${name} : ${word(belongsTo.name)}`;
}

function relationshipLine(entity: SourceEntity, relation: SourceRelation, diagnostics: Diagnostic[]): string | undefined {
  if (selfBelongsToOf(entity, relation) !== undefined) return undefined;
  const selfOneToOne = relation.kind === 'belongsTo' && isSelf(entity, relation) ? selfOneToOneLine(entity, relation) : undefined;
  if (selfOneToOne !== undefined) return selfOneToOne;
  const subject = `${entity.name}.${relation.name}`;
  const marker = MARKERS[relation.kind];
  if (marker === undefined || relation.target === undefined) {
    diagnostics.push(cannot(relation.span, `${subject} (${relation.kind}) is left out: an erDiagram has no polymorphic relations`));
    return undefined;
  }
  const target = studly(relation.target);
  const conventional = relation.kind === 'hasMany' || relation.kind === 'belongsToMany' ? toManyNameFor(target) : belongsToNameFor(target);
  if (relation.name !== conventional) {
    diagnostics.push(cannot(relation.span, `${subject} reads back as ${entity.name}.${conventional}: a diagram names relations after their entities`));
  }
  if (relation.pivot !== undefined) {
    diagnostics.push(cannot(relation.span, `the pivot table ${relation.pivot} of ${subject} is left out: a diagram uses Laravel's default name`));
  }
  return `${INDENT}${word(studly(entity.name))} ${relation.nullable === true ? marker.nullable : marker.required} ${word(target)} : ${word(relation.name)}`;
}

function cannot(span: SourceField['span'], message: string): Diagnostic {
  return warningAt('not_expressible_in_diagram', message, span);
}
