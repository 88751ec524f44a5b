import { warningAt, type Diagnostic } from '../../../diagnostics/diagnostic.js';
import type { PatchResult } from '../../../diagnostics/patch-result.js';
import { sameClass } from '../../../php/class-references.js';
import { locateProvider, PROVIDER_PATH, type MapEntry } from '../edits/morph-map.js';
import {
  child,
  children,
  closingBracket,
  failedPatch,
  indentAt,
  indentUnit,
  newPhpParses,
  spanAt,
  start,
  walk,
  type PhpFile,
  type PhpNode,
  type PhpParses,
} from '../../../php/php-source.js';
import { itemRanges, removeStatements, type Range } from '../../../php/statement-removal.js';

/**
 * Makes `AppServiceProvider::boot()` stop mapping morph aliases to `modelClasses` (fully qualified), the
 * reverse of registerMorphMap: each entry goes with its comma, a map left empty goes with its statement, and
 * imports only they used go too. A provider that maps none of them is returned as it is.
 */
export function unmapMorphModels(existing: string, modelClasses: readonly string[], parses: PhpParses = newPhpParses(), othersRemain = false): PatchResult {
  const parsed = parses.parse(PROVIDER_PATH, existing);
  if (!parsed.ok) return failedPatch(parsed.diagnostic);
  const file = parsed.value;
  const provider = locateProvider(file);
  if (!provider.ok) return failedPatch(provider.diagnostic);
  const statements: PhpNode[] = [];
  const pieces: Range[] = [];
  const warnings: Diagnostic[] = [];
  for (const map of provider.value.maps) {
    const entries = map.entries.filter((entry) => modelClasses.some((modelClass) => sameClass(entry.modelClass, modelClass)));
    const gone = entries.map((entry) => entry.node);
    if (gone.length === 0) continue;
    if (othersRemain) warnings.push(...entries.map((entry) => ownerUnmapped(file, entry)));
    const items = children(map.array, 'items');
    const statement = gone.length === items.length ? statementHolding(provider.value.body, map.array) : undefined;
    if (statement === undefined) pieces.push(...itemRanges(file, items, gone));
    else statements.push(statement);
  }
  const removed = removeStatements(file, statements, pieces, parses);
  const result = removed.ok && statements.length > 0 ? withPlaceholder(removed.content, parses) : removed;
  return result.ok && warnings.length > 0 ? { ...result, warnings } : result;
}

/**
 * `fullapi delete` regenerates the entities that name a deleted one, and a morphTo names none (its owners name
 * it): a remaining entity may still hold a morphTo toward the owner, whose generated factory and tests create it.
 */
function ownerUnmapped(file: PhpFile, entry: MapEntry): Diagnostic {
  const owner = entry.modelClass ?? entry.alias;
  return warningAt(
    'morph_owner_deleted',
    `${owner} owned morph children (this map gives it the alias '${entry.alias}'); a morphTo names no owner, so fullapi did not regenerate the remaining entities whose morphTo may point at it`,
    spanAt(file, start(entry.node)),
    `if one does (a <name>_type column holding '${entry.alias}'), regenerate that entity without the relation, or delete it too`,
  );
}

/** A boot() the removal left empty gets back the `//` the skeleton has there, which registerMorphMap took away. */
function withPlaceholder(text: string, parses: PhpParses): PatchResult {
  const parsed = parses.parse(PROVIDER_PATH, text);
  if (!parsed.ok) return failedPatch(parsed.diagnostic);
  const file = parsed.value;
  const provider = locateProvider(file);
  if (!provider.ok) return failedPatch(provider.diagnostic);
  const { boot, body } = provider.value;
  const open = start(body);
  const close = closingBracket(file, open);
  if (text.slice(open + 1, close).trim() !== '') return { ok: true, content: text };
  const indent = indentAt(text, start(boot));
  return { ok: true, content: `${text.slice(0, open + 1)}${file.eol}${indent}${indentUnit(indent)}//${file.eol}${indent}${text.slice(close)}` };
}

/** The statement of boot() whose expression is the map call itself: a map used any other way keeps its (empty) array. */
function statementHolding(body: PhpNode, array: PhpNode): PhpNode | undefined {
  let found: PhpNode | undefined;
  walk(body, (node) => {
    const call = child(node, 'expression');
    if (node.kind === 'expressionstatement' && call?.kind === 'call' && children(call, 'arguments')[0] === array) found = node;
  });
  return found;
}
