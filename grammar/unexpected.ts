/**
 * Characters that no rule of a lexer mode takes, which Mermaid's lexer rejects. Chevrotain reports each run of
 * them as a lexing error, after trying every pattern of the mode at every character, and lexes on to the end
 * however many there are: a megabyte of them took seconds. As the last token of a mode, `Unexpected` takes one
 * such character (every other pattern is tried first, so its runs are exactly Chevrotain's) and records it; it
 * makes no token. At the run past `MAX_REPORTED_ERRORS` it takes the rest of the text at once: reading stops there.
 */
import { createToken, Lexer, type IToken } from 'chevrotain';
import { MAX_REPORTED_ERRORS } from './errors.js';
import { startingWith } from './first-characters.js';

/** A run of unexpected characters: where it starts and how many characters it has. */
export interface UnexpectedRun {
  offset: number;
  length: number;
}

export interface UnexpectedCharacters {
  runs: UnexpectedRun[];
  /** Where lexing stopped, at the first run over the limit. */
  stoppedAt?: number;
}

/** Per lexing, keyed by the groups object Chevrotain makes for each `tokenize` and hands to custom patterns. */
const recorded = new WeakMap<object, UnexpectedCharacters>();

function unexpectedCharacter(text: string, offset: number, _tokens: IToken[], groups: object): [string] {
  const found = recorded.get(groups) ?? { runs: [] };
  recorded.set(groups, found);
  const last = found.runs.at(-1);
  if (last !== undefined && last.offset + last.length === offset) last.length += 1;
  else if (found.runs.length < MAX_REPORTED_ERRORS) found.runs.push({ offset, length: 1 });
  else {
    found.stoppedAt = offset;
    return [text.slice(offset)];
  }
  return [text.charAt(offset)];
}

export const Unexpected = createToken({
  name: 'Unexpected',
  pattern: { exec: unexpectedCharacter },
  start_chars_hint: startingWith(/[^]/),
  line_breaks: true,
  group: Lexer.SKIPPED,
});

/** What `Unexpected` recorded in the lexing that returned `groups`. */
export function unexpectedCharacters(groups: object): UnexpectedCharacters {
  return recorded.get(groups) ?? { runs: [] };
}
