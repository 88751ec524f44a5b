/**
 * Mermaid's classDiagram tells a method from an attribute by one regular expression; this reads a member the
 * same way without it (see methodParts).
 */

/** The visibility marks a member may start with. */
export const VISIBILITIES: ReadonlySet<string> = new Set(['+', '-', '#', '~']);

/** The five groups of Mermaid's method pattern, `([#+~-]?)(.+)\((.*)\)([\s$*]?)(.*)`. */
export interface MethodParts {
  visibility: string;
  name: string;
  parameters: string;
  classifier: string;
  returnType: string;
}

const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;
const AFTER_PARAMETERS = /[\s$*]/;

function endOfLine(text: string, from: number): number {
  let index = from;
  while (index < text.length && !LINE_TERMINATOR.test(text.charAt(index))) index += 1;
  return index;
}

/**
 * `vis? name(parameters) [$*]? returnType[$*]?`, read as Mermaid reads it, with its pattern (above) unanchored:
 * the match starts at the first line (as `.` sees lines: U+2028 ends one) with a `(` after its first character
 * and a `)` after that; the name runs to the last `(` before the line's last `)`, the parameters to that `)`.
 * Found in one pass: the regex backtracks over the rest of the line at every place and every `(`, quadratic in
 * a long member.
 */
export function methodParts(text: string): MethodParts | undefined {
  let lineStart = 0;
  while (lineStart < text.length) {
    const lineEnd = endOfLine(text, lineStart);
    let open: number | undefined;
    let bracket: { open: number; close: number } | undefined;
    for (let index = lineStart; index < lineEnd; index++) {
      const character = text.charAt(index);
      if (character === '(' && index > lineStart) open = index;
      else if (character === ')' && open !== undefined) bracket = { open, close: index };
    }
    if (bracket !== undefined) return partsAt(text, lineStart, bracket.open, bracket.close);
    lineStart = lineEnd + 1;
  }
  return undefined;
}

/** The groups of the match at `start`; the visibility is taken only when a name is left after it. */
function partsAt(text: string, start: number, open: number, close: number): MethodParts {
  const visibility = VISIBILITIES.has(text.charAt(start)) && open >= start + 2 ? text.charAt(start) : '';
  const mark = text.charAt(close + 1);
  const classifier = mark !== '' && AFTER_PARAMETERS.test(mark) ? mark : '';
  const returnStart = close + 1 + classifier.length;
  return {
    visibility,
    name: text.slice(start + visibility.length, open),
    parameters: text.slice(open + 1, close),
    classifier,
    returnType: text.slice(returnStart, endOfLine(text, returnStart)),
  };
}
