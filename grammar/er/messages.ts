/**
 * Plain-sentence syntax errors for the erDiagram parser, e.g.
 * "expected a cardinality like `||--o{` after `USER`, found `--`".
 */
import {
  defaultParserErrorProvider,
  tokenMatcher,
  type IParserErrorMessageProvider,
  type IToken,
  type TokenType,
} from 'chevrotain';
import { RelationshipLine } from './tokens.js';

function describeToken(token: IToken): string {
  return token.tokenType.name === 'EOF' ? 'the end of the diagram' : `\`${token.image}\``;
}

function describeExpected(tokenType: TokenType): string {
  return tokenType.LABEL ?? tokenType.name;
}

function after(previous: IToken | undefined): string {
  return previous && previous.tokenType.name !== 'EOF' && previous.image !== '' ? ` after \`${previous.image}\`` : '';
}

/** Every first token of every alternative, deduplicated, e.g. "a name or a quoted text". */
function describeAlternatives(expectedPaths: TokenType[][][]): string {
  const labels = new Set(expectedPaths.flat().map((path) => (path[0] ? describeExpected(path[0]) : '')).filter(Boolean));
  const list = [...labels];
  return list.length <= 1 ? (list[0] ?? 'something else') : `${list.slice(0, -1).join(', ')} or ${list.at(-1)}`;
}

/**
 * A token that cannot start a statement. Chevrotain builds this message after re-syncing,
 * when its `previous` is no longer the token before `actual`, so the parser calls this
 * again with the real one.
 */
export function unexpectedTokenMessage(actual: IToken, previous: IToken | undefined): string {
  if (previous && tokenMatcher(actual, RelationshipLine)) {
    return `expected a cardinality like \`||--o{\`${after(previous)}, found ${describeToken(actual)}`;
  }
  return `unexpected ${describeToken(actual)}${after(previous)}: expected an entity, a relationship or a statement`;
}

export const erErrorMessages: IParserErrorMessageProvider = {
  buildMismatchTokenMessage({ expected, actual, previous }) {
    if (expected.name === 'Header') return `a diagram must start with \`erDiagram\`, found ${describeToken(actual)}`;
    if (expected.name === 'RCurly' && actual.tokenType.name === 'Key') return `separate keys with a comma, like \`PK, FK\``;
    if (expected.name === 'EOF') return unexpectedTokenMessage(actual, undefined);
    return `expected ${describeExpected(expected)}${after(previous)}, found ${describeToken(actual)}`;
  },
  buildNotAllInputParsedMessage({ firstRedundant }) {
    return unexpectedTokenMessage(firstRedundant, undefined);
  },
  buildNoViableAltMessage({ expectedPathsPerAlt, actual, previous }) {
    const found = actual[0] ? describeToken(actual[0]) : 'the end of the diagram';
    return `expected ${describeAlternatives(expectedPathsPerAlt)}${after(previous)}, found ${found}`;
  },
  buildEarlyExitMessage(options) {
    return defaultParserErrorProvider.buildEarlyExitMessage(options);
  },
};
