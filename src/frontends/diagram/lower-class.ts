import { error, warningAt, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { SourceModel, Span } from '../../ir/ir.generated.js';
import { snake } from '../../passes/naming/str.js';
import type { ClassDiagram, ClassMember, ClassNode, ClassRelation, RelationHead } from '../../../grammar/class/model.js';
import { assembleModel, type DiagramAttribute, type DiagramEntity } from './assemble.js';
import { splitMember } from './class-members.js';
import { readModifiers } from './field-modifiers.js';
import { readDiagramType, type TypeReading } from './field-types.js';
import { ignoredWarnings } from './ignored.js';
import { readModelName } from './model-names.js';
import { CLASS_MULTIPLICITY_WORDS, classMultiplicity, declaredKind, declaredNullable, isOneToOne, type Multiplicity } from './multiplicity.js';
import { spanIn, subSpan } from './positions.js';

/**
 * A classDiagram -> SourceModel. Classes become models (named by their label when they have one) and their
 * attributes fields, in snake case as Laravel names columns; an `<<enumeration>>` class is the values of
 * the enum fields typed by it; an `<<interface>>` has no table. Inheritance (`<|--`) gives a parent entity;
 * composition and aggregation give the whole a hasMany of its parts, and an association with multiplicities
 * (`"1" --> "*"`) the relation they describe. Methods, notes, dependencies and styling are listed as ignored.
 */
export function lowerClassDiagram(file: string, diagram: ClassDiagram): { model: SourceModel; diagnostics: Diagnostic[] } {
  const lowering: ClassLowering = {
    file,
    diagnostics: [...ignoredWarnings(file, diagram.ignored)],
    classes: new Map(diagram.classes.map((node) => [node.name, node])),
    roles: new Map(),
    entities: new Map(),
    byModelName: new Map(),
  };
  for (const node of diagram.classes) lowering.roles.set(node.name, roleOf(node));
  for (const node of diagram.classes) declareClass(lowering, node);
  for (const node of diagram.classes) if (lowering.roles.get(node.name) === 'entity') readMembers(lowering, node);
  for (const relation of diagram.relations) lowerRelation(lowering, relation);
  for (const note of diagram.notes) {
    lowering.diagnostics.push(warningAt('diagram_element_ignored', 'note ignored: it describes no data', spanIn(file, note.span)));
  }
  const assembled = assembleModel([...lowering.entities.values()]);
  return { model: assembled.model, diagnostics: [...lowering.diagnostics, ...assembled.diagnostics] };
}

type ClassRole = 'entity' | 'enumeration' | 'interface';

interface ClassLowering {
  file: string;
  diagnostics: Diagnostic[];
  /** By the diagram's class id, as are the next two: a diagram may have thousands, looked up per member. */
  classes: Map<string, ClassNode>;
  roles: Map<string, ClassRole>;
  entities: Map<string, DiagramEntity>;
  /** By the model's class name in lower case: the first class that takes it. */
  byModelName: Map<string, DiagramEntity>;
}

const ROLE_ANNOTATIONS: Readonly<Record<string, ClassRole>> = { enumeration: 'enumeration', enum: 'enumeration', interface: 'interface' };

function roleOf(node: ClassNode): ClassRole {
  for (const annotation of node.annotations) {
    const role = ROLE_ANNOTATIONS[annotation.trim().toLowerCase()];
    if (role !== undefined) return role;
  }
  return 'entity';
}

function declareClass(lowering: ClassLowering, node: ClassNode): void {
  const { file, diagnostics } = lowering;
  const span = spanIn(file, node.span);
  const role = lowering.roles.get(node.name);
  if (role === 'interface') {
    diagnostics.push(warningAt('diagram_element_ignored', `interface ${node.name} ignored: an interface has no table`, span));
    return;
  }
  if (role !== 'entity') return;
  for (const annotation of node.annotations) {
    if (annotation.trim().toLowerCase() !== 'abstract') diagnostics.push(warningAt('diagram_element_ignored', `annotation <<${annotation}>> of ${node.name} ignored`, span));
  }
  if (node.generic !== undefined) diagnostics.push(warningAt('diagram_element_ignored', `the generic ~${node.generic}~ of ${node.name} ignored`, span));
  const named = readModelName(node.label ?? node.name, span);
  if ('diagnostic' in named) {
    diagnostics.push(named.diagnostic);
    return;
  }
  const { className } = named;
  const clash = lowering.byModelName.get(className.toLowerCase());
  if (clash !== undefined) {
    diagnostics.push(error('duplicate_entity', `${node.name} is the model ${className}, like the class on line ${clash.span.line ?? 1}`, span, 'rename one of them'));
    return;
  }
  const entity: DiagramEntity = { className, span, attributes: [], relations: [] };
  lowering.entities.set(node.name, entity);
  lowering.byModelName.set(className.toLowerCase(), entity);
}

function readMembers(lowering: ClassLowering, node: ClassNode): void {
  const entity = lowering.entities.get(node.name);
  if (entity === undefined) return;
  for (const member of node.members) {
    const attribute = lowerMember(lowering, node, member);
    if (attribute !== undefined) entity.attributes.push(attribute);
  }
}

/** Mermaid draws `..`, `--`, `==` and `__` lines in a class body (`__ text __` too) as dividers of the box. */
const SEPARATOR_LINE = /^(?:\.{2,}|-{2,}|={2,}|_{2,})(?:\s.*)?$/;

function lowerMember(lowering: ClassLowering, node: ClassNode, member: ClassMember): DiagramAttribute | undefined {
  const { file, diagnostics } = lowering;
  if (member.kind === 'method') {
    diagnostics.push(warningAt('diagram_element_ignored', `method ${member.name}() of ${node.name} ignored: methods are not generated`, spanIn(file, member.span)));
    return undefined;
  }
  const textSpan = spanIn(file, member.textSpan);
  if (SEPARATOR_LINE.test(`${member.visibility ?? ''}${member.text}`.trim())) {
    diagnostics.push(warningAt('diagram_element_ignored', `separator line of ${node.name} ignored: it divides the drawing, and names no field`, spanIn(file, member.span)));
    return undefined;
  }
  if (member.classifier === 'static') {
    diagnostics.push(warningAt('diagram_element_ignored', `static ${member.text} of ${node.name} ignored: a static member is no column`, textSpan));
    return undefined;
  }
  const parts = splitMember(member.text);
  const column = snake(parts.name.text);
  const nameSpan = subSpan(textSpan, parts.name.offset, parts.name.text.length);
  if (parts.type === undefined) {
    diagnostics.push(
      error('missing_field_type', `${node.name}.${parts.name.text} has no type`, nameSpan, `write \`string ${parts.name.text}\` or \`${parts.name.text}: string\``),
    );
    return undefined;
  }
  const typeSpan = subSpan(textSpan, parts.type.offset, parts.type.text.length);
  const reading = memberType(lowering, parts.type.text, typeSpan, `${node.name}.${parts.name.text}`);
  if (reading === undefined) return undefined;
  for (const found of reading.diagnostics) diagnostics.push(found);
  const read = readModifiers(parts.words, textSpan, column);
  // One by one: a member of many words has as many diagnostics, too many for the arguments of one call.
  for (const found of read.diagnostics) diagnostics.push(found);
  const modifiers = { ...read.modifiers, nullable: read.modifiers.nullable || parts.nullable };
  // The old name is a member's name like the new one, and becomes a column the same way.
  if (modifiers.renamedFromWord !== undefined) {
    modifiers.renamedFromWord = { ...modifiers.renamedFromWord, text: snake(modifiers.renamedFromWord.text) };
  }
  if (parts.defaultValue !== undefined) {
    modifiers.defaultWord = { text: parts.defaultValue.text, span: subSpan(textSpan, parts.defaultValue.offset, parts.defaultValue.text.length) };
  }
  return { name: column, span: nameSpan, ...(reading.typed === undefined ? {} : { typed: reading.typed }), modifiers, foreignKey: false };
}

/**
 * A member's type: the name of an enumeration class gives its values; another class (alone or in a
 * collection) is a relation drawn as an attribute, which only arrows can say the keys of.
 */
function memberType(lowering: ClassLowering, type: string, span: Span, subject: string): TypeReading | undefined {
  const enumeration = lowering.roles.get(type) === 'enumeration' ? lowering.classes.get(type) : undefined;
  if (enumeration !== undefined) {
    const values = enumeration.members.flatMap((member) => (member.kind === 'attribute' ? [member.text.trim()] : []));
    const reading = values.length === 0 ? { diagnostics: [] } : readDiagramType(`enum~${values.join(',')}~`, span);
    if (reading.typed !== undefined) return reading;
    return { diagnostics: [error('bad_enum_values', `the enumeration ${type} needs distinct values, one per line: it has ${values.length === 0 ? 'none' : values.join(', ')}`, span)] };
  }
  const referenced = /^(?:\w+~)?([^~]+)~?$/.exec(type)?.[1];
  if (referenced !== undefined && lowering.roles.has(referenced)) {
    lowering.diagnostics.push(
      warningAt(
        'diagram_element_ignored',
        `${subject} is typed by the class ${referenced} and ignored: relations come from arrows`,
        span,
        `draw it, e.g. \`${subject.split('.')[0] ?? ''} "1" --> "*" ${referenced}\``,
      ),
    );
    return undefined;
  }
  return readDiagramType(type, span);
}

const PARENT_HEADS: readonly (RelationHead | undefined)[] = ['extension'];
const WHOLE_HEADS: readonly (RelationHead | undefined)[] = ['composition', 'aggregation'];

function lowerRelation(lowering: ClassLowering, relation: ClassRelation): void {
  const { file, diagnostics } = lowering;
  const span = spanIn(file, relation.span);
  const ignore = (why: string) => diagnostics.push(warningAt('diagram_element_ignored', `${describe(relation)} ignored: ${why}`, span));
  const fromRole = lowering.roles.get(relation.from);
  const toRole = lowering.roles.get(relation.to);
  if (fromRole !== 'entity' || toRole !== 'entity') {
    ignore(`${fromRole !== 'entity' ? relation.from : relation.to} is an ${fromRole !== 'entity' ? fromRole : toRole}, not a table`);
    return;
  }
  const from = lowering.entities.get(relation.from);
  const to = lowering.entities.get(relation.to);
  if (from === undefined || to === undefined) return;
  const heads = [relation.fromHead, relation.toHead];
  if (heads.includes('lollipop')) {
    ignore('a lollipop draws an interface, not a table');
    return;
  }
  if (relation.line === 'dotted') {
    ignore(heads.includes('extension') ? 'a class realizes an interface, which has no table' : 'a dependency is no relation between tables');
    return;
  }
  if (heads.includes('extension')) {
    if (PARENT_HEADS.includes(relation.fromHead) && PARENT_HEADS.includes(relation.toHead)) {
      diagnostics.push(error('unsupported_relation', `${describe(relation)}: two classes cannot extend each other`, span));
      return;
    }
    const [parent, child] = PARENT_HEADS.includes(relation.fromHead) ? [from, to] : [to, from];
    if (child.parent !== undefined && child.parent !== parent.className) {
      diagnostics.push(error('unsupported_relation', `${child.className} already extends ${child.parent}: a model has one parent`, span));
      return;
    }
    child.parent = parent.className;
    return;
  }
  const multiplicities = relationMultiplicities(lowering, relation);
  if (multiplicities === 'invalid') return;
  if (multiplicities !== undefined) {
    const kind = declaredKind(multiplicities.from, multiplicities.to);
    const nullable = declaredNullable(kind, multiplicities.from, multiplicities.to);
    const oneToOne = isOneToOne(multiplicities.from, multiplicities.to);
    from.relations.push({ kind, target: to.className, nullable, oneToOne, ...(relation.label === undefined ? {} : { label: relation.label }), span });
    return;
  }
  if (WHOLE_HEADS.includes(relation.fromHead) && WHOLE_HEADS.includes(relation.toHead)) {
    diagnostics.push(error('unsupported_relation', `${describe(relation)}: each class is drawn as the whole of the other`, span));
    return;
  }
  if (WHOLE_HEADS.includes(relation.fromHead)) {
    from.relations.push({ kind: 'hasMany', target: to.className, nullable: false, oneToOne: false, span });
  } else if (WHOLE_HEADS.includes(relation.toHead)) {
    to.relations.push({ kind: 'hasMany', target: from.className, nullable: false, oneToOne: false, span });
  } else {
    ignore(`an association without multiplicities says nothing of its keys; write e.g. \`${relation.from} "1" --> "*" ${relation.to}\``);
  }
}

/** Both ends' multiplicities, a missing one being UML's default of exactly one; none when neither is written. */
function relationMultiplicities(lowering: ClassLowering, relation: ClassRelation): { from: Multiplicity; to: Multiplicity } | 'invalid' | undefined {
  if (relation.fromCardinality === undefined && relation.toCardinality === undefined) return undefined;
  const read = (text: string | undefined, span: ClassRelation['fromCardinalitySpan']): Multiplicity | undefined => {
    if (text === undefined) return 'exactlyOne';
    const multiplicity = classMultiplicity(text);
    if (multiplicity === undefined && span !== undefined) {
      lowering.diagnostics.push(
        error('unsupported_relation', `"${text}" is not a multiplicity fullapi can map to a relation`, spanIn(lowering.file, span), `write one of ${CLASS_MULTIPLICITY_WORDS.join(', ')}`),
      );
    }
    return multiplicity;
  };
  const from = read(relation.fromCardinality, relation.fromCardinalitySpan);
  const to = read(relation.toCardinality, relation.toCardinalitySpan);
  return from === undefined || to === undefined ? 'invalid' : { from, to };
}

const HEAD_WORDS: Readonly<Record<RelationHead, string>> = {
  extension: 'inheritance',
  composition: 'composition',
  aggregation: 'aggregation',
  dependency: 'association',
  lollipop: 'lollipop',
};

function describe(relation: ClassRelation): string {
  const head = relation.fromHead ?? relation.toHead;
  const kind = relation.line === 'dotted' ? (head === 'extension' ? 'realization' : 'dependency') : head === undefined ? 'link' : HEAD_WORDS[head];
  return `the ${kind} between ${relation.from} and ${relation.to}`;
}
