import type { PatchResult } from '../../../diagnostics/patch-result.js';
import {
  child,
  children,
  closingBracket,
  expressionEnd,
  failedPatch,
  finishPatch,
  indentAt,
  insertLinesAfter,
  leafEnd,
  missingFile,
  nameOf,
  newPhpParses,
  nextSignificant,
  onSameLine,
  previousSignificant,
  shapeError,
  start,
  startsLine,
  tokensBetween,
  walk,
  type Edit,
  type PhpFile,
  type PhpNode,
  type PhpParses,
  type Token,
} from '../../../php/php-source.js';

const BOOTSTRAP_PATH = 'bootstrap/app.php';
const API_ARGUMENT = "api: __DIR__.'/../routes/api.php'";
const HINT = `Add ${API_ARGUMENT}, to ->withRouting(...) in ${BOOTSTRAP_PATH} by hand, or run php artisan install:api.`;
/** `withRouting(?Closure $using, $web, $api, ...)`: a third positional argument is `$api`. */
const API_POSITION = 2;

/**
 * Makes `bootstrap/app.php` load `routes/api.php`, as `php artisan install:api` does: uncomments a
 * `// api: ...` argument of `->withRouting(...)`, or adds `api:` on its own line after `web:`.
 */
export function registerApiRouting(existing: string | undefined, parses: PhpParses = newPhpParses()): PatchResult {
  if (existing === undefined) return missingFile(BOOTSTRAP_PATH, 'Restore bootstrap/app.php from the Laravel skeleton, then run fullapi again.');
  const parsed = parses.parse(BOOTSTRAP_PATH, existing);
  if (!parsed.ok) return failedPatch(parsed.diagnostic);
  const file = parsed.value;
  const call = withRoutingCall(file.program);
  if (call === undefined) return refuse(file, 0, `${BOOTSTRAP_PATH} has no ->withRouting(...) call`);
  const args = children(call, 'arguments');
  const named = (name: string): PhpNode | undefined => args.find((arg) => arg.kind === 'namedargument' && nameOf(arg)?.toLowerCase() === name);
  const positional = args.filter((arg) => arg.kind !== 'namedargument');
  if (named('api') !== undefined || positional.length > API_POSITION) return { ok: true, content: existing };
  if (positional.length > 0) return refuse(file, start(call), `->withRouting(...) in ${BOOTSTRAP_PATH} takes positional arguments`);
  const using = named('using');
  if (using !== undefined) return refuse(file, start(using), `->withRouting(...) in ${BOOTSTRAP_PATH} loads routes through using:, which ignores api:`);
  const name = child(child(call, 'what'), 'offset');
  const open = nextSignificant(file, name === undefined ? start(call) : leafEnd(name));
  if (open?.type !== '(') return refuse(file, start(call), `${BOOTSTRAP_PATH} calls ->withRouting in a form fullapi does not edit`);
  const close = closingBracket(file, open.start);
  const commented = commentedApiArgument(file, open.start, close);
  if (commented !== undefined) return finishPatch(file, [uncomment(commented)], [], parses);
  const web = named('web');
  if (web !== undefined) return finishPatch(file, insertAfterArgument(file, web), [], parses);
  const first = args[0];
  if (first !== undefined) return finishPatch(file, [insertBeforeArgument(file, first)], [], parses);
  return finishPatch(file, [{ start: open.end, end: close, text: API_ARGUMENT }], [], parses);
}

function refuse(file: PhpFile, offset: number, message: string): PatchResult {
  return failedPatch(shapeError(file, offset, message, HINT));
}

function withRoutingCall(program: PhpNode): PhpNode | undefined {
  let found: PhpNode | undefined;
  walk(program, (node) => {
    const lookup = node.kind === 'call' ? child(node, 'what') : undefined;
    const isWithRouting = lookup?.kind === 'propertylookup' && nameOf(child(lookup, 'offset'))?.toLowerCase() === 'withrouting';
    if (isWithRouting && found === undefined) found = node;
  });
  return found;
}

/**
 * A `// api: ...` line comment between the parentheses, when uncommenting it leaves valid arguments:
 * it follows `(` or `,`, and ends with `,` or comes last.
 */
function commentedApiArgument(file: PhpFile, open: number, close: number): Token | undefined {
  return tokensBetween(file, open, close).find((token) => {
    if (token.type !== 'T_COMMENT' || !token.text.startsWith('//')) return false;
    const code = token.text.slice(2).trim();
    const before = previousSignificant(file, token.start)?.type;
    const after = nextSignificant(file, token.end)?.type;
    return code.startsWith('api:') && (before === '(' || before === ',') && (code.endsWith(',') || after === ')');
  });
}

function uncomment(comment: Token): Edit {
  const code = comment.text.indexOf('api:');
  return { start: comment.start, end: comment.start + code, text: '' };
}

/** On the next line with the same indentation when `web:` has a line of its own, else inline after it. */
function insertAfterArgument(file: PhpFile, web: PhpNode): Edit[] {
  const end = expressionEnd(file, start(web));
  const comma = nextSignificant(file, end);
  const hasComma = comma?.type === ',';
  const afterWeb = hasComma && comma !== undefined ? comma.end : end;
  const next = nextSignificant(file, afterWeb);
  const ownLine = startsLine(file.text, start(web)) && (next === undefined || !onSameLine(file.text, afterWeb, next.start));
  if (ownLine) {
    const addComma: Edit[] = hasComma ? [] : [{ start: end, end, text: ',' }];
    return [...addComma, insertLinesAfter(file, afterWeb, [`${API_ARGUMENT},`], indentAt(file.text, start(web)))];
  }
  // One line of arguments: Pint wants no trailing comma there.
  if (!hasComma) return [{ start: end, end, text: `, ${API_ARGUMENT}` }];
  return [{ start: afterWeb, end: afterWeb, text: next?.type === ')' ? ` ${API_ARGUMENT}` : ` ${API_ARGUMENT},` }];
}

function insertBeforeArgument(file: PhpFile, first: PhpNode): Edit {
  const at = start(first);
  if (!startsLine(file.text, at)) return { start: at, end: at, text: `${API_ARGUMENT}, ` };
  const indent = indentAt(file.text, at);
  return { start: at - indent.length, end: at - indent.length, text: `${indent}${API_ARGUMENT},${file.eol}` };
}
