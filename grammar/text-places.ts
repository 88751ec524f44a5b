/**
 * Places in a text, found once per text, for the lexers' custom patterns. A pattern that looks ahead for a
 * character (the `(` of a callback, the end of a line) would otherwise read up to it again at every token, which
 * is quadratic when it is far away or missing.
 */

/** `build(text)`, remembered for the last text: a custom pattern runs once per token, on one text at a time. */
export function perText<T>(build: (text: string) => T): (text: string) => T {
  let last: { text: string; value: T } | undefined;
  return (text) => {
    if (last === undefined || last.text !== text) last = { text, value: build(text) };
    return last.value;
  };
}

/** Every character `\s` matches in a JavaScript regular expression. */
export const BLANKS = '\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';

/** What ends a line for `.` in a JavaScript regular expression. */
export const LINE_TERMINATORS = '\n\r\u2028\u2029';

/** Where any of `characters` stands in `text`, in order. */
export function placesOf(text: string, characters: string): Int32Array {
  const codes = new Set(Array.from(characters, (character) => character.charCodeAt(0)));
  const places: number[] = [];
  for (let index = 0; index < text.length; index++) if (codes.has(text.charCodeAt(index))) places.push(index);
  return Int32Array.from(places);
}

/** The index of the first place at or after `offset` (`places.length` when there is none). */
export function firstAtOrAfter(places: Int32Array, offset: number): number {
  let low = 0;
  let high = places.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((places[middle] ?? 0) < offset) low = middle + 1;
    else high = middle;
  }
  return low;
}
