/**
 * Mermaid's direction rules, in both diagram grammars: `.*direction\s+TB[^\n]*`, then the same for BT, RL and LR,
 * tried at every token. A line that holds `direction LR` further on is a direction statement from wherever the
 * lexer stands. As regular expressions, `.*` runs to the end of the line and backtracks from there at every
 * token, quadratic in a long line; here each `direction` of the text is read once, and each token asks a binary
 * search.
 */
import { firstAtOrAfter, LINE_TERMINATORS, perText, placesOf } from './text-places.js';

const DIRECTIONS = ['TB', 'BT', 'RL', 'LR'];

interface DirectionPlaces {
  /** Whether the text holds a direction statement at all: most do not, and the pattern runs at every token. */
  any: boolean;
  /** Where `.` stops: line feeds, carriage returns and the Unicode line and paragraph separators. */
  lineEnds: Int32Array;
  /** Per direction, in the order above: where `direction\s+<it>` starts, and where that text ends. */
  starts: Int32Array[];
  ends: Int32Array[];
}

function directionPlaces(text: string, flags: string): DirectionPlaces {
  const starts: number[][] = DIRECTIONS.map(() => []);
  const ends: number[][] = DIRECTIONS.map(() => []);
  const statement = new RegExp(`direction\\s+(${DIRECTIONS.join('|')})`, `${flags}y`);
  for (const word of text.matchAll(new RegExp('direction', `${flags}g`))) {
    statement.lastIndex = word.index;
    const found = statement.exec(text);
    const direction = DIRECTIONS.indexOf(found?.[1]?.toUpperCase() ?? '');
    if (direction < 0) continue;
    starts[direction]?.push(word.index);
    ends[direction]?.push(statement.lastIndex);
  }
  return {
    any: starts.some((places) => places.length > 0),
    lineEnds: placesOf(text, LINE_TERMINATORS),
    starts: starts.map((places) => Int32Array.from(places)),
    ends: ends.map((places) => Int32Array.from(places)),
  };
}

/**
 * A custom token pattern matching what the four rules match, `ignoreCase` as jison's `case-insensitive` option:
 * the first direction whose statement starts on the rest of the line wins, at its last start there (`.*` is
 * greedy), and the token runs to the line feed after it.
 */
export function directionLine(ignoreCase: boolean): (text: string, offset: number) => [string] | null {
  const placesIn = perText((text) => directionPlaces(text, ignoreCase ? 'i' : ''));
  return (text, offset) => {
    const { any, lineEnds, starts, ends } = placesIn(text);
    if (!any) return null;
    const lineEnd = lineEnds[firstAtOrAfter(lineEnds, offset)] ?? text.length;
    for (const [direction, places] of starts.entries()) {
      const last = firstAtOrAfter(places, lineEnd) - 1;
      const start = places[last];
      if (start === undefined || start < offset) continue;
      const statementEnd = ends[direction]?.[last] ?? start;
      const lineFeed = text.indexOf('\n', statementEnd);
      return [text.slice(offset, lineFeed === -1 ? text.length : lineFeed)];
    }
    return null;
  };
}

/**
 * The place of a direction token's statement, from its `direction` to the end of what follows on the line. The
 * token runs from wherever the lexer stood (an indent, or text before the keyword that the statement swallows);
 * a warning points at the keyword. The keyword is the one `directionLine` chose: the first direction, in order,
 * stated on the token's line, at its last statement there.
 */
export function directionStatementRange(token: { startOffset: number; image: string }, ignoreCase: boolean): { start: number; end: number } {
  const { image, startOffset } = token;
  const lineEnd = image.search(/[\n\r\u2028\u2029]/);
  const onLine = lineEnd === -1 ? image.length : lineEnd;
  let keyword = 0;
  for (const direction of DIRECTIONS) {
    const statement = new RegExp(`direction\\s+${direction}`, ignoreCase ? 'gi' : 'g');
    const last = [...image.matchAll(statement)].filter((found) => found.index < onLine).at(-1);
    if (last === undefined) continue;
    keyword = last.index;
    break;
  }
  return { start: startOffset + keyword, end: startOffset + Math.max(keyword, image.trimEnd().length) };
}
