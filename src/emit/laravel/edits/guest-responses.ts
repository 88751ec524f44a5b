import { warningAt, type Diagnostic } from '../../../diagnostics/diagnostic.js';
import type { PatchResult } from '../../../diagnostics/patch-result.js';
import { appendToClosure } from '../../../php/insertions.js';
import {
  child,
  children,
  closingBracket,
  failedPatch,
  finishPatch,
  missingFile,
  nameOf,
  newPhpParses,
  parsePhp,
  shapeError,
  spanAt,
  start,
  startsLine,
  indentAt,
  statementEnd,
  tokensBetween,
  walk,
  type Edit,
  type PhpFile,
  type PhpNode,
  type PhpParses,
  type Token,
} from '../../../php/php-source.js';
import { ensureClassImports } from '../../../php/use-block.js';

const BOOTSTRAP_PATH = 'bootstrap/app.php';
const REQUEST = 'Illuminate\\Http\\Request';
const NOT_FOUND = 'Symfony\\Component\\HttpKernel\\Exception\\NotFoundHttpException';

/** One statement fullapi puts in a closure of `bootstrap/app.php`, and the calls of the user's that already decide what it decides. */
interface ClosureStatement {
  /** `withMiddleware` */
  builder: string;
  /** Method names, lower-cased, that already settle the matter when the closure calls one. */
  deciders: readonly string[];
  /** When set, a decider counts only when its statement names this (the exception a `render` callback takes). */
  deciderNames?: string;
  /** The classes the statement names by their short name. */
  imports: readonly string[];
  /** Any decision of the project's is as good as the statement: no warning when it keeps its own. */
  anyDecisionServes?: true;
  /** The statement, for the closure's parameter (`$middleware`). */
  statement: (variable: string) => string;
  what: string;
  /** What the project's own decision may cost: why fullapi would have written the statement. */
  risk: string;
}

/**
 * Guests of `api/*` get no redirect (L13 then answers 401; L12 needs the JSON rendering below to stop falling back
 * to `route('login')`), and the web keeps Laravel's default `route('login')`.
 */
const REDIRECT_GUESTS: ClosureStatement = {
  builder: 'withMiddleware',
  deciders: ['redirectgueststo', 'redirectto'],
  statement: (variable) => `${variable}->redirectGuestsTo(fn (Request $request) => $request->is('api/*') ? null : route('login'));`,
  imports: [REQUEST],
  what: 'where guests are redirected',
  risk: 'requests to api/* without a token may not answer 401 {"message":"Unauthenticated."}',
};

/**
 * Every exception under `api/*` renders JSON, whatever the request's Accept: a client that forgets
 * `Accept: application/json` gets a JSON 422 instead of a redirect to `/`, and a guest a JSON 401.
 */
const RENDER_JSON: ClosureStatement = {
  builder: 'withExceptions',
  deciders: ['shouldrenderjsonwhen'],
  statement: (variable) => `${variable}->shouldRenderJsonWhen(fn (Request $request) => $request->is('api/*') || $request->expectsJson());`,
  imports: [REQUEST],
  what: 'when exceptions render JSON',
  risk: 'requests to api/* without Accept: application/json may get HTML or a redirect instead of a JSON error',
};

/**
 * Every route under `api/*` behind Laravel's `throttle:api` limiter, which the project tunes in one place
 * (`RateLimiter::for('api', ...)`, see rate-limiter.ts): a client cannot read or write the table as fast as it can send.
 */
const THROTTLE_API: ClosureStatement = {
  builder: 'withMiddleware',
  deciders: ['throttleapi', 'throttlewithredis'],
  statement: (variable) => `${variable}->throttleApi();`,
  imports: [],
  anyDecisionServes: true,
  what: 'how api/* is rate limited',
  risk: 'the generated routes may not be rate limited',
};

/**
 * A 404 under `api/*` answers `{"message":"Not Found."}`: Laravel's own names the model class and the key asked for
 * (`No query results for model [App\\Models\\Order] 99999`), even with `APP_DEBUG=false`.
 */
const NEUTRAL_NOT_FOUND: ClosureStatement = {
  builder: 'withExceptions',
  deciders: ['render'],
  deciderNames: 'NotFoundHttpException',
  statement: (variable) =>
    `${variable}->render(fn (NotFoundHttpException $exception, Request $request) => $request->is('api/*') ? response()->json(['message' => 'Not Found.'], 404) : null);`,
  imports: [REQUEST, NOT_FOUND],
  what: 'how a 404 renders',
  risk: 'a 404 under api/* may name the model class asked for',
};

/**
 * Makes `bootstrap/app.php` answer a request to `api/*` without a token with 401 `{"message":"Unauthenticated."}`
 * on Laravel 12 and 13, with or without `Accept: application/json`: adds `redirectGuestsTo(...)` to the closure of
 * `->withMiddleware(...)` and `shouldRenderJsonWhen(...)` to that of `->withExceptions(...)` (in place of the
 * skeleton's lone `//`), besides what every API gets (API_STATEMENTS), importing the classes they name. A closure
 * already calling its own `redirectGuestsTo`/`redirectTo`, `shouldRenderJsonWhen` or `render` of a
 * `NotFoundHttpException` is left alone, with a warning: the user's callback decides; one calling `throttleApi` or
 * `throttleWithRedis` keeps its own limit, without one.
 */
export function registerGuestResponses(existing: string | undefined, parses: PhpParses = newPhpParses()): PatchResult {
  return addClosureStatements(existing, [REDIRECT_GUESTS, ...API_STATEMENTS], parses);
}

/** What every generated API gets, with `--auth` or without. */
const API_STATEMENTS: readonly ClosureStatement[] = [RENDER_JSON, NEUTRAL_NOT_FOUND, THROTTLE_API];

/**
 * Without `--auth`: what every API gets (API_STATEMENTS): the JSON rendering of errors under `api/*` (see
 * RENDER_JSON), so the API answers JSON whatever the request's Accept, as it does with `--auth`; the neutral 404 and
 * the rate limit.
 */
export function registerApiDefaults(existing: string | undefined, parses: PhpParses = newPhpParses()): PatchResult {
  return addClosureStatements(existing, API_STATEMENTS, parses);
}

function addClosureStatements(existing: string | undefined, wantedStatements: readonly ClosureStatement[], parses: PhpParses): PatchResult {
  if (existing === undefined) return missingFile(BOOTSTRAP_PATH, 'Restore bootstrap/app.php from the Laravel skeleton, then run fullapi again.');
  const parsed = parses.parse(BOOTSTRAP_PATH, existing);
  if (!parsed.ok) return failedPatch(parsed.diagnostic);
  const file = parsed.value;
  const edits: Edit[] = [];
  const warnings: Diagnostic[] = [];
  const imports = new Set<string>();
  // One edit for each closure: two statements in place of its lone `//` would overlap.
  const linesByClosure = new Map<PhpNode, string[]>();
  for (const wanted of wantedStatements) {
    const closure = builderClosure(file, wanted);
    if (!closure.ok) return failedPatch(closure.diagnostic);
    const { node, variable } = closure;
    const line = wanted.statement(variable);
    const decider = deciderCall(file, node, wanted);
    if (decider === undefined) {
      linesByClosure.set(node, [...(linesByClosure.get(node) ?? []), line]);
      for (const imported of wanted.imports) imports.add(imported);
    } else if (!sameStatement(file, decider, line) && wanted.anyDecisionServes !== true) warnings.push(keptWarning(file, decider, wanted, line));
  }
  for (const [closure, lines] of linesByClosure) edits.push(addStatements(file, closure, lines));
  const withWarnings = (result: PatchResult): PatchResult => (result.ok && warnings.length > 0 ? { ...result, warnings } : result);
  if (edits.length === 0) return withWarnings({ ok: true, content: existing });
  const statements = children(file.program, 'children');
  const namespace = statements.find((statement) => statement.kind === 'namespace');
  const imported = ensureClassImports(file, namespace === undefined ? statements : children(namespace, 'children'), [...imports]);
  if (!imported.ok) return failedPatch(imported.diagnostic);
  return withWarnings(finishPatch(file, [...imported.value.edits, ...edits], imported.value.tail, parses));
}

type BuilderClosure = { ok: true; node: PhpNode; variable: string } | { ok: false; diagnostic: Diagnostic };

/** The closure passed to `->withMiddleware(...)` (or `->withExceptions`), and its parameter's name. */
function builderClosure(file: PhpFile, wanted: ClosureStatement): BuilderClosure {
  let call: PhpNode | undefined;
  walk(file.program, (node) => {
    const lookup = node.kind === 'call' ? child(node, 'what') : undefined;
    if (call === undefined && lookup?.kind === 'propertylookup' && nameOf(child(lookup, 'offset'))?.toLowerCase() === wanted.builder.toLowerCase()) call = node;
  });
  const closure = children(call, 'arguments')[0];
  const variable = nameOf(children(closure, 'arguments')[0]);
  const hint = `Give ${BOOTSTRAP_PATH} ->${wanted.builder}(function (...) { ${wanted.statement('$parameter')} }) by hand, then run fullapi again.`;
  if (call === undefined) return { ok: false, diagnostic: shapeError(file, 0, `${BOOTSTRAP_PATH} has no ->${wanted.builder}(...) call, where fullapi sets ${wanted.what}`, hint) };
  if (closure?.kind !== 'closure' || variable === undefined) {
    const message = `->${wanted.builder}(...) in ${BOOTSTRAP_PATH} takes no closure with a parameter, where fullapi sets ${wanted.what}`;
    const method = child(child(call, 'what'), 'offset');
    return { ok: false, diagnostic: shapeError(file, method === undefined ? start(call) : start(method), message, hint) };
  }
  return { ok: true, node: closure, variable: `$${variable}` };
}

/** The user's call that already decides the matter: `redirectTo` counts only with `guests:`. */
function deciderCall(file: PhpFile, closure: PhpNode, wanted: ClosureStatement): PhpNode | undefined {
  let found: PhpNode | undefined;
  walk(closure, (node, ancestors) => {
    const lookup = node.kind === 'call' ? child(node, 'what') : undefined;
    const method = nameOf(child(lookup, 'offset'))?.toLowerCase();
    if (found !== undefined || lookup?.kind !== 'propertylookup' || method === undefined || !wanted.deciders.includes(method)) return;
    if (method === 'redirectto' && !children(node, 'arguments').some((arg) => arg.kind === 'namedargument' && nameOf(arg) === 'guests')) return;
    const statement = [...ancestors].reverse().find((ancestor) => ancestor.kind === 'expressionstatement') ?? node;
    if (wanted.deciderNames !== undefined && !statementText(file, statement).includes(wanted.deciderNames)) return;
    found = statement;
  });
  return found;
}

/**
 * Whether the project's statement is the one fullapi writes, however it is laid out: the Laravel 13 skeleton's
 * `bootstrap/app.php` has RENDER_JSON's statement over three lines, with a trailing comma.
 */
function sameStatement(file: PhpFile, statement: PhpNode, line: string): boolean {
  const written = parsePhp(BOOTSTRAP_PATH, `<?php ${line}`);
  if (!written.ok) return false;
  const ours = significantTexts(written.value.tokens);
  const theirs = significantTexts(tokensBetween(file, start(statement), statementEnd(file, statement)));
  return ours.length === theirs.length && ours.every((text, index) => text === theirs[index]);
}

const LAYOUT_TOKENS = new Set(['T_OPEN_TAG', 'T_WHITESPACE', 'T_COMMENT', 'T_DOC_COMMENT']);

/** The tokens' texts but white space, comments and a trailing comma before `)`. */
function significantTexts(tokens: readonly Token[]): string[] {
  const significant = tokens.filter((token) => !LAYOUT_TOKENS.has(token.type));
  return significant.filter((token, index) => !(token.type === ',' && significant[index + 1]?.type === ')')).map((token) => token.text);
}

function statementText(file: PhpFile, statement: PhpNode): string {
  return file.text.slice(start(statement), statementEnd(file, statement));
}

/** In place of the skeleton's lone `//`, else after the closure's last statement. */
function addStatements(file: PhpFile, closure: PhpNode, lines: readonly string[]): Edit {
  const body = child(closure, 'body');
  const open = body === undefined ? start(closure) : start(body);
  const inside = tokensBetween(file, open + 1, closingBracket(file, open)).filter((token) => token.type !== 'T_WHITESPACE');
  const [only] = inside;
  if (inside.length === 1 && only?.type === 'T_COMMENT' && only.text.trim() === '//' && startsLine(file.text, only.start)) {
    return { start: only.start, end: only.start + 2, text: lines.join(`${file.eol}${indentAt(file.text, only.start)}`) };
  }
  return appendToClosure(file, closure, lines);
}

function keptWarning(file: PhpFile, decider: PhpNode, wanted: ClosureStatement, line: string): Diagnostic {
  const message = `${BOOTSTRAP_PATH} already decides ${wanted.what}; fullapi leaves it, so ${wanted.risk}`;
  return warningAt('guest_response_kept', message, spanAt(file, start(decider)), `For the answers the generated tests expect, make it do what ${line} does.`);
}
