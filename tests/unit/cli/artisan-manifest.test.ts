import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { artisanManifest } from '../../../src/cli/artisan-manifest.js';
import { COMMANDS } from '../../../src/cli/command-table.js';
import { kebab, OPTIONS, type OptionSpec } from '../../../src/ir/options.js';
import { defaultConfigSource } from '../../../src/pipeline/publish/default-config.js';
import { nodeFs } from '../../../src/project/fs/project-fs.js';
import { readBuiltInStubs } from '../../../src/project/read/stubs.js';
import { repoRoot } from '../../support/repo-root.js';

const manifest = artisanManifest();
const byCli = new Map(manifest.commands.map((command) => [command.cliCommand, command]));

test("artisan names are the spec's and the PHP generator's, the others under api-generator:, and publish is vendor:publish's", () => {
  assert.equal(Object.fromEntries(manifest.commands.map((command) => [command.cliCommand, command.name])), {
    make: 'make:fullapi',
    introspect: 'api-generator:introspect',
    openapi: 'api-generator:openapi',
    validate: 'api-generator:validate',
    parse: 'api-generator:parse',
    diagram: 'api-generator:diagram',
    schema: 'api-generator:schema',
    'validate-stubs': 'api-generator:validate-stubs',
    'clean-routes': 'api-generator:clean-routes',
    delete: 'delete:fullapi',
    watch: 'api-generator:watch',
    mcp: 'api-generator:mcp',
    lsp: 'api-generator:lsp',
  });
  assert.not.ok(byCli.has('publish'));
});

test("each artisan command takes its command's options, spelt as the command line spells them, aliases included", () => {
  for (const spec of COMMANDS.filter((candidate) => candidate.artisan !== false)) {
    const expected = spec.options.flatMap((entry) => {
      const name = typeof entry === 'string' ? entry : entry[0];
      const option: OptionSpec = OPTIONS[name];
      return [kebab(name), ...(option.aliases ?? [])];
    });
    assert.equal(byCli.get(spec.name)?.options.map((option) => option.name), expected, spec.name);
  }
  const make = byCli.get('make');
  assert.equal(make?.options.find((option) => option.name === 'postman')?.description, 'The same as --client-collection');
  assert.equal(make?.options.find((option) => option.name === 'merge')?.choices, ['keep', 'markers']);
  assert.equal(make?.options.find((option) => option.name === 'soft-deletes')?.value, undefined, 'a switch takes no value');
});

test("cac's argument spellings become artisan's: optional, required, a list", () => {
  assert.equal(byCli.get('make')?.arguments, [{ name: 'Entity', required: false, variadic: false }]);
  assert.equal(byCli.get('watch')?.arguments, [{ name: 'file', required: true, variadic: false }]);
  assert.equal(byCli.get('delete')?.arguments, [{ name: 'entities', required: false, variadic: true }]);
  assert.equal(byCli.get('mcp')?.arguments, []);
});

test('the Composer package holds the manifest as the build derives it now, and the config file publish config writes', () => {
  const built: unknown = JSON.parse(readFileSync(join(repoRoot(), 'composer', 'resources', 'fullapi.json'), 'utf8'));
  assert.equal(built, JSON.parse(JSON.stringify(manifest)));
  assert.equal(manifest.schemaFiles, ['api-schema.yaml', 'api-schema.yml', 'api-schema.json', 'class_data.json']);
  const config = readFileSync(join(repoRoot(), 'composer', 'config', 'api-generator.php'), 'utf8');
  const rendered = defaultConfigSource(readBuiltInStubs(repoRoot(), nodeFs).stubs ?? {});
  assert.equal(rendered.ok ? rendered.text : rendered.diagnostic.message, config);
  assert.match(config, "'per_page' => 15,");
  assert.match(config, "'max_per_page' => 100,");
});

test.run();
