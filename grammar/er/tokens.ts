/**
 * Tokens of Mermaid's `erDiagram`, in two lexer modes: the top level and the inside of an
 * attribute block `{ ... }`, where type and name words follow different rules.
 *
 * Order matters: Chevrotain takes the first pattern that matches, like Mermaid's jison
 * lexer, so keywords come before names. Keyword patterns end in `\b` so that `ONE_TIME`
 * and `CLASSROOM` stay names while `ONE` and `TO-DO` do not, exactly as in Mermaid.
 */
import { createToken, Lexer, type TokenType } from 'chevrotain';

export const WhiteSpace = createToken({ name: 'WhiteSpace', pattern: /\s+/, group: Lexer.SKIPPED });
export const Header = createToken({ name: 'Header', pattern: /erDiagram\b/, label: '`erDiagram`' });

// Whole-line statements: Mermaid reads them to the end of the line and we keep them as one token.
export const DirectionLine = createToken({
  name: 'DirectionLine',
  pattern: /direction\s+(?:TB|BT|RL|LR)\b[^\n]*/i,
  label: '`direction`',
});
export const AccTitleLine = createToken({ name: 'AccTitleLine', pattern: /accTitle\s*:[^\n]*/i, label: '`accTitle:`' });
export const AccDescrBlock = createToken({ name: 'AccDescrBlock', pattern: /accDescr\s*\{[^}]*\}/i, label: '`accDescr {`' });
export const AccDescrLine = createToken({ name: 'AccDescrLine', pattern: /accDescr\s*:[^\n]*/i, label: '`accDescr:`' });
export const StyleLine = createToken({
  name: 'StyleLine',
  pattern: /(?:classDef|class|style)\b[^\n]*/i,
  label: 'a `style`, `classDef` or `class` line',
});
export const ClassShorthand = createToken({
  name: 'ClassShorthand',
  pattern: /:::[\w-]+(?:,[\w-]+)*/,
  label: 'a class like `:::name`',
});
export const Colon = createToken({ name: 'Colon', pattern: /:/, label: '`:`' });

// Cardinalities: one category per meaning, each holding its symbol and word spellings.
const cardinalityLabel = 'a cardinality like `||` or `o{`';
export const Cardinality = createToken({ name: 'Cardinality', pattern: Lexer.NA, label: cardinalityLabel });
export const ZeroOrOne = createToken({ name: 'ZeroOrOne', pattern: Lexer.NA, categories: [Cardinality], label: cardinalityLabel });
export const ExactlyOne = createToken({ name: 'ExactlyOne', pattern: Lexer.NA, categories: [Cardinality], label: cardinalityLabel });
export const ZeroOrMore = createToken({ name: 'ZeroOrMore', pattern: Lexer.NA, categories: [Cardinality], label: cardinalityLabel });
export const OneOrMore = createToken({ name: 'OneOrMore', pattern: Lexer.NA, categories: [Cardinality], label: cardinalityLabel });

function cardinality(name: string, pattern: RegExp, meaning: TokenType): TokenType {
  return createToken({ name, pattern, categories: [meaning, Cardinality], label: cardinalityLabel });
}
export const ZeroOrOneWords = cardinality('ZeroOrOneWords', /(?:zero\s+or\s+one|one\s+or\s+zero)\b/i, ZeroOrOne);
export const OneOrMoreWords = cardinality('OneOrMoreWords', /one\s+or\s+(?:more|many)\b|many\(1\)|1\+/i, OneOrMore);
export const ZeroOrMoreWords = cardinality('ZeroOrMoreWords', /zero\s+or\s+(?:more|many)\b|many\(0\)|0\+|many\b/i, ZeroOrMore);
export const ExactlyOneWords = cardinality('ExactlyOneWords', /only\s+one\b|one\b|1\b/i, ExactlyOne);
export const ZeroOrOneSymbol = cardinality('ZeroOrOneSymbol', /\|o|o\|/i, ZeroOrOne);
export const ExactlyOneSymbol = cardinality('ExactlyOneSymbol', /\|\|/, ExactlyOne);
export const ZeroOrMoreSymbol = cardinality('ZeroOrMoreSymbol', /\}o|o\{/i, ZeroOrMore);
export const OneOrMoreSymbol = cardinality('OneOrMoreSymbol', /\}\||\|\{/, OneOrMore);

// Lines: identifying (solid) or not (dashed), again as categories over symbols and words.
const lineLabel = 'a line `--` or `..`';
export const RelationshipLine = createToken({ name: 'RelationshipLine', pattern: Lexer.NA, label: lineLabel });
export const Identifying = createToken({ name: 'Identifying', pattern: Lexer.NA, categories: [RelationshipLine], label: lineLabel });
export const NonIdentifying = createToken({ name: 'NonIdentifying', pattern: Lexer.NA, categories: [RelationshipLine], label: lineLabel });

function line(name: string, pattern: RegExp, kind: TokenType): TokenType {
  return createToken({ name, pattern, categories: [kind, RelationshipLine], label: lineLabel });
}
export const NonIdentifyingWords = line('NonIdentifyingWords', /optionally\s+to\b/i, NonIdentifying);
export const IdentifyingWords = line('IdentifyingWords', /to\b/i, Identifying);
export const IdentifyingSymbol = line('IdentifyingSymbol', /--/, Identifying);
export const NonIdentifyingSymbol = line('NonIdentifyingSymbol', /\.\.|\.-|-\./, NonIdentifying);

export const LBracket = createToken({ name: 'LBracket', pattern: /\[/, label: '`[`' });
export const RBracket = createToken({ name: 'RBracket', pattern: /]/, label: '`]`' });
export const LCurly = createToken({ name: 'LCurly', pattern: /\{/, label: '`{`', push_mode: 'block' });
export const Quoted = createToken({ name: 'Quoted', pattern: /"[^"\n]*"/, label: 'a quoted text' });
/** Letters, digits, `_ - * .` and any non-ASCII character, as in Mermaid's entity names. */
export const Name = createToken({
  name: 'Name',
  pattern: /(?:[^\x00-\x7F]|[\w\-*.])+/,
  label: 'a name',
  line_breaks: false,
});

// Inside an attribute block.
export const RCurly = createToken({ name: 'RCurly', pattern: /}/, label: '`}`', pop_mode: true });
export const Key = createToken({ name: 'Key', pattern: /(?:PK|FK|UK)\b/i, label: 'a key `PK`, `FK` or `UK`' });
export const Comma = createToken({ name: 'Comma', pattern: /,/, label: '`,`' });
/** A type or attribute name; a generic `~...~` runs to the last `~` on the line, as Mermaid reads it. */
export const AttributeWord = createToken({
  name: 'AttributeWord',
  pattern: /[*A-Za-z_\u00C0-\uFFFF][\w\-[\]()\u00C0-\uFFFF*]*(?:~[^\n]*~[\w\-[\]()*]*)?/,
  label: 'an attribute type or name',
  line_breaks: false,
});
