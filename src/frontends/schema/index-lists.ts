import type { TableIndex } from '../../ir/ir.generated.js';
import { entryOf, isString, type MapNode } from '../../text/doc-node.js';
import type { Locate } from '../../text/positions.js';

/**
 * An entity's `indexes`, the same in both formats: a list of column lists. A list of another shape is left to the
 * JSON Schema to report; each index points at its own list, where a column it names that the table lacks is shown.
 */
export function indexesAt(map: MapNode, key: string, locate: Locate): TableIndex[] {
  const lists = entryOf(map, key)?.value;
  if (lists?.kind !== 'list') return [];
  return lists.items.flatMap((list) => {
    if (list.kind !== 'list' || list.items.length === 0 || !list.items.every(isString)) return [];
    return [{ columns: list.items.map((column) => (isString(column) ? column.value : '')), span: locate(list.range) }];
  });
}
