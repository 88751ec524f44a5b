/**
 * The erDiagram lexer: Mermaid's four jison lexer states as Chevrotain modes, each list in the order of
 * Mermaid's rules (the first rule that matches wins, in both).
 */
import { createTokenInstance, Lexer, type IToken, type TokenType } from 'chevrotain';
import { Unexpected, unexpectedCharacters, type UnexpectedRun } from '../unexpected.js';
import * as t from './tokens.js';

const top = [
  t.AccTitle,
  t.AccDescrLine,
  t.EmptyAccDescr,
  t.AccDescrOpen,
  t.Direction,
  t.Newline,
  t.WhiteSpace,
  t.QuotedName,
  t.QuotedText,
  t.Header,
  t.BlockOpen,
  t.Hash,
  t.Comma,
  t.ClassSeparator,
  t.Colon,
  t.AliasOpen,
  t.AliasClose,
  t.StyleKeyword,
  t.ClassDefKeyword,
  t.ClassKeyword,
  t.OneOrZeroWords,
  t.OneOrMoreWords,
  t.ZeroOrOneBarO,
  t.ZeroOrMoreWords,
  t.ManyOne,
  t.Many,
  t.OneOrMoreBraceBar,
  t.OneWords,
  t.DecimalNumber,
  t.OneBeforeWord,
  t.One,
  t.WholeNumber,
  t.ExactlyOneBars,
  t.ZeroOrOneOBar,
  t.ZeroOrMoreOBrace,
  t.OneOrMoreBarBrace,
  t.MdParentU,
  t.DottedLine,
  t.SolidLine,
  t.DashedLine,
  t.Name,
  t.StrayCharacter,
];
const block = [t.WhiteSpace, t.Key, t.GenericWord, t.PlainWord, t.Comment, t.BlockClose, t.KeyComma, t.BlockStrayCharacter];
/** The one mode where jison's lexer rejects characters: the others end in a catch-all token the parser rejects. */
const style = [t.StyleNewline, t.WhiteSpace, t.StyleColon, t.StyleComma, t.StyleHash, t.StyleText, t.StyleSemicolon, Unexpected];
const accDescr = [t.AccDescrClose, t.AccDescrText];

type Mode = 'top' | 'block' | 'style' | 'accDescr';
const modes: Record<Mode, TokenType[]> = { top, block, style, accDescr };

/** Every token type the parser knows, categories included. */
export const erTokenVocabulary: TokenType[] = [
  ...new Set([...top, ...block, ...style, ...accDescr]),
  t.Cardinality,
  t.ZeroOrOne,
  t.ExactlyOne,
  t.ZeroOrMore,
  t.OneOrMore,
  t.MdParent,
  t.RelationshipLine,
  t.Identifying,
  t.NonIdentifying,
  t.AttributeWord,
  t.EndOfInput,
];

// Positions are offsets into the text jison would see; the facade maps them back to the user's text. The lexer must
// build its first-character table (tokens.ts gives hints where Chevrotain cannot read a pattern): without it, a
// long text takes seconds.
let builtLexer: Lexer | undefined;

/** Built on first use, as the parser is: a command that reads no erDiagram should not pay for it. */
function erLexer(): Lexer {
  builtLexer ??= new Lexer({ modes, defaultMode: 'top' }, { positionTracking: 'onlyOffset', ensureOptimizations: true });
  return builtLexer;
}

/**
 * The mode the lexer is in after a token: every mode is entered from the top level and left back to it. Jison
 * reads `accTitle:` and its value in a state of their own; when the value runs to the end of the text, jison is
 * still in that state there, and so never reaches its end-of-input rule.
 */
function modeAfter(token: IToken, text: string): Mode | 'accValue' {
  const type = token.tokenType;
  const oneLineAccessibility = type === t.AccTitle || type === t.AccDescrLine;
  if (oneLineAccessibility && token.startOffset + token.image.length === text.length) return 'accValue';
  if (type.PUSH_MODE !== undefined) return type.PUSH_MODE as Mode;
  if (type.POP_MODE) return 'top';
  const owner = (Object.keys(modes) as Mode[]).find((mode) => modes[mode].includes(type));
  return owner ?? 'top';
}

export interface ErLexingResult {
  /** The parser's input; it ends with `EndOfInput` only when the text ends at the top level, as in jison. */
  tokens: IToken[];
  /** Tokens that jison never hands to its parser but that the model lists (an empty `accDescr {}`). */
  invisible: IToken[];
  /** Runs of characters a style line cannot hold, which Mermaid's lexer rejects. */
  errors: UnexpectedRun[];
  /** Where lexing stopped, past too many of those. */
  stoppedAt?: number;
}

const later = (a: IToken | undefined, b: IToken | undefined) => (a === undefined || (b !== undefined && b.startOffset > a.startOffset) ? b : a);

export function lexErDiagram(text: string): ErLexingResult {
  const lexed = erLexer().tokenize(text);
  const invisible = lexed.groups['invisible'] ?? [];
  const last = [lexed.tokens.at(-1), invisible.at(-1)].reduce(later);
  const tokens = lexed.tokens;
  if (last === undefined || modeAfter(last, text) === 'top') {
    tokens.push(createTokenInstance(t.EndOfInput, '', text.length, text.length, NaN, NaN, NaN, NaN));
  }
  const { runs, stoppedAt } = unexpectedCharacters(lexed.groups);
  return { tokens, invisible, errors: runs, ...(stoppedAt === undefined ? {} : { stoppedAt }) };
}
