/**
 * Laravel 12's `Illuminate\Support\Str` naming functions (and the
 * `Pluralizer` behind `plural`/`singular`), with the exact semantics of the
 * PHP built-ins they call. `tests/php/str-oracle.test.ts` checks every
 * function against the real framework over a word list.
 *
 * The PHP built-ins differ from JavaScript's in ways that matter here:
 * - `ucfirst`, `lcfirst`, `ucwords`, `strtolower` and `ctype_lower` only see ASCII letters;
 * - `mb_strtolower`/`mb_strtoupper` map each character on its own (PHP 8.2 has no
 *   final-sigma rule, unlike `String.prototype.toLowerCase`);
 * - PCRE's `\s` under `/u` and mbregex's `\s` (used by `mb_split`) are not
 *   JavaScript's `\s`: neither includes U+FEFF, and PCRE adds U+180E;
 * - PCRE's `.` only excludes "\n", and `$` also matches before a final "\n".
 */
import { asciiLower, pluralize, singularize } from './inflector.js';

/** `Pluralizer::$uncountable`: non-nouns that doctrine would otherwise pluralize. */
const UNCOUNTABLE = new Set(['recommended', 'related']);

const PCRE_WHITESPACE_RUN = /[\p{White_Space}\u180E]+/gu;
const MBREGEX_WHITESPACE_RUN = /\p{White_Space}+/u;

/** `Pluralizer::plural` only inflects values ending in one of these (`/^(.*)[…]$/u`). */
const ENDS_IN_INFLECTABLE_CHARACTER = /^[^\n]*[A-Za-z0-9\u0080-\uFFFF]\n?$/u;

/** `(.)(?=[A-Z])` under `/u`: any character but "\n" that precedes an ASCII capital. */
const BEFORE_ASCII_CAPITAL = /([^\n])(?=[A-Z])/gu;

/** A lowercase ASCII letter that `ucwords` capitalizes: first, or after one of its default delimiters. */
const UCWORDS_LETTER = /(^|[ \t\r\n\f\v])([a-z])/g;

/** Names are nearly always ASCII, where mapping each character on its own is what toLowerCase does anyway. */
const NON_ASCII = /[^\u0000-\u007f]/;

function mbLower(value: string): string {
  if (!NON_ASCII.test(value)) return value.toLowerCase();
  return Array.from(value, (character) => character.toLowerCase()).join('');
}

function mbUpper(value: string): string {
  if (!NON_ASCII.test(value)) return value.toUpperCase();
  return Array.from(value, (character) => character.toUpperCase()).join('');
}

function asciiUpper(character: string): string {
  return /^[a-z]$/.test(character) ? character.toUpperCase() : character;
}

function phpUcfirst(value: string): string {
  return asciiUpper(value.charAt(0)) + value.slice(1);
}

function phpLcfirst(value: string): string {
  return asciiLower(value.charAt(0)) + value.slice(1);
}

function phpUcwords(value: string): string {
  return value.replace(UCWORDS_LETTER, (_match, delimiter: string, letter: string) => delimiter + letter.toUpperCase());
}

/** `Str::ucfirst`: multibyte-aware, unlike PHP's `ucfirst`. */
function mbUcfirst(value: string): string {
  const codePoint = value.codePointAt(0);
  if (codePoint === undefined) return '';
  // The first code point (one or two UTF-16 units), without splitting the rest into code points; upper-casing
  // one code point is what mbUpper does to each.
  const first = String.fromCodePoint(codePoint);
  return first.toUpperCase() + value.slice(first.length);
}

function isCtypeLower(value: string): boolean {
  return /^[a-z]+$/.test(value);
}

/**
 * `Pluralizer::matchCase`: the first of lowercase, uppercase, `ucfirst` and
 * `ucwords` that leaves the original unchanged is applied to the inflected word.
 */
function matchCase(inflected: string, original: string): string {
  const caseFunctions = [mbLower, mbUpper, phpUcfirst, phpUcwords];
  const preserving = caseFunctions.find((applyCase) => applyCase(original) === original);
  return preserving === undefined ? inflected : preserving(inflected);
}

/** `Str::plural($value)`, that is `Pluralizer::plural($value, 2)`. */
export function plural(value: string): string {
  if (UNCOUNTABLE.has(asciiLower(value)) || !ENDS_IN_INFLECTABLE_CHARACTER.test(value)) {
    return value;
  }
  return matchCase(pluralize(value), value);
}

/** `Str::singular`; unlike `plural` it has no uncountable or last-character check. */
export function singular(value: string): string {
  return matchCase(singularize(value), value);
}

/** `Str::pluralStudly`: only the last StudlyCase word is pluralized (`SocialMedia` stays). */
export function pluralStudly(value: string): string {
  const pieces = value.split(BEFORE_ASCII_CAPITAL);
  const lastWord = pieces.pop() ?? '';
  return pieces.join('') + plural(lastWord);
}

/** `Str::snake`: `HTTPRequest` → `h_t_t_p_request`, `Foo_Bar` → `foo__bar`. */
export function snake(value: string, delimiter = '_'): string {
  if (isCtypeLower(value)) {
    return value;
  }
  const joined = phpUcwords(value).replace(PCRE_WHITESPACE_RUN, '');
  return mbLower(joined.replace(BEFORE_ASCII_CAPITAL, (_match, character: string) => character + delimiter));
}

/** `Str::kebab`: snake case with `-`; existing underscores stay. */
export function kebab(value: string): string {
  return snake(value, '-');
}

/** `Str::studly`: `-`, `_` and whitespace separate words; each word's first letter is uppercased. */
export function studly(value: string): string {
  // A name of ASCII letters and digits is one word.
  if (/^[A-Za-z0-9]*$/.test(value)) return mbUcfirst(value);
  const words = value.replace(/[-_]/g, ' ').split(MBREGEX_WHITESPACE_RUN);
  return words.map(mbUcfirst).join('');
}

/** `Str::camel`: PHP's ASCII-only `lcfirst` of the studly form, so `HTTPRequest` → `hTTPRequest`. */
export function camel(value: string): string {
  return phpLcfirst(studly(value));
}
