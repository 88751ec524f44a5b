import fc from 'fast-check';
import { HOSTILE_FRAGMENTS, INJECTION_PAYLOADS, hugeWord, rawText } from './hostile-text.js';

/**
 * Damage done to a valid-looking document, as data: each mutation is a value fast-check can shrink (fewer
 * mutations, an earlier position, a shorter insert), so a counterexample ends as the smallest break.
 */

/** Brackets a format nests: the generator opens `depth` of them somewhere, closed or not. */
export interface Nesting {
  open: string;
  close: string;
}

export interface MutationOptions {
  /** The front end's own ways of nesting. */
  nestings: readonly Nesting[];
  /** The deepest nesting drawn. */
  maxDepth: number;
  /** The longest huge word inserted; 0 inserts none. */
  hugeWordLength: number;
  /** The front end's own syntax, inserted where it does not belong (`&a`, `||--o{`, `"`). */
  fragments?: readonly string[];
  /** A byte order mark may open the text (default: yes). */
  bom?: boolean;
}

/** Where in the text, as a share of its length (0 to 1 in ten-thousandths), so it fits any length. */
const place = fc.integer({ min: 0, max: 10_000 });

export type Mutation =
  | { kind: 'truncate'; at: number }
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'delete'; at: number; length: number }
  | { kind: 'duplicateLine'; line: number }
  | { kind: 'swapLines'; line: number; other: number }
  | { kind: 'nest'; at: number; nesting: Nesting; depth: number; closed: boolean }
  | { kind: 'bom' }
  | { kind: 'lineEnds'; to: '\r\n' | '\r' }
  | { kind: 'tabs' };

function mutationArbitrary(options: MutationOptions): fc.Arbitrary<Mutation> {
  // Huge words and deep nesting are rare: one that finds a slow path costs seconds, as much as a thousand other inputs.
  const insertText = fc.oneof(
    { weight: 16, arbitrary: fc.constantFrom(...HOSTILE_FRAGMENTS) },
    { weight: 8, arbitrary: fc.constantFrom(...INJECTION_PAYLOADS) },
    { weight: 8, arbitrary: rawText(24) },
    ...(options.fragments === undefined ? [] : [{ weight: 16, arbitrary: fc.constantFrom(...options.fragments) }]),
    ...(options.hugeWordLength > 0 ? [{ weight: 1, arbitrary: hugeWord(options.hugeWordLength) }] : []),
  );
  const arms: fc.Arbitrary<Mutation>[] = [
    place.map((at): Mutation => ({ kind: 'truncate', at })),
    fc.record({ kind: fc.constant('insert' as const), at: place, text: insertText }),
    fc.record({ kind: fc.constant('insert' as const), at: place, text: insertText }),
    fc.record({ kind: fc.constant('delete' as const), at: place, length: fc.integer({ min: 1, max: 20 }) }),
    fc.record({ kind: fc.constant('duplicateLine' as const), line: place }),
    fc.record({ kind: fc.constant('swapLines' as const), line: place, other: place }),
    ...(options.bom === false ? [] : [fc.constant<Mutation>({ kind: 'bom' })]),
    fc.constantFrom<Mutation>({ kind: 'lineEnds', to: '\r\n' }, { kind: 'lineEnds', to: '\r' }),
    fc.constant<Mutation>({ kind: 'tabs' }),
  ];
  if (options.nestings.length > 0 && options.maxDepth > 0) {
    arms.push(
      fc.record({
        kind: fc.constant('nest' as const),
        at: place,
        nesting: fc.constantFrom(...options.nestings),
        depth: fc.oneof(
          { weight: 12, arbitrary: fc.integer({ min: 1, max: Math.min(50, options.maxDepth) }) },
          { weight: 2, arbitrary: fc.integer({ min: 1, max: Math.min(1000, options.maxDepth) }) },
          { weight: 1, arbitrary: fc.integer({ min: 1, max: options.maxDepth }) },
        ),
        closed: fc.boolean(),
      }),
    );
  }
  return fc.oneof(...arms);
}

/** Up to three mutations; none at all a third of the time, so valid documents stay common. */
export function mutations(options: MutationOptions): fc.Arbitrary<Mutation[]> {
  return fc.oneof({ weight: 1, arbitrary: fc.constant<Mutation[]>([]) }, { weight: 2, arbitrary: fc.array(mutationArbitrary(options), { minLength: 1, maxLength: 3 }) });
}

export function applyMutations(text: string, list: readonly Mutation[]): string {
  return list.reduce(applyMutation, text);
}

/** A document, then damaged. Drawn side by side (not chained), so that fast-check shrinks both. */
export function mutatedText(document: fc.Arbitrary<string>, options: MutationOptions): fc.Arbitrary<string> {
  return fc.tuple(document, mutations(options)).map(([text, list]) => applyMutations(text, list));
}

const offset = (text: string, at: number) => Math.floor((text.length * at) / 10_000);

function applyMutation(text: string, mutation: Mutation): string {
  switch (mutation.kind) {
    case 'truncate':
      return text.slice(0, offset(text, mutation.at));
    case 'insert': {
      const at = offset(text, mutation.at);
      return text.slice(0, at) + mutation.text + text.slice(at);
    }
    case 'delete': {
      const at = offset(text, mutation.at);
      return text.slice(0, at) + text.slice(at + mutation.length);
    }
    case 'duplicateLine': {
      const lines = text.split('\n');
      const line = Math.min(lines.length - 1, Math.floor((lines.length * mutation.line) / 10_000));
      return [...lines.slice(0, line + 1), ...lines.slice(line)].join('\n');
    }
    case 'swapLines': {
      const lines = text.split('\n');
      const index = (at: number) => Math.min(lines.length - 1, Math.floor((lines.length * at) / 10_000));
      const [a, b] = [index(mutation.line), index(mutation.other)];
      [lines[a], lines[b]] = [lines[b] as string, lines[a] as string];
      return lines.join('\n');
    }
    case 'nest': {
      const at = offset(text, mutation.at);
      const nested = mutation.nesting.open.repeat(mutation.depth) + (mutation.closed ? mutation.nesting.close.repeat(mutation.depth) : '');
      return text.slice(0, at) + nested + text.slice(at);
    }
    case 'bom':
      return `\uFEFF${text}`;
    case 'lineEnds':
      return text.replace(/\r?\n/g, mutation.to);
    case 'tabs':
      return text.replace(/^( {2})+/gm, (indent) => '\t'.repeat(indent.length / 2));
  }
}
