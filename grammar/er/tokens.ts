/**
 * Tokens of Mermaid's `erDiagram`, one per rule of Mermaid 11.14's jison lexer (erDiagram.jison), in four lexer
 * modes: the top level, an attribute block `{ ... }`, a `style`/`classDef` line and an `accDescr { ... }` block.
 *
 * Like jison, Chevrotain takes the FIRST pattern that matches, not the longest, so the order of the lists in
 * `lexer.ts` is the order of Mermaid's rules and decides every quirk: `1` before a word is a cardinality, `2FA` is
 * the number `2` then the name `FA`, `ONE` is a keyword, a line holding `direction LR` is a direction statement.
 * Every pattern is case-insensitive, as jison's `case-insensitive` option makes them; jison also appends `\b` to a
 * rule that ends in a letter or digit, which is why keywords and even `|o` end in `\b` while `1+` or `o|` do not.
 */
import { createToken, Lexer, type TokenType } from 'chevrotain';
import { directionLine } from '../direction.js';
import { startingWith } from '../first-characters.js';
import { BLANKS, firstAtOrAfter, LINE_TERMINATORS, perText, placesOf } from '../text-places.js';

const word = (pattern: RegExp) => new RegExp(pattern.source, 'i');

export const WhiteSpace = createToken({ name: 'WhiteSpace', pattern: /\s+/, group: Lexer.SKIPPED, line_breaks: true });

// Top level.
export const Header = createToken({ name: 'Header', pattern: /erDiagram\b/i, label: '`erDiagram`' });
/** Jison reads `accTitle:` and its value as two tokens, back to back; one token here. */
export const AccTitle = createToken({ name: 'AccTitle', pattern: /accTitle\s*:\s*[^\n]*/i, label: '`accTitle:`', line_breaks: true });
export const AccDescrLine = createToken({ name: 'AccDescrLine', pattern: /accDescr\s*:\s*[^\n]*/i, label: '`accDescr:`', line_breaks: true });
/** `accDescr {}` yields no token at all in Mermaid, so it may sit anywhere, even inside a relationship. */
export const EmptyAccDescr = createToken({
  name: 'EmptyAccDescr',
  pattern: /accDescr\s*\{\s*\}/i,
  group: 'invisible',
  line_breaks: true,
});
export const AccDescrOpen = createToken({
  name: 'AccDescrOpen',
  pattern: /accDescr\s*\{\s*/i,
  label: '`accDescr {`',
  push_mode: 'accDescr',
  line_breaks: true,
});

/** Four jison rules, tried in this order; each swallows the rest of the line from wherever the lexer stands. */
export const Direction = createToken({
  name: 'Direction',
  pattern: { exec: directionLine(true) },
  start_chars_hint: startingWith(/[^\n\r]/),
  label: '`direction`',
  line_breaks: true,
});
export const Newline = createToken({ name: 'Newline', pattern: /\n+/, label: 'a line break', line_breaks: true });
export const QuotedName = createToken({ name: 'QuotedName', pattern: /"[^"%\r\n\v\x08\\]+"/, label: 'a quoted name' });
/** Any quoted text, empty or across lines, `%` and `\` included: a label, never a name. */
export const QuotedText = createToken({ name: 'QuotedText', pattern: /"[^"]*"/, label: 'a quoted text', line_breaks: true });
export const BlockOpen = createToken({ name: 'BlockOpen', pattern: /\{/, label: '`{`', push_mode: 'block' });
export const Hash = createToken({ name: 'Hash', pattern: /#/, label: '`#`' });
export const Comma = createToken({ name: 'Comma', pattern: /,/, label: '`,`' });
export const ClassSeparator = createToken({ name: 'ClassSeparator', pattern: /:::/, label: '`:::`' });
export const Colon = createToken({ name: 'Colon', pattern: /:/, label: '`:`' });
export const AliasOpen = createToken({ name: 'AliasOpen', pattern: /\[/, label: '`[`' });
export const AliasClose = createToken({ name: 'AliasClose', pattern: /]/, label: '`]`' });
export const StyleKeyword = createToken({ name: 'StyleKeyword', pattern: /style\b/i, label: '`style`', push_mode: 'style' });
export const ClassDefKeyword = createToken({
  name: 'ClassDefKeyword',
  pattern: /classDef\b/i,
  label: '`classDef`',
  push_mode: 'style',
});
export const ClassKeyword = createToken({ name: 'ClassKeyword', pattern: /class\b/i, label: '`class`' });

// Cardinalities: one abstract category per meaning over the rules that spell it.
const cardinalityLabel = 'a cardinality like `||` or `o{`';
export const Cardinality = createToken({ name: 'Cardinality', pattern: Lexer.NA, label: cardinalityLabel });
const meaning = (name: string) => createToken({ name, pattern: Lexer.NA, categories: [Cardinality], label: cardinalityLabel });
export const ZeroOrOne = meaning('ZeroOrOne');
export const ExactlyOne = meaning('ExactlyOne');
export const ZeroOrMore = meaning('ZeroOrMore');
export const OneOrMore = meaning('OneOrMore');
export const MdParent = meaning('MdParent');

function cardinality(name: string, pattern: RegExp, category: TokenType): TokenType {
  return createToken({ name, pattern: word(pattern), categories: [category, Cardinality], label: cardinalityLabel });
}
export const OneOrZeroWords = cardinality('OneOrZeroWords', /one or zero\b/, ZeroOrOne);
export const OneOrMoreWords = cardinality('OneOrMoreWords', /one or more\b|one or many\b|1\+/, OneOrMore);
export const ZeroOrOneBarO = cardinality('ZeroOrOneBarO', /\|o\b|zero or one\b/, ZeroOrOne);
export const ZeroOrMoreWords = cardinality('ZeroOrMoreWords', /zero or more\b|zero or many\b|0\+|\}o\b|many\(0\)/, ZeroOrMore);
export const ManyOne = cardinality('ManyOne', /many\(1\)/, OneOrMore);
export const Many = cardinality('Many', /many\b/, ZeroOrMore);
export const OneOrMoreBraceBar = cardinality('OneOrMoreBraceBar', /\}\|/, OneOrMore);
export const OneWords = cardinality('OneWords', /one\b|only one\b/, ExactlyOne);
export const DecimalNumber = createToken({ name: 'DecimalNumber', pattern: /[0-9]+\.[0-9]+/, label: 'a number' });
/** `1` followed by a word, a digit or a line is a cardinality; anywhere else it is a name. */
export const OneBeforeWord = cardinality('OneBeforeWord', /1(?=\s+[A-Za-z_"'])|1(?=\s+[0-9])|1(?=--|\.\.|\.-|-\.)/, ExactlyOne);
export const One = createToken({ name: 'One', pattern: /1\b/, label: 'a number' });
export const WholeNumber = createToken({ name: 'WholeNumber', pattern: /[0-9]+/, label: 'a number' });
export const ExactlyOneBars = cardinality('ExactlyOneBars', /\|\|/, ExactlyOne);
export const ZeroOrOneOBar = cardinality('ZeroOrOneOBar', /o\|/, ZeroOrOne);
export const ZeroOrMoreOBrace = cardinality('ZeroOrMoreOBrace', /o\{/, ZeroOrMore);
export const OneOrMoreBarBrace = cardinality('OneOrMoreBarBrace', /\|\{/, OneOrMore);
/** Mermaid's `u` (MD_PARENT) is a cardinality only right before `.`, `-` or `|`. */
export const MdParentU = cardinality('MdParentU', /u(?=[.\-|])/, MdParent);

// Lines: identifying (solid) or not (dashed).
const lineLabel = 'a line `--` or `..`';
export const RelationshipLine = createToken({ name: 'RelationshipLine', pattern: Lexer.NA, label: lineLabel });
export const Identifying = createToken({ name: 'Identifying', pattern: Lexer.NA, categories: [RelationshipLine], label: lineLabel });
export const NonIdentifying = createToken({ name: 'NonIdentifying', pattern: Lexer.NA, categories: [RelationshipLine], label: lineLabel });

function line(name: string, pattern: RegExp, kind: TokenType): TokenType {
  return createToken({ name, pattern: word(pattern), categories: [kind, RelationshipLine], label: lineLabel });
}
export const DottedLine = line('DottedLine', /\.\./, NonIdentifying);
export const SolidLine = line('SolidLine', /--|to\b/, Identifying);
export const DashedLine = line('DashedLine', /optionally to\b|\.-|-\./, NonIdentifying);

/** Letters, digits, `_ - * .` and any non-ASCII character: an entity name, a label word or a class name. */
export const Name = createToken({
  name: 'Name',
  pattern: /(?:[^\x00-\x7F]|\w|-|\*|\.)+/,
  start_chars_hint: startingWith(/[^\x00-\x7F]|\w|-|\*|\./),
  label: 'a name',
});
/** Jison hands any other character to the parser as itself; no rule accepts one. */
export const StrayCharacter = createToken({ name: 'StrayCharacter', pattern: /./, start_chars_hint: startingWith(/./), label: 'a character' });

// Inside an attribute block.
export const BlockClose = createToken({ name: 'BlockClose', pattern: /}/, label: '`}`', pop_mode: true });
export const Key = createToken({ name: 'Key', pattern: /(?:PK|FK|UK)\b/i, label: 'a key `PK`, `FK` or `UK`' });
const attributeWordLabel = 'an attribute type or name';
export const AttributeWord = createToken({ name: 'AttributeWord', pattern: Lexer.NA, label: attributeWordLabel });
const genericPlaces = perText((text) => ({
  tildes: placesOf(text, '~'),
  blanks: placesOf(text, BLANKS),
  lineEnds: placesOf(text, LINE_TERMINATORS),
}));

/**
 * Mermaid's `[^\s]*~.*~[^\s]*`: from a `~` in the word ahead to the last `~` of the line, then to the end of that
 * word. Looked up, not scanned for: in a long run without blanks the regex reads to its end at every character.
 */
function genericWord(text: string, offset: number): [string] | null {
  const { tildes, blanks, lineEnds } = genericPlaces(text);
  const wordEnd = blanks[firstAtOrAfter(blanks, offset)] ?? text.length;
  const first = tildes[firstAtOrAfter(tildes, offset)];
  if (first === undefined || first >= wordEnd) return null;
  const lineEnd = lineEnds[firstAtOrAfter(lineEnds, offset)] ?? text.length;
  const last = tildes[firstAtOrAfter(tildes, lineEnd) - 1] ?? first;
  if (last <= first) return null;
  return [text.slice(offset, blanks[firstAtOrAfter(blanks, last + 1)] ?? text.length)];
}

/** A word holding `~`: Mermaid's rule runs from the first `~` to the LAST `~` on the line, spaces included. */
export const GenericWord = createToken({
  name: 'GenericWord',
  pattern: { exec: genericWord },
  start_chars_hint: startingWith(/[^\s]/),
  line_breaks: false,
  categories: [AttributeWord],
  label: attributeWordLabel,
});
export const PlainWord = createToken({
  name: 'PlainWord',
  pattern: /[*A-Za-z_\u00C0-\uFFFF][A-Za-z0-9\-_[\]()\u00C0-\uFFFF*]*/i,
  categories: [AttributeWord],
  label: attributeWordLabel,
});
export const Comment = createToken({ name: 'Comment', pattern: /"[^"]*"/, label: 'a comment `"..."`', line_breaks: true });
export const KeyComma = createToken({ name: 'KeyComma', pattern: /,/, label: '`,`' });
export const BlockStrayCharacter = createToken({
  name: 'BlockStrayCharacter',
  pattern: /./,
  start_chars_hint: startingWith(/./),
  label: 'a character',
});

// A `style` or `classDef` line: it ends at a line break right after its last word, or at `;`.
/** Also a `Newline`: after `;` the line break that leaves the style line is a line of its own. */
export const StyleNewline = createToken({
  name: 'StyleNewline',
  pattern: /\n+/,
  label: 'a line break',
  categories: [Newline],
  pop_mode: true,
  line_breaks: true,
});
export const StyleColon = createToken({ name: 'StyleColon', pattern: /:/, label: '`:`' });
export const StyleComma = createToken({ name: 'StyleComma', pattern: /,/, label: '`,`' });
export const StyleHash = createToken({ name: 'StyleHash', pattern: /#/, label: '`#`' });
export const StyleText = createToken({
  name: 'StyleText',
  pattern: /(?:[^\x00-\x7F]|\w|-|\*)+/,
  start_chars_hint: startingWith(/[^\x00-\x7F]|\w|-|\*/),
  label: 'a name or a style word',
});
export const StyleSemicolon = createToken({ name: 'StyleSemicolon', pattern: /;/, label: '`;`' });

// Inside `accDescr { ... }`.
export const AccDescrClose = createToken({ name: 'AccDescrClose', pattern: /}/, label: '`}`', pop_mode: true });
export const AccDescrText = createToken({
  name: 'AccDescrText',
  pattern: /[^}]+/,
  start_chars_hint: startingWith(/[^}]/),
  label: 'a description',
  line_breaks: true,
});

/** Not lexed: the lexer adds it when the text ends at the top level, where jison's `<<EOF>>` rule lives. */
export const EndOfInput = createToken({ name: 'EndOfInput', pattern: Lexer.NA, label: 'the end of the diagram' });
