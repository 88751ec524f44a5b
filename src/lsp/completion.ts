import { CompletionItemKind, type CompletionItem, type Position } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { FIELD_FLAGS } from '../ir/field-flags.js';
import type { FieldType, RelationKind } from '../ir/ir.generated.js';
import { MIGRATION_COLUMN } from '../emit/laravel/values/field-types.js';
import type { Analysis } from './analysis.js';
import { isJsonSchema } from './json-flavour.js';
import { jsonSlot } from './json-slot.js';
import { lineAt } from './ranges.js';
import { schemaKeysAt } from './schema-keys.js';
import { wordsFinished, type Slot } from './schema-slot.js';
import { yamlSlot } from './yaml-slot.js';

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

/** What may be typed at the cursor: a field's type or modifiers, a relation's kind or target, an entity's name, a key. */
export function completionsAt(analysis: Analysis, position: Position): CompletionItem[] {
  if (isJsonSchema(analysis)) return jsonCompletions(analysis, position);
  const before = lineAt(analysis.text, position.line).slice(0, position.character);
  if (analysis.kind === 'diagram') return itemsFor(analysis, diagramSlot(analysis.text, position, before));
  return analysis.kind === 'schema' ? itemsFor(analysis, yamlSlot(analysis.text, position.line, before)) : [];
}

function itemsFor(analysis: Analysis, slot: Slot | undefined): CompletionItem[] {
  switch (slot?.kind) {
    case undefined:
      return [];
    case 'type':
      return (Object.keys(MIGRATION_COLUMN) as FieldType[]).map((type) => ({ label: type, kind: CompletionItemKind.TypeParameter, detail: `$table->${MIGRATION_COLUMN[type].method}()` }));
    case 'modifier':
      return [...FIELD_FLAGS, ...VALUED_MODIFIERS].map((modifier) => ({ label: modifier, kind: CompletionItemKind.Keyword }));
    case 'kind':
      return (Object.keys(RELATION_KINDS) as RelationKind[]).map((kind) => ({ label: kind, kind: CompletionItemKind.Method, detail: RELATION_KINDS[kind] }));
    case 'entity':
      return (analysis.source?.entities ?? []).map((entity) => ({ label: entity.name, kind: CompletionItemKind.Class }));
    case 'key':
      return schemaKeysAt(slot.path).filter((key) => !slot.present.includes(key.name)).map((key) => ({
        label: key.name,
        kind: CompletionItemKind.Property,
        ...(key.type === undefined ? {} : { detail: key.type }),
        ...(key.description === undefined ? {} : { documentation: key.description }),
      }));
  }
}

/**
 * In JSON, each item replaces the word at the cursor itself: the editor's own idea of a word would leave a
 * quote or take one twice. Where no string is open yet, the item brings its quotes.
 */
function jsonCompletions(analysis: Analysis, position: Position): CompletionItem[] {
  const document = TextDocument.create(analysis.uri, 'json', 0, analysis.text);
  const found = jsonSlot(analysis.text, document.offsetAt(position));
  if (found === undefined) return [];
  const range = { start: document.positionAt(found.start), end: document.positionAt(found.end) };
  return itemsFor(analysis, found.slot).map((item) => ({ ...item, textEdit: { range, newText: found.quoted ? JSON.stringify(item.label) : item.label } }));
}

/** In a diagram, inside a class's or an entity's braces a line is a member (`+string title nullable`); outside, names are entities. */
function diagramSlot(text: string, position: Position, before: string): Slot | undefined {
  const lines = text.split('\n').slice(0, position.line);
  const opened = lines.reduce((depth, content) => depth + (content.match(/\{/g)?.length ?? 0) - (content.match(/\}/g)?.length ?? 0), 0);
  if (opened <= 0) return { kind: 'entity' };
  const written = wordsFinished(before.replace(/^\s*[+\-#~]?/, '')).length;
  // The second word is the field's own name: nothing to offer there.
  return written === 0 ? { kind: 'type' } : written === 1 ? undefined : { kind: 'modifier' };
}
