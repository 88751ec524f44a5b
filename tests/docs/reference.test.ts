import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { COMMANDS } from '../../src/cli/command-table.js';
import { ARTIFACT_TABLE } from '../../src/emit/artifact-table.js';
import { kebab, OPTIONS, type OptionSpec } from '../../src/ir/options.js';
import { repoRoot } from '../support/repo-root.js';

/**
 * The reference pages of the docs that the code's tables declare: each command's options (src/ir/options.ts,
 * src/cli/command-table.ts) and what fullapi writes (src/emit/artifact-table.ts). The pages are rendered from the
 * tables; this test fails when a page is stale, and FULLAPI_REFRESH_GOLDEN=1 rewrites it.
 */
const refresh = process.env['FULLAPI_REFRESH_GOLDEN'] === '1';

const GENERATED = '<!-- Generated from the code by tests/docs/reference.test.ts: FULLAPI_REFRESH_GOLDEN=1 npm test rewrites it. -->';

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

function optionsPage(): string {
  const lines = ['# Options', '', GENERATED, ''];
  for (const command of COMMANDS) {
    lines.push(`## \`fullapi ${`${command.name} ${command.args}`.trim()}\``, '', command.description + (command.alias === undefined ? '' : ` (alias \`${command.alias}\`)`), '');
    lines.push('| Option | Value | MCP | What it does |', '|---|---|---|---|');
    for (const entry of command.options) {
      const [name, help] = typeof entry === 'string' ? [entry, OPTIONS[entry].help] : entry;
      const spec: OptionSpec = OPTIONS[name];
      const spellings = [kebab(name), ...(spec.aliases ?? [])].map((spelling) => `\`--${spelling}\``).join(', ');
      const value = spec.choices !== undefined ? spec.choices.map((choice) => `\`${choice}\``).join(' or ') : spec.value === undefined ? '' : `\`<${spec.value}>\``;
      const tools = (spec.tools ?? []).map((tool) => `\`${tool}\``).join(', ');
      lines.push(`| ${spellings} | ${cell(value)} | ${tools} | ${cell(help)} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

function artifactsPage(): string {
  const lines = ['# What fullapi writes', '', GENERATED, '', '| Kind | `--only` | Written | Stubs | What it is |', '|---|---|---|---|---|'];
  for (const [kind, row] of Object.entries(ARTIFACT_TABLE)) {
    const stubs = row.stubs.map((stub) => `\`${stub}.stub\``).join(', ');
    lines.push(`| ${kind} | ${row.artifact === null ? 'none' : `\`${row.artifact}\``} | ${row.scope === 'entity' ? 'per entity' : 'once per run'} | ${stubs} | ${cell(row.describe)} |`);
  }
  return `${lines.join('\n')}\n`;
}

for (const [page, render] of [
  ['options.md', optionsPage],
  ['artifacts.md', artifactsPage],
] as const) {
  test(`docs/reference/${page} is what the code's tables say`, () => {
    const path = join(repoRoot(), 'docs', 'reference', page);
    const rendered = render();
    if (refresh) writeFileSync(path, rendered);
    assert.fixture(readFileSync(path, 'utf8'), rendered);
  });
}

test.run();
