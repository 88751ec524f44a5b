/**
 * Plain-sentence syntax errors for the erDiagram parser, e.g.
 * "expected a cardinality like `||--o{` after `USER`, found `--`".
 */
import { tokenMatcher, type IParserErrorMessageProvider, type IToken, type TokenType } from 'chevrotain';
import * as t from './tokens.js';

function describeToken(token: IToken | undefined): string {
  if (!token || tokenMatcher(token, t.EndOfInput) || token.tokenType.name === 'EOF') return 'the end of the diagram';
  if (tokenMatcher(token, t.Newline)) return 'a line break';
  return `\`${token.image.trim()}\``;
}

function after(previous: IToken | undefined): string {
  if (!previous || previous.image.trim() === '' || tokenMatcher(previous, t.Newline)) return '';
  return ` after \`${previous.image.trim()}\``;
}

/** Every first token of every alternative, deduplicated, e.g. "a name or a quoted name". */
function describeAlternatives(expectedPaths: TokenType[][]): string {
  const labels = [...new Set(expectedPaths.map((path) => (path[0] ? (path[0].LABEL ?? path[0].name) : '')).filter(Boolean))];
  return labels.length <= 1 ? (labels[0] ?? 'something else') : `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`;
}

const ENTITY_NAMES = [t.QuotedName, t.Name, t.WholeNumber, t.DecimalNumber, t.One];
const isEntityName = (token: IToken | undefined) => token !== undefined && ENTITY_NAMES.some((type) => tokenMatcher(token, type));
const isKeyword = (token: IToken) =>
  (tokenMatcher(token, t.Cardinality) || tokenMatcher(token, t.RelationshipLine)) && /[a-z]/i.test(token.image);

/**
 * A token that cannot start a statement, with a hint for the mistakes Mermaid's quirks invite. The parser
 * calls this with the token really before `actual`: Chevrotain's own `previous` is wrong after re-syncing.
 */
export function unexpectedTokenMessage(actual: IToken, previous: IToken | undefined): string {
  const found = describeToken(actual);
  if (tokenMatcher(actual, t.RelationshipLine) && isEntityName(previous)) {
    return `expected a cardinality like \`||--o{\`${after(previous)}, found ${found}`;
  }
  if (tokenMatcher(actual, t.Cardinality) && previous && tokenMatcher(previous, t.AliasClose)) {
    return 'an alias `[...]` is only allowed on an entity declaration, not in a relationship';
  }
  if (tokenMatcher(actual, t.OneBeforeWord)) {
    return '`1` before a word, a number or a line is a cardinality in Mermaid: quote an entity named 1 as `"1"`';
  }
  if (isKeyword(actual)) return `${found} is a cardinality or line keyword in Mermaid: quote a name that starts with it`;
  if (tokenMatcher(actual, t.QuotedText)) {
    return `${found} cannot name an entity: a quoted name must not be empty or hold \`%\`, \`\\\`, \`"\` or a line break`;
  }
  if (tokenMatcher(actual, t.Cardinality) || tokenMatcher(actual, t.RelationshipLine)) {
    return `unexpected ${found}${after(previous)}: a relationship starts with an entity, like \`A ||--o{ B : label\``;
  }
  return `unexpected ${found}${after(previous)}: expected an entity, a relationship or a statement`;
}

/** Marks the messages `parser.ts` rebuilds with `unexpectedTokenMessage` once it knows the real previous token. */
export const UNEXPECTED_TOKEN = 'unexpected token';

const STYLE_END = 'a style line ends at `;` or at a line break right after its last word';

export const erErrorMessages: IParserErrorMessageProvider = {
  buildMismatchTokenMessage({ expected, actual, previous }) {
    const found = describeToken(actual);
    if (expected === t.Header) return `a diagram must start with \`erDiagram\`, found ${found}`;
    if (expected === t.EndOfInput) return UNEXPECTED_TOKEN;
    if (expected === t.BlockClose && tokenMatcher(actual, t.Key)) return 'separate keys with a comma, like `PK, FK`';
    if (expected === t.Colon) return `expected a label like \`: places\`${after(previous)}, found ${found}`;
    return `expected ${expected.LABEL ?? expected.name}${after(previous)}, found ${found}`;
  },
  buildNotAllInputParsedMessage() {
    return UNEXPECTED_TOKEN;
  },
  buildNoViableAltMessage({ expectedPathsPerAlt, actual, previous, ruleName }) {
    const found = describeToken(actual[0]);
    if (ruleName === 'entityName') return `expected an entity name${after(previous)}, found ${found}`;
    if (ruleName === 'relationship') return `expected a label (a word or a quoted text)${after(previous)}, found ${found}`;
    if (ruleName === 'styleStatement') return `${STYLE_END}, found ${found}${after(previous)}`;
    return `expected ${describeAlternatives(expectedPathsPerAlt.flat())}${after(previous)}, found ${found}`;
  },
  buildEarlyExitMessage({ expectedIterationPaths, actual, previous, ruleName }) {
    if (ruleName === 'styleStatement' || ruleName === 'styleWords') return `expected styles like \`fill:#f9f\`${after(previous)}, found ${describeToken(actual[0])}`;
    return `expected ${describeAlternatives(expectedIterationPaths)}${after(previous)}, found ${describeToken(actual[0])}`;
  },
};
