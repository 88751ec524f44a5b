import fc from 'fast-check';
import { hostileName, hostileValue, memoized, type NameOptions } from '../hostile-text.js';
import type { Nesting } from '../mutations.js';

/**
 * How far the generators go. `npm run fuzz` goes all the way; the suite in `npm test` holds back where a
 * known defect is still being fixed (known-defects.ts says which and why).
 */
export interface GeneratorLimits {
  /** The deepest nesting a mutation opens. */
  maxDepth: number;
  /** The longest huge word drawn; 0 draws none. */
  hugeWordLength: number;
  /** Names made only of underscores. */
  underscoreNames: boolean;
  /** Levels of a YAML alias bomb (each level repeats the one below nine times); 0 draws none. */
  aliasBombLevels: number;
  /** A belongsToMany's `pivot` may be any name (else a plain table name). */
  hostilePivots: boolean;
  /** `--fields` may be empty (`--fields=`). */
  emptyFields: boolean;
  /** class_data.json may start with a byte order mark. */
  classDataBom: boolean;
}

export const FULL_LIMITS: GeneratorLimits = {
  maxDepth: 100_000,
  hugeWordLength: 30_000,
  underscoreNames: true,
  aliasBombLevels: 9,
  hostilePivots: true,
  emptyFields: true,
  classDataBom: true,
};

/**
 * How hostile one document's names are: all plain (the document should be accepted, unless mutated), a
 * few hostile among plain ones, or mostly hostile. Drawn once per document, so that clean documents
 * stay common enough to reach generation, and hostile ones are hostile everywhere.
 */
export type Hostility = 'clean' | 'mixed' | 'hostile';

export const hostility: fc.Arbitrary<Hostility> = fc.constantFrom<Hostility>('clean', 'mixed', 'mixed', 'hostile');

/** A name for one position at the document's hostility. */
const names = new Map<string, fc.Arbitrary<string>>();

export function nameAt(level: Hostility, plain: readonly string[], limits: GeneratorLimits): fc.Arbitrary<string> {
  return memoized(names, JSON.stringify([level, plain, limits]), () => {
    if (level === 'clean') return fc.constantFrom(...plain);
    const options: NameOptions = { plain, hugeWordLength: limits.hugeWordLength, underscores: limits.underscoreNames };
    return level === 'mixed' ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...plain) }, { weight: 1, arbitrary: hostileName(options) }) : hostileName(options);
  });
}

const values = new Map<string, fc.Arbitrary<string>>();

/**
 * A value that lands in a PHP string (a default, a rule, a pivot table, a label) at the document's
 * hostility: half of a mixed document's are hostile, payloads among them, since these are where an
 * injection would be accepted.
 */
export function valueAt(level: Hostility, plain: readonly string[], limits: GeneratorLimits): fc.Arbitrary<string> {
  return memoized(values, JSON.stringify([level, plain, limits]), () => {
    if (level === 'clean') return fc.constantFrom(...plain);
    const hostile = hostileValue({ plain, hugeWordLength: limits.hugeWordLength, underscores: limits.underscoreNames });
    return level === 'mixed' ? fc.oneof(fc.constantFrom(...plain), hostile) : hostile;
  });
}

/** The same nestings for every front end written in brackets. */
export const BRACKET_NESTINGS: readonly Nesting[] = [
  { open: '[', close: ']' },
  { open: '{', close: '}' },
  { open: '(', close: ')' },
];
