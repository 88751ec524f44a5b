import type { PatchResult } from '../../../plan/file-plan.js';
import { phpString } from '../php.js';
import { isWrittenInFull, referencedClass, resolveName, sameClass, shortName, withoutLeadingSlash, type NameScope } from './class-references.js';
import {
  child,
  children,
  field,
  finishPatch,
  indentAt,
  insertLinesAfter,
  leafEnd,
  nameOf,
  newPhpParses,
  previousSignificant,
  shapeError,
  start,
  statementEnd,
  statementTerminator,
  stringValue,
  walk,
  type Edit,
  type Parsed,
  type PhpFile,
  type PhpNode,
  type PhpParses,
} from './php-source.js';
import { ensureClassImports, readUseLayout } from './use-block.js';

/** One entity's routes, as `routes/api.php` registers them. */
export interface ResourceRoute {
  /** `PostController` */
  controllerClass: string;
  /** `App\Http\Controllers` */
  controllerNamespace: string;
  /** `posts`, `blog-posts`, `media` */
  uriSegment: string;
  /** The wildcard `apiResource` gives the member routes: `post`, `blog_post`, `medium`. */
  routeParameter: string;
  softDeletes: boolean;
}

const ROUTES_PATH = 'routes/api.php';
const ROUTE_FACADE = 'Illuminate\\Support\\Facades\\Route';
const EMPTY_FILE = '<?php\n';

type Registration = 'resource' | 'restore' | 'forceDelete';

/** The soft-delete routes: `withTrashed()` lets route model binding find a trashed model. */
const MEMBER_ROUTES = {
  restore: { verb: 'post', suffix: 'restore', action: 'restore' },
  forceDelete: { verb: 'delete', suffix: 'force-delete', action: 'forceDelete' },
} as const;

/** A `Route::<verb>(...)` call and the statement it stands in. */
interface RouteCall {
  call: PhpNode;
  verb: string;
  args: PhpNode[];
  statement: PhpNode | undefined;
}

/** What a route's action argument points at: `[Foo::class, 'bar']`, `Foo::class`, `'Foo'` or `'Foo@bar'`. */
interface RouteAction {
  controller: string | undefined;
  method: string | undefined;
  /** The string literal naming the class, which the import and short name replace. */
  literal: PhpNode | undefined;
}

/**
 * Registers an entity's routes in `routes/api.php` (creating the file when it is missing): imports the
 * controller, adds what is missing of `Route::apiResource` and the soft-delete routes, and rewrites fully
 * qualified references to the controller (as fullapi 3.x wrote them) into the imported short name.
 * Applied to its own output it changes nothing.
 */
export function registerResourceRoute(existing: string | undefined, route: ResourceRoute, parses: PhpParses = newPhpParses()): PatchResult {
  // An empty file is treated as a missing one: there is nothing of the user's to keep.
  const parsed = parses.parse(ROUTES_PATH, existing === undefined || existing.trim() === '' ? EMPTY_FILE : existing);
  if (!parsed.ok) return parsed;
  const file = parsed.value;
  const statements = children(file.program, 'children');
  const namespace = statements.find((statement) => statement.kind === 'namespace');
  if (namespace !== undefined) {
    return refuse(file, start(namespace), `${ROUTES_PATH} declares a namespace; fullapi only edits route files in the global namespace`);
  }
  const controller = `${route.controllerNamespace}\\${route.controllerClass}`;
  // The controller's import counts already: a `PostController::class` written without it means ours.
  const layout = parses.reading(file, 'use block', (read) => readUseLayout(read, children(read.program, 'children')));
  const scope: NameScope = { namespace: '', imports: [...layout.imports, { name: controller, localName: route.controllerClass }] };
  const calls = parses.reading(file, 'route calls', (read) => routeCalls(read.program));
  const names = parses.reading(file, 'names', (read) => nameNodes(read.program));
  const registrations = placeRegistrations(file, scope, calls, route, controller);
  if (!registrations.ok) return registrations;
  const shortened = [...shortenQualifiedNames(names, scope, controller, route.controllerClass), ...shortenStringActions(scope, calls, controller, route.controllerClass)];
  const usesShortName = registrations.value.addedLines || shortened.length > 0 || mentions(names, route.controllerClass);
  const imports = ensureClassImports(file, statements, usesShortName ? [controller, ROUTE_FACADE] : [ROUTE_FACADE], layout);
  if (!imports.ok) return imports;
  return finishPatch(file, [...imports.value.edits, ...shortened, ...registrations.value.edits], [...imports.value.tail, ...registrations.value.tail], parses);
}

/** Every class name the file writes, in file order. */
function nameNodes(program: PhpNode): PhpNode[] {
  const names: PhpNode[] = [];
  walk(program, (node) => {
    if (node.kind === 'name') names.push(node);
  });
  return names;
}

/** Whether the file refers to a class by this short name (`PostController::class`). */
function mentions(names: readonly PhpNode[], short: string): boolean {
  return names.some((node) => field(node, 'resolution') === 'uqn' && field(node, 'name')?.toLowerCase() === short.toLowerCase());
}

function refuse(file: PhpFile, offset: number, message: string): PatchResult {
  return { ok: false, diagnostic: shapeError(file, offset, message, `Edit ${ROUTES_PATH} by hand, then run fullapi again.`) };
}

function routeCalls(program: PhpNode): RouteCall[] {
  const found: RouteCall[] = [];
  walk(program, (node, ancestors) => {
    const target = node.kind === 'call' ? child(node, 'what') : undefined;
    const facade = child(target, 'what');
    if (target?.kind !== 'staticlookup' || facade?.kind !== 'name') return;
    if (shortName(field(facade, 'name') ?? '').toLowerCase() !== 'route') return;
    const statement = [...ancestors].reverse().find((ancestor) => ancestor.kind === 'expressionstatement');
    found.push({ call: node, verb: nameOf(child(target, 'offset'))?.toLowerCase() ?? '', args: children(node, 'arguments'), statement });
  });
  return found;
}

function trimSlashes(path: string): string {
  let [from, to] = [0, path.length];
  while (path[from] === '/') from++;
  while (to > from && path[to - 1] === '/') to--;
  return path.slice(from, to);
}

function memberUri(route: ResourceRoute, kind: keyof typeof MEMBER_ROUTES): string {
  return `${route.uriSegment}/{${route.routeParameter}}/${MEMBER_ROUTES[kind].suffix}`;
}

/** Which of the entity's routes a call registers, whatever wildcard it uses (3.x wrote `{id}`). */
function registrationOf(call: RouteCall, route: ResourceRoute): Registration | undefined {
  const path = stringValue(call.args[0]);
  if (path === undefined) return undefined;
  const uri = trimSlashes(path);
  if ((call.verb === 'apiresource' || call.verb === 'resource') && uri === route.uriSegment) return 'resource';
  for (const kind of ['restore', 'forceDelete'] as const) {
    const prefix = `${route.uriSegment}/{`;
    const suffix = `}/${MEMBER_ROUTES[kind].suffix}`;
    const wildcard = uri.slice(prefix.length, uri.length - suffix.length);
    const isMember = uri.startsWith(prefix) && uri.endsWith(suffix) && uri.length >= prefix.length + suffix.length;
    if (call.verb === MEMBER_ROUTES[kind].verb && isMember && !wildcard.includes('/')) return kind;
  }
  return undefined;
}

function canonicalLine(kind: Registration, route: ResourceRoute): string {
  const controller = `${route.controllerClass}::class`;
  if (kind === 'resource') return `Route::apiResource(${phpString(route.uriSegment)}, ${controller});`;
  const { verb, action, suffix } = MEMBER_ROUTES[kind];
  const name = phpString(`${route.uriSegment}.${suffix}`);
  return `Route::${verb}(${phpString(memberUri(route, kind))}, [${controller}, ${phpString(action)}])->name(${name})->withTrashed();`;
}

/**
 * Keeps the registrations already in the file (completing 3.x soft-delete routes), and adds the missing
 * ones right after the entity's previous registration, or in a block at the end of the file.
 */
function placeRegistrations(
  file: PhpFile,
  scope: NameScope,
  calls: readonly RouteCall[],
  route: ResourceRoute,
  controller: string,
): Parsed<{ edits: Edit[]; tail: string[][]; addedLines: boolean }> {
  const wanted: Registration[] = route.softDeletes ? ['resource', 'restore', 'forceDelete'] : ['resource'];
  const edits: Edit[] = [];
  let addedLines = false;
  const tail: string[] = [];
  let anchor: PhpNode | undefined;
  let pending: string[] = [];
  const flush = (): void => {
    if (anchor === undefined) tail.push(...pending);
    else if (pending.length > 0) edits.push(insertLinesAfter(file, statementEnd(file, anchor), pending, indentAt(file.text, start(anchor))));
    pending = [];
  };
  for (const kind of wanted) {
    const found = calls.find((call) => registrationOf(call, route) === kind);
    if (found === undefined) {
      pending.push(canonicalLine(kind, route));
      addedLines = true;
      continue;
    }
    const target = actionOf(scope, found.args[1]).controller;
    if (!sameClass(target, controller)) {
      const message = `${ROUTES_PATH} already routes '${stringValue(found.args[0])}' to ${target ?? 'something other than a controller class'}, not to ${controller}`;
      return { ok: false, diagnostic: shapeError(file, start(found.call), message, `Point that route at ${route.controllerClass} or remove it, then run fullapi again.`) };
    }
    flush();
    anchor = found.statement;
    if (kind !== 'resource') edits.push(...completeMemberRoute(file, found, kind, route));
  }
  flush();
  return { ok: true, value: { edits, tail: tail.length > 0 ? [tail] : [], addedLines } };
}

/** A 3.x soft-delete route gets the binding wildcard, its name and `withTrashed()`; anything else chained stays. */
function completeMemberRoute(file: PhpFile, found: RouteCall, kind: keyof typeof MEMBER_ROUTES, route: ResourceRoute): Edit[] {
  const edits: Edit[] = [];
  const uri = found.args[0];
  const wildcard = trimSlashes(stringValue(uri) ?? '').split('/').at(-2);
  if (uri !== undefined && wildcard !== `{${route.routeParameter}}`) {
    edits.push({ start: start(uri), end: leafEnd(uri), text: phpString(memberUri(route, kind)) });
  }
  const chained = methodsChainedAfter(found);
  const terminator = found.statement === undefined ? undefined : statementTerminator(file, start(found.statement));
  if (chained === undefined || terminator === undefined) return edits;
  const missing = [
    ...(chained.includes('name') ? [] : [`->name(${phpString(`${route.uriSegment}.${MEMBER_ROUTES[kind].suffix}`)})`]),
    ...(chained.includes('withtrashed') ? [] : ['->withTrashed()']),
  ];
  const at = previousSignificant(file, terminator.start)?.end ?? terminator.start;
  if (missing.length > 0) edits.push({ start: at, end: at, text: missing.join('') });
  return edits;
}

/** The methods called on the route in its statement (`->name()->withTrashed()`), lower-cased; undefined if it is not a plain chain. */
function methodsChainedAfter(found: RouteCall): string[] | undefined {
  const methods: string[] = [];
  let node = child(found.statement, 'expression');
  while (node !== undefined && node !== found.call) {
    const lookup = node.kind === 'call' ? child(node, 'what') : undefined;
    if (lookup?.kind !== 'propertylookup' && lookup?.kind !== 'nullsafepropertylookup') return undefined;
    methods.push(nameOf(child(lookup, 'offset'))?.toLowerCase() ?? '');
    node = child(lookup, 'what');
  }
  return node === found.call ? methods : undefined;
}

function actionOf(scope: NameScope, node: PhpNode | undefined): RouteAction {
  if (node?.kind === 'array') {
    const [first, second] = children(node, 'items').map((item) => (item.kind === 'entry' ? child(item, 'value') : item));
    return { controller: referencedClass(scope, first), method: stringValue(second), literal: stringValue(first) === undefined ? undefined : first };
  }
  const value = stringValue(node);
  if (value?.includes('@')) {
    const [className = '', method] = value.split('@');
    return { controller: withoutLeadingSlash(className), method, literal: node };
  }
  return { controller: referencedClass(scope, node), method: undefined, literal: value === undefined ? undefined : node };
}

/** `\App\Http\Controllers\PostController` and `App\Http\Controllers\PostController` anywhere become `PostController`; names relative to an import stay. */
function shortenQualifiedNames(names: readonly PhpNode[], scope: NameScope, controller: string, short: string): Edit[] {
  return names
    .filter((node) => isWrittenInFull(scope, node) && sameClass(resolveName(scope, node), controller))
    .map((node) => ({ start: start(node), end: leafEnd(node), text: short }));
}

/** `'App\Http\Controllers\PostController'` becomes `PostController::class`; `'...PostController@restore'` an array action. */
function shortenStringActions(scope: NameScope, calls: readonly RouteCall[], controller: string, short: string): Edit[] {
  return calls.flatMap((call) => {
    // Most routes name their controller with `::class`: those have nothing to shorten, and resolving it costs.
    if (!namesControllerInString(call.args[1])) return [];
    const action = actionOf(scope, call.args[1]);
    const literal = action.literal;
    if (literal === undefined || !sameClass(action.controller, controller)) return [];
    const isAtForm = stringValue(literal)?.includes('@') === true;
    const text = isAtForm ? `[${short}::class, ${phpString(action.method ?? '')}]` : `${short}::class`;
    return [{ start: start(literal), end: leafEnd(literal), text }];
  });
}

/** Whether `actionOf` finds the controller in a string literal: `'Foo'`, `'Foo@bar'` or `['Foo', 'bar']`. */
function namesControllerInString(node: PhpNode | undefined): boolean {
  if (node?.kind !== 'array') return stringValue(node) !== undefined;
  const [first] = children(node, 'items').map((item) => (item.kind === 'entry' ? child(item, 'value') : item));
  return stringValue(first) !== undefined;
}
