import { SymbolKind, type DocumentSymbol } from 'vscode-languageserver';
import type { SourceEntity, SourceModel } from '../ir/ir.generated.js';
import { spanRange } from './ranges.js';

/** The document's outline: each entity, with its fields and relations under it. */
export function documentSymbols(model: SourceModel): DocumentSymbol[] {
  return model.entities.map(entitySymbol);
}

function entitySymbol(entity: SourceEntity): DocumentSymbol {
  const range = spanRange(entity.span);
  const fields = entity.fields.map((field): DocumentSymbol => {
    const at = spanRange(field.span);
    return { name: field.name, detail: `${field.type}${field.nullable ? ', nullable' : ''}`, kind: SymbolKind.Field, range: at, selectionRange: at };
  });
  const relations = entity.relations.map((relation): DocumentSymbol => {
    const at = spanRange(relation.span);
    return { name: relation.name, detail: `${relation.kind}${relation.target === undefined ? '' : ` ${relation.target}`}`, kind: SymbolKind.Property, range: at, selectionRange: at };
  });
  return { name: entity.name, kind: SymbolKind.Class, range, selectionRange: range, children: [...fields, ...relations] };
}
