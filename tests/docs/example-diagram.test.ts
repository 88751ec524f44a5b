import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { repoRoot } from '../support/repo-root.js';

/**
 * The picture of examples/api-schema.yaml on the schema-files page is what `fullapi diagram --from` prints for it,
 * so the page cannot show a model the example no longer has. FULLAPI_REFRESH_GOLDEN=1 rewrites the fence.
 */
const refresh = process.env['FULLAPI_REFRESH_GOLDEN'] === '1';
const PAGE = join(repoRoot(), 'docs', 'guide', 'inputs', 'schema-files.md');
const START = '<!-- diagram of examples/api-schema.yaml: `fullapi diagram --from examples/api-schema.yaml`, kept current by tests/docs/example-diagram.test.ts -->';
const END = '<!-- end of the diagram -->';

test('the schema-files page draws examples/api-schema.yaml as fullapi diagram draws it', () => {
  const diagram = execFileSync(process.execPath, [join(repoRoot(), 'dist', 'cli', 'fullapi.mjs'), 'diagram', '--from', 'examples/api-schema.yaml'], {
    cwd: repoRoot(),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const page = readFileSync(PAGE, 'utf8');
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  assert.ok(start >= 0 && end > start, `${PAGE} lacks the markers around the diagram`);
  const fenced = `${START}\n\n\`\`\`mermaid\n${diagram.trimEnd()}\n\`\`\`\n\n`;
  const current = page.slice(start, end);
  if (refresh && current !== fenced) writeFileSync(PAGE, page.slice(0, start) + fenced + page.slice(end));
  assert.fixture(refresh ? fenced : current, fenced);
});

test.run();
