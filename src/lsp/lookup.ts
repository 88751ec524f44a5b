import type { Position, Range } from 'vscode-languageserver';
import type { SourceEntity, SourceField, SourceModel, SourceRelation } from '../ir/ir.generated.js';
import { lineAt, spanHolds, spanRange } from './ranges.js';

/** What the cursor is on: an entity's name, a field's, a relation's (its name, or its target's name). */
export type Found =
  | { kind: 'entity'; entity: SourceEntity; range: Range }
  | { kind: 'field'; entity: SourceEntity; field: SourceField; range: Range }
  | { kind: 'relation'; entity: SourceEntity; relation: SourceRelation; range: Range };

/**
 * The node under the cursor. A relation's target is a reference to an entity: on it, the cursor is on that
 * entity, which is what hover, go to definition and rename want.
 */
export function nodeAt(model: SourceModel, text: string, position: Position): Found | undefined {
  for (const entity of model.entities) {
    if (spanHolds(entity.span, position)) return { kind: 'entity', entity, range: spanRange(entity.span) };
    for (const field of entity.fields) if (spanHolds(field.span, position)) return { kind: 'field', entity, field, range: spanRange(field.span) };
  }
  for (const entity of model.entities) {
    for (const relation of entity.relations) {
      const target = relation.target === undefined ? undefined : model.entities.find((candidate) => candidate.name === relation.target);
      const onTarget = relation.target === undefined ? undefined : wordRanges(text, relation.span.line ?? 0, relation.target).find((range) => holds(range, position));
      if (target !== undefined && onTarget !== undefined) return { kind: 'entity', entity: target, range: onTarget };
      if (spanHolds(relation.span, position)) return { kind: 'relation', entity, relation, range: spanRange(relation.span) };
    }
  }
  return undefined;
}

/** Where `word` stands whole on the 1-based `line` of `text` (not inside a longer name). */
export function wordRanges(text: string, line: number, word: string): Range[] {
  if (line < 1 || word === '') return [];
  const content = lineAt(text, line - 1);
  const pattern = new RegExp(`(?<![\\w$])${escaped(word)}(?![\\w$])`, 'g');
  return [...content.matchAll(pattern)].map((match) => ({
    start: { line: line - 1, character: match.index },
    end: { line: line - 1, character: match.index + word.length },
  }));
}

function holds(range: Range, position: Position): boolean {
  return range.start.line === position.line && range.start.character <= position.character && position.character <= range.end.character;
}

function escaped(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
