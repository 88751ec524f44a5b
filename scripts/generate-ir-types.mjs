// Generates src/ir/ir.generated.ts from schemas/ir.schema.json.
// `--check` exits 1 when the committed file differs, so stale types fail CI instead of drifting.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { compile } from 'json-schema-to-typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
const schemaPath = `${root}schemas/ir.schema.json`;
const targetPath = `${root}src/ir/ir.generated.ts`;

export async function renderIrTypes() {
  const schema = JSON.parse(await readFile(schemaPath, 'utf8'));
  return compile(schema, 'FullapiIr', {
    bannerComment: '/* Generated from schemas/ir.schema.json by scripts/generate-ir-types.mjs. Do not edit. */',
    additionalProperties: false,
    unreachableDefinitions: true,
    cwd: `${root}schemas`,
    style: { singleQuote: true },
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rendered = await renderIrTypes();
  if (process.argv.includes('--check')) {
    const committed = await readFile(targetPath, 'utf8').catch(() => '');
    if (committed !== rendered) {
      console.error('src/ir/ir.generated.ts is stale: run `npm run build`.');
      process.exit(1);
    }
  } else {
    await writeFile(targetPath, rendered);
  }
}
