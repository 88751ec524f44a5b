import { warning, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { FileChange } from '../../plan/file-change.js';
import { contentHash, type Manifest } from '../write/manifest.js';
import { children, nameOf, parsePhp, walk, type PhpNode } from '../../php/php-source.js';

/**
 * A generated file kept because it was edited by hand (or not written by fullapi) no longer follows the
 * entity once the generation itself changes: a field added to the input is missing from the kept model's
 * fillable list and casts, from the requests' rules, from the resource. Each such file is reported with what
 * it lacks. What counts is what a generated PHP file is made of: the entity's names as string literals (keys
 * and values of fillable, casts, rules, resource arrays, factory definitions, migration columns), methods
 * (relations, controller actions, tests) and the traits a class uses. Other literals (a rule's `max:255`) are
 * the user's to change and are not compared.
 *
 * A file whose generation is what it was when fullapi last wrote it (the manifest's hash) is not compared:
 * the differences are the hand edit, made on purpose.
 */
export function keptFilesOutOfDate(changes: readonly FileChange[], manifest: Manifest, names: ReadonlySet<string>): Diagnostic[] {
  return changes.flatMap((change) => {
    if (change.action !== 'kept' || change.before === undefined || change.after === undefined || !change.path.endsWith('.php')) return [];
    const recorded = manifest.files.get(change.path);
    if (recorded !== undefined && recorded === contentHash(change.after)) return [];
    const missing = missingItems(change.path, change.before, change.after, names);
    if (missing.length === 0) return [];
    return [
      {
        ...warning(
          'kept_file_out_of_date',
          `${change.path}, kept as it was edited by hand, is out of date: the new generation has ${missing.join(', ')}, which it lacks`,
          change.path,
        ),
        hint: `add them by hand, or run with --force to rewrite it (losing the edit); --dry-run --diff --force shows the new generation`,
      },
    ];
  });
}

/** The items of the new generation the kept text lacks, in the order the generation has them; none when either does not parse. */
function missingItems(path: string, kept: string, generated: string, names: ReadonlySet<string>): string[] {
  const keptItems = itemsOf(path, kept, names);
  const generatedItems = itemsOf(path, generated, names);
  if (keptItems === undefined || generatedItems === undefined) return [];
  return [...generatedItems].filter((item) => !keptItems.has(item));
}

/** What the file is made of, each spelt as the warning names it: `'title'`, `tags()`, `SoftDeletes`. */
function itemsOf(path: string, text: string, names: ReadonlySet<string>): Set<string> | undefined {
  const parsed = parsePhp(path, text);
  if (!parsed.ok) return undefined;
  const items = new Set<string>();
  walk(parsed.value.program, (node) => {
    const item = itemOf(node, names);
    if (item !== undefined) items.add(item);
    if (node.kind !== 'traituse') return;
    for (const trait of children(node, 'traits')) {
      const name = nameOf(trait);
      if (name !== undefined) items.add(name.slice(name.lastIndexOf('\\') + 1));
    }
  });
  return items;
}

function itemOf(node: PhpNode, names: ReadonlySet<string>): string | undefined {
  if (node.kind === 'string' && typeof node['value'] === 'string' && names.has(node['value'])) return `'${node['value']}'`;
  if (node.kind === 'method') {
    const name = nameOf(node);
    return name === undefined ? undefined : `${name}()`;
  }
  return undefined;
}
