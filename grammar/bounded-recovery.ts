/**
 * Chevrotain's error recovery, bounded in depth and in time.
 *
 * After an error in a repetition (`MANY`, `AT_LEAST_ONE`), Chevrotain skips to a token that can start another
 * round and re-enters the repetition from inside its recovery code, one call deeper per error: a diagram with
 * thousands of errors overflowed the stack. So a parse stops at its first error over `MAX_REPORTED_ERRORS`.
 *
 * Each recovery also scans ahead for the first token some rule on the stack could resume at. Where none comes
 * for a long stretch (a class body or an attribute block has no line-end token), every error scanned to the end
 * of the text; the place found is remembered, so each stretch is scanned once.
 */
import { CstParser, EOF, tokenMatcher, type IRecognitionException, type IToken, type TokenType } from 'chevrotain';
import { MAX_REPORTED_ERRORS } from './errors.js';
import { LeanCstParser } from './lean-cst.js';

/** Where a parse stopped: the token of its first error over the limit. */
export class TooManySyntaxErrors extends Error {
  constructor(readonly token: IToken) {
    super(`more than ${MAX_REPORTED_ERRORS} syntax errors`);
  }
}

interface ErrorSaving {
  SAVE_ERROR(error: IRecognitionException): IRecognitionException;
}

/** Chevrotain's own method through which every syntax error passes, recovered from or not (not in its typings). */
const chevrotainSaveError = (CstParser.prototype as unknown as ErrorSaving).SAVE_ERROR;

/** What Chevrotain's recovery knows of the parse in progress (not in its typings). */
interface RecoveryState {
  /** What may follow each rule on the stack, flattened: the tokens a recovery may resume at. */
  flattenFollowSet(): TokenType[];
  /** The index of the last token consumed. */
  currIdx: number;
}

/** A resume point found: the first token from `from` on that the follow set of `key` matches is at `at`. */
interface ResumePoint {
  from: number;
  at: number;
}

/**
 * A CST parser that throws `TooManySyntaxErrors` at its first error over the limit. The exception is not a
 * recognition exception, so no rule recovers from it: it leaves the parse, which `parseBounded` turns into a value.
 */
export abstract class BoundedCstParser extends LeanCstParser {
  private errorsSaved = 0;
  private stop: TooManySyntaxErrors | undefined;
  private readonly resumePoints = new Map<string, ResumePoint>();

  override reset(): void {
    super.reset();
    this.errorsSaved = 0;
    this.stop = undefined;
    this.resumePoints.clear();
  }

  SAVE_ERROR(error: IRecognitionException): IRecognitionException {
    // Once stopped, the same stop again: Chevrotain saves one more error on its way out (input left over), which
    // must not move the place where the parse stopped.
    if (this.stop === undefined && this.errorsSaved === MAX_REPORTED_ERRORS) this.stop = new TooManySyntaxErrors(error.token);
    if (this.stop !== undefined) throw this.stop;
    this.errorsSaved += 1;
    return chevrotainSaveError.call(this, error);
  }

  /**
   * Chevrotain's own, with its answer remembered: the follow set's first type that matches the first token ahead
   * that any of them matches. From any place between a scan's start and the token it found, the answer is the same.
   */
  findReSyncTokenType(): TokenType {
    const state = this as unknown as RecoveryState;
    const types = state.flattenFollowSet();
    const key = types.map((type) => type.tokenTypeIdx).join();
    const from = state.currIdx + 1;
    let point = this.resumePoints.get(key);
    if (point === undefined || from < point.from || from > point.at) {
      point = { from, at: this.firstMatching(types, from) };
      this.resumePoints.set(key, point);
    }
    const token = this.tokenAt(point.at);
    return types.find((type) => tokenMatcher(token, type)) ?? EOF;
  }

  /** The index of the first token from `from` on that one of `types` matches; past the input, EOF always does. */
  private firstMatching(types: readonly TokenType[], from: number): number {
    let index = from;
    while (!types.some((type) => tokenMatcher(this.tokenAt(index), type))) index += 1;
    return index;
  }

  private tokenAt(index: number): IToken {
    return this.LA(index - (this as unknown as RecoveryState).currIdx);
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
