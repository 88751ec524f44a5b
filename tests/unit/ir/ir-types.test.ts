import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { repoRoot } from '../../support/repo-root.js';

test('src/ir/ir.generated.ts is what schemas/ir.schema.json generates (run npm run build when it is not)', async () => {
  const generator = (await import(pathToFileURL(join(repoRoot(), 'scripts', 'generate-ir-types.mjs')).href)) as {
    renderIrTypes(): Promise<string>;
  };
  const committed = readFileSync(join(repoRoot(), 'src', 'ir', 'ir.generated.ts'), 'utf8');
  assert.fixture(committed, await generator.renderIrTypes());
});

test.run();
