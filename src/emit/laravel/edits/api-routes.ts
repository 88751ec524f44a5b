import { error, type Diagnostic } from '../../../diagnostics/diagnostic.js';
import type { PatchResult } from '../../../diagnostics/patch-result.js';
import { phpString } from '../values/php-literals.js';
import { importsByLocalName, isWrittenInFull, referencedClass, sameClass, shortName, withoutLeadingSlash, type NameScope } from '../../../php/class-references.js';
import {
  child,
  children,
  failedPatch,
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
} from '../../../php/php-source.js';
import { ensureClassImports, importClash, readUseLayout, type UseLayout } from '../../../php/use-block.js';

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
  /** Behind `auth:sanctum` (`--auth`): auth-routes.ts keeps the lines in the group. */
  authenticated: boolean;
}

const ROUTES_PATH = 'routes/api.php';
const ROUTE_FACADE = 'Illuminate\\Support\\Facades\\Route';
const EMPTY_FILE = '<?php\n';

type Registration = 'resource' | 'restore' | 'forceDelete';

/** The soft-delete routes: `withTrashed()` lets route model binding find a trashed model. */
export const MEMBER_ROUTES = {
  restore: { verb: 'post', suffix: 'restore', action: 'restore' },
  forceDelete: { verb: 'delete', suffix: 'force-delete', action: 'forceDelete' },
} as const;

/** A `Route::<verb>(...)` call and the statement it stands in. */
export interface RouteCall {
  call: PhpNode;
  verb: string;
  args: PhpNode[];
  statement: PhpNode | undefined;
}

/** What a route's action argument points at: `[Foo::class, 'bar']`, `Foo::class`, `'Foo'` or `'Foo@bar'`. */
export interface RouteAction {
  controller: string | undefined;
  method: string | undefined;
  /** The string literal naming the class, which the import and short name replace. */
  literal: PhpNode | undefined;
}

/** What registering routes reads off one parse of the file, the same for every entity. */
interface RoutesFile {
  statements: PhpNode[];
  layout: UseLayout;
  /** The file's class imports, for a `NameScope`. */
  imports: ReadonlyMap<string, string>;
  /** Route calls by the URI segment whose routes they may register (see `candidateSegments`), in file order. */
  callsBySegment: ReadonlyMap<string, RouteCall[]>;
  /** Class names written qualified (`\App\Http\Controllers\PostController`), by the class they spell, in lower case. */
  qualifiedNames: ReadonlyMap<string, PhpNode[]>;
  /** Class names written short (`PostController`), in lower case. */
  shortNames: ReadonlySet<string>;
  /** Routes naming their controller in a string (`'PostController@index'`), by that class in lower case. */
  stringActions: ReadonlyMap<string, RouteAction[]>;
}

/** What one entity's registration adds to the file. */
interface EntityRoutes {
  edits: Edit[];
  tail: string[][];
  /** The controller, when the file will name it by its short name; else nothing. */
  imports: string[];
  /** The `apiResource` line is new: a later entity of the same segment would find it registered already. */
  addsResource: boolean;
}

/**
 * Registers the entities' routes in `routes/api.php` (creating the file when it is missing), reading the file
 * once for all of them: for each, imports the controller, adds what is missing of `Route::apiResource` and the
 * soft-delete routes, and rewrites fully qualified references to the controller (as fullapi 3.x wrote them)
 * into the imported short name. The text is the one registering the entities one at a time would give, and
 * what is wrong is reported for each entity. Applied to its own output it changes nothing.
 */
export function registerResourceRoutes(existing: string | undefined, routes: readonly ResourceRoute[], parses: PhpParses = newPhpParses()): PatchResult {
  // An empty file is treated as a missing one: there is nothing of the user's to keep.
  const parsed = parses.parse(ROUTES_PATH, existing === undefined || existing.trim() === '' ? EMPTY_FILE : existing);
  if (!parsed.ok) return failedPatch(parsed.diagnostic);
  const file = parsed.value;
  const read = readRoutesFile(file);
  const namespace = read.statements.find((statement) => statement.kind === 'namespace');
  if (namespace !== undefined) {
    return failedPatch(refusal(file, start(namespace), `${ROUTES_PATH} declares a namespace; fullapi only edits route files in the global namespace`));
  }
  const registered: EntityRoutes[] = [];
  const diagnostics: Diagnostic[] = [];
  const resourcesAdded = new Map<string, string>();
  for (const route of routes) {
    const one = registerEntityRoutes(file, read, route, resourcesAdded);
    if (!one.ok) {
      diagnostics.push(one.diagnostic);
      continue;
    }
    registered.push(one.value);
    if (one.value.addsResource) resourcesAdded.set(route.uriSegment, `${route.controllerNamespace}\\${route.controllerClass}`);
  }
  const imports = ensureClassImports(file, read.statements, [...registered.flatMap((entity) => entity.imports), ROUTE_FACADE], read.layout);
  if (!imports.ok) diagnostics.push(imports.diagnostic);
  if (!imports.ok || diagnostics.length > 0) return { ok: false, diagnostics };
  // Lines two entities insert at one place (after statements sharing a line) come out as one entity after
  // another would have put them: the later one's first, as each inserts at the start of the next line.
  const edits = [...imports.value.edits, ...[...registered].reverse().flatMap((entity) => entity.edits)];
  return finishPatch(file, edits, [...imports.value.tail, ...registered.flatMap((entity) => entity.tail)], parses);
}

/** One entity's share of the edit; `resourcesAdded` are the segments earlier entities add `apiResource` lines for. */
function registerEntityRoutes(file: PhpFile, read: RoutesFile, route: ResourceRoute, resourcesAdded: ReadonlyMap<string, string>): Parsed<EntityRoutes> {
  const controller = `${route.controllerNamespace}\\${route.controllerClass}`;
  const key = controller.toLowerCase();
  // The controller's import counts already: a `PostController::class` written without it means ours.
  const scope: NameScope = { namespace: '', imports: [read.imports, new Map([[route.controllerClass.toLowerCase(), controller]])] };
  const calls = read.callsBySegment.get(route.uriSegment) ?? [];
  const registrations = placeRegistrations(file, scope, calls, route, controller, resourcesAdded);
  if (!registrations.ok) return registrations;
  const shortened = [
    ...shortenQualifiedNames(read.qualifiedNames.get(key) ?? [], scope, route.controllerClass),
    ...shortenStringActions(read.stringActions.get(key) ?? [], route.controllerClass),
  ];
  const usesShortName = registrations.value.addedLines || shortened.length > 0 || read.shortNames.has(route.controllerClass.toLowerCase());
  const clash = usesShortName ? importClash(file, read.layout, controller) : undefined;
  if (clash !== undefined) return { ok: false, diagnostic: clash };
  const { edits, tail, addsResource } = registrations.value;
  return { ok: true, value: { edits: [...shortened, ...edits], tail, imports: usesShortName ? [controller] : [], addsResource } };
}

function readRoutesFile(file: PhpFile): RoutesFile {
  const statements = children(file.program, 'children');
  const layout = readUseLayout(file, statements);
  const imports = importsByLocalName(layout.imports);
  const callsBySegment = new Map<string, RouteCall[]>();
  const qualifiedNames = new Map<string, PhpNode[]>();
  const shortNames = new Set<string>();
  const stringActions = new Map<string, RouteAction[]>();
  const add = <T>(map: Map<string, T[]>, key: string, value: T): void => {
    const list = map.get(key);
    if (list === undefined) map.set(key, [value]);
    else list.push(value);
  };
  walk(file.program, (node, ancestors) => {
    if (node.kind === 'name') {
      const written = field(node, 'name') ?? '';
      const resolution = field(node, 'resolution');
      if (resolution === 'uqn') shortNames.add(written.toLowerCase());
      else if (resolution === 'fqn' || resolution === 'qn') add(qualifiedNames, withoutLeadingSlash(written).toLowerCase(), node);
      return;
    }
    const call = routeCall(node, ancestors);
    if (call === undefined) return;
    for (const segment of candidateSegments(call)) add(callsBySegment, segment, call);
    // Most routes name their controller with `::class`: those have nothing to shorten, and resolving it costs.
    if (!namesControllerInString(call.args[1])) return;
    // A class named in a string is read the same in every scope.
    const action = actionOf({ namespace: '', imports: [imports] }, call.args[1]);
    if (action.controller !== undefined) add(stringActions, withoutLeadingSlash(action.controller).toLowerCase(), action);
  });
  return { statements, layout, imports, callsBySegment, qualifiedNames, shortNames, stringActions };
}

function refusal(file: PhpFile, offset: number, message: string): Diagnostic {
  return shapeError(file, offset, message, `Edit ${ROUTES_PATH} by hand, then run fullapi again.`);
}

/** A `Route::<verb>(...)` call, with the statement it stands in. */
export function routeCall(node: PhpNode, ancestors: readonly PhpNode[]): RouteCall | undefined {
  const target = node.kind === 'call' ? child(node, 'what') : undefined;
  const facade = child(target, 'what');
  if (target?.kind !== 'staticlookup' || facade?.kind !== 'name') return undefined;
  if (shortName(field(facade, 'name') ?? '').toLowerCase() !== 'route') return undefined;
  const statement = [...ancestors].reverse().find((ancestor) => ancestor.kind === 'expressionstatement');
  return { call: node, verb: nameOf(child(target, 'offset'))?.toLowerCase() ?? '', args: children(node, 'arguments'), statement };
}

/**
 * The segments whose routes a call may register (`registrationOf` decides): its URI, for a resource, and what
 * comes before the last `/{`, for a member route, whose wildcard holds no `/`.
 */
export function candidateSegments(call: RouteCall): string[] {
  const path = stringValue(call.args[0]);
  if (path === undefined) return [];
  const uri = trimSlashes(path);
  const wildcard = uri.lastIndexOf('/{');
  return wildcard === -1 ? [uri] : [uri, uri.slice(0, wildcard)];
}

export function trimSlashes(path: string): string {
  let [from, to] = [0, path.length];
  while (path[from] === '/') from++;
  while (to > from && path[to - 1] === '/') to--;
  return path.slice(from, to);
}

function memberUri(route: ResourceRoute, kind: keyof typeof MEMBER_ROUTES): string {
  return `${route.uriSegment}/{${route.routeParameter}}/${MEMBER_ROUTES[kind].suffix}`;
}

/** Which of the entity's routes a call registers, whatever wildcard it uses (3.x wrote `{id}`). */
export function registrationOf(call: RouteCall, route: ResourceRoute): Registration | undefined {
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

export function canonicalLine(kind: Registration, route: ResourceRoute): string {
  const controller = `${route.controllerClass}::class`;
  if (kind === 'resource') return `Route::apiResource(${phpString(route.uriSegment)}, ${controller});`;
  const { verb, action, suffix } = MEMBER_ROUTES[kind];
  const name = phpString(`${route.uriSegment}.${suffix}`);
  return `Route::${verb}(${phpString(memberUri(route, kind))}, [${controller}, ${phpString(action)}])->name(${name})->withTrashed();`;
}

/**
 * Keeps the registrations already in the file (completing 3.x soft-delete routes), and adds the missing
 * ones right after the entity's previous registration, or in a block at the end of the file. `calls` are
 * those that may register the entity's routes; `resourcesAdded`, the controllers whose `apiResource` lines
 * the same edit adds, by segment.
 */
function placeRegistrations(
  file: PhpFile,
  scope: NameScope,
  calls: readonly RouteCall[],
  route: ResourceRoute,
  controller: string,
  resourcesAdded: ReadonlyMap<string, string>,
): Parsed<{ edits: Edit[]; tail: string[][]; addedLines: boolean; addsResource: boolean }> {
  const wanted: Registration[] = route.softDeletes ? ['resource', 'restore', 'forceDelete'] : ['resource'];
  const edits: Edit[] = [];
  let addedLines = false;
  let addsResource = false;
  const tail: string[] = [];
  let anchor: PhpNode | undefined;
  let pending: string[] = [];
  const flush = (): void => {
    if (anchor === undefined) tail.push(...pending);
    else if (pending.length > 0) edits.push(insertLinesAfter(file, statementEnd(file, anchor), pending, indentAt(file.text, start(anchor))));
    pending = [];
  };
  const hint = `Point that route at ${route.controllerClass} or remove it, then run fullapi again.`;
  for (const kind of wanted) {
    const found = calls.find((call) => registrationOf(call, route) === kind);
    const addedBefore = kind === 'resource' ? resourcesAdded.get(route.uriSegment) : undefined;
    if (found === undefined && addedBefore !== undefined) {
      // Two entities of one run with the same routes (Medium and Media): the first one's new line routes them.
      const message = `${ROUTES_PATH} already routes '${route.uriSegment}' to ${addedBefore}, not to ${controller}`;
      return { ok: false, diagnostic: error('unexpected_php_shape', message, { file: ROUTES_PATH }, hint) };
    }
    if (found === undefined) {
      pending.push(canonicalLine(kind, route));
      addedLines = true;
      addsResource ||= kind === 'resource';
      continue;
    }
    const target = actionOf(scope, found.args[1]).controller;
    if (!sameClass(target, controller)) {
      const message = `${ROUTES_PATH} already routes '${stringValue(found.args[0])}' to ${target ?? 'something other than a controller class'}, not to ${controller}`;
      return { ok: false, diagnostic: shapeError(file, start(found.call), message, hint) };
    }
    flush();
    anchor = found.statement;
    if (kind !== 'resource') edits.push(...completeMemberRoute(file, found, kind, route));
  }
  flush();
  return { ok: true, value: { edits, tail: tail.length > 0 ? [tail] : [], addedLines, addsResource } };
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

export function actionOf(scope: NameScope, node: PhpNode | undefined): RouteAction {
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

/**
 * `\App\Http\Controllers\PostController` and `App\Http\Controllers\PostController` anywhere become `PostController`;
 * names relative to an import stay. `names` are those that spell the controller.
 */
function shortenQualifiedNames(names: readonly PhpNode[], scope: NameScope, short: string): Edit[] {
  return names.filter((node) => isWrittenInFull(scope, node)).map((node) => ({ start: start(node), end: leafEnd(node), text: short }));
}

/**
 * `'App\Http\Controllers\PostController'` becomes `PostController::class`; `'...PostController@restore'` an array
 * action. `actions` are those naming the controller in a string.
 */
function shortenStringActions(actions: readonly RouteAction[], short: string): Edit[] {
  return actions.flatMap((action) => {
    const literal = action.literal;
    if (literal === undefined) return [];
    // `'Foo@bar'` is the one string action with a method: actionOf splits it off.
    const { method } = action;
    const text = method !== undefined && stringValue(literal)?.includes('@') === true ? `[${short}::class, ${phpString(method)}]` : `${short}::class`;
    return [{ start: start(literal), end: leafEnd(literal), text }];
  });
}

/** Whether `actionOf` finds the controller in a string literal: `'Foo'`, `'Foo@bar'` or `['Foo', 'bar']`. */
function namesControllerInString(node: PhpNode | undefined): boolean {
  if (node?.kind !== 'array') return stringValue(node) !== undefined;
  const [first] = children(node, 'items').map((item) => (item.kind === 'entry' ? child(item, 'value') : item));
  return stringValue(first) !== undefined;
}
