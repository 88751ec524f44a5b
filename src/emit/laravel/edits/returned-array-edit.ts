import type { PatchResult } from '../../../diagnostics/patch-result.js';
import { appendToArray } from '../../../php/insertions.js';
import { failedPatch, finishPatch, nameOf, newPhpParses, shapeError, start, type PhpParses } from '../../../php/php-source.js';
import { ensureClassImports } from '../../../php/use-block.js';
import { castKeys, parseModelClass, returnedArray } from '../../../php/model-class.js';

/**
 * The edit of a generated class the user edited by hand (a form request's `rules()`, a resource's
 * `toArray()`), in place of keeping it as it is: the entries of the array the method returns that the
 * generation has and the file lacks (by their string keys) are added at its end, with the classes they name.
 * Everything else stays as the user left it. `entries` are `'key' => value` items, as the generation writes them.
 */
export function completeReturnedArray(
  existing: string,
  path: string,
  method: string,
  entries: readonly string[],
  imports: readonly string[],
  parses: PhpParses = newPhpParses(),
): PatchResult {
  const read = parseModelClass(parses, path, existing);
  if (!read.ok) return failedPatch(read.diagnostic);
  const { file, model } = read.value;
  const found = model.members.find((member) => member.kind === 'method' && nameOf(member)?.toLowerCase() === method.toLowerCase());
  const array = returnedArray(found);
  if (array === undefined) {
    return failedPatch(shapeError(file, start(found ?? model.classNode), `${path}: ${method}() does not end by returning an array literal`, `make ${method}() end with \`return [...];\``));
  }
  const has = castKeys(array);
  const missing = entries.map((entry) => entry.replace(/,$/, '')).filter((entry) => !has.has(keyOf(entry) ?? ''));
  if (missing.length === 0) return { ok: true, content: existing };
  const imported = ensureClassImports(file, model.statements, imports);
  if (!imported.ok) return failedPatch(imported.diagnostic);
  return finishPatch(file, [...appendToArray(file, array, missing), ...imported.value.edits], imported.value.tail, parses);
}

/** The key of a `'key' => value` item the generation wrote (a plain single-quoted string). */
function keyOf(entry: string): string | undefined {
  return /^'((?:[^'\\]|\\.)*)' =>/.exec(entry)?.[1]?.replace(/\\(['\\])/g, '$1');
}
