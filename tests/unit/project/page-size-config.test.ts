import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pageSizesFromPhp, readPageSizeConfig } from '../../../src/project/read/page-size-config.js';
import { nodeFs } from '../../../src/project/fs/project-fs.js';
import { temporaryTree } from './tree.js';

const FILE = 'config/api-generator.php';

test('no config file: 15 and 100', () => {
  assert.equal(readPageSizeConfig(temporaryTree(), nodeFs), { pageSizes: { perPage: 15, maxPerPage: 100 }, diagnostics: [] });
});

test('both values read from the published file', () => {
  const root = temporaryTree({ [FILE]: "<?php\n\nreturn [\n    'per_page' => 25,\n    'max_per_page' => 250,\n];\n" });
  assert.equal(readPageSizeConfig(root, nodeFs), { pageSizes: { perPage: 25, maxPerPage: 250 }, diagnostics: [] });
});

test('one value set keeps the other default; declare and PHP integer forms are accepted', () => {
  assert.equal(pageSizesFromPhp("<?php\ndeclare(strict_types=1);\nreturn ['max_per_page' => 1_000];\n").pageSizes, { perPage: 15, maxPerPage: 1000 });
  assert.equal(pageSizesFromPhp("<?php return array('per_page' => 0x10, 'max_per_page' => 0o200);").pageSizes, { perPage: 16, maxPerPage: 128 });
});

test('a value that is not an integer literal: invalid_config at the value', () => {
  const text = "<?php\n\nreturn [\n    'per_page' => 20,\n    'max_per_page' => '50',\n];\n";
  const result = pageSizesFromPhp(text);
  assert.is(result.pageSizes, undefined);
  assert.equal(result.diagnostics.map((d) => [d.code, d.span]), [
    ['invalid_config', { file: FILE, line: 5, column: 23, endColumn: 27 }],
  ]);
});

test('every bad value is reported, not just the first', () => {
  const text = "<?php\nreturn [\n  'per_page' => env('PER_PAGE', 15),\n  'max_per_page' => 2.5,\n];\n";
  assert.equal(pageSizesFromPhp(text).diagnostics.map((d) => [d.code, d.span?.line, d.span?.column]), [
    ['invalid_config', 3, 17],
    ['invalid_config', 4, 21],
  ]);
});

test('zero and negative sizes are refused', () => {
  assert.equal(pageSizesFromPhp("<?php return ['per_page' => 0];").diagnostics.map((d) => d.code), ['invalid_config']);
  assert.equal(pageSizesFromPhp("<?php return ['per_page' => -5];").diagnostics.map((d) => d.code), ['invalid_config']);
});

test('an unknown key is refused so a typo does not pass silently', () => {
  const [diagnostic] = pageSizesFromPhp("<?php\nreturn ['perPage' => 10];\n").diagnostics;
  assert.is(diagnostic?.code, 'invalid_config');
  assert.equal(diagnostic?.span, { file: FILE, line: 2, column: 9, endColumn: 18 });
});

test('per_page above max_per_page is refused', () => {
  assert.equal(pageSizesFromPhp("<?php return ['per_page' => 50, 'max_per_page' => 20];").diagnostics.map((d) => d.code), ['invalid_config']);
});

test('a file that is not one returned array: unexpected_php_shape', () => {
  assert.equal(pageSizesFromPhp("<?php\n$x = 1;\nreturn ['per_page' => 10];\n").diagnostics.map((d) => d.code), ['unexpected_php_shape']);
  assert.equal(pageSizesFromPhp('<?php return 15;').diagnostics.map((d) => d.code), ['unexpected_php_shape']);
});

test('a syntax error: unparsable_php with its position', () => {
  const [diagnostic] = pageSizesFromPhp("<?php\nreturn [\n  'per_page' => 20\n  'max_per_page' => 30,\n];\n").diagnostics;
  assert.is(diagnostic?.code, 'unparsable_php');
  assert.is(diagnostic?.span?.file, FILE);
  assert.is(diagnostic?.span?.line, 4);
  assert.type(diagnostic?.span?.column, 'number');
});

test.run();
