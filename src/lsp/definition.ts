import type { Location, Position } from 'vscode-languageserver';
import type { Analysis } from './analysis.js';
import { nodeAt } from './lookup.js';
import { spanRange } from './ranges.js';

/** From a relation (its name or its target) to the entity it points to, declared in the same document. */
export function definitionAt(analysis: Analysis, position: Position): Location | undefined {
  if (analysis.source === undefined) return undefined;
  const found = nodeAt(analysis.source, analysis.text, position);
  const target =
    found?.kind === 'entity' ? found.entity : found?.kind === 'relation' ? analysis.source.entities.find((entity) => entity.name === found.relation.target) : undefined;
  return target === undefined ? undefined : { uri: analysis.uri, range: spanRange(target.span) };
}
