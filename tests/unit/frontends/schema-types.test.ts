import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { repoRoot } from '../../support/repo-root.js';

interface SchemaTypesEntry {
  schema: string;
  target: string;
  validator: string;
}

const generator = (await import(pathToFileURL(join(repoRoot(), 'scripts', 'generate-schema-types.mjs')).href)) as {
  SCHEMA_TYPES: SchemaTypesEntry[];
  renderSchemaTypes(entry: SchemaTypesEntry): Promise<string>;
  renderValidator(entry: SchemaTypesEntry): Promise<string>;
};

for (const entry of generator.SCHEMA_TYPES) {
  test(`${entry.target} is what ${entry.schema} generates (run npm run build when it is not)`, async () => {
    const committed = readFileSync(join(repoRoot(), entry.target), 'utf8');
    assert.fixture(committed, await generator.renderSchemaTypes(entry));
  });

  test(`${entry.validator} is what ajv compiles ${entry.schema} to (run npm run build when it is not)`, async () => {
    const committed = readFileSync(join(repoRoot(), entry.validator), 'utf8');
    assert.fixture(committed, await generator.renderValidator(entry));
  });
}

test.run();
