/**
 * The matchers that stand in for backtracking regular expressions (Mermaid's preprocessing in
 * grammar/linear-matches.ts, lexer patterns in grammar/direction.ts and the tokens, a method's parts, a type
 * word's brackets) find exactly what those find: random texts over the characters each pattern cares about,
 * compared match for match.
 */
import type { CustomPatternMatcherFunc, TokenType } from 'chevrotain';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { methodParts } from '../../../grammar/class/method-parts.js';
import { lexClassDiagram } from '../../../grammar/class/lexer.js';
import { CallbackCall, DirectionLine } from '../../../grammar/class/tokens.js';
import { lexErDiagram } from '../../../grammar/er/lexer.js';
import { Direction, GenericWord } from '../../../grammar/er/tokens.js';
import { colourStyleLines, commentLines, htmlTags, regexMatches } from '../../../grammar/linear-matches.js';
import { readDiagramType } from '../../../src/frontends/diagram/field-types.js';

/** Short texts of pieces the pattern reacts to, so that most texts come close to a match. */
const textOf = (pieces: string[]) => fc.array(fc.constantFrom(...pieces), { maxLength: 16 }).map((chosen) => chosen.join(''));

const LINE_BREAKS = ['\n', '\r', '\u2028', '\u2029'];
const BLANKS = [' ', '\t', '\u00a0', '\ufeff', '\v'];

test('comment lines: as /^\\s*%%(?!{)[^\\n]+\\n?/gm', () => {
  fc.assert(
    fc.property(textOf(['%', '%%', '{', 'a', ...LINE_BREAKS, ...BLANKS]), (text) => {
      assert.equal(commentLines(text), regexMatches(text, /^\s*%%(?!{)[^\n]+\n?/gm));
    }),
    { numRuns: 5000 },
  );
});

test('HTML tags: as /<(\\w+)([^>]*)>/g', () => {
  fc.assert(
    fc.property(textOf(['<', '>', 'a', '1', '_', ' ', '"', '=', '\n', '-']), (text) => {
      assert.equal(htmlTags(text), regexMatches(text, /<(\w+)([^>]*)>/g));
    }),
    { numRuns: 5000 },
  );
});

test('colour styles: as /style.*:\\S*#.*;/g and /classDef.*:\\S*#.*;/g', () => {
  const blankOrBreak = fc.constantFrom(...LINE_BREAKS, ...BLANKS);
  const pieces = fc.oneof(fc.constantFrom('style', 'classDef', 'sty', ':', '#', ';', 'a'), blankOrBreak);
  const texts = fc.array(pieces, { maxLength: 16 }).map((chosen) => chosen.join(''));
  fc.assert(
    fc.property(texts, (text) => {
      assert.equal(colourStyleLines(text, 'style'), regexMatches(text, /style.*:\S*#.*;/g));
      assert.equal(colourStyleLines(text, 'classDef'), regexMatches(text, /classDef.*:\S*#.*;/g));
    }),
    { numRuns: 20000 },
  );
});

/** What a token's pattern matches at each offset of `text`, `undefined` where it does not. */
function tokenMatches(token: TokenType, text: string): (string | undefined)[] {
  const { exec } = token.PATTERN as { exec: CustomPatternMatcherFunc };
  return Array.from({ length: text.length + 1 }, (_, offset) => exec(text, offset, [], {})?.[0]);
}

function regexMatchesAt(patterns: RegExp[], text: string): (string | undefined)[] {
  return Array.from({ length: text.length + 1 }, (_, offset) => {
    for (const pattern of patterns) {
      const sticky = new RegExp(pattern.source, `${pattern.flags}y`);
      sticky.lastIndex = offset;
      const match = sticky.exec(text);
      if (match) return match[0];
    }
    return undefined;
  });
}

const DIRECTION_PIECES = ['direction', 'DIRECTION', ' ', '\t', 'TB', 'tb', 'BT', 'RL', 'LR', 'LX', 'a', ...LINE_BREAKS];

test('direction lines: as Mermaid\'s four rules, in order, from every offset', () => {
  const erRules = ['TB', 'BT', 'RL', 'LR'].map((direction) => new RegExp(`.*direction\\s+${direction}[^\\n]*`, 'i'));
  const classRule = /(?:.*direction\s+TB|.*direction\s+BT|.*direction\s+RL|.*direction\s+LR)[^\n]*/;
  fc.assert(
    fc.property(textOf(DIRECTION_PIECES), (text) => {
      assert.equal(tokenMatches(Direction, text), regexMatchesAt(erRules, text));
      assert.equal(tokenMatches(DirectionLine, text), regexMatchesAt([classRule], text));
    }),
    { numRuns: 3000 },
  );
});

test('callback calls: as /call\\s+(?![\\s(])[^(]*\\([^)]*\\)/ from every offset', () => {
  fc.assert(
    fc.property(textOf(['call', 'call ', ' ', '\n', '(', ')', 'f', 'x(', ')']), (text) => {
      assert.equal(tokenMatches(CallbackCall, text), regexMatchesAt([/call\s+(?![\s(])[^(]*\([^)]*\)/], text));
    }),
    { numRuns: 3000 },
  );
});

test('generic words: as /[^\\s]*~.*~[^\\s]*/ from every offset', () => {
  fc.assert(
    fc.property(textOf(['~', 'a', '{', ' ', '\t', '\u00a0', ...LINE_BREAKS]), (text) => {
      assert.equal(tokenMatches(GenericWord, text), regexMatchesAt([/[^\s]*~.*~[^\s]*/], text));
    }),
    { numRuns: 3000 },
  );
});

test('class members: method parts as /([#+~-]?)(.+)\\((.*)\\)([\\s$*]?)(.*)/d, unanchored', () => {
  const pattern = /([#+~-]?)(.+)\((.*)\)([\s$*]?)(.*)/;
  fc.assert(
    fc.property(textOf(['(', ')', 'a', ' ', '+', '#', '$', '*', '\u2028', '\r', '\t']), (text) => {
      const match = pattern.exec(text);
      const expected = match ? { visibility: match[1], name: match[2], parameters: match[3], classifier: match[4], returnType: match[5] } : undefined;
      assert.equal(methodParts(text), expected, JSON.stringify(text));
    }),
    { numRuns: 5000 },
  );
});

test('diagram types: a word ending in brackets is json, as /\\[[^\\]]*\\]$/ tells', () => {
  fc.assert(
    fc.property(textOf(['[', ']', 'a', '1']), (word) => {
      const json = readDiagramType(word, { file: 'x.mmd', line: 1, column: 1 }).typed?.type === 'json';
      assert.is(json, /\[[^\]]*\]$/.test(word), JSON.stringify(word));
    }),
    { numRuns: 3000 },
  );
});

test('first-character tables: every character above Latin-1 reaches the patterns that can start with it', () => {
  for (let code = 256; code < 0x10000; code++) {
    const character = String.fromCharCode(code);
    // Every such character is a name (or a blank) in an erDiagram; in a classDiagram only letters are names.
    assert.equal(lexErDiagram(character).errors, [], `erDiagram U+${code.toString(16)}`);
    const inClassDiagram = /\p{L}|\s/u.test(character);
    assert.is(lexClassDiagram(character).errors.length === 0, inClassDiagram, `classDiagram U+${code.toString(16)}`);
  }
});

test('the documented shapes, by hand', () => {
  assert.equal(commentLines('a\n\n  %% note\nb %% not\n%%{init}%%\n%%'), [{ index: 2, text: '\n  %% note\n' }]);
  assert.equal(htmlTags('<b>x</b> <br/> <a href="u">'), [
    { index: 0, text: '<b>' },
    { index: 9, text: '<br/>' },
    { index: 15, text: '<a href="u">' },
  ]);
  assert.equal(colourStyleLines('style A fill:#f9f;\nstyle B fill:red;\nclassDef c fill:#f96;', 'style'), [{ index: 0, text: 'style A fill:#f9f;' }]);
});

test.run();
