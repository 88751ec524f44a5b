import fc from 'fast-check';

/**
 * The vocabulary of hostile input: names meant to be accepted, names meant to be refused, and the
 * pieces an attacker (or a clumsy paste) puts in them. Every generator draws its names from here, so a
 * new trick added once reaches every name position of every front end.
 */

/**
 * Calls that must never become PHP code. An input name carrying one is accepted only if the generated
 * PHP holds it inside a string or a comment; the PHP check (php-check.php) looks for each of them as
 * text and as the token sequence of a call, so a reformatted injection is caught too.
 */
export const INJECTION_CALLS = ['fuzzpwn(1337)', "system('fuzz')"] as const;

/**
 * Ways out of each PHP context a name can land in, each carrying an injected call. Most hold no `/`: a
 * name that ends up in a file name is refused for a slash before its PHP is ever written.
 */
export const INJECTION_PAYLOADS: readonly string[] = [
  "'.fuzzpwn(1337).'",
  '".fuzzpwn(1337)."',
  "x' . fuzzpwn(1337) . 'y",
  "x', fuzzpwn(1337), 'y",
  "');system('fuzz');#",
  "\\');fuzzpwn(1337);#",
  "');system('fuzz');//",
  '${fuzzpwn(1337)}',
  '{${fuzzpwn(1337)}}',
  '*/fuzzpwn(1337);/*',
  '?>fuzzpwn(1337)<?php ',
  '\nfuzzpwn(1337);#',
  '\r\nfuzzpwn(1337);//',
  '`fuzzpwn(1337)`',
  "x'];fuzzpwn(1337);['",
  "x') ; fuzzpwn(1337); ('",
];

/** Characters and snippets that break naive escaping in PHP, YAML, JSON, Mermaid, Markdown and paths. */
export const HOSTILE_FRAGMENTS: readonly string[] = [
  "'", '"', '\\', '`', '*/', '/*', '//', '#', '?>', '<?php', '<?=', '${}', '{$', '$', '%%', '%', '::', ':', ',', ';',
  '../', '..\\', '/', '~', '-', '.', '..', '(', ')', '[', ']', '{', '}', '<', '>', '|', '&', '!', '=', '*', '@',
  '\0', '\uFEFF', '\r\n', '\r', '\n', '\t', '\u2028', '\u200B', '\u202E', '\u00A0', 'é', 'ß', 'İ', 'ﬁ', 'Σ', '日本',
  '🎉', '\u0301', '_', '__', ' ', '  ', '---', '...', '```', '%%{init}%%', '<script>', '&amp;', '\\u0000', '\\n',
];

/** Words with a meaning somewhere downstream: PHP, Laravel, JavaScript objects, YAML, SQL. */
export const LOADED_WORDS: readonly string[] = [
  'class', 'Class', 'List', 'list', 'function', 'enum', 'mixed', 'void', 'never', 'self', 'static', 'parent', 'match', 'fn',
  'readonly', 'array', 'int', 'string', 'null', 'true', 'false', 'yes', 'no', 'on', 'off', '~', 'NaN', 'Infinity',
  'undefined', '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', 'provided', 'id',
  'created_at', 'updated_at', 'deleted_at', 'exists', 'incrementing', 'timestamps', 'table', 'attributes', 'casts',
  'fillable', 'Model', 'User', 'Controller', 'DatabaseSeeder', 'Str', 'Route', 'Request', 'Post', 'post', 'posts',
  'Media', 'Person', 'People', 'Child', 'data', 'type', 'kind', 'target', 'pivot', 'select', 'DROP TABLE x', '0', '-1',
  '1e309', '0x1F', '007', '1_000', 'i', 'a', 'A', 'x1', 'é', 'Ñandú', 'Pöst', 'ÆØÅ', 'naïve', 'Straße', 'İstanbul',
];

/** Names the generators use when they mean to be accepted. */
export const PLAIN_ENTITIES: readonly string[] = [
  'Post', 'Category', 'Tag', 'Comment', 'Author', 'Invoice', 'LineItem', 'Country', 'Product', 'Review', 'BlogPost', 'Media', 'Person',
];
export const PLAIN_FIELDS: readonly string[] = [
  'title', 'body', 'status', 'price', 'views', 'published_at', 'code', 'email', 'rating', 'metadata', 'summary', 'is_active', 'weight', 'slug',
];
export const PLAIN_RELATIONS: readonly string[] = ['posts', 'author', 'tags', 'comments', 'category', 'owner', 'items', 'commentable', 'taggable'];
export const PLAIN_ENUM_VALUES: readonly string[] = ['draft', 'published', 'archived', 'low', 'high', 'on_hold', 'A', 'b2'];

/** Arbitraries built once per set of parameters: generators ask for the same ones for every document, and some cost to build. */
export function memoized<T>(cache: Map<string, fc.Arbitrary<T>>, key: string, build: () => fc.Arbitrary<T>): fc.Arbitrary<T> {
  const known = cache.get(key);
  if (known !== undefined) return known;
  const built = build();
  cache.set(key, built);
  return built;
}

const hugeWords = new Map<string, fc.Arbitrary<string>>();
const rawTexts = new Map<string, fc.Arbitrary<string>>();
const names = new Map<string, fc.Arbitrary<string>>();
const values = new Map<string, fc.Arbitrary<string>>();

/** A word of `length` characters, the size of a paste gone wrong; "did you mean" compares every word it gets. */
export const hugeWord = (maxLength: number): fc.Arbitrary<string> =>
  memoized(hugeWords, String(maxLength), () => fc
    .tuple(fc.integer({ min: 1000, max: Math.max(1000, maxLength) }), fc.constantFrom('a', 'x', '_', 'é', 'ab', '9'))
    .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length)));

/** Text of any code points, a few of them hostile: what a fuzzer without a grammar sends. */
export const rawText = (maxLength: number): fc.Arbitrary<string> =>
  memoized(rawTexts, String(maxLength), () =>
    fc.oneof(
      // Any code point, surrogate halves included; built from integers, since fast-check's 'binary' unit maps
      // all of Unicode for its shrinker before the first value (seconds per arbitrary).
      fc.string({ unit: fc.integer({ min: 0, max: 0x10ffff }).map((codePoint) => String.fromCodePoint(codePoint)), maxLength }),
      fc.string({ unit: fc.constantFrom(...HOSTILE_FRAGMENTS), maxLength: Math.ceil(maxLength / 4) }),
      fc.string({ unit: 'grapheme', maxLength }),
    ),
  );

export interface NameOptions {
  /** Names the front end should accept, drawn most often so that generation and PHP are reached. */
  plain: readonly string[];
  /** The longest huge word drawn; 0 draws none. */
  hugeWordLength: number;
  /** Names made only of underscores (`_`, `__`). */
  underscores: boolean;
}

/**
 * A name for one name position: mostly a plain one (so that inputs get through to the PHP), else a loaded
 * word, a plain name with a payload or fragment in it, a name of underscores, a huge word, or raw text.
 */
export function hostileName(options: NameOptions): fc.Arbitrary<string> {
  return memoized(names, JSON.stringify(options), () => buildHostileName(options));
}

function buildHostileName(options: NameOptions): fc.Arbitrary<string> {
  const plain = fc.constantFrom(...options.plain);
  const decorated = fc
    .tuple(plain, fc.constantFrom(...HOSTILE_FRAGMENTS, ...INJECTION_PAYLOADS), fc.constantFrom('prefix', 'suffix', 'middle'))
    .map(([name, piece, where]) =>
      where === 'prefix' ? piece + name : where === 'suffix' ? name + piece : name.slice(0, 2) + piece + name.slice(2),
    );
  const arms: fc.WeightedArbitrary<string>[] = [
    { weight: 48, arbitrary: plain },
    { weight: 12, arbitrary: fc.constantFrom(...LOADED_WORDS) },
    { weight: 16, arbitrary: decorated },
    { weight: 8, arbitrary: fc.constantFrom(...INJECTION_PAYLOADS).map((payload) => `x${payload}`) },
    { weight: 4, arbitrary: fc.string({ unit: fc.constantFrom('a', 'B', '_', '1', 'é', '-', ' '), minLength: 1, maxLength: 12 }) },
    { weight: 4, arbitrary: rawText(16) },
    // Longer than a file name or a column may be, short enough to cost nothing.
    { weight: 2, arbitrary: fc.tuple(plain, fc.integer({ min: 60, max: 300 })).map(([name, length]) => `${name}x`.repeat(length).slice(0, length)) },
  ];
  if (options.underscores) arms.push({ weight: 4, arbitrary: fc.integer({ min: 1, max: 4 }).map((count) => '_'.repeat(count)) });
  // Rare: a huge word costs seconds wherever a slow path meets it.
  if (options.hugeWordLength > 0) arms.push({ weight: 1, arbitrary: hugeWord(options.hugeWordLength) });
  const names = fc.oneof(...arms);
  // Other arms draw a name of underscores too, now and then (`_` is a fragment, a unit of short strings).
  return options.underscores ? names : names.filter((name) => !/^_+$/.test(name));
}

/** A value for a default or a rule: plain ones, numbers, payloads, fragments. */
export const hostileValue = (options: NameOptions): fc.Arbitrary<string> =>
  memoized(values, JSON.stringify(options), () =>
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom('draft', 'hello world', '', '0', 'min:0', 'max:80', 'a,b', 'true', 'null', '2024-01-31') },
      { weight: 3, arbitrary: hostileName(options) },
      { weight: 2, arbitrary: fc.constantFrom(...INJECTION_PAYLOADS) },
    ),
  );
