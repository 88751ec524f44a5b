/**
 * Runs Laravel's real `Illuminate\Support\Str` (PHP) over every word in
 * `tests/php/oracle/words.txt` and requires the TypeScript port to agree on
 * every function. Needs `php` and `composer`; see `oracle/php-oracle.ts`.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { camel, kebab, plural, pluralStudly, singular, snake, studly } from '../../src/passes/naming/str.js';
import { oracleSourceDir, runOracleScript } from './oracle/php-oracle.js';

const PORTED_INFLECTOR_VERSION = '2.1.1';
const MINIMUM_WORD_COUNT = 300;

const PORTED_FUNCTIONS = { plural, singular, pluralStudly, snake, kebab, studly, camel } as const;
type FunctionName = keyof typeof PORTED_FUNCTIONS;
const FUNCTION_NAMES = Object.keys(PORTED_FUNCTIONS) as FunctionName[];

interface OracleOutput {
  versions: Record<string, string>;
  results: Record<FunctionName, string>[];
}

interface Mismatch {
  functionName: FunctionName;
  word: string;
  php: string;
  typescript: string;
}

/** One word per line; `#` starts a comment line; a line starting with `"` is a JSON string. */
function parseWordList(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.replace(/\r$/, ''))
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => (line.startsWith('"') ? (JSON.parse(line) as string) : line));
}

const words = parseWordList(readFileSync(join(oracleSourceDir(), 'words.txt'), 'utf8'));

let oracleOutput: OracleOutput | undefined;
function oracle(): OracleOutput {
  oracleOutput ??= runOracleScript('str-oracle.php', words) as OracleOutput;
  return oracleOutput;
}

function findMismatches(output: OracleOutput): Mismatch[] {
  return words.flatMap((word, index) =>
    FUNCTION_NAMES.flatMap((functionName) => {
      const php = output.results[index]?.[functionName] ?? '(missing)';
      const typescript = PORTED_FUNCTIONS[functionName](word);
      return php === typescript ? [] : [{ functionName, word, php, typescript }];
    }),
  );
}

/** JSON-quoted, with every invisible or unusual character as a `\u{…}` escape. */
function visible(value: string): string {
  return JSON.stringify(value).replace(/[^\x20-\x7E\p{L}\p{M}\p{N}\p{P}\p{S}]/gu, (character) =>
    `\\u{${(character.codePointAt(0) ?? 0).toString(16)}}`,
  );
}

function formatTable(mismatches: readonly Mismatch[], versions: Record<string, string>): string {
  const header = ['function', 'input', 'PHP', 'TypeScript'];
  const rows = mismatches.map((m) => [m.functionName, m.word, m.php, m.typescript].map(visible));
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const formatRow = (cells: readonly string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ');
  const versionLine = Object.entries(versions).map(([name, version]) => `${name} ${version}`).join(', ');
  return [
    `${mismatches.length} difference(s) from ${versionLine}:`,
    formatRow(header),
    widths.map((width) => '-'.repeat(width)).join('-|-'),
    ...rows.map(formatRow),
  ].join('\n');
}

test(`the word list has at least ${MINIMUM_WORD_COUNT} distinct words`, () => {
  assert.ok(new Set(words).size >= MINIMUM_WORD_COUNT, `only ${new Set(words).size} distinct words`);
});

test(`the oracle runs doctrine/inflector ${PORTED_INFLECTOR_VERSION}, the release the port follows`, () => {
  const version = oracle().versions['doctrine/inflector'];
  assert.is(version, PORTED_INFLECTOR_VERSION, 'update src/passes/naming/inflector.ts together with the pin');
});

test('every Str function agrees with Laravel on every word', () => {
  const output = oracle();
  assert.is(output.results.length, words.length, 'the oracle returned one row per word');
  const mismatches = findMismatches(output);
  if (mismatches.length > 0) {
    console.error(formatTable(mismatches, output.versions));
  }
  assert.is(mismatches.length, 0, 'the TypeScript port differs from PHP; see the table above');
});

test.run();
