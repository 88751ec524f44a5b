// Generates the TypeScript of the two schema-file formats from their JSON Schemas:
// src/frontends/schema/api-schema.generated.ts and class-data.generated.ts. Each holds the document's
// types (json-schema-to-typescript) and the schema itself, so the compiled CLI validates with it without
// reading files; beside each, its validator, compiled by ajv here rather than by every run of the CLI
// (*.validate.generated.ts). `--check` exits 1 when a committed file differs, so stale types fail CI
// instead of drifting.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { compile } from 'json-schema-to-typescript';

const root = fileURLToPath(new URL('..', import.meta.url));

export const SCHEMA_TYPES = [
  {
    schema: 'schemas/api-schema.schema.json',
    target: 'src/frontends/schema/api-schema.generated.ts',
    constant: 'API_SCHEMA',
    validator: 'src/frontends/schema/api-schema.validate.generated.ts',
  },
  {
    schema: 'schemas/class-data.schema.json',
    target: 'src/frontends/schema/class-data.generated.ts',
    constant: 'CLASS_DATA_SCHEMA',
    validator: 'src/frontends/schema/class-data.validate.generated.ts',
  },
];

/** The options the validators are compiled with: every error, each with its schema and data (see schema-errors.ts). */
const VALIDATOR_OPTIONS = { allErrors: true, verbose: true, strict: true, allowUnionTypes: true, code: { source: true, esm: true } };

/** The generated validator module for one entry of SCHEMA_TYPES: ajv's standalone code, as TypeScript left unchecked. */
export async function renderValidator(entry) {
  const schema = JSON.parse(await readFile(`${root}${entry.schema}`, 'utf8'));
  const ajv = new Ajv2020(VALIDATOR_OPTIONS);
  const code = standaloneCode.default(ajv, ajv.compile(schema));
  return `// @ts-nocheck\n/* Generated from ${entry.schema} by scripts/generate-schema-types.mjs (ajv standalone). Do not edit. */\n${code}\n`;
}

/** The generated module for one entry of SCHEMA_TYPES. */
export async function renderSchemaTypes(entry) {
  const schema = JSON.parse(await readFile(`${root}${entry.schema}`, 'utf8'));
  const types = await compile(schema, schema.title, {
    bannerComment: `/* Generated from ${entry.schema} by scripts/generate-schema-types.mjs. Do not edit. */`,
    additionalProperties: false,
    unreachableDefinitions: true,
    cwd: `${root}schemas`,
    style: { singleQuote: true },
  });
  const constant = `\n/** ${entry.schema}, for the validator and \`fullapi schema --print\`. */\nexport const ${entry.constant}: Readonly<Record<string, unknown>> = ${JSON.stringify(schema, null, 2)};\n`;
  return types + constant;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let stale = false;
  for (const entry of SCHEMA_TYPES) {
    for (const [target, rendered] of [[entry.target, await renderSchemaTypes(entry)], [entry.validator, await renderValidator(entry)]]) {
      if (process.argv.includes('--check')) {
        const committed = await readFile(`${root}${target}`, 'utf8').catch(() => '');
        if (committed !== rendered) {
          console.error(`${target} is stale: run \`npm run build\`.`);
          stale = true;
        }
      } else {
        await writeFile(`${root}${target}`, rendered);
      }
    }
  }
  if (stale) process.exit(1);
}
