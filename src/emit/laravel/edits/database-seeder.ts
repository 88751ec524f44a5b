import type { Diagnostic } from '../../../diagnostics/diagnostic.js';
import type { PatchResult } from '../../../diagnostics/patch-result.js';
import { classImports, importsByLocalName, referencedClass, sameClass, withoutLeadingSlash, type ClassImport, type NameScope } from '../../../php/class-references.js';
import { appendToArray, appendToBody } from '../../../php/insertions.js';
import {
  child,
  children,
  failedPatch,
  field,
  finishPatch,
  indentAt,
  insertLinesAfter,
  lineStart,
  missingFile,
  nameOf,
  newPhpParses,
  shapeError,
  start,
  startsLine,
  statementEnd,
  walk,
  type Edit,
  type Parsed,
  type PhpFile,
  type PhpNode,
  type PhpParses,
} from '../../../php/php-source.js';

export const SEEDER_PATH = 'database/seeders/DatabaseSeeder.php';
export const SEEDER_NAMESPACE = 'Database\\Seeders';
const HINT = `Give ${SEEDER_PATH} the shape of Laravel's skeleton (class DatabaseSeeder in namespace ${SEEDER_NAMESPACE} with a run() method), then run fullapi again.`;
/** The Seeder methods that run other seeders; any of them counts as a registration. */
const CALL_METHODS = new Set(['call', 'callsilent', 'callonce', 'callwith']);

/** The parts of `DatabaseSeeder` the patch reads. */
export interface SeederClass {
  /** The class imports of the seeders' namespace, by local name in lower case. */
  importsByName: ReadonlyMap<string, readonly ClassImport[]>;
  run: PhpNode;
  body: PhpNode;
  /** What class names mean in the file. */
  scope: NameScope;
  /** The classes run() calls, in lower case. */
  called: ReadonlySet<string>;
  /** The calls a new seeder may go before: run()'s own call statements, and the items of their arrays. */
  sites: readonly CallSite[];
}

/** A seeder called by a statement of run() (`$this->call(A::class);`) or as an item of its array. */
interface CallSite {
  /** The class, in lower case. */
  called: string;
  node: PhpNode;
  form: 'statement' | 'item';
}

/**
 * Makes `DatabaseSeeder::run()` call each of `seederClasses` (seeders of `Database\Seeders`, parents first),
 * reading the file once for all of them: added to the `$this->call([...])` array when there is one, else as
 * `$this->call(...)` statements. A seeder already called, in any form, is left as it is. A new seeder that
 * comes before one already called in `seederClasses` goes before that call, so a parent added to an existing
 * child is seeded first and its rows are there for the child's seeder to reuse. What is wrong is reported for
 * each seeder.
 */
export function registerSeeders(existing: string | undefined, seederClasses: readonly string[], parses: PhpParses = newPhpParses()): PatchResult {
  if (existing === undefined) return missingFile(SEEDER_PATH, `Restore ${SEEDER_PATH} from the Laravel skeleton, then run fullapi again.`);
  const parsed = parses.parse(SEEDER_PATH, existing);
  if (!parsed.ok) return failedPatch(parsed.diagnostic);
  const file = parsed.value;
  const seeder = locateSeeder(file);
  if (!seeder.ok) return failedPatch(seeder.diagnostic);
  const { importsByName, run, body, called, sites } = seeder.value;
  const diagnostics: Diagnostic[] = [];
  const keys = seederClasses.map((seederClass) => `${SEEDER_NAMESPACE}\\${seederClass}`.toLowerCase());
  const appended: string[] = [];
  const anchored = new Map<CallSite, string[]>();
  const added = new Set<string>();
  for (const [index, seederClass] of seederClasses.entries()) {
    const target = `${SEEDER_NAMESPACE}\\${seederClass}`;
    const shadowing = importsByName.get(seederClass.toLowerCase())?.find((entry) => !sameClass(entry.name, target));
    if (shadowing !== undefined) {
      diagnostics.push(shapeError(file, start(shadowing.item), `${SEEDER_PATH} imports ${shadowing.name} as ${seederClass}, the name of the seeder fullapi registers`, HINT));
      continue;
    }
    const key = target.toLowerCase();
    if (called.has(key) || added.has(key)) continue;
    added.add(key);
    const later = new Set(keys.slice(index + 1));
    const anchor = sites.find((site) => later.has(site.called));
    if (anchor === undefined) appended.push(`${seederClass}::class`);
    else anchored.set(anchor, [...(anchored.get(anchor) ?? []), `${seederClass}::class`]);
  }
  if (diagnostics.length > 0) return { ok: false, diagnostics };
  if (appended.length === 0 && anchored.size === 0) return { ok: true, content: existing };
  const before = [...anchored].map(([site, items]) => insertBefore(file, site, items));
  return finishPatch(file, [...before, ...(appended.length === 0 ? [] : appendEdits(file, run, body, appended))], [], parses);
}

function appendEdits(file: PhpFile, run: PhpNode, body: PhpNode, items: readonly string[]): Edit[] {
  const calls = children(body, 'children').filter(isSeederCall);
  const arrayCall = calls.filter((call) => firstArgument(call)?.kind === 'array').at(-1);
  const arrayArgument = firstArgument(arrayCall);
  if (arrayArgument !== undefined) return appendToArray(file, arrayArgument, items);
  const lines = items.map((item) => `$this->call(${item});`);
  const lastCall = calls.at(-1);
  if (lastCall !== undefined) return [insertLinesAfter(file, statementEnd(file, lastCall), lines, indentAt(file.text, start(lastCall)))];
  return appendToBody(file, run, body, lines);
}

/** The items before a call: a statement each on the lines above a statement, or before an array item. */
function insertBefore(file: PhpFile, site: CallSite, items: readonly string[]): Edit {
  const at = start(site.node);
  const indent = indentAt(file.text, at);
  if (site.form === 'statement') {
    const from = lineStart(file.text, at);
    return { start: from, end: from, text: items.map((item) => `${indent}$this->call(${item});${file.eol}`).join('') };
  }
  const separator = startsLine(file.text, at) ? `,${file.eol}${indent}` : ', ';
  return { start: at, end: at, text: items.map((item) => `${item}${separator}`).join('') };
}

export function locateSeeder(file: PhpFile): Parsed<SeederClass> {
  const fail = (offset: number, message: string): Parsed<SeederClass> => ({ ok: false, diagnostic: shapeError(file, offset, message, HINT) });
  const namespace = children(file.program, 'children').find((statement) => statement.kind === 'namespace');
  if (namespace === undefined || !sameClass(field(namespace, 'name'), SEEDER_NAMESPACE)) {
    return fail(namespace === undefined ? 0 : start(namespace), `${SEEDER_PATH} is not in namespace ${SEEDER_NAMESPACE}`);
  }
  const statements = children(namespace, 'children');
  const seederClass = statements.find((statement) => statement.kind === 'class' && nameOf(statement)?.toLowerCase() === 'databaseseeder');
  if (seederClass === undefined) {
    return fail(start(namespace), `${SEEDER_PATH} has no class DatabaseSeeder`);
  }
  const run = children(seederClass, 'body').find((member) => member.kind === 'method' && nameOf(member)?.toLowerCase() === 'run');
  const body = child(run, 'body');
  if (run === undefined || body === undefined) {
    return fail(start(seederClass), `class DatabaseSeeder in ${SEEDER_PATH} has no run() method with a body`);
  }
  const imports = classImports(statements);
  const importsByName = new Map<string, ClassImport[]>();
  for (const entry of imports) {
    const key = entry.localName.toLowerCase();
    importsByName.set(key, [...(importsByName.get(key) ?? []), entry]);
  }
  const scope: NameScope = { namespace: SEEDER_NAMESPACE, imports: [importsByLocalName(imports)] };
  const called = calledClasses(body, scope);
  return { ok: true, value: { importsByName, run, body, scope, called: new Set(called.map((name) => withoutLeadingSlash(name).toLowerCase())), sites: callSites(body, scope) } };
}

/** run()'s own calls in the order they run: a statement's class, or each item of its array. */
function callSites(body: PhpNode, scope: NameScope): CallSite[] {
  return children(body, 'children')
    .filter(isSeederCall)
    .flatMap((statement): CallSite[] => {
      const argument = firstArgument(statement);
      const site = (node: PhpNode, value: PhpNode | undefined, form: CallSite['form']): CallSite[] => {
        const name = referencedClass(scope, value);
        return name === undefined ? [] : [{ called: withoutLeadingSlash(name).toLowerCase(), node, form }];
      };
      if (argument?.kind !== 'array') return site(statement, argument, 'statement');
      return children(argument, 'items').flatMap((item) => site(item, child(item, 'value') ?? item, 'item'));
    });
}

/** `$this->call(...)` and its siblings, as a statement or as an expression. */
export function isSeederCall(node: PhpNode): boolean {
  const call = node.kind === 'expressionstatement' ? child(node, 'expression') : node;
  const lookup = call?.kind === 'call' ? child(call, 'what') : undefined;
  return lookup?.kind === 'propertylookup' && nameOf(child(lookup, 'what')) === 'this' && CALL_METHODS.has(nameOf(child(lookup, 'offset'))?.toLowerCase() ?? '');
}

export function firstArgument(node: PhpNode | undefined): PhpNode | undefined {
  const call = node?.kind === 'expressionstatement' ? child(node, 'expression') : node;
  return children(call, 'arguments')[0];
}

/** The classes the seeder calls in run() name, however nested (short, qualified or as a string). */
function calledClasses(body: PhpNode, scope: NameScope): string[] {
  const called: string[] = [];
  walk(body, (node) => {
    if (node.kind !== 'call' || !isSeederCall(node)) return;
    const argument = firstArgument(node);
    const named = argument?.kind === 'array' ? children(argument, 'items').map((item) => child(item, 'value') ?? item) : [argument];
    for (const entry of named) {
      const name = referencedClass(scope, entry);
      if (name !== undefined) called.push(name);
    }
  });
  return called;
}
