/**
 * Hints for Chevrotain's first-character table (`start_chars_hint`). With the table, the lexer tries at each
 * character only the patterns that can start with it; without it, every pattern of the mode (some forty at the
 * top level), which made lexing a megabyte take seconds. Chevrotain reads the first characters of most regular
 * expressions itself, not of custom patterns or of sets written as complements: those tokens carry these hints.
 * A hint may cover more characters than can start a match (the pattern still decides), never fewer.
 */

const LATIN_1 = Array.from({ length: 256 }, (_, code) => code);
/**
 * Chevrotain's table has a row per Latin-1 character, and above that a row per run of 255 characters: one
 * character in every 128 names every row, and costs startup a fraction of naming all 65,280 (tested in
 * tests/unit/grammar/linear-time.test.ts, which lexes every character above Latin-1).
 */
const ABOVE_LATIN_1 = Array.from({ length: 511 }, (_, index) => Math.min(256 + index * 128, 0xffff));

/** The Latin-1 characters `first` matches, and every character above them. */
export function startingWith(first: RegExp): number[] {
  return LATIN_1.filter((code) => first.test(String.fromCharCode(code))).concat(ABOVE_LATIN_1);
}
