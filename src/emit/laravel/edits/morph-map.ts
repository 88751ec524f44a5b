import { warningAt, type Diagnostic } from '../../../diagnostics/diagnostic.js';
import type { PatchResult } from '../../../diagnostics/patch-result.js';
import type { MorphAlias } from '../values/morph-aliases.js';
import { phpString } from '../values/php-literals.js';
import { importsByLocalName, referencedClass, resolveName, sameClass, shortName, type NameScope } from '../../../php/class-references.js';
import { appendToArray, appendToBody } from '../../../php/insertions.js';
import {
  child,
  children,
  closingBracket,
  failedPatch,
  field,
  finishPatch,
  indentAt,
  indentUnit,
  lineStart,
  missingFile,
  nameOf,
  newPhpParses,
  shapeError,
  spanAt,
  start,
  startsLine,
  stringValue,
  tokensBetween,
  walk,
  type Edit,
  type Parsed,
  type PhpFile,
  type PhpNode,
  type PhpParses,
} from '../../../php/php-source.js';
import { ensureClassImports, readUseLayout, type UseLayout } from '../../../php/use-block.js';

export const PROVIDER_PATH = 'app/Providers/AppServiceProvider.php';
const PROVIDER_NAMESPACE = 'App\\Providers';
const PROVIDER_CLASS = 'AppServiceProvider';
const RELATION = 'Illuminate\\Database\\Eloquent\\Relations\\Relation';
const HINT = `Give ${PROVIDER_PATH} the shape of Laravel's skeleton (class ${PROVIDER_CLASS} in namespace ${PROVIDER_NAMESPACE} with a boot() method), then run fullapi again.`;
/** `enforceMorphMap` registers its map as `morphMap` does, and refuses classes it does not hold. */
const MAP_METHODS = new Set(['morphmap', 'enforcemorphmap']);

/** One `'post' => Post::class` of a map the provider registers. */
export interface MapEntry {
  alias: string;
  /** Undefined when the value names no class fullapi can read (a variable, a call). */
  modelClass: string | undefined;
  node: PhpNode;
}

/** A `Relation::morphMap([...])` (or `enforceMorphMap`) call of boot() whose argument is an array. */
export interface MapCall {
  array: PhpNode;
  entries: MapEntry[];
  /**
   * `[Post::class, Tag::class]`: Laravel keys such a map by table name, and a keyed entry added to it
   * would turn the others' keys into numbers.
   */
  isList: boolean;
}

/** The parts of `AppServiceProvider` the patch reads. */
export interface ProviderClass {
  statements: PhpNode[];
  layout: UseLayout;
  boot: PhpNode;
  body: PhpNode;
  maps: MapCall[];
  /** The name the file imports `Relation` under, if it does. */
  relationName: string | undefined;
}

/**
 * Makes `AppServiceProvider::boot()` register each alias in Laravel's morph map, so a `<name>_type` column
 * holds `post` rather than a class name: added to the last `Relation::morphMap([...])` there is, else as a
 * new `Relation::morphMap([...])` statement. An alias already mapped to its class is left as it is; one the
 * user maps to another class too, with a warning. `morphMap` rather than `enforceMorphMap`: enforcing would
 * refuse the application's other morph owners (Sanctum's tokens of a `User`).
 */
export function registerMorphMap(existing: string | undefined, aliases: readonly MorphAlias[], parses: PhpParses = newPhpParses()): PatchResult {
  if (existing === undefined) return missingFile(PROVIDER_PATH, `Restore ${PROVIDER_PATH} from the Laravel skeleton, then run fullapi again.`);
  const parsed = parses.parse(PROVIDER_PATH, existing);
  if (!parsed.ok) return failedPatch(parsed.diagnostic);
  const file = parsed.value;
  const provider = locateProvider(file);
  if (!provider.ok) return failedPatch(provider.diagnostic);
  const { statements, layout, boot, body, maps, relationName } = provider.value;
  const mapped = new Map(maps.flatMap((map) => map.entries.map((entry): [string, MapEntry] => [entry.alias, entry])));
  const warnings: Diagnostic[] = [];
  const missing: MorphAlias[] = [];
  for (const wanted of aliases) {
    const entry = mapped.get(wanted.alias);
    if (entry === undefined) missing.push(wanted);
    else if (!sameClass(entry.modelClass, wanted.modelClass)) warnings.push(aliasTaken(file, entry, wanted));
  }
  const unchanged: PatchResult = { ok: true, content: existing };
  if (missing.length === 0) return withWarnings(unchanged, warnings);
  const references = missing.map(({ alias, modelClass }) => ({ alias, ...modelReference(layout, modelClass) }));
  const items = references.map(({ alias, reference }) => `${phpString(alias)} => ${reference}::class`);
  const target = maps.filter((map) => !map.isList).at(-1);
  const relation = relationName ?? 'Relation';
  const required = [...(target === undefined && relationName === undefined ? [RELATION] : []), ...references.flatMap((entry) => entry.imports)];
  const imports = ensureClassImports(file, statements, required, layout);
  if (!imports.ok) return failedPatch(imports.diagnostic);
  const added = target === undefined ? addMapStatement(file, boot, body, relation, items) : appendToArray(file, target.array, items);
  return withWarnings(finishPatch(file, [...imports.value.edits, ...added], imports.value.tail, parses), warnings);
}

function withWarnings(result: PatchResult, warnings: readonly Diagnostic[]): PatchResult {
  return result.ok && warnings.length > 0 ? { ...result, warnings: [...warnings] } : result;
}

function aliasTaken(file: PhpFile, entry: MapEntry, wanted: MorphAlias): Diagnostic {
  const holder = entry.modelClass ?? 'something other than a model class';
  const message = `${PROVIDER_PATH} maps the morph alias '${entry.alias}' to ${holder}, not to ${wanted.modelClass}; fullapi left it as it is`;
  const hint = `Until it does, <name>_type columns name a ${shortName(wanted.modelClass)} by its class and '${entry.alias}' stands for ${holder}: give ${holder} another alias and map '${entry.alias}' to ${wanted.modelClass}, then run fullapi again.`;
  return warningAt('morph_alias_taken', message, spanAt(file, start(entry.node)), hint);
}

/**
 * `Post`, imported, unless the file gives that name to another class (`Relation` and the provider's own name
 * included): then `\App\Models\Post`, imported by nothing.
 */
function modelReference(layout: UseLayout, modelClass: string): { reference: string; imports: string[] } {
  const short = shortName(modelClass);
  const key = short.toLowerCase();
  const holders = layout.byLocalName.get(key) ?? [];
  const taken = key === 'relation' || key === PROVIDER_CLASS.toLowerCase() || holders.some((holder) => !sameClass(holder.name, modelClass));
  return taken ? { reference: `\\${modelClass}`, imports: [] } : { reference: short, imports: [modelClass] };
}

export function locateProvider(file: PhpFile): Parsed<ProviderClass> {
  const fail = (offset: number, message: string): Parsed<ProviderClass> => ({ ok: false, diagnostic: shapeError(file, offset, message, HINT) });
  const namespace = children(file.program, 'children').find((statement) => statement.kind === 'namespace');
  if (namespace === undefined || !sameClass(field(namespace, 'name'), PROVIDER_NAMESPACE)) {
    return fail(namespace === undefined ? 0 : start(namespace), `${PROVIDER_PATH} is not in namespace ${PROVIDER_NAMESPACE}`);
  }
  const statements = children(namespace, 'children');
  const providerClass = statements.find((statement) => statement.kind === 'class' && nameOf(statement)?.toLowerCase() === PROVIDER_CLASS.toLowerCase());
  if (providerClass === undefined) return fail(start(namespace), `${PROVIDER_PATH} has no class ${PROVIDER_CLASS}`);
  const boot = children(providerClass, 'body').find((member) => member.kind === 'method' && nameOf(member)?.toLowerCase() === 'boot');
  const body = child(boot, 'body');
  if (boot === undefined || body === undefined) return fail(start(providerClass), `class ${PROVIDER_CLASS} in ${PROVIDER_PATH} has no boot() method with a body`);
  const layout = readUseLayout(file, statements);
  const scope: NameScope = { namespace: PROVIDER_NAMESPACE, imports: [importsByLocalName(layout.imports)] };
  const relationName = layout.imports.find((entry) => sameClass(entry.name, RELATION))?.localName;
  return { ok: true, value: { statements, layout, boot, body, maps: mapCalls(body, scope), relationName } };
}

/** The maps boot() registers, however nested, in file order. */
function mapCalls(body: PhpNode, scope: NameScope): MapCall[] {
  const calls: MapCall[] = [];
  walk(body, (node) => {
    const lookup = node.kind === 'call' ? child(node, 'what') : undefined;
    const facade = child(lookup, 'what');
    if (lookup?.kind !== 'staticlookup' || facade?.kind !== 'name' || !MAP_METHODS.has(nameOf(child(lookup, 'offset'))?.toLowerCase() ?? '')) return;
    const array = children(node, 'arguments')[0];
    if (array?.kind !== 'array' || !sameClass(resolveName(scope, facade), RELATION)) return;
    const items = children(array, 'items');
    const entries = items.flatMap((item): MapEntry[] => {
      const alias = stringValue(child(item, 'key'));
      return alias === undefined ? [] : [{ alias, modelClass: referencedClass(scope, child(item, 'value')), node: item }];
    });
    calls.push({ array, entries, isList: items.length > 0 && items.every((item) => child(item, 'key') === undefined) });
  });
  return calls;
}

/** `Relation::morphMap([...]);` at the end of boot(). */
function addMapStatement(file: PhpFile, boot: PhpNode, body: PhpNode, relation: string, items: readonly string[]): Edit[] {
  const unit = indentUnit(indentAt(file.text, start(boot)));
  return addToBoot(file, boot, body, [`${relation}::morphMap([`, ...items.map((item) => `${unit}${item},`), ']);']);
}

/**
 * Lines at the end of boot(), in place of the skeleton's `//` when that is all the body holds: a placeholder for
 * code, which the lines now are.
 */
export function addToBoot(file: PhpFile, boot: PhpNode, body: PhpNode, lines: readonly string[]): Edit[] {
  const open = start(body);
  const close = closingBracket(file, open);
  const [only, ...others] = tokensBetween(file, open + 1, close).filter((token) => token.type !== 'T_WHITESPACE');
  const placeholder = others.length === 0 && only?.type === 'T_COMMENT' && only.text.trim() === '//' ? only : undefined;
  if (placeholder === undefined || !startsLine(file.text, placeholder.start) || !startsLine(file.text, close)) return appendToBody(file, boot, body, lines);
  const indent = indentAt(file.text, close);
  const text = lines.map((line) => `${indent}${indentUnit(indent)}${line}${file.eol}`).join('');
  return [{ start: lineStart(file.text, placeholder.start), end: lineStart(file.text, close), text }];
}
