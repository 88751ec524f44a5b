import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ISerializedGast } from 'chevrotain';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { COMMANDS } from '../../src/cli/command-table.js';
import { classSerializedGrammar } from '../../grammar/class/parser.js';
import { erSerializedGrammar } from '../../grammar/er/parser.js';
import { DIAGNOSTIC_CODES } from '../../src/diagnostics/codes.js';
import { repoRoot } from '../support/repo-root.js';
import { artifactsPage } from './pages/artifacts-page.js';
import { codesPage } from './pages/codes-page.js';
import { jsonOutputPage } from './pages/json-output-page.js';
import { mermaidGrammarPage } from './pages/mermaid-grammar-page.js';
import { oneEntityPage } from './pages/one-entity-page.js';
import { optionsPage } from './pages/options-page.js';
import { schemaFilePage } from './pages/schema-file-page.js';
import { stubsPage } from './pages/stubs-page.js';

/**
 * The reference pages of the docs that the code declares (tests/docs/pages/ renders each). This test fails when a
 * page is stale, and FULLAPI_REFRESH_GOLDEN=1 rewrites it; the explicit checks below say which thing the docs
 * lack, where a stale page's diff alone would not.
 */
const refresh = process.env['FULLAPI_REFRESH_GOLDEN'] === '1';

function committed(page: string): string {
  return readFileSync(join(repoRoot(), 'docs', 'reference', page), 'utf8');
}

for (const [page, render] of [
  ['options.md', optionsPage],
  ['artifacts.md', artifactsPage],
  ['codes.md', codesPage],
  ['stubs.md', stubsPage],
  ['json-output.md', jsonOutputPage],
  ['mermaid-grammar.md', mermaidGrammarPage],
  ['one-entity.md', oneEntityPage],
  ['schema-file.md', schemaFilePage],
] as const) {
  test(`docs/reference/${page} is what the code says`, async () => {
    const rendered = await render();
    if (refresh) writeFileSync(join(repoRoot(), 'docs', 'reference', page), rendered);
    assert.fixture(committed(page), rendered);
  });
}

test('options.md has a section for every command', () => {
  const text = committed('options.md');
  const missing = COMMANDS.filter((command) => !text.includes(`## \`fullapi ${command.name}`)).map((command) => command.name);
  assert.equal(missing, []);
});

test('codes.md gives every diagnostic code a row', () => {
  const text = committed('codes.md');
  const missing = Object.keys(DIAGNOSTIC_CODES).filter((code) => !text.includes(`| \`${code}\` |`));
  assert.equal(missing, []);
});

test('stubs.md has a section for every file in stubs/', () => {
  const text = committed('stubs.md');
  const files = readdirSync(join(repoRoot(), 'stubs')).filter((file) => file.endsWith('.stub'));
  assert.ok(files.length > 0);
  assert.equal(
    files.filter((file) => !text.includes(`## \`${file}\``)),
    [],
  );
});

test('mermaid-grammar.md draws every rule of both grammars', () => {
  const text = committed('mermaid-grammar.md');
  for (const grammar of [erSerializedGrammar(), classSerializedGrammar()]) {
    const missing = grammar.map((rule) => (rule as ISerializedGast & { name: string }).name).filter((name) => !text.includes(`### ${name}\n\n<div class="railroad" v-pre>\n<svg`));
    assert.equal(missing, []);
  }
});

/** Each key of a JSON Schema with the description an editor shows for it: its own, or that of its $ref. */
function describedKeys(file: string): [string, string][] {
  const schema = JSON.parse(readFileSync(join(repoRoot(), 'schemas', file), 'utf8')) as { $defs?: Record<string, Keyed> } & Keyed;
  const resolved = (node: Keyed): string => node.description ?? (node.$ref === undefined ? '' : resolved(schema.$defs?.[node.$ref.split('/').pop() ?? ''] ?? {}));
  return [schema, ...Object.values(schema.$defs ?? {})].flatMap((node) => Object.entries(node.properties ?? {}).map(([key, property]): [string, string] => [key, resolved(property)]));
}

interface Keyed {
  description?: string;
  $ref?: string;
  properties?: Record<string, Keyed>;
}

test('schema-file.md has a row for every key of both schema-file formats, each described', () => {
  const text = committed('schema-file.md');
  for (const file of ['api-schema.schema.json', 'class-data.schema.json']) {
    const keys = describedKeys(file);
    assert.ok(keys.length > 20, `${file}: ${keys.length} keys`);
    assert.equal(keys.filter(([, description]) => description === '').map(([key]) => `${file}: ${key}`), []);
    assert.equal(keys.filter(([key]) => !text.includes(`| \`${key}\` |`)).map(([key]) => `${file}: ${key}`), []);
  }
});

test('no code meaning holds a raw < or a mustache outside a code span', () => {
  const outsideCode = (text: string): string => text.replace(/`[^`]*`/g, '');
  const bad = Object.entries(DIAGNOSTIC_CODES).filter(([, entry]) => /[<{}]/.test(outsideCode(entry.meaning)));
  assert.equal(bad.map(([code]) => code), []);
});

test.run();
