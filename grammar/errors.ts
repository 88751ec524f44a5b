/** Syntax errors of the diagram grammars: plain values, never thrown. */

/**
 * A syntax error; `line` and `column` are 1-based, `endColumn` is the last column (inclusive). `code` is set when
 * the grammar stopped reading at one of its limits rather than at a mistake in the diagram.
 */
export interface GrammarError {
  message: string;
  line: number;
  column: number;
  endColumn?: number;
  code?: 'too_deep' | 'too_many_errors';
}

/**
 * Errors a diagram reports at most. A person fixes a diagram a few errors at a time; past a hundred, the text is
 * rarely a diagram at all (a binary file, a paste gone wrong), and the rest would only be noise.
 */
export const MAX_REPORTED_ERRORS = 100;

type Place = Pick<GrammarError, 'line' | 'column'>;

const before = (a: Place, b: Place) => a.line < b.line || (a.line === b.line && a.column < b.column);

/** In source order, the first of each line: later errors on a line are almost always the parser re-syncing. */
function firstErrorPerLine(errors: readonly GrammarError[]): GrammarError[] {
  const sorted = [...errors].sort((a, b) => a.line - b.line || a.column - b.column);
  return sorted.filter((error, index) => index === 0 || sorted[index - 1]?.line !== error.line);
}

function tooManyErrors(at: Place): GrammarError {
  const message = `more than ${MAX_REPORTED_ERRORS} syntax errors: reading stopped here, and errors after this point are not reported`;
  return { message, line: at.line, column: at.column, code: 'too_many_errors' };
}

/**
 * Of `items` in source order, as errors, those of the first lines only: the lines past `MAX_REPORTED_ERRORS + 1`
 * cannot be reported (`reportedErrors`), and a text can have an error at every character.
 */
export function leadingErrors<T>(items: readonly T[], toError: (item: T) => GrammarError): GrammarError[] {
  const errors: GrammarError[] = [];
  let lines = 0;
  for (const item of items) {
    const error = toError(item);
    if (error.line !== errors.at(-1)?.line) lines += 1;
    if (lines > MAX_REPORTED_ERRORS + 1) break;
    errors.push(error);
  }
  return errors;
}

/**
 * The errors a reader gets: the first of each line, in source order, up to `MAX_REPORTED_ERRORS`, and none from
 * where the parser stopped (`stop`, when it gave up). Where the list is cut, a last error says so.
 */
export function reportedErrors(errors: readonly GrammarError[], stop?: Place): GrammarError[] {
  const firsts = firstErrorPerLine(stop === undefined ? errors : errors.filter((error) => before(error, stop)));
  const overLimit = firsts[MAX_REPORTED_ERRORS];
  const cut = overLimit !== undefined && (stop === undefined || before(overLimit, stop)) ? overLimit : stop;
  return cut === undefined ? firsts : [...firsts.slice(0, MAX_REPORTED_ERRORS), tooManyErrors(cut)];
}
