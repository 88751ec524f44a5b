import type { PatchResult } from '../../../diagnostics/patch-result.js';
import { referencedClass, sameClass } from '../../../php/class-references.js';
import { firstArgument, isSeederCall, locateSeeder, SEEDER_NAMESPACE, SEEDER_PATH } from '../edits/database-seeder.js';
import { child, children, failedPatch, newPhpParses, type PhpNode, type PhpParses } from '../../../php/php-source.js';
import { itemRanges, removeStatements, type Range } from '../../../php/statement-removal.js';

/**
 * Makes `DatabaseSeeder::run()` stop calling each of `seederClasses` (seeders of `Database\Seeders`): a
 * `$this->call(X::class);` statement goes, an item of a `$this->call([...])` array goes with its comma, and a
 * call left with an empty array goes whole; imports only those calls used go too. A file that calls none of
 * them is returned as it is.
 */
export function unregisterSeeders(existing: string, seederClasses: readonly string[], parses: PhpParses = newPhpParses()): PatchResult {
  const parsed = parses.parse(SEEDER_PATH, existing);
  if (!parsed.ok) return failedPatch(parsed.diagnostic);
  const file = parsed.value;
  const seeder = locateSeeder(file);
  if (!seeder.ok) return failedPatch(seeder.diagnostic);
  const { body, scope } = seeder.value;
  const removed = (node: PhpNode | undefined): boolean => {
    const name = referencedClass(scope, node);
    return name !== undefined && seederClasses.some((seederClass) => sameClass(name, `${SEEDER_NAMESPACE}\\${seederClass}`));
  };
  const statements: PhpNode[] = [];
  const pieces: Range[] = [];
  for (const statement of children(body, 'children').filter(isSeederCall)) {
    const argument = firstArgument(statement);
    if (argument?.kind !== 'array') {
      if (removed(argument)) statements.push(statement);
      continue;
    }
    const items = children(argument, 'items');
    const gone = items.filter((item) => removed(child(item, 'value') ?? item));
    if (gone.length > 0 && gone.length === items.length) statements.push(statement);
    else pieces.push(...itemRanges(file, items, gone));
  }
  return removeStatements(file, statements, pieces, parses);
}
