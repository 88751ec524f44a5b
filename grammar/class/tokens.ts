/**
 * Tokens of Mermaid's `classDiagram`, lexed from the text Mermaid's parser receives (entities already
 * encoded, comment lines gone: see `mermaidParserInput` in grammar/preprocess.ts).
 *
 * Mermaid's jison lexer is a state machine whose states change what a character means: `o` is an
 * aggregation head outside a class body and plain text inside one, `}` closes a body or a namespace
 * depending on the line, `class` is a keyword at the top level and in a namespace body but a plain word
 * after `class`. The lexer (`lexer.ts`) reproduces those states as Chevrotain modes, listing in each the
 * patterns below in jison's order, because both lexers take the first rule that matches, not the longest.
 * Where jison enters a state without returning a token for a quote, the whole quoted run is one token here;
 * where that run is empty jison returns nothing, so neither do we. Jison fails when the text ends inside a
 * quote, a generic or an `accDescr {`: the `Unclosed...` tokens, which no rule accepts.
 *
 * A jison rule whose pattern ends in a word character gets an implicit `\b`: `o\b`, `note\b`, `class\b`.
 */
import { createToken, Lexer, type TokenType } from 'chevrotain';
import { directionLine } from '../direction.js';
import { startingWith } from '../first-characters.js';
import { firstAtOrAfter, perText, placesOf } from '../text-places.js';

/** Mode names, see lexer.ts. */
export const Mode = {
  top: 'top',
  classLine: 'classLine',
  classLineInNamespace: 'classLineInNamespace',
  classBody: 'classBody',
  namespaceLine: 'namespaceLine',
  nestedNamespaceLine: 'nestedNamespaceLine',
  namespaceBody: 'namespaceBody',
  generic: 'generic',
  backticks: 'backticks',
} as const;

// Categories the parser works with; each groups the per-mode tokens that mean the same thing to it.
export const LineEnd = createToken({ name: 'LineEnd', pattern: Lexer.NA, label: 'a line break' });
export const ClassKeyword = createToken({ name: 'ClassKeyword', pattern: Lexer.NA, label: '`class`' });
export const NamespaceKeyword = createToken({ name: 'NamespaceKeyword', pattern: Lexer.NA, label: '`namespace`' });
export const NamespaceClose = createToken({ name: 'NamespaceClose', pattern: Lexer.NA, label: '`}`' });
/** A `}` where no block is open: after a top-level `class` or `namespace` line. */
export const StrayClose = createToken({ name: 'StrayClose', pattern: Lexer.NA, label: '`}`' });
export const RelationHead = createToken({ name: 'RelationHead', pattern: Lexer.NA, label: 'an arrow head' });
export const RelationLine = createToken({ name: 'RelationLine', pattern: Lexer.NA, label: 'a line `--` or `..`' });
/** A word, a letter or a `-`: Mermaid glues adjacent ones into one class name. */
export const AlphaNum = createToken({ name: 'AlphaNum', pattern: Lexer.NA, label: 'a class name' });

const skipped = { group: Lexer.SKIPPED };

// --- Top level only -------------------------------------------------------------------------------

/**
 * Mermaid's first rules: any top-level line containing `direction TB|BT|RL|LR` is a direction
 * statement from wherever the lexer stands to the end of the line, whatever precedes it. The four
 * directions are four rules tried in order (grammar/direction.ts).
 */
export const DirectionLine = createToken({
  name: 'DirectionLine',
  pattern: { exec: directionLine(false) },
  start_chars_hint: startingWith(/[^\n\r]/),
  line_breaks: true,
  label: 'a `direction` line',
});
/** `%%` to the end of the line and every line break after it: a comment after a statement eats the separator. */
export const Comment = createToken({ name: 'Comment', pattern: /%%[^\n]*[\r\n]*/, line_breaks: true, ...skipped });
/** The blanks after `:` are eaten first, line breaks included, so the text may start on a later line. */
export const AccTitle = createToken({
  name: 'AccTitle',
  pattern: /accTitle\s*:\s*(?!\s)[^\n]+/,
  line_breaks: true,
  label: 'an `accTitle:` line',
});
/** `accTitle:` with nothing after it but blanks up to the end of the diagram, which Mermaid rejects. */
export const AccTitleWithoutText = createToken({
  name: 'AccTitleWithoutText',
  pattern: /accTitle\s*:\s*/,
  line_breaks: true,
  label: '`accTitle:` without a text',
});
export const AccDescrLine = createToken({
  name: 'AccDescrLine',
  pattern: /accDescr\s*:\s*(?!\s)[^\n]+/,
  line_breaks: true,
  label: 'an `accDescr:` line',
});
export const AccDescrWithoutText = createToken({
  name: 'AccDescrWithoutText',
  pattern: /accDescr\s*:\s*/,
  line_breaks: true,
  label: '`accDescr:` without a text',
});
export const AccDescrBlock = createToken({
  name: 'AccDescrBlock',
  pattern: /accDescr\s*\{\s*[^\s}][^}]*\}/,
  line_breaks: true,
  label: 'an `accDescr { }` block',
});
/** An empty `accDescr {}` produces no token at all in Mermaid. */
export const EmptyAccDescrBlock = createToken({
  name: 'EmptyAccDescrBlock',
  pattern: /accDescr\s*\{\s*\}/,
  line_breaks: true,
  ...skipped,
});
export const UnclosedAccDescrBlock = createToken({
  name: 'UnclosedAccDescrBlock',
  pattern: /accDescr\s*\{[^}]*/,
  line_breaks: true,
  label: 'an `accDescr {` block without its `}`',
});
/** Blank lines collapse into one line end, as in Mermaid. */
export const Newline = createToken({ name: 'Newline', pattern: /\s*\n/, line_breaks: true, categories: [LineEnd] });
export const WhiteSpace = createToken({ name: 'WhiteSpace', pattern: /\s+/, line_breaks: true, ...skipped });
export const Header = createToken({ name: 'Header', pattern: /classDiagram(?:-v2\b)?\b/, label: '`classDiagram`' });
export const EdgeState = createToken({ name: 'EdgeState', pattern: /\[\*\]/, label: '`[*]`' });
const CALL_HEAD = /call\s+(?![\s(])/y;
const parentheses = perText((text) => ({ opening: placesOf(text, '('), closing: placesOf(text, ')') }));

/**
 * Mermaid's `call\s+(?![\s(])[^(]*\([^)]*\)`: up to the first `(` after `call`, then up to the first `)`. Both
 * are looked up, not scanned for: where they are far or missing, the regex reads that far at every `call`.
 */
function callbackCall(text: string, offset: number): [string] | null {
  CALL_HEAD.lastIndex = offset;
  if (!CALL_HEAD.test(text)) return null;
  const { opening, closing } = parentheses(text);
  const open = opening[firstAtOrAfter(opening, CALL_HEAD.lastIndex)];
  const close = open === undefined ? undefined : closing[firstAtOrAfter(closing, open)];
  return close === undefined ? null : [text.slice(offset, close + 1)];
}

/** `call name(args)` after `click X`; the name may run over lines, as in Mermaid, and must not be empty. */
export const CallbackCall = createToken({
  name: 'CallbackCall',
  pattern: { exec: callbackCall },
  start_chars_hint: ['c'],
  line_breaks: true,
  label: 'a callback like `call name()`',
});
/** `call` followed by a blank but not by `name(...)`: Mermaid rejects it wherever it stands. */
export const BrokenCallbackCall = createToken({
  name: 'BrokenCallbackCall',
  pattern: /call\s+/,
  line_breaks: true,
  label: 'a `call` without `name()`',
});
export const Style = createToken({ name: 'Style', pattern: /style\b/, label: '`style`' });
export const ClassDef = createToken({ name: 'ClassDef', pattern: /classDef\b/, label: '`classDef`' });
export const Colon = createToken({ name: 'Colon', pattern: /:/, label: '`:`' });
export const Comma = createToken({ name: 'Comma', pattern: /,/, label: '`,`' });
export const Hash = createToken({ name: 'Hash', pattern: /#/, label: '`#`' });

// Keywords that change the mode. Inside a namespace body, jison pushes a state on top of the body
// and later pops two at once; Chevrotain pops one, so there these tokens replace the body mode instead.
export const ClassAtTop = createToken({
  name: 'ClassAtTop',
  pattern: /class\b/,
  categories: [ClassKeyword],
  push_mode: Mode.classLine,
  label: '`class`',
});
export const ClassInNamespace = createToken({
  name: 'ClassInNamespace',
  pattern: /class\b/,
  categories: [ClassKeyword],
  pop_mode: true,
  push_mode: Mode.classLineInNamespace,
  label: '`class`',
});
export const NamespaceAtTop = createToken({
  name: 'NamespaceAtTop',
  pattern: /namespace\b/,
  categories: [NamespaceKeyword],
  push_mode: Mode.namespaceLine,
  label: '`namespace`',
});
export const NamespaceInNamespace = createToken({
  name: 'NamespaceInNamespace',
  pattern: /namespace\b/,
  categories: [NamespaceKeyword],
  pop_mode: true,
  push_mode: Mode.nestedNamespaceLine,
  label: '`namespace`',
});
/** `namespace namespace`: jison nests one more namespace state; the parser rejects it anyway. */
export const NamespaceOnNamespaceLine = createToken({
  name: 'NamespaceOnNamespaceLine',
  pattern: /namespace\b/,
  categories: [NamespaceKeyword],
  push_mode: Mode.namespaceLine,
  label: '`namespace`',
});

// --- Line ends and braces of the class and namespace lines ----------------------------------------

export const ClassLineEnd = createToken({
  name: 'ClassLineEnd',
  pattern: /\s*\n/,
  line_breaks: true,
  categories: [LineEnd],
  pop_mode: true,
});
export const ClassLineEndInNamespace = createToken({
  name: 'ClassLineEndInNamespace',
  pattern: /\s*\n/,
  line_breaks: true,
  categories: [LineEnd],
  pop_mode: true,
  push_mode: Mode.namespaceBody,
});
export const NamespaceLineEnd = createToken({
  name: 'NamespaceLineEnd',
  pattern: /\s*\n/,
  line_breaks: true,
  categories: [LineEnd],
  pop_mode: true,
});
export const NestedNamespaceLineEnd = createToken({
  name: 'NestedNamespaceLineEnd',
  pattern: /\s*\n/,
  line_breaks: true,
  categories: [LineEnd],
  pop_mode: true,
  push_mode: Mode.namespaceBody,
});
export const BodyOpen = createToken({ name: 'BodyOpen', pattern: /\{/, push_mode: Mode.classBody, label: '`{`' });
export const NamespaceOpen = createToken({ name: 'NamespaceOpen', pattern: /\{/, push_mode: Mode.namespaceBody, label: '`{`' });
export const StrayCloseAfterClass = createToken({
  name: 'StrayCloseAfterClass',
  pattern: /\}/,
  categories: [StrayClose],
  pop_mode: true,
  label: '`}`',
});
export const StrayCloseAfterNamespace = createToken({
  name: 'StrayCloseAfterNamespace',
  pattern: /\}/,
  categories: [StrayClose],
  pop_mode: true,
  label: '`}`',
});
/** `class A }` inside a namespace: the `}` ends the class line and the namespace. */
export const NamespaceCloseAfterClass = createToken({
  name: 'NamespaceCloseAfterClass',
  pattern: /\}/,
  categories: [NamespaceClose],
  pop_mode: true,
  label: '`}`',
});
/** `namespace B { ... } }`: the second `}` ends the enclosing namespace. */
export const NamespaceCloseAfterNested = createToken({
  name: 'NamespaceCloseAfterNested',
  pattern: /\}/,
  categories: [NamespaceClose],
  pop_mode: true,
  label: '`}`',
});
export const NamespaceBodyClose = createToken({
  name: 'NamespaceBodyClose',
  pattern: /\}/,
  categories: [NamespaceClose],
  pop_mode: true,
  label: '`}`',
});

// --- Class body ---------------------------------------------------------------------------------

export const BodyClose = createToken({ name: 'BodyClose', pattern: /\}/, pop_mode: true, label: '`}`' });
export const BraceInBody = createToken({ name: 'BraceInBody', pattern: /\{/, label: '`{`' });
export const BodyLineBreak = createToken({ name: 'BodyLineBreak', pattern: /\n/, line_breaks: true, ...skipped });
/** One member line, raw: Mermaid trims and classifies it later. */
export const Member = createToken({ name: 'Member', pattern: /[^{}\n]+/, start_chars_hint: startingWith(/[^{}\n]/), label: 'a member' });

// --- Everywhere -----------------------------------------------------------------------------------

/** `""` is no token at all in Mermaid. */
export const EmptyQuoted = createToken({ name: 'EmptyQuoted', pattern: /""/, ...skipped });
export const Quoted = createToken({ name: 'Quoted', pattern: /"[^"]*"/, line_breaks: true, label: 'a quoted text' });
export const UnclosedQuoted = createToken({
  name: 'UnclosedQuoted',
  pattern: /"[^"]*/,
  line_breaks: true,
  label: 'a quoted text without its closing `"`',
});
export const CssClass = createToken({ name: 'CssClass', pattern: /cssClass\b/, label: '`cssClass`' });
export const Callback = createToken({ name: 'Callback', pattern: /callback\b/, label: '`callback`' });
export const Link = createToken({ name: 'Link', pattern: /link\b/, label: '`link`' });
export const Click = createToken({ name: 'Click', pattern: /click\b/, label: '`click`' });
/** Exactly one blank between `note` and `for`, as in Mermaid. */
export const NoteFor = createToken({ name: 'NoteFor', pattern: /note for\b/, label: '`note for`' });
export const Note = createToken({ name: 'Note', pattern: /note\b/, label: '`note`' });
export const AnnotationStart = createToken({ name: 'AnnotationStart', pattern: /<</, label: '`<<`' });
export const AnnotationEnd = createToken({ name: 'AnnotationEnd', pattern: />>/, label: '`>>`' });
export const Href = createToken({ name: 'Href', pattern: /href\b/, label: '`href`' });
// `~` and a backtick open states of their own, where the keywords and a quote are still tried first, at the
// place right after the opening mark: `A~<<x>>~` starts with `<<`, a backticked `` `note x` `` with `note`.
export const GenericOpen = createToken({ name: 'GenericOpen', pattern: /~/, push_mode: Mode.generic, ...skipped });
export const GenericClose = createToken({ name: 'GenericClose', pattern: /~/, pop_mode: true, ...skipped });
export const GenericText = createToken({
  name: 'GenericText',
  pattern: /[^~]+(?=~)/,
  start_chars_hint: startingWith(/[^~]/),
  line_breaks: true,
  label: 'a generic type like `~T~`',
});
export const UnclosedGeneric = createToken({
  name: 'UnclosedGeneric',
  pattern: /[^~]+/,
  start_chars_hint: startingWith(/[^~]/),
  line_breaks: true,
  label: 'a generic type without its closing `~`',
});
export const BacktickOpen = createToken({ name: 'BacktickOpen', pattern: /`/, push_mode: Mode.backticks, ...skipped });
export const BacktickClose = createToken({ name: 'BacktickClose', pattern: /`/, pop_mode: true, ...skipped });
/** Anything but a backtick; an unclosed one runs to the end of the diagram and Mermaid accepts that. */
export const BacktickText = createToken({
  name: 'BacktickText',
  pattern: /[^`]+/,
  start_chars_hint: startingWith(/[^`]/),
  line_breaks: true,
  label: 'a name in backticks',
});
export const LinkTarget = createToken({
  name: 'LinkTarget',
  pattern: /(?:_self|_blank|_parent|_top)\b/,
  label: 'a link target like `_blank`',
});
export const Extension = createToken({ name: 'Extension', pattern: /<\||\|>/, categories: [RelationHead], label: '`<|`' });
export const Dependency = createToken({ name: 'Dependency', pattern: /[<>]/, categories: [RelationHead], label: '`>`' });
export const Composition = createToken({ name: 'Composition', pattern: /\*/, categories: [RelationHead], label: '`*`' });
/** `o` is a head only before a non-word character: `--o B` is an aggregation, `--oB` a class `oB`. */
export const Aggregation = createToken({ name: 'Aggregation', pattern: /o\b/, categories: [RelationHead], label: '`o`' });
export const Lollipop = createToken({ name: 'Lollipop', pattern: /\(\)/, categories: [RelationHead], label: '`()`' });
export const SolidLine = createToken({ name: 'SolidLine', pattern: /--/, categories: [RelationLine], label: '`--`' });
export const DottedLine = createToken({ name: 'DottedLine', pattern: /\.\./, categories: [RelationLine], label: '`..`' });
/** `: text` up to a `:`, `;` or the end of the line (a `#name;` entity is already a placeholder then). */
export const Label = createToken({ name: 'Label', pattern: /:[^:\n;]+/, label: 'a label like `: text`' });
export const StyleSeparator = createToken({ name: 'StyleSeparator', pattern: /:::/, label: '`:::`' });
export const Minus = createToken({ name: 'Minus', pattern: /-/, categories: [AlphaNum], label: '`-`' });
export const Dot = createToken({ name: 'Dot', pattern: /\./, label: '`.`' });
export const Plus = createToken({ name: 'Plus', pattern: /\+/, label: '`+`' });
export const Percent = createToken({ name: 'Percent', pattern: /%/, label: '`%`' });
export const Equals = createToken({ name: 'Equals', pattern: /=/, label: '`=`' });
export const Word = createToken({ name: 'Word', pattern: /\w+/, categories: [AlphaNum], label: 'a name' });
export const LSquare = createToken({ name: 'LSquare', pattern: /\[/, label: '`[`' });
export const RSquare = createToken({ name: 'RSquare', pattern: /]/, label: '`]`' });
export const Punctuation = createToken({ name: 'Punctuation', pattern: /[!"#$%&'*+,\-.`?\\/]/, label: 'a punctuation mark' });

/**
 * One non-ASCII letter of the Basic Multilingual Plane. Mermaid lists the letters of an older Unicode
 * version; `\p{L}` also takes the few added since. Chevrotain cannot run a `u` regex itself.
 */
const nonAsciiLetter = /(?=[\u0080-\uFFFF])\p{L}/uy;
export const UnicodeLetter = createToken({
  name: 'UnicodeLetter',
  pattern: {
    exec: (text: string, offset: number) => {
      nonAsciiLetter.lastIndex = offset;
      return nonAsciiLetter.exec(text);
    },
  },
  start_chars_hint: startingWith(/\p{L}/u).filter((code) => code >= 0x80),
  line_breaks: false,
  categories: [AlphaNum],
  label: 'a letter',
});

/** Every category, for the parser's vocabulary. */
export const categories: TokenType[] = [
  LineEnd,
  ClassKeyword,
  NamespaceKeyword,
  NamespaceClose,
  StrayClose,
  RelationHead,
  RelationLine,
  AlphaNum,
];
