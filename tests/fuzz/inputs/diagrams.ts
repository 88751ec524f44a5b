import fc from 'fast-check';
import { rawText } from '../hostile-text.js';
import { applyMutations, mutations, type Nesting } from '../mutations.js';
import { asTransmitted, type FuzzInput } from './fuzz-input.js';
import { hostility, valueAt, type GeneratorLimits, type Hostility } from './limits.js';
import { modelSpec, type EntitySpec, type FieldSpec, type ModelShape, type ModelSpec, type RelationSpec, type SpecType } from './model-spec.js';

/**
 * Mermaid erDiagrams and classDiagrams in the dialect docs/guide/inputs/mermaid.md describes, written from a model
 * (model-spec.ts): attributes with keys and modifiers in comments, enum values in generics or
 * `<<enumeration>>` classes, relationships as cardinalities or multiplicities, inheritance, the
 * statements fullapi ignores, and the Markdown fence around it all. A name is bare where Mermaid allows
 * it and quoted where it does not; a quote inside breaks the quoting, as it would for a user.
 */

const ER_SHAPE: ModelShape = { maxEntities: 3, maxFields: 5, relationKinds: ['belongsTo', 'hasOne', 'hasMany', 'belongsToMany'], parents: false };
const CLASS_SHAPE: ModelShape = { maxEntities: 3, maxFields: 5, relationKinds: ['belongsTo', 'hasOne', 'hasMany', 'belongsToMany'], parents: true };

/** Diagram spellings of each type: fullapi's own, SQL's, Java's and C#'s; `spelling` picks one. */
const ER_TYPES: Record<Exclude<SpecType, 'enum'>, readonly string[]> = {
  string: ['string', 'varchar(255)', 'varchar', 'char'],
  text: ['text', 'longtext'],
  boolean: ['boolean', 'bool', 'bit'],
  integer: ['integer', 'int', 'smallint'],
  bigint: ['bigint', 'long', 'int8'],
  float: ['float', 'double', 'real'],
  decimal: ['decimal', 'numeric', 'money'],
  json: ['json', 'jsonb', 'string[]', 'List~string~'],
  date: ['date', 'LocalDate'],
  datetime: ['datetime', 'LocalDateTime', 'datetime2'],
  timestamp: ['timestamp', 'timestamptz', 'Instant'],
  uuid: ['uuid', 'guid'],
};
const CLASS_TYPES: Record<Exclude<SpecType, 'enum'>, readonly string[]> = {
  ...ER_TYPES,
  string: ['String', 'string', 'str'],
  integer: ['int', 'Integer', 'short'],
  boolean: ['bool', 'Boolean'],
  json: ['json', 'List~String~', 'Map~String, int~'],
};

const ER_LINES = ['||--o{', '|o--o{', '||--|{', '}o--||', '||..o{', '||--o|', '}o--o{', '|o--o|', '}|..|{', 'u--o{', 'one or more to zero or more', 'only one to zero or many'];
const MULTIPLICITIES = ['1', '0..1', '*', '0..*', 'n', 'many', '1..*', '1..n', '2..5'];
const CLASS_ARROWS = ['-->', '<|--', '*--', 'o--', '--', '..>', '..|>', '--o', '--*', '<--', '()--'];
const PLAIN_LABELS = ['writes', 'has', 'contains', 'tagged with'];

const BARE_WORD = /^[A-Za-z_][A-Za-z0-9_]*$/;
const quoted = (name: string) => (BARE_WORD.test(name) ? name : `"${name}"`);
const classRef = (name: string) => (BARE_WORD.test(name) ? name : `\`${name}\``);
const pick = <T>(choices: readonly T[], index: number): T => choices[index % choices.length] as T;

function diagramType(spec: FieldSpec, table: Record<Exclude<SpecType, 'enum'>, readonly string[]>): string {
  if (spec.unknownType !== undefined) return spec.unknownType;
  if (spec.type === 'enum') return `enum~${spec.enumValues.join(',')}~`;
  return pick(table[spec.type], spec.spelling);
}

/** A default as the modifier syntax writes it: quoted when it has a space or a quote. */
function defaultWord(value: unknown): string {
  const text = String(value);
  return /[\s'"]/.test(text) ? `default='${text}'` : `default=${text}`;
}

function erAttribute(spec: FieldSpec): string {
  const keys = [spec.primary ? 'PK' : '', spec.unique ? 'UK' : ''].filter((key) => key !== '');
  const modifiers = [spec.nullable ? 'nullable' : '', spec.default === undefined ? '' : defaultWord(spec.default.value)].filter((word) => word !== '');
  const comment = modifiers.length === 0 ? '' : ` "${modifiers.join(' ')}"`;
  return `        ${diagramType(spec, ER_TYPES)} ${spec.name}${keys.length === 0 ? '' : ` ${keys.join(', ')}`}${comment}`;
}

/** A relation as an erDiagram relationship: the parent first, its marker saying whether the child may have none. */
function erRelationship(owner: EntitySpec, relation: RelationSpec, label: string, level: Hostility, lineIndex: number): string {
  const target = relation.target ?? owner.name;
  const [first, second, line] =
    level === 'hostile' ? [owner.name, target, pick(ER_LINES, lineIndex)]
    : relation.kind === 'belongsTo' ? [target, owner.name, relation.nullable ? '|o--o{' : '||--o{']
    : relation.kind === 'hasOne' ? [owner.name, target, relation.nullable ? '|o--o|' : '||--o|']
    : relation.kind === 'belongsToMany' ? [owner.name, target, '}o--o{']
    : [owner.name, target, relation.nullable ? '|o--o{' : '||--o{'];
  return `    ${quoted(first)} ${line} ${quoted(second)} : ${quoted(label)}`;
}

function erDiagram(model: ModelSpec, labels: readonly string[], aliases: readonly (string | null)[], extras: readonly string[]): string {
  const blocks = model.entities.map((entity, index) => {
    const alias = aliases[index];
    return [`    ${quoted(entity.name)}${alias === null || alias === undefined ? '' : `["${alias}"]`} {`, ...entity.fields.map(erAttribute), '    }'].join('\n');
  });
  const relationships = model.entities.flatMap((entity) => entity.relations.map((relation, index) => erRelationship(entity, relation, pick(labels, index), model.level, entity.name.length + index)));
  return ['erDiagram', ...extras, ...relationships, ...blocks].join('\n');
}

function classMember(spec: FieldSpec, enumClass: string | undefined): string {
  const type = enumClass ?? diagramType(spec, CLASS_TYPES);
  const visibility = pick(['+', '', '-', '#'], spec.spelling);
  const modifiers = [spec.unique ? 'unique' : '', spec.primary ? 'primary' : '', spec.nullable && spec.spelling % 2 === 0 ? 'nullable' : ''].filter((word) => word !== '');
  const value = spec.default === undefined ? '' : ` = ${String(spec.default.value)}`;
  const suffix = `${modifiers.length === 0 ? '' : ` ${modifiers.join(' ')}`}${value}`;
  return spec.nullable && spec.spelling % 2 === 1 ? `        ${visibility}${spec.name}: ${type}?${suffix}` : `        ${visibility}${type} ${spec.name}${suffix}`;
}

/** A relation as a classDiagram relation: multiplicities on an association, or a composition, or inheritance. */
function classRelation(owner: EntitySpec, relation: RelationSpec, label: string | null, level: Hostility, index: number): string {
  const target = relation.target ?? owner.name;
  const text = label === null ? '' : ` : ${label}`;
  if (level === 'hostile') {
    return `    ${classRef(owner.name)} "${pick(MULTIPLICITIES, index)}" ${pick(CLASS_ARROWS, index + owner.name.length)} "${pick(MULTIPLICITIES, index + 3)}" ${classRef(target)}${text}`;
  }
  const parentCount = relation.nullable ? '0..1' : '1';
  switch (relation.kind) {
    case 'belongsTo':
      return `    ${classRef(target)} "${parentCount}" --> "*" ${classRef(owner.name)}${text}`;
    case 'hasOne':
      return `    ${classRef(owner.name)} "${parentCount}" --> "0..1" ${classRef(target)}${text}`;
    case 'belongsToMany':
      return `    ${classRef(owner.name)} "*" --> "*" ${classRef(target)}${text}`;
    default:
      return index % 2 === 0 ? `    ${classRef(owner.name)} "${parentCount}" --> "*" ${classRef(target)}${text}` : `    ${classRef(owner.name)} *-- ${classRef(target)}${text}`;
  }
}

function classDiagram(model: ModelSpec, labels: readonly (string | null)[], classLabels: readonly (string | null)[], extras: readonly string[], namespace: string | null): string {
  const enumerations: string[] = [];
  const bodies = model.entities.map((entity, index) => {
    const members = entity.fields.map((spec) => {
      if (spec.type !== 'enum' || spec.unknownType !== undefined) return classMember(spec, undefined);
      // Each enum field is typed by an enumeration class whose lines are its values.
      const enumClass = `${entity.name}${spec.name.charAt(0).toUpperCase()}${spec.name.slice(1)}Kind`;
      enumerations.push([`    class ${classRef(enumClass)} {`, '        <<enumeration>>', ...spec.enumValues.map((value) => `        ${value}`), '    }'].join('\n'));
      return classMember(spec, classRef(enumClass));
    });
    const label = classLabels[index];
    return [`    class ${classRef(entity.name)}${label === null || label === undefined ? '' : `["${label}"]`} {`, ...members, '    }'].join('\n');
  });
  const relations = model.entities.flatMap((entity) => entity.relations.map((relation, index) => classRelation(entity, relation, pick(labels, index), model.level, index)));
  const inheritance = model.entities.flatMap((entity) => (entity.parent === undefined ? [] : [`    ${classRef(entity.parent)} <|-- ${classRef(entity.name)}`]));
  const classes = namespace === null ? bodies : [`    namespace ${classRef(namespace)} {`, ...bodies, '    }'];
  return ['classDiagram', ...extras, ...classes, ...enumerations, ...relations, ...inheritance].join('\n');
}

/** Markdown around the diagram, as in a README: a heading, front matter, the fence, maybe a second fence. */
const markdown = fc.record({ frontMatter: fc.boolean(), trailing: fc.boolean() });

function inMarkdown(diagram: string, { frontMatter, trailing }: { frontMatter: boolean; trailing: boolean }): string {
  const fence = ['```mermaid', ...(frontMatter ? ['---', 'title: Model', '---'] : []), diagram, '```'];
  return ['# The data model', '', 'Drawn with Mermaid.', '', ...fence, ...(trailing ? ['', 'More text.', '```mermaid', 'erDiagram', '```'] : [])].join('\n');
}

const MERMAID_FRAGMENTS = ['%%', '```', '{', '}', '||--o{', '}o--o{', '<|--', '*--', '~', '"', '["', '"]', ':::', 'namespace X {', 'class ', '<<enumeration>>', '<<', '>>', ' : ', 'PK', 'FK', '\n}', '\nerDiagram\n', '\nclassDiagram\n', '`', 'note "', 'style ', 'direction TB\n', '---\n'];

function diagramInput(diagrams: fc.Arbitrary<string>, nestings: readonly Nesting[], limits: GeneratorLimits): fc.Arbitrary<FuzzInput> {
  const mutation = { nestings, maxDepth: limits.maxDepth, hugeWordLength: limits.hugeWordLength, fragments: MERMAID_FRAGMENTS };
  const placed = fc
    .tuple(diagrams, fc.option(markdown, { freq: 2 }))
    .map(([diagram, wrapping]) => (wrapping === null ? { fileName: 'model.mmd', text: diagram } : { fileName: 'model.md', text: inMarkdown(diagram, wrapping) }));
  const mutated = fc.tuple(placed, mutations(mutation)).map(([{ fileName, text }, list]) => ({ fileName, text: applyMutations(text, list) }));
  const raw = rawText(200).map((text) => ({ fileName: 'model.mmd', text }));
  return fc.oneof({ weight: 9, arbitrary: mutated }, { weight: 1, arbitrary: raw }).map(({ fileName, text }): FuzzInput => ({ kind: 'file', fileName, text: asTransmitted(text) }));
}

export function erDiagramInput(limits: GeneratorLimits): fc.Arbitrary<FuzzInput> {
  const diagrams = hostility.chain((level) =>
    fc
      .record({
        model: modelSpec(level, limits, ER_SHAPE),
        labels: fc.array(valueAt(level, PLAIN_LABELS, limits), { minLength: 1, maxLength: 3 }),
        aliases: fc.array(fc.option(valueAt(level, ['Blog Post', 'Line Item'], limits), { freq: 5 }), { maxLength: 4 }),
        extras: fc.array(fc.constantFrom('    direction LR', '    %% a comment', '    accTitle: Blog', '    classDef hot fill:#f00', '    style POST fill:#f9f'), { maxLength: 1 }),
      })
      .map(({ model, labels, aliases, extras }) => erDiagram(model, labels, aliases, extras)),
  );
  return diagramInput(diagrams, [{ open: '{', close: '}' }, { open: 'List~', close: '~' }, { open: '"', close: '"' }], limits);
}

export function classDiagramInput(limits: GeneratorLimits): fc.Arbitrary<FuzzInput> {
  const diagrams = hostility.chain((level) =>
    fc
      .record({
        model: modelSpec(level, limits, CLASS_SHAPE),
        labels: fc.array(fc.option(valueAt(level, PLAIN_LABELS, limits), { freq: 2 }), { minLength: 1, maxLength: 3 }),
        classLabels: fc.array(fc.option(valueAt(level, ['Blog Post', 'Line Item'], limits), { freq: 5 }), { maxLength: 4 }),
        extras: fc.array(fc.constantFrom('    direction RL', '    note "a note"', '    %% a comment', '    class Post:::hot', '    style Post fill:#f9f'), { maxLength: 1 }),
        namespace: fc.option(valueAt(level, ['Shop', 'Billing'], limits), { freq: 5 }),
      })
      .map(({ model, labels, classLabels, extras, namespace }) => classDiagram(model, labels, classLabels, extras, namespace)),
  );
  return diagramInput(diagrams, [{ open: 'namespace N {\n', close: '}\n' }, { open: 'List~', close: '~' }, { open: '{', close: '}' }], limits);
}
