import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PLACEHOLDERS_3X, UNREAD_STUBS_3X, type Placeholder3x } from '../../src/emit/laravel/values/stub-values/version-3.js';
import { repoRoot } from '../support/repo-root.js';

/**
 * The upgrade page's table of 3.x placeholders is rendered from the table the emitters and validate-stubs
 * read (version-3.ts): this test fails when the page is stale, and FULLAPI_REFRESH_GOLDEN=1 rewrites it.
 */
const refresh = process.env['FULLAPI_REFRESH_GOLDEN'] === '1';
const PAGE = join(repoRoot(), 'docs', 'guide', 'upgrading-from-the-php-generator.md');
const START = /<!-- placeholders-3x: [^\n]*-->\n/;
const END = '<!-- /placeholders-3x -->';

const FATE: Record<Placeholder3x['fate'], string> = {
  filled: 'filled',
  'same-name': '4.0 passes a value of this name',
  replaced: '**no longer passed**: `make` and `validate-stubs` refuse it',
};

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\{\{(\w+)\}\}/g, '`{{$1}}`');
}

function placeholderTable(): string {
  const lines = ['| Stub | 3.x placeholder | In 4.0 | What a 4.0 stub uses |', '|---|---|---|---|'];
  for (const [stub, placeholders] of Object.entries(PLACEHOLDERS_3X)) {
    for (const [placeholder, { fate, in40 }] of Object.entries(placeholders ?? {})) {
      lines.push(`| \`${stub}.stub\` | \`{{${placeholder}}}\` | ${FATE[fate]} | ${cell(in40)} |`);
    }
  }
  lines.push('', 'The 3.x stubs that 4.0 does not read (`validate-stubs` reports each one as `stub_not_read`):', '', '| 3.x stub | Replaced by |', '|---|---|');
  for (const [stub, replacement] of Object.entries(UNREAD_STUBS_3X)) lines.push(`| \`${stub}.stub\` | ${cell(replacement)} |`);
  return `${lines.join('\n')}\n`;
}

test("the upgrade page's placeholders are those of version-3.ts", () => {
  const page = readFileSync(PAGE, 'utf8');
  const start = START.exec(page);
  const end = page.indexOf(END);
  assert.ok(start !== null && end > start.index, 'the page has the markers of the generated table');
  const from = start.index + start[0].length;
  const rendered = `${page.slice(0, from)}${placeholderTable()}${page.slice(end)}`;
  if (refresh) writeFileSync(PAGE, rendered);
  assert.fixture(page, rendered);
});

test.run();
