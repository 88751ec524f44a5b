import { error, warningAt, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { SourceModel, Span } from '../../ir/ir.generated.js';
import type { ErAttribute, ErDiagram, ErEntity, ErRelationship } from '../../../grammar/er/model.js';
import { assembleModel, type DiagramAttribute, type DiagramEntity } from './assemble.js';
import { isModifierWord, MODIFIER_HINT, modifierWords, nearestModifier, NO_MODIFIERS, readModifiers, type FieldModifiers } from './field-modifiers.js';
import { readDiagramType } from './field-types.js';
import { ignoredWarnings } from './ignored.js';
import { readModelName } from './model-names.js';
import { declaredKind, declaredNullable, isOneToOne } from './multiplicity.js';
import { spanIn, subSpan } from './positions.js';

/**
 * An erDiagram -> SourceModel. Entities become models (named by their alias when they have one), attributes
 * fields, relationships relations declared by their first entity. `PK` makes a custom primary key, `UK` a
 * unique field; `FK` columns are the ones relations create; `id`, `created_at` and `updated_at` are implicit
 * and `deleted_at` turns soft deletes on. An attribute's comment may hold field modifiers (`"nullable"`).
 */
export function lowerErDiagram(file: string, diagram: ErDiagram): { model: SourceModel; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [...ignoredWarnings(file, diagram.ignored)];
  const classOf = new Map<string, string>();
  const entities = new Map<string, DiagramEntity>();
  for (const entity of diagram.entities) {
    const named = readModelName(entity.alias ?? entity.name, spanIn(file, entity.aliasSpan ?? entity.span));
    if ('diagnostic' in named) {
      diagnostics.push(named.diagnostic);
      continue;
    }
    const { className } = named;
    classOf.set(entity.name, className);
    const first = entities.get(className.toLowerCase());
    if (first !== undefined) {
      diagnostics.push(duplicateEntity(file, entity, className, first));
      continue;
    }
    const attributes = entity.attributes.map((attribute) => lowerAttribute(file, attribute, diagnostics));
    entities.set(className.toLowerCase(), { className, span: spanIn(file, entity.span), attributes, relations: [] });
  }
  for (const relationship of diagram.relationships) lowerRelationship(file, relationship, classOf, entities, diagnostics);
  const assembled = assembleModel([...entities.values()]);
  return { model: assembled.model, diagnostics: [...diagnostics, ...assembled.diagnostics] };
}

function duplicateEntity(file: string, entity: ErEntity, className: string, first: DiagramEntity): Diagnostic {
  return error(
    'duplicate_entity',
    `${entity.name} is the model ${className}, like the entity on line ${first.span.line ?? 1}: two entities cannot share a model`,
    spanIn(file, entity.span),
    'rename one of them',
  );
}

function lowerAttribute(file: string, attribute: ErAttribute, diagnostics: Diagnostic[]): DiagramAttribute {
  // `*id` is Mermaid's documented way to draw a primary key.
  const starred = attribute.name.startsWith('*');
  const name = starred ? attribute.name.slice(1) : attribute.name;
  const nameSpan = spanIn(file, attribute.nameSpan);
  const span = starred ? subSpan(nameSpan, 1, name.length) : nameSpan;
  const typeReading = readDiagramType(attribute.type, spanIn(file, attribute.typeSpan));
  for (const found of typeReading.diagnostics) diagnostics.push(found);
  const modifiers = commentModifiers(file, attribute, name, diagnostics);
  const keys = new Set(attribute.keys);
  return {
    name,
    span,
    ...(typeReading.typed === undefined ? {} : { typed: typeReading.typed }),
    modifiers: { ...modifiers, primary: modifiers.primary || starred || keys.has('PK'), unique: modifiers.unique || keys.has('UK') },
    foreignKey: keys.has('FK'),
  };
}

/**
 * A comment made only of modifiers (`"nullable default=0"`) is read as such; any other comment describes the
 * attribute and is left alone, but one that opens like a modifier list gets a warning, for a misspelt
 * modifier would otherwise pass unnoticed.
 */
function commentModifiers(file: string, attribute: ErAttribute, fieldName: string, diagnostics: Diagnostic[]): FieldModifiers {
  const none: FieldModifiers = NO_MODIFIERS();
  if (attribute.comment === undefined || attribute.commentSpan === undefined) return none;
  const inside = subSpan(spanIn(file, attribute.commentSpan), 1, attribute.comment.length);
  const words = modifierWords(attribute.comment);
  const [first] = words;
  if (first === undefined) return none;
  if (words.every((word) => isModifierWord(word.text))) {
    const read = readModifiers(words, inside, fieldName);
    for (const found of read.diagnostics) diagnostics.push(found);
    return read.modifiers;
  }
  if (isModifierWord(first.text) || nearestModifier(first.text) !== undefined) {
    const stranger = words.find((word) => !isModifierWord(word.text)) ?? first;
    diagnostics.push(
      warningAt(
        'diagram_element_ignored',
        `the comment of ${fieldName} is read as a description, not as modifiers: "${stranger.text}" is not a modifier`,
        subSpan(inside, stranger.offset, stranger.text.length),
        MODIFIER_HINT,
      ),
    );
  }
  return none;
}

function lowerRelationship(
  file: string,
  relationship: ErRelationship,
  classOf: ReadonlyMap<string, string>,
  entities: ReadonlyMap<string, DiagramEntity>,
  diagnostics: Diagnostic[],
): void {
  const span: Span = spanIn(file, relationship.span);
  const { fromCardinality, toCardinality } = relationship;
  if (fromCardinality === 'mdParent' || toCardinality === 'mdParent') {
    diagnostics.push(
      error('unsupported_relation', 'the `u` marker has no Eloquent relation', spanIn(file, relationship.operatorSpan), 'use ||, |o, }o or }| on each side'),
    );
    return;
  }
  const owner = entities.get((classOf.get(relationship.from) ?? '').toLowerCase());
  const target = classOf.get(relationship.to);
  if (owner === undefined || target === undefined) return;
  const kind = declaredKind(fromCardinality, toCardinality);
  const nullable = declaredNullable(kind, fromCardinality, toCardinality);
  const oneToOne = isOneToOne(fromCardinality, toCardinality);
  const labelSpan = relationship.labelSpan === undefined ? {} : { labelSpan: spanIn(file, relationship.labelSpan) };
  owner.relations.push({ kind, target: entities.get(target.toLowerCase())?.className ?? target, nullable, oneToOne, label: relationship.label, ...labelSpan, span });
}
