import { CompletionItemKind, type CompletionItem, type Position } from 'vscode-languageserver';
import { FIELD_FLAGS } from '../ir/field-flags.js';
import type { FieldType, RelationKind } from '../ir/ir.generated.js';
import { MIGRATION_COLUMN } from '../emit/laravel/values/field-types.js';
import type { Analysis } from './analysis.js';
import { lineAt } from './ranges.js';

/** Each relation kind a schema file names, as the model method it becomes. */
const RELATION_KINDS: Readonly<Record<RelationKind, string>> = {
  belongsTo: 'a foreign key to the target on this table',
  hasOne: "one row of the target, by its foreign key to this table",
  hasMany: "rows of the target, by their foreign key to this table",
  belongsToMany: 'rows of the target through a pivot table',
  morphTo: 'a parent of any of several entities: <name>_type and <name>_id columns',
  morphOne: 'one row of the target, by its morph columns',
  morphMany: 'rows of the target, by their morph columns',
};

/** The modifiers taking a value, after the flags. */
const VALUED_MODIFIERS: readonly string[] = ['default=', 'renamed_from=', 'min=', 'max='];

type Slot = 'type' | 'modifier' | 'kind' | 'entity';

/** What may be typed at the cursor: a field's type or modifiers, a relation's kind or target, an entity's name. */
export function completionsAt(analysis: Analysis, position: Position): CompletionItem[] {
  const before = lineAt(analysis.text, position.line).slice(0, position.character);
  const slot = analysis.kind === 'diagram' ? diagramSlot(analysis.text, position, before) : schemaSlot(analysis.text, position.line, before);
  if (slot === undefined) return [];
  switch (slot) {
    case 'type':
      return (Object.keys(MIGRATION_COLUMN) as FieldType[]).map((type) => ({ label: type, kind: CompletionItemKind.TypeParameter, detail: `$table->${MIGRATION_COLUMN[type].method}()` }));
    case 'modifier':
      return [...FIELD_FLAGS, ...VALUED_MODIFIERS].map((modifier) => ({ label: modifier, kind: CompletionItemKind.Keyword }));
    case 'kind':
      return (Object.keys(RELATION_KINDS) as RelationKind[]).map((kind) => ({ label: kind, kind: CompletionItemKind.Method, detail: RELATION_KINDS[kind] }));
    case 'entity':
      return (analysis.source?.entities ?? []).map((entity) => ({ label: entity.name, kind: CompletionItemKind.Class }));
  }
}

/**
 * In a schema file, a field is `name: <type> [modifiers]` under `fields:`, a relation `name: <kind> <Target>`
 * under `relations:`: the section is the nearest less indented key above, the slot the count of words already
 * written after the colon.
 */
function schemaSlot(text: string, line: number, before: string): Slot | undefined {
  const colon = before.indexOf(':');
  if (colon === -1) return undefined;
  const written = wordsWritten(before.slice(colon + 1).replace(/["{]/g, ' '));
  const section = sectionAbove(text, line, indentOf(before));
  if (section === 'relations') return written === 0 ? 'kind' : 'entity';
  if (section === 'fields') return written === 0 ? 'type' : 'modifier';
  return undefined;
}

function sectionAbove(text: string, line: number, indent: number): string | undefined {
  for (let above = line - 1; above >= 0; above--) {
    const content = lineAt(text, above);
    if (content.trim() === '' || content.trim().startsWith('#') || indentOf(content) >= indent) continue;
    return /^\s*"?(\w+)"?\s*:/.exec(content)?.[1];
  }
  return undefined;
}

function indentOf(line: string): number {
  return /^\s*/.exec(line)?.[0].length ?? 0;
}

/** In a diagram, inside a class's or an entity's braces a line is a member (`+string title nullable`); outside, names are entities. */
function diagramSlot(text: string, position: Position, before: string): Slot | undefined {
  const lines = text.split('\n').slice(0, position.line);
  const opened = lines.reduce((depth, content) => depth + (content.match(/\{/g)?.length ?? 0) - (content.match(/\}/g)?.length ?? 0), 0);
  if (opened <= 0) return 'entity';
  const written = wordsWritten(before.replace(/^\s*[+\-#~]?/, ''));
  // The second word is the field's own name: nothing to offer there.
  return written === 0 ? 'type' : written === 1 ? undefined : 'modifier';
}

/** The words finished before the cursor: the one it is in the middle of is still being written. */
function wordsWritten(text: string): number {
  const words = text.split(/\s+/).filter((word) => word !== '').length;
  return /\S$/.test(text) ? words - 1 : words;
}
