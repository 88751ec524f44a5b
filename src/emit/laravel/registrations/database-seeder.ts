import type { Diagnostic } from '../../../diagnostics/diagnostic.js';
import type { PatchResult } from '../../../plan/file-plan.js';
import { classImports, referencedClass, sameClass, type ClassImport, type NameScope } from './class-references.js';
import {
  child,
  children,
  closingBracket,
  expressionEnd,
  field,
  finishPatch,
  indentAt,
  indentUnit,
  insertLinesAfter,
  lineStart,
  missingFile,
  nameOf,
  nextSignificant,
  newPhpParses,
  onSameLine,
  previousSignificant,
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
} from './php-source.js';

const SEEDER_PATH = 'database/seeders/DatabaseSeeder.php';
const SEEDER_NAMESPACE = 'Database\\Seeders';
const HINT = `Give ${SEEDER_PATH} the shape of Laravel's skeleton (class DatabaseSeeder in namespace ${SEEDER_NAMESPACE} with a run() method), then run fullapi again.`;
/** The Seeder methods that run other seeders; any of them counts as a registration. */
const CALL_METHODS = new Set(['call', 'callsilent', 'callonce', 'callwith']);

/** The parts of `DatabaseSeeder` the patch reads. */
interface SeederClass {
  imports: ClassImport[];
  scope: NameScope;
  run: PhpNode;
  body: PhpNode;
}

/**
 * Makes `DatabaseSeeder::run()` call `seederClass` (a seeder of `Database\Seeders`): added to the
 * `$this->call([...])` array when there is one, else as its own `$this->call(...)` statement. A seeder
 * already called, in any form, leaves the file unchanged.
 */
export function registerSeeder(existing: string | undefined, seederClass: string, parses: PhpParses = newPhpParses()): PatchResult {
  if (existing === undefined) return missingFile(SEEDER_PATH, `Restore ${SEEDER_PATH} from the Laravel skeleton, then run fullapi again.`);
  const parsed = parses.parse(SEEDER_PATH, existing);
  if (!parsed.ok) return parsed;
  const file = parsed.value;
  const seeder = locateSeeder(file);
  if (!seeder.ok) return seeder;
  const { imports, scope, run, body } = seeder.value;
  const target = `${SEEDER_NAMESPACE}\\${seederClass}`;
  const shadowing = imports.find((entry) => entry.localName.toLowerCase() === seederClass.toLowerCase() && !sameClass(entry.name, target));
  if (shadowing !== undefined) {
    return fail(file, start(shadowing.item), `${SEEDER_PATH} imports ${shadowing.name} as ${seederClass}, the name of the seeder fullapi registers`);
  }
  const called = parses.reading(file, 'called seeders', () => calledClasses(body, scope));
  if (called.some((name) => sameClass(name, target))) return { ok: true, content: existing };
  const item = `${seederClass}::class`;
  const calls = children(body, 'children').filter(isSeederCall);
  const arrayCall = calls.filter((call) => firstArgument(call)?.kind === 'array').at(-1);
  const arrayArgument = firstArgument(arrayCall);
  if (arrayArgument !== undefined) return finishPatch(file, appendToArray(file, arrayArgument, item), [], parses);
  const line = `$this->call(${item});`;
  const lastCall = calls.at(-1);
  if (lastCall !== undefined) {
    return finishPatch(file, [insertLinesAfter(file, statementEnd(file, lastCall), [line], indentAt(file.text, start(lastCall)))], [], parses);
  }
  return finishPatch(file, appendToBody(file, run, body, line), [], parses);
}

function fail(file: PhpFile, offset: number, message: string): { ok: false; diagnostic: Diagnostic } {
  return { ok: false, diagnostic: shapeError(file, offset, message, HINT) };
}

function locateSeeder(file: PhpFile): Parsed<SeederClass> {
  const namespace = children(file.program, 'children').find((statement) => statement.kind === 'namespace');
  if (namespace === undefined || !sameClass(field(namespace, 'name'), SEEDER_NAMESPACE)) {
    return fail(file, namespace === undefined ? 0 : start(namespace), `${SEEDER_PATH} is not in namespace ${SEEDER_NAMESPACE}`);
  }
  const statements = children(namespace, 'children');
  const seederClass = statements.find((statement) => statement.kind === 'class' && nameOf(statement)?.toLowerCase() === 'databaseseeder');
  if (seederClass === undefined) {
    return fail(file, start(namespace), `${SEEDER_PATH} has no class DatabaseSeeder`);
  }
  const run = children(seederClass, 'body').find((member) => member.kind === 'method' && nameOf(member)?.toLowerCase() === 'run');
  const body = child(run, 'body');
  if (run === undefined || body === undefined) {
    return fail(file, start(seederClass), `class DatabaseSeeder in ${SEEDER_PATH} has no run() method with a body`);
  }
  const imports = classImports(statements);
  return { ok: true, value: { imports, scope: { namespace: SEEDER_NAMESPACE, imports }, run, body } };
}

/** `$this->call(...)` and its siblings, as a statement or as an expression. */
function isSeederCall(node: PhpNode): boolean {
  const call = node.kind === 'expressionstatement' ? child(node, 'expression') : node;
  const lookup = call?.kind === 'call' ? child(call, 'what') : undefined;
  return lookup?.kind === 'propertylookup' && nameOf(child(lookup, 'what')) === 'this' && CALL_METHODS.has(nameOf(child(lookup, 'offset'))?.toLowerCase() ?? '');
}

function firstArgument(node: PhpNode | undefined): PhpNode | undefined {
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

/** A multi-line array gets the item on its own line with a trailing comma, as Pint wants; a one-line array inline. */
function appendToArray(file: PhpFile, array: PhpNode, item: string): Edit[] {
  // `array(...)` starts at the keyword; its bracket is the next token.
  const open = array.shortForm === false ? (nextSignificant(file, start(array) + 1)?.start ?? start(array)) : start(array);
  const close = closingBracket(file, open);
  const last = children(array, 'items').at(-1);
  if (last === undefined) return [{ start: open + 1, end: close, text: item }];
  const lastEnd = expressionEnd(file, start(last));
  const comma = nextSignificant(file, lastEnd);
  const hasComma = comma?.type === ',';
  if (!onSameLine(file.text, open, close) && startsLine(file.text, close)) {
    const line = { start: lineStart(file.text, close), end: lineStart(file.text, close), text: `${indentAt(file.text, start(last))}${item},${file.eol}` };
    return hasComma ? [line] : [{ start: lastEnd, end: lastEnd, text: ',' }, line];
  }
  return hasComma && comma !== undefined ? [{ start: comma.end, end: comma.end, text: ` ${item}` }] : [{ start: lastEnd, end: lastEnd, text: `, ${item}` }];
}

/** At the end of run(), after a blank line when the body already holds something. */
function appendToBody(file: PhpFile, run: PhpNode, body: PhpNode, line: string): Edit[] {
  const open = start(body);
  const close = closingBracket(file, open);
  const content = previousSignificant(file, close);
  const isEmpty = file.text.slice(open + 1, close).trim() === '';
  if (!onSameLine(file.text, open, close) && startsLine(file.text, close)) {
    const closeIndent = indentAt(file.text, close);
    const previousLine = file.text.slice(lineStart(file.text, lineStart(file.text, close) - 1), lineStart(file.text, close));
    const separator = isEmpty || previousLine.trim() === '' ? '' : file.eol;
    const at = lineStart(file.text, close);
    return [{ start: at, end: at, text: `${separator}${closeIndent}${indentUnit(closeIndent)}${line}${file.eol}` }];
  }
  if (isEmpty) {
    // `public function run(): void {}` as Pint writes an empty body: the brace moves to its own line.
    const indent = indentAt(file.text, start(run));
    const from = previousSignificant(file, open)?.end ?? open;
    const text = `${file.eol}${indent}{${file.eol}${indent}${indentUnit(indent)}${line}${file.eol}${indent}}`;
    return [{ start: from, end: close + 1, text }];
  }
  const at = content?.end ?? close;
  return [{ start: at, end: at, text: ` ${line}` }];
}
