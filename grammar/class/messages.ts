/**
 * Plain-sentence syntax errors for the classDiagram parser, e.g.
 * "expected a class name after `class`, found the end of the line".
 */
import {
  EOF,
  tokenMatcher,
  type IParserErrorMessageProvider,
  type IRecognitionException,
  type IToken,
  type TokenType,
} from 'chevrotain';
import { tokenBefore } from '../places.js';
import * as t from './tokens.js';

/** First line of a token, shortened: a quoted text or a member may be long. */
export function shown(image: string): string {
  const firstLine = image.trim().split('\n')[0] ?? '';
  return firstLine.length > 30 ? `${firstLine.slice(0, 27)}...` : firstLine;
}

function isEnd(token: IToken): boolean {
  return token.tokenType === EOF || Number.isNaN(token.startOffset);
}

function describeToken(token: IToken): string {
  if (isEnd(token)) return 'the end of the diagram';
  if (tokenMatcher(token, t.LineEnd)) return 'the end of the line';
  return `\`${shown(token.image)}\``;
}

function after(previous: IToken | undefined): string {
  if (!previous || isEnd(previous) || tokenMatcher(previous, t.LineEnd) || previous.image === '') return '';
  return ` after \`${shown(previous.image)}\``;
}

/** Rules whose failure is best described by what the whole rule expects. */
const expectedByRule: Record<string, string> = {
  className: 'a class name',
  namespaceName: 'a namespace name',
  statement: 'a class name, `class`, `namespace`, `note`, `<<annotation>>` or another statement',
  namespaceMember: '`class`, `note` or `namespace` (relations go outside namespaces)',
  noteStatement: '`note "text"` or `note for Class "text"`',
  clickStatement: 'a callback like `call name()` or `href "url"`',
  styleGroup: 'a style like `fill:#f96`',
};

/** Tokens that are wrong wherever they stand, with the reason. */
function messageForToken(token: IToken, previous: IToken | undefined): string | undefined {
  const type = token.tokenType;
  if (type === t.Label && previous?.tokenType === t.Label) {
    return `a label or member text ends at the next \`:\`, so \`${shown(token.image)}\` cannot follow \`${shown(previous.image)}\``;
  }
  if (type === t.UnclosedQuoted) return 'this `"` opens a text that is never closed';
  if (type === t.UnclosedGeneric) return 'this generic type is never closed with `~`';
  if (type === t.UnclosedAccDescrBlock) return '`accDescr {` is never closed with `}`';
  if (type === t.AccTitleWithoutText) return '`accTitle:` needs a text';
  if (type === t.AccDescrWithoutText) return '`accDescr:` needs a text';
  if (type === t.BrokenCallbackCall) return '`call` must be followed by a function like `call name()`';
  if (type === t.BraceInBody) return 'a member cannot contain `{`';
  if (type === t.EdgeState) return '`[*]` belongs to state diagrams, not class diagrams';
  if (tokenMatcher(token, t.StrayClose)) return 'unexpected `}`: no body or namespace is open here';
  if (type === t.Header) return '`classDiagram` may only start the diagram';
  return undefined;
}

function describeExpected(tokenType: TokenType): string {
  return tokenType.LABEL ?? tokenType.name;
}

export const classErrorMessages: IParserErrorMessageProvider = {
  buildMismatchTokenMessage({ expected, actual, previous, ruleName }) {
    if (expected === t.Header) return `a diagram must start with \`classDiagram\`, found ${describeToken(actual)}`;
    if (expected === t.LineEnd || expected === EOF) return `unexpected ${describeToken(actual)}${after(previous)}: expected the end of the line`;
    if (expected === t.RelationLine && !(previous && tokenMatcher(previous, t.RelationHead))) {
      return `expected an arrow like \`-->\` or \`<|--\`${after(previous)}, found ${describeToken(actual)}`;
    }
    const wanted = expected === t.AlphaNum || expected === t.Word ? (expectedByRule[ruleName] ?? 'a name') : describeExpected(expected);
    return `expected ${wanted}${after(previous)}, found ${describeToken(actual)}`;
  },
  buildNotAllInputParsedMessage({ firstRedundant }) {
    return `unexpected ${describeToken(firstRedundant)}`;
  },
  buildNoViableAltMessage({ expectedPathsPerAlt, actual, previous, ruleName }) {
    const [found] = actual;
    const wanted =
      expectedByRule[ruleName] ??
      [...new Set(expectedPathsPerAlt.flat().map((path) => (path[0] ? describeExpected(path[0]) : '')))].filter(Boolean).join(' or ');
    return `expected ${wanted}${after(previous)}, found ${found ? describeToken(found) : 'the end of the diagram'}`;
  },
  buildEarlyExitMessage({ expectedIterationPaths, actual, previous, ruleName }) {
    const [found] = actual;
    if (ruleName === 'diagram') {
      return !found || isEnd(found)
        ? 'the diagram is empty: write at least one statement after `classDiagram`'
        : `\`classDiagram\` must be alone on its line, found ${describeToken(found)}`;
    }
    if (ruleName === 'filledClassBody') return 'after `:::name` the body cannot be empty: add a member or drop the braces';
    const first = expectedIterationPaths[0]?.[0];
    const wanted = expectedByRule[ruleName] ?? (first ? describeExpected(first) : 'something more');
    return `expected ${wanted}${after(previous)}, found ${found ? describeToken(found) : 'the end of the diagram'}`;
  },
};

/**
 * Chevrotain builds a message before it re-syncs, sometimes with a `previous` that is not the token
 * before the culprit; tokens that are wrong wherever they stand get their own sentence.
 */
export function refineMessage(error: IRecognitionException, tokens: readonly IToken[]): string {
  const previous = tokenBefore(tokens, error.token);
  const specific = messageForToken(error.token, previous);
  if (specific) return specific;
  if (error.message.startsWith('unexpected ')) {
    return `unexpected ${describeToken(error.token)}${after(previous)}: expected the end of the line`;
  }
  return error.message;
}
