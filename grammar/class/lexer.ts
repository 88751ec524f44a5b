/**
 * The classDiagram lexer: Mermaid's lexer states as Chevrotain modes.
 *
 * `top` is jison's initial state. A `class` line, a class body, a `namespace` line, a namespace body, a
 * generic `~T~` and a backticked name each have a mode. A class or namespace line inside a namespace body
 * has a mode of its own, because there Mermaid leaves two states at once on `}` and Chevrotain can only
 * leave one (see tokens.ts).
 */
import { Lexer, type IToken, type TokenType } from 'chevrotain';
import { Unexpected, unexpectedCharacters, type UnexpectedRun } from '../unexpected.js';
import * as t from './tokens.js';

const quoted = [t.EmptyQuoted, t.Quoted, t.UnclosedQuoted];
/** The shared rules jison tries before a generic's or a backticked name's own text. */
const keywords = [t.CssClass, t.Callback, t.Link, t.Click, t.NoteFor, t.Note, t.AnnotationStart, t.AnnotationEnd, t.Href];

/** The rules every state shares, in Mermaid's order; `:`, `,` and `#` alone are top-level only. */
function sharedRules(topLevelOnly: TokenType[]): TokenType[] {
  return [
    ...keywords,
    t.GenericOpen,
    t.BacktickOpen,
    t.LinkTarget,
    t.Extension,
    t.Dependency,
    t.Composition,
    t.Aggregation,
    t.Lollipop,
    t.SolidLine,
    t.DottedLine,
    t.Label,
    t.StyleSeparator,
    t.Minus,
    t.Dot,
    t.Plus,
    ...topLevelOnly,
    t.Percent,
    t.Equals,
    t.Word,
    t.LSquare,
    t.RSquare,
    t.Punctuation,
    t.UnicodeLetter,
  ];
}

const rules: Record<string, TokenType[]> = {
  [t.Mode.top]: [
    t.DirectionLine,
    t.Comment,
    t.AccTitle,
    t.AccTitleWithoutText,
    t.AccDescrLine,
    t.AccDescrWithoutText,
    t.AccDescrBlock,
    t.EmptyAccDescrBlock,
    t.UnclosedAccDescrBlock,
    t.Newline,
    t.WhiteSpace,
    t.Header,
    t.EdgeState,
    t.CallbackCall,
    t.BrokenCallbackCall,
    ...quoted,
    t.Style,
    t.ClassDef,
    t.NamespaceAtTop,
    t.ClassAtTop,
    ...sharedRules([t.Colon, t.Comma, t.Hash]),
  ],
  [t.Mode.classLine]: [...quoted, t.ClassLineEnd, t.WhiteSpace, t.StrayCloseAfterClass, t.BodyOpen, ...sharedRules([])],
  [t.Mode.classLineInNamespace]: [
    ...quoted,
    t.ClassLineEndInNamespace,
    t.WhiteSpace,
    t.NamespaceCloseAfterClass,
    t.BodyOpen,
    ...sharedRules([]),
  ],
  [t.Mode.classBody]: [...quoted, t.BodyClose, t.EdgeState, t.BraceInBody, t.BodyLineBreak, t.Member],
  [t.Mode.namespaceLine]: [
    ...quoted,
    t.NamespaceOnNamespaceLine,
    t.NamespaceLineEnd,
    t.WhiteSpace,
    t.NamespaceOpen,
    t.StrayCloseAfterNamespace,
    ...sharedRules([]),
  ],
  [t.Mode.nestedNamespaceLine]: [
    ...quoted,
    t.NamespaceOnNamespaceLine,
    t.NestedNamespaceLineEnd,
    t.WhiteSpace,
    t.NamespaceOpen,
    t.NamespaceCloseAfterNested,
    ...sharedRules([]),
  ],
  [t.Mode.generic]: [...quoted, ...keywords, t.GenericClose, t.GenericText, t.UnclosedGeneric],
  [t.Mode.backticks]: [...quoted, ...keywords, t.GenericOpen, t.BacktickClose, t.BacktickText],
  [t.Mode.namespaceBody]: [
    ...quoted,
    t.NamespaceInNamespace,
    t.NamespaceBodyClose,
    t.Newline,
    t.WhiteSpace,
    t.EdgeState,
    t.ClassInNamespace,
    ...sharedRules([]),
  ],
};

/** Each mode's rules, then what none of them takes (grammar/unexpected.ts). */
const modes = Object.fromEntries(Object.entries(rules).map(([mode, tokens]) => [mode, [...tokens, Unexpected]]));

/** Every token type the parser knows, categories included. */
export const classTokenVocabulary: TokenType[] = [...new Set(Object.values(modes).flat()), ...t.categories];

// The lexer must build its first-character table (tokens.ts gives hints where Chevrotain cannot read a pattern):
// without it, a long text takes seconds.
let builtLexer: Lexer | undefined;

/** Built on first use, as the parser is: a command that reads no classDiagram should not pay for it. */
function classLexer(): Lexer {
  builtLexer ??= new Lexer({ modes, defaultMode: t.Mode.top }, { positionTracking: 'full', ensureOptimizations: true });
  return builtLexer;
}

export interface ClassLexingResult {
  tokens: IToken[];
  /** Runs of characters no rule takes, which Mermaid's lexer rejects. */
  errors: UnexpectedRun[];
  /** Where lexing stopped, past too many of those. */
  stoppedAt?: number;
}

/** `input` is the text Mermaid's parser receives (`mermaidParserInput` in grammar/preprocess.ts). */
export function lexClassDiagram(input: string): ClassLexingResult {
  const lexed = classLexer().tokenize(input);
  const { runs, stoppedAt } = unexpectedCharacters(lexed.groups);
  return { tokens: lexed.tokens, errors: runs, ...(stoppedAt === undefined ? {} : { stoppedAt }) };
}
