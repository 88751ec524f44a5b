/** The erDiagram lexer: a top-level mode and an attribute-block mode entered by `{`. */
import { Lexer, type ILexingResult } from 'chevrotain';
import * as t from './tokens.js';

const topLevel = [
  t.WhiteSpace,
  t.Header,
  t.DirectionLine,
  t.AccTitleLine,
  t.AccDescrBlock,
  t.AccDescrLine,
  t.StyleLine,
  t.ClassShorthand,
  t.Colon,
  t.ZeroOrOneWords,
  t.OneOrMoreWords,
  t.ZeroOrMoreWords,
  t.ExactlyOneWords,
  t.NonIdentifyingWords,
  t.IdentifyingWords,
  t.ZeroOrOneSymbol,
  t.ExactlyOneSymbol,
  t.ZeroOrMoreSymbol,
  t.OneOrMoreSymbol,
  t.IdentifyingSymbol,
  t.NonIdentifyingSymbol,
  t.LBracket,
  t.RBracket,
  t.LCurly,
  t.Quoted,
  t.Name,
];

const attributeBlock = [t.WhiteSpace, t.RCurly, t.Key, t.Comma, t.Quoted, t.AttributeWord];

/** Every token type the parser knows, categories included. */
export const erTokenVocabulary = [
  ...topLevel,
  ...attributeBlock.filter((token) => !topLevel.includes(token)),
  t.Cardinality,
  t.ZeroOrOne,
  t.ExactlyOne,
  t.ZeroOrMore,
  t.OneOrMore,
  t.RelationshipLine,
  t.Identifying,
  t.NonIdentifying,
];

const erLexer = new Lexer(
  { modes: { top: topLevel, block: attributeBlock }, defaultMode: 'top' },
  { positionTracking: 'full', ensureOptimizations: false },
);

export function lexErDiagram(text: string): ILexingResult {
  return erLexer.tokenize(text);
}
