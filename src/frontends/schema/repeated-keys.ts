import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { DocNode } from '../../text/doc-node.js';
import type { Locate } from '../../text/positions.js';

/**
 * Keys given twice in one mapping. YAML and JSON readers elsewhere keep only the last, so the first would
 * be lost without a word. Mappings whose repeats a later check names better (a duplicate entity, field,
 * relation) are `namedElsewhere`.
 */
export function repeatedKeys(root: DocNode, locate: Locate, namedElsewhere: (pointer: string) => boolean): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const visit = (node: DocNode, pointer: string): void => {
    if (node.kind === 'list') node.items.forEach((item, index) => visit(item, `${pointer}/${index}`));
    if (node.kind !== 'map') return;
    const seen = new Set<string>();
    for (const entry of node.entries) {
      if (seen.has(entry.key) && !namedElsewhere(pointer)) {
        diagnostics.push(error('invalid_schema', `"${entry.key}" is given twice here; remove one`, locate(entry.keyRange)));
      }
      seen.add(entry.key);
      visit(entry.value, `${pointer}/${entry.key.replaceAll('~', '~0').replaceAll('/', '~1')}`);
    }
  };
  visit(root, '');
  return diagnostics;
}
