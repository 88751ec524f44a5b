import type { PatchResult } from '../../../diagnostics/patch-result.js';
import { actionOf } from '../edits/api-routes.js';
import { classImports, importsByLocalName, sameClass, shortName, type NameScope } from '../../../php/class-references.js';
import { child, children, failedPatch, field, nameOf, newPhpParses, spanAt, start, stringValue, walk, type Parsed, type PhpFile, type PhpNode, type PhpParses } from '../../../php/php-source.js';
import { removeStatements } from '../../../php/statement-removal.js';

/** A route statement that names a controller class, as `routes/api.php` or `routes/web.php` writes it. */
export interface ControllerRoute {
  /** Fully qualified, without a leading `\`. */
  controller: string;
  statement: PhpNode;
  line: number;
}

/** Where each route-registering method takes its action: `Route::match` takes the verbs first. */
const ACTION_ARGUMENT: Readonly<Record<string, number>> = {
  get: 1,
  post: 1,
  put: 1,
  patch: 1,
  delete: 1,
  options: 1,
  any: 1,
  match: 2,
  resource: 1,
  apiresource: 1,
  singleton: 1,
  apisingleton: 1,
  controller: 0,
};

/**
 * The route statements of the file that name a controller class: `Route::get('/x', [Foo::class, 'bar'])`,
 * `Route::apiResource('x', Foo::class)`, `'Foo@bar'` and fully qualified strings, `Route::controller(Foo::class)->group(...)`,
 * registrations chained after `Route::middleware(...)` and those inside groups. Each statement is the innermost
 * one holding the call, in file order; a statement inside a `Route::controller` group names that group's class
 * only through the group.
 */
export function controllerRoutes(file: PhpFile): ControllerRoute[] {
  const scope: NameScope = {
    namespace: '',
    imports: [importsByLocalName(classImports(children(file.program, 'children')))],
  };
  const found: ControllerRoute[] = [];
  walk(file.program, (node, ancestors) => {
    const verb = routeVerb(node);
    const position = verb === undefined ? undefined : ACTION_ARGUMENT[verb];
    if (position === undefined) return;
    const argument = children(node, 'arguments')[position];
    // In a `Route::controller(Foo::class)->group(...)`, `'index'` names a method of Foo, not a class.
    if (stringValue(argument)?.includes('@') === false && ancestors.some(isControllerGroup) && verb !== 'controller') return;
    const controller = actionOf(scope, argument).controller;
    const statement = [...ancestors].reverse().find((ancestor) => ancestor.kind === 'expressionstatement');
    if (controller === undefined || controller === '' || statement === undefined) return;
    found.push({
      controller,
      statement,
      line: spanAt(file, start(statement)).line ?? 1,
    });
  });
  return found;
}

/** `controllerRoutes` of a file's text, or why it does not parse. */
export function findControllerRoutes(path: string, text: string, parses: PhpParses = newPhpParses()): Parsed<ControllerRoute[]> {
  const parsed = parses.parse(path, text);
  return parsed.ok ? { ok: true, value: controllerRoutes(parsed.value) } : parsed;
}

/**
 * Removes every route statement naming one of `controllers` (fully qualified), and the imports of those
 * classes the removal leaves unused. Everything else stays byte for byte, but for the blank lines around a
 * removed statement, kept as Pint wants them: one between statements, none at the edge of a block. Only for a file
 * that exists: a patch has no way to leave a missing file missing.
 */
export function removeControllerRoutes(path: string, existing: string, controllers: readonly string[], parses: PhpParses = newPhpParses()): PatchResult {
  const parsed = parses.parse(path, existing);
  if (!parsed.ok) return failedPatch(parsed.diagnostic);
  const file = parsed.value;
  const named = controllerRoutes(file).filter((route) => controllers.some((name) => sameClass(route.controller, name)));
  const doomed = outermost(
    withEmptiedGroups(
      file,
      named.map((route) => route.statement),
    ),
  );
  return removeStatements(file, doomed, [], parses);
}

/** The statements, and the route groups (nested or not) whose every statement is among them. */
function withEmptiedGroups(file: PhpFile, statements: readonly PhpNode[]): PhpNode[] {
  const gone = new Set(statements);
  const groups: { statement: PhpNode; body: PhpNode[] }[] = [];
  walk(file.program, (node) => {
    const call = child(node, 'expression');
    if (node.kind !== 'expressionstatement' || call === undefined || routeVerb(call) !== 'group') return;
    const closure = children(call, 'arguments').find((argument) => argument.kind === 'closure' || argument.kind === 'arrowfunc');
    const body = children(child(closure, 'body'), 'children');
    if (body.length > 0) groups.push({ statement: node, body });
  });
  // Innermost groups come last in a depth-first walk: emptied first, they empty the groups around them.
  for (const group of groups.reverse()) if (group.body.every((statement) => gone.has(statement))) gone.add(group.statement);
  return [...gone];
}

/** The statements not inside another one of the list. */
function outermost(statements: readonly PhpNode[]): PhpNode[] {
  const unique = [...new Set(statements)];
  return unique.filter((statement) => !unique.some((other) => other !== statement && start(other) <= start(statement) && end(other) >= end(statement)));
}

function end(node: PhpNode): number {
  return node.loc?.end.offset ?? 0;
}

/** The lower-cased method a call registers a route with: `Route::get(...)`, or `->get(...)` chained after a `Route::` call. */
function routeVerb(node: PhpNode): string | undefined {
  if (node.kind !== 'call') return undefined;
  const target = child(node, 'what');
  const verb = nameOf(child(target, 'offset'))?.toLowerCase();
  if (target?.kind === 'staticlookup') return isRouteFacade(child(target, 'what')) ? verb : undefined;
  if (target?.kind !== 'propertylookup' && target?.kind !== 'nullsafepropertylookup') return undefined;
  return chainRoot(child(target, 'what')) === undefined ? undefined : verb;
}

/** The `Route::` call a chain of method calls starts from. */
function chainRoot(node: PhpNode | undefined): PhpNode | undefined {
  let current = node;
  while (current?.kind === 'call') {
    const target = child(current, 'what');
    if (target?.kind === 'staticlookup') return isRouteFacade(child(target, 'what')) ? current : undefined;
    current = child(target, 'what');
  }
  return undefined;
}

function isRouteFacade(node: PhpNode | undefined): boolean {
  return node?.kind === 'name' && shortName(field(node, 'name') ?? '').toLowerCase() === 'route';
}

/** A `->group(...)` call on a chain holding `controller(...)`. */
function isControllerGroup(node: PhpNode): boolean {
  if (routeVerb(node) !== 'group') return false;
  let current = child(child(node, 'what'), 'what');
  while (current?.kind === 'call') {
    if (routeVerb(current) === 'controller') return true;
    current = child(child(current, 'what'), 'what');
  }
  return false;
}

/**
 * The project-relative files a routes file includes, as Laravel's own routes files do: `require __DIR__.'/auth.php'`
 * and `require base_path('routes/admin.php')` (any of include/require and their `_once` forms). Paths built any other
 * way are not followed.
 */
export function includedFiles(file: PhpFile): string[] {
  const folder = file.path.includes('/') ? file.path.slice(0, file.path.lastIndexOf('/')) : '';
  const found: string[] = [];
  walk(file.program, (node) => {
    if (node.kind !== 'include') return;
    const target = child(node, 'target');
    const right = stringValue(child(target, 'right'));
    if (target?.kind === 'bin' && field(target, 'type') === '.' && field(child(target, 'left'), 'value') === '__DIR__' && right !== undefined) {
      found.push(normalised(`${folder}/${right}`));
    } else if (target?.kind === 'call' && nameOf(child(target, 'what'))?.toLowerCase() === 'base_path') {
      const path = stringValue(children(target, 'arguments')[0]);
      if (path !== undefined) found.push(normalised(path));
    }
  });
  return found;
}

/** `routes/./x/../auth.php` as `routes/auth.php`; undefined segments above the root are kept, for the reader to refuse. */
function normalised(path: string): string {
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..' && segments.length > 0 && segments.at(-1) !== '..') segments.pop();
    else segments.push(segment);
  }
  return segments.join('/');
}
