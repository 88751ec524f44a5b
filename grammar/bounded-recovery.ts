/**
 * Chevrotain's error recovery, bounded. After an error in a repetition (`MANY`, `AT_LEAST_ONE`), Chevrotain skips
 * to a token that can start another round and re-enters the repetition from inside its recovery code: one call
 * deeper per error, and each recovery scans ahead for a place to resume. A diagram with thousands of errors
 * overflowed the stack, so a parse stops at its first error over `MAX_SYNTAX_ERRORS`: the depth and the scanning
 * are then bounded too.
 */
import { CstParser, type IRecognitionException, type IToken } from 'chevrotain';
import { MAX_SYNTAX_ERRORS } from './errors.js';

/** Where a parse stopped: the token of its first error over the limit. */
export class TooManySyntaxErrors extends Error {
  constructor(readonly token: IToken) {
    super(`more than ${MAX_SYNTAX_ERRORS} syntax errors`);
  }
}

interface ErrorSaving {
  SAVE_ERROR(error: IRecognitionException): IRecognitionException;
}

/** Chevrotain's own method through which every syntax error passes, recovered from or not (not in its typings). */
const chevrotainSaveError = (CstParser.prototype as unknown as ErrorSaving).SAVE_ERROR;

/**
 * A CST parser that throws `TooManySyntaxErrors` at its first error over the limit. The exception is not a
 * recognition exception, so no rule recovers from it: it leaves the parse, which `parseBounded` turns into a value.
 */
export abstract class BoundedCstParser extends CstParser {
  private errorsSaved = 0;
  private stop: TooManySyntaxErrors | undefined;

  override reset(): void {
    super.reset();
    this.errorsSaved = 0;
    this.stop = undefined;
  }

  SAVE_ERROR(error: IRecognitionException): IRecognitionException {
    // Once stopped, the same stop again: Chevrotain saves one more error on its way out (input left over), which
    // must not move the place where the parse stopped.
    if (this.stop === undefined && this.errorsSaved === MAX_SYNTAX_ERRORS) this.stop = new TooManySyntaxErrors(error.token);
    if (this.stop !== undefined) throw this.stop;
    this.errorsSaved += 1;
    return chevrotainSaveError.call(this, error);
  }
}

/** The CST of a parse that ended, or the token where it stopped; the errors saved before, either way. */
export type BoundedParse<Cst> =
  | { cst: Cst; errors: IRecognitionException[] }
  | { stoppedAt: IToken; errors: IRecognitionException[] };

export function parseBounded<Cst>(parser: BoundedCstParser, tokens: IToken[], rule: () => Cst): BoundedParse<Cst> {
  parser.input = tokens;
  try {
    const cst = rule();
    return { cst, errors: parser.errors };
  } catch (stop) {
    if (!(stop instanceof TooManySyntaxErrors)) throw stop;
    return { stoppedAt: stop.token, errors: parser.errors };
  }
}
