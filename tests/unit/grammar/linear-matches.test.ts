/**
 * The one-pass matchers of grammar/linear-matches.ts find exactly what Mermaid's regular expressions find: random
 * texts over the characters each pattern cares about, compared match for match.
 */
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { colourStyleLines, commentLines, htmlTags, regexMatches } from '../../../grammar/linear-matches.js';

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
