import { warning, warningAt, type Diagnostic } from '../../../diagnostics/diagnostic.js';
import type { PatchResult } from '../../../diagnostics/patch-result.js';
import { appendToClosure } from '../../../php/insertions.js';
import { candidateSegments, canonicalLine, registerResourceRoutes, registrationOf, routeCall, trimSlashes, type ResourceRoute, type RouteCall } from './api-routes.js';
import {
  child,
  children,
  failedPatch,
  finishPatch,
  indentAt,
  insertLinesAfter,
  lineStart,
  nameOf,
  newPhpParses,
  spanAt,
  start,
  startsLine,
  statementEnd,
  stringValue,
  walk,
  type Edit,
  type PhpFile,
  type PhpNode,
  type PhpParses,
} from '../../../php/php-source.js';
import { removeStatements } from '../../../php/statement-removal.js';
import { ensureClassImports } from '../../../php/use-block.js';

const ROUTES_PATH = 'routes/api.php';
const AUTH_CONTROLLER = 'App\\Http\\Controllers\\AuthController';
const ROUTE_FACADE = 'Illuminate\\Support\\Facades\\Route';
const GUARD = 'auth:sanctum';
const AUTH_GROUP_OPEN = "Route::middleware('auth:sanctum')->group(function () {";

/** A route of the AuthController: found by its verb and URI wherever the file has it, else added as `line`. */
interface AuthRoute {
  verb: string;
  uri: string;
  line: string;
}

const authRoute = (verb: string, uri: string, action: string, middleware = ''): AuthRoute => ({
  verb,
  uri,
  line: `Route::${verb}('/${uri}', [AuthController::class, '${action}'])${middleware};`,
});

/**
 * Six attempts a minute from one address: enough for a person, too few to guess passwords. The prefix keeps the two
 * counters apart, as Laravel's throttle otherwise counts every route of one address together.
 */
const throttled = (uri: string): string => `->middleware('throttle:6,1,${uri}')`;

/** Open to guests: they are how a client gets a token. */
const PUBLIC_ROUTES: readonly AuthRoute[] = [authRoute('post', 'register', 'register', throttled('register')), authRoute('post', 'login', 'login', throttled('login'))];
/** Inside the group: they need the token. A `GET user` of the project's own (install:api's closure) answers the same and stays. */
const GUARDED_ROUTES: readonly AuthRoute[] = [authRoute('post', 'logout', 'logout'), authRoute('get', 'user', 'user')];

/** Where an entity's route line stands relative to `auth:sanctum`. */
interface PlacedLine {
  route: ResourceRoute;
  line: string;
  statement: PhpNode;
  /** Exactly the line fullapi writes, as a statement of its own. */
  canonical: boolean;
  /** A statement of the file itself, outside any block. */
  topLevel: boolean;
  /** A statement right inside the group fullapi adds to. */
  inGroup: boolean;
  /** Inside any `auth:sanctum` group, or chained `->middleware('auth:sanctum')`. */
  guarded: boolean;
}

/** What the auth edit reads off the routes file. */
interface AuthRoutesFile {
  /** The first top-level `Route::middleware('auth:sanctum')->group(function () { ... });`. */
  group?: { statement: PhpNode; closure: PhpNode };
  calls: RouteCall[];
  placed: PlacedLine[];
}

/**
 * Registers the entities' routes in `routes/api.php` (registerResourceRoutes), then, when an entity has `--auth` or
 * the file has an `auth:sanctum` group, keeps each entity's lines on its side of `auth:sanctum`: the AuthController's
 * public `register`/`login` routes, and one `Route::middleware('auth:sanctum')->group(...)` holding `logout`, `user`
 * and every authenticated entity's lines (the user's own group when there is one). A line exactly as fullapi writes
 * it moves to its side (into the group, or out of it to the top level when the entity no longer has `--auth`); any
 * other line stays where the user put it, with a warning. Applied to its own output it changes nothing.
 */
export function registerRoutes(existing: string | undefined, routes: readonly ResourceRoute[], parses: PhpParses = newPhpParses()): PatchResult {
  const registered = registerResourceRoutes(existing, routes, parses);
  if (!registered.ok) return registered;
  const parsed = parses.parse(ROUTES_PATH, registered.content);
  if (!parsed.ok) return failedPatch(parsed.diagnostic);
  const authenticated = routes.some((route) => route.authenticated);
  const first = readAuthRoutes(parsed.value, routes);
  if (!authenticated && first.group === undefined) return registered;
  const moving = first.placed.filter((placed) => movesIn(placed) || movesOut(placed));
  const removed = moving.length === 0 ? registered : removeStatements(parsed.value, moving.map((placed) => placed.statement), [], parses);
  if (!removed.ok) return removed;
  const reparsed = parses.parse(ROUTES_PATH, removed.content);
  if (!reparsed.ok) return failedPatch(reparsed.diagnostic);
  const placed = placeAuthRoutes(reparsed.value, routes, moving, authenticated, parses);
  if (!placed.ok) return placed;
  const final = parses.parse(ROUTES_PATH, placed.content);
  if (!final.ok) return failedPatch(final.diagnostic);
  // Read off the text written, so each warning points at the line as it stands.
  const warnings = [...readAuthRoutes(final.value, routes).placed.flatMap((line) => misplaced(final.value, line)), ...movedOut(moving)];
  return warnings.length === 0 ? placed : { ...placed, warnings };
}

function movesIn(placed: PlacedLine): boolean {
  return placed.route.authenticated && !placed.guarded && placed.topLevel && placed.canonical;
}

function movesOut(placed: PlacedLine): boolean {
  return !placed.route.authenticated && placed.inGroup && placed.canonical;
}

/** The auth routes, the group's new lines and the lines moving out, with their imports; `moving` were removed already. */
function placeAuthRoutes(file: PhpFile, routes: readonly ResourceRoute[], moving: readonly PlacedLine[], authenticated: boolean, parses: PhpParses): PatchResult {
  const read = readAuthRoutes(file, routes);
  const has = (wanted: AuthRoute): boolean => read.calls.some((call) => call.verb === wanted.verb && trimSlashes(stringValue(call.args[0]) ?? '') === wanted.uri);
  const publicMissing = authenticated ? PUBLIC_ROUTES.filter((wanted) => !has(wanted)) : [];
  const guardedMissing = authenticated ? GUARDED_ROUTES.filter((wanted) => !has(wanted)) : [];
  const groupLines = [...guardedMissing.map((wanted) => wanted.line), ...moving.filter(movesIn).map((placed) => placed.line)];
  const outLines = moving.filter(movesOut).map((placed) => placed.line);
  const edits: Edit[] = [];
  const tail: string[][] = [];
  if (publicMissing.length > 0) {
    const publicLines = publicMissing.map((wanted) => wanted.line);
    const neighbour = read.calls.find((call) => PUBLIC_ROUTES.some((wanted) => call.verb === wanted.verb && trimSlashes(stringValue(call.args[0]) ?? '') === wanted.uri));
    if (neighbour?.statement !== undefined) edits.push(besideStatement(file, neighbour.statement, publicLines, publicMissing[0] === PUBLIC_ROUTES[0]));
    else if (read.group !== undefined) edits.push(beforeTopLevel(file, read.group.statement, publicLines));
    else tail.push(publicLines);
  }
  if (groupLines.length > 0) {
    if (read.group !== undefined) edits.push(appendToClosure(file, read.group.closure, groupLines));
    else tail.push([AUTH_GROUP_OPEN, ...groupLines.map((line) => `    ${line}`), '});']);
  }
  if (outLines.length > 0) tail.push(outLines);
  if (edits.length === 0 && tail.length === 0) return { ok: true, content: file.text };
  const controllers = moving.map((placed) => `${placed.route.controllerNamespace}\\${placed.route.controllerClass}`);
  const authController = publicMissing.length > 0 || guardedMissing.length > 0 ? [AUTH_CONTROLLER] : [];
  const statements = children(file.program, 'children');
  const imports = ensureClassImports(file, statements, [...new Set([...authController, ...controllers]), ROUTE_FACADE]);
  if (!imports.ok) return failedPatch(imports.diagnostic);
  return finishPatch(file, [...imports.value.edits, ...edits], [...imports.value.tail, ...tail], parses);
}

function readAuthRoutes(file: PhpFile, routes: readonly ResourceRoute[]): AuthRoutesFile {
  const statements = children(file.program, 'children');
  const group = statements.flatMap((statement) => {
    const closure = authGroupClosure(statement);
    return closure === undefined ? [] : [{ statement, closure }];
  })[0];
  const groupBody = new Set(children(child(group?.closure, 'body'), 'children'));
  const topLevel = new Set(statements);
  const calls: RouteCall[] = [];
  const placed: PlacedLine[] = [];
  // Each call is matched against the routes of its own URI only: a file of a thousand entities holds thousands of calls.
  const routeIndex = new Map(routes.map((route, index) => [route, index]));
  const routesBySegment = new Map<string, ResourceRoute[]>();
  for (const route of routes) routesBySegment.set(route.uriSegment, [...(routesBySegment.get(route.uriSegment) ?? []), route]);
  walk(file.program, (node, ancestors) => {
    const call = routeCall(node, ancestors);
    if (call === undefined) return;
    calls.push(call);
    const statement = call.statement;
    if (statement === undefined) return;
    const candidates = candidateSegments(call).flatMap((segment) => routesBySegment.get(segment) ?? []);
    for (const route of [...new Set(candidates)].sort((a, b) => (routeIndex.get(a) ?? 0) - (routeIndex.get(b) ?? 0))) {
      const kind = registrationOf(call, route);
      if (kind === undefined) continue;
      const line = canonicalLine(kind, route);
      placed.push({
        route,
        line,
        statement,
        canonical: file.text.slice(start(statement), statementEnd(file, statement)) === line,
        topLevel: topLevel.has(statement),
        inGroup: groupBody.has(statement),
        guarded: ancestors.some(isGuardedGroup) || chainsGuard(statement, call),
      });
    }
  });
  return { ...(group === undefined ? {} : { group }), calls, placed };
}

/** The closure of `Route::middleware('auth:sanctum')->group(function () { ... });` (or `['auth:sanctum']`). */
function authGroupClosure(statement: PhpNode): PhpNode | undefined {
  const call = statement.kind === 'expressionstatement' ? child(statement, 'expression') : undefined;
  const lookup = call?.kind === 'call' ? child(call, 'what') : undefined;
  if (lookup?.kind !== 'propertylookup' || nameOf(child(lookup, 'offset'))?.toLowerCase() !== 'group') return undefined;
  const [closure] = children(call, 'arguments');
  const middleware = child(lookup, 'what');
  const target = middleware?.kind === 'call' ? child(middleware, 'what') : undefined;
  const facade = child(target, 'what');
  if (closure?.kind !== 'closure' || target?.kind !== 'staticlookup' || facade?.kind !== 'name') return undefined;
  if ((nameOf(facade) ?? '').split('\\').pop()?.toLowerCase() !== 'route' || nameOf(child(target, 'offset'))?.toLowerCase() !== 'middleware') return undefined;
  const args = children(middleware, 'arguments');
  const [only] = args;
  const guards = only?.kind === 'array' ? children(only, 'items').map((item) => child(item, 'value') ?? item) : args;
  return guards.length === 1 && stringValue(guards[0]) === GUARD ? closure : undefined;
}

/** A `->group(...)` call whose chain holds `middleware(...)` naming `auth:sanctum`. */
function isGuardedGroup(node: PhpNode): boolean {
  const lookup = node.kind === 'call' ? child(node, 'what') : undefined;
  if (nameOf(child(lookup, 'offset'))?.toLowerCase() !== 'group') return false;
  let current = child(lookup, 'what');
  while (current?.kind === 'call') {
    const target = child(current, 'what');
    if (nameOf(child(target, 'offset'))?.toLowerCase() === 'middleware' && namesGuard(current)) return true;
    current = child(target, 'what');
  }
  return false;
}

/** `Route::get(...)->middleware('auth:sanctum')` and the like: the route guards itself. */
function chainsGuard(statement: PhpNode, call: RouteCall): boolean {
  let node = child(statement, 'expression');
  while (node?.kind === 'call' && node !== call.call) {
    const lookup = child(node, 'what');
    if (nameOf(child(lookup, 'offset'))?.toLowerCase() === 'middleware' && namesGuard(node)) return true;
    node = child(lookup, 'what');
  }
  return false;
}

function namesGuard(call: PhpNode): boolean {
  return children(call, 'arguments').some((arg) => {
    const values = arg.kind === 'array' ? children(arg, 'items').map((item) => child(item, 'value') ?? item) : [arg];
    return values.some((value) => stringValue(value) === GUARD);
  });
}

/** The warning of a line left on the wrong side of `auth:sanctum`, saying what to move. */
function misplaced(file: PhpFile, placed: PlacedLine): Diagnostic[] {
  const { route, statement } = placed;
  const at = spanAt(file, start(statement));
  if (route.authenticated && !placed.guarded) {
    const message = `${ROUTES_PATH} registers '${route.uriSegment}' outside the auth:sanctum group, so ${route.controllerClass} answers without a token; fullapi moves only lines it wrote itself`;
    return [warningAt('route_outside_auth_group', message, at, `Move this line into Route::middleware('auth:sanctum')->group(...), or add ->middleware('auth:sanctum') to it.`)];
  }
  // A top-level line guarded by its own `->middleware('auth:sanctum')` is the user's choice for that route.
  if (!route.authenticated && placed.guarded && !placed.topLevel) {
    const message = `${ROUTES_PATH} registers '${route.uriSegment}' inside an auth:sanctum group, but ${route.controllerClass}'s entity no longer has --auth; fullapi moves only lines it wrote itself`;
    return [warningAt('route_inside_auth_group', message, at, 'Move this line out of the group to answer without a token, or give the entity --auth again.')];
  }
  return [];
}

/**
 * A line moved out of the group answers without a token from now on: said once, on the run that moves it, since the
 * same line could have been put there by hand for an entity that never had `--auth`.
 */
function movedOut(moving: readonly PlacedLine[]): Diagnostic[] {
  const entities = [...new Set(moving.filter(movesOut).map((placed) => placed.route.controllerClass))];
  return entities.map((controller) =>
    warning('route_inside_auth_group', `${ROUTES_PATH}: fullapi moved ${controller}'s routes out of the auth:sanctum group, as its entity has no --auth; they answer without a token now`, ROUTES_PATH),
  );
}

/** `lines` right before `statement` (`before`), or right after it, with its indentation. */
function besideStatement(file: PhpFile, statement: PhpNode, lines: readonly string[], before: boolean): Edit {
  const indent = indentAt(file.text, start(statement));
  if (!before) return insertLinesAfter(file, statementEnd(file, statement), lines, indent);
  const at = lineStart(file.text, start(statement));
  return { start: at, end: at, text: lines.map((line) => indent + line + file.eol).join('') };
}

/** A block of lines and a blank line above a top-level statement. */
function beforeTopLevel(file: PhpFile, statement: PhpNode, lines: readonly string[]): Edit {
  const at = startsLine(file.text, start(statement)) ? lineStart(file.text, start(statement)) : start(statement);
  return { start: at, end: at, text: lines.join(file.eol) + file.eol + file.eol };
}
