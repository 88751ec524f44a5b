import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { OPTIONS, type OptionSpec } from '../../../src/ir/options.js';
import { withoutRunHistory } from '../../support/deleted-entities.js';
import { copyExampleProject, readTree, runCli } from '../../support/project-tree.js';
import { repoRoot } from '../../support/repo-root.js';

// The server is the command users run, spawned and spoken to over stdio by the SDK's own client: the bundle when
// compiled, src/cli/bin.ts through tsx otherwise.
const compiled = import.meta.url.endsWith('.js');
const binary = fileURLToPath(new URL(compiled ? '../../../cli/fullapi.mjs' : '../../../src/cli/bin.ts', import.meta.url));

const SCHEMA = ['entities:', '  Post:', '    fields:', '      title: string', '      status: enum(draft,published)', ''].join('\n');
const BAD_SCHEMA = ['entities:', '  Post:', '    fields:', '      title: strin', ''].join('\n');

interface Plan {
  ok: boolean;
  applied: boolean;
  files: { path: string; action: string; diff?: string }[];
  diagnostics: { code: string; message: string; line?: number; column?: number; file?: string; argument?: string }[];
  entities?: string[];
}

async function connected(project: string): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...(compiled ? [] : ['--import', import.meta.resolve('tsx')]), binary, 'mcp', '--project', project],
    stderr: 'pipe',
  });
  const client = new Client({ name: 'fullapi-tests', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<{ result: CallToolResult; structured: Plan }> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  return { result, structured: result.structuredContent as unknown as Plan };
}

/** A project and a client on it for one test, both gone after it. */
async function withServer(run: (client: Client, project: string) => Promise<void>): Promise<void> {
  const project = copyExampleProject('laravel-12');
  const client = await connected(project);
  try {
    await run(client, project);
  } finally {
    await client.close();
    rmSync(project, { recursive: true, force: true });
  }
}

test('lists every tool, each with a JSON Schema of its input and output, and the resources', () =>
  withServer(async (client) => {
    const { tools } = await client.listTools();
    assert.equal(tools.map((tool) => tool.name), ['make', 'validate', 'parse', 'diagram', 'delete', 'list_entities', 'introspect', 'openapi']);
    for (const tool of tools) {
      assert.is(tool.inputSchema.type, 'object', tool.name);
      assert.is(tool.outputSchema?.type, 'object', tool.name);
    }
    const make = tools.find((tool) => tool.name === 'make');
    assert.ok(make?.inputSchema.properties?.['apply'], 'make takes apply');
    // Every option the option table gives a tool is in that tool's input, described as --help describes it.
    for (const [name, spec] of Object.entries(OPTIONS) as [string, OptionSpec][]) {
      for (const toolName of spec.tools ?? []) {
        const input = tools.find((tool) => tool.name === toolName)?.inputSchema.properties;
        const grouped = (input?.['options'] as { properties?: Record<string, { description?: string }> } | undefined)?.properties;
        const property = (spec.generation === undefined ? input?.[name] : grouped?.[spec.generation]) as { description?: string } | undefined;
        assert.is(property?.description, spec.help, `${toolName} takes ${name}`);
      }
    }
    const { resources } = await client.listResources();
    assert.equal(resources.map((resource) => resource.uri).sort(), ['fullapi://project/class_data.json', 'fullapi://schema/api-schema']);
    const schema = await client.readResource({ uri: 'fullapi://schema/api-schema' });
    const text = schema.contents[0] !== undefined && 'text' in schema.contents[0] ? schema.contents[0].text : '';
    assert.ok((JSON.parse(text) as { properties?: object }).properties, 'the JSON Schema of schema files');
  }));

test('make previews without writing, then applies exactly what fullapi make writes; list_entities then finds the entity', () =>
  withServer(async (client, project) => {
    const before = readTree(project);
    const preview = await call(client, 'make', { schema: SCHEMA });
    assert.is(preview.result.isError, undefined, JSON.stringify(preview.structured.diagnostics));
    assert.is(preview.structured.applied, false);
    const model = preview.structured.files.find((file) => file.path === 'app/Models/Post.php');
    assert.is(model?.action, 'created');
    assert.match(model?.diff ?? '', /^\+class Post extends Model/m);
    assert.equal(readTree(project), before, 'a preview writes nothing');

    const listedBefore = await call(client, 'list_entities', {});
    assert.equal((listedBefore.result.structuredContent as { entities: unknown[] }).entities, []);

    const applied = await call(client, 'make', { schema: SCHEMA, apply: true });
    assert.is(applied.structured.applied, true);
    assert.equal(applied.structured.entities, ['Post']);
    assert.ok(existsSync(join(project, 'app/Models/Post.php')));
    const viaCli = copyExampleProject('laravel-12');
    try {
      writeFileSync(join(viaCli, 'api-schema.yaml'), SCHEMA);
      const run = await runCli(['make', '--project', viaCli], viaCli);
      assert.is(run.exitCode, 0, run.stderr);
      rmSync(join(viaCli, 'api-schema.yaml'));
      assert.equal(withoutRunHistory(readTree(project)), withoutRunHistory(readTree(viaCli)));
    } finally {
      rmSync(viaCli, { recursive: true, force: true });
    }

    const listed = await call(client, 'list_entities', {});
    const entities = (listed.result.structuredContent as { entities: { name: string; fields: { name: string; type: string }[] }[] }).entities;
    assert.equal(entities.map((entity) => entity.name), ['Post']);
    assert.equal(entities[0]?.fields.map((field) => `${field.name}:${field.type}`), ['title:string', 'status:enum']);

    const deleting = await call(client, 'delete', { entities: ['Post'] });
    assert.is(deleting.structured.files.find((file) => file.path === 'app/Models/Post.php')?.action, 'deleted');
    assert.ok(existsSync(join(project, 'app/Models/Post.php')), 'a delete preview deletes nothing');
  }));

test('validate of a bad schema: an error result with code, line and column; a good one is valid', () =>
  withServer(async (client) => {
    const bad = await call(client, 'validate', { schema: BAD_SCHEMA });
    assert.is(bad.result.isError, true);
    const [found] = bad.structured.diagnostics;
    assert.is(found?.code, 'unknown_field_type');
    assert.is(found?.file, 'api-schema.yaml');
    assert.is(found?.line, 4);
    assert.is(found?.column, 14);
    const json = await call(client, 'validate', { schema: JSON.stringify({ entities: { Post: { fields: { title: 'string' } } } }), format: 'json' });
    assert.is(json.result.isError, undefined, JSON.stringify(json.structured.diagnostics));
    assert.is((json.result.structuredContent as { entityCount: number }).entityCount, 1);
  }));

test('parse and diagram answer what fullapi parse --json and fullapi diagram give', () =>
  withServer(async (client, project) => {
    const parsed = await call(client, 'parse', { diagram: 'erDiagram\n  POST {\n    string title\n  }\n' });
    const diagram = (parsed.result.structuredContent as { diagram: { kind: string; entities: { name: string }[] } }).diagram;
    assert.is(diagram.kind, 'erDiagram');
    assert.equal(diagram.entities.map((entity) => entity.name), ['POST']);
    const broken = await call(client, 'parse', { diagram: 'erDiagram\n  POST {\n    string\n' });
    assert.is(broken.result.isError, true);
    assert.ok(((broken.result.structuredContent as { errors: { line: number }[] }).errors[0]?.line ?? 0) >= 3);

    writeFileSync(join(project, 'api-schema.yaml'), SCHEMA);
    const drawn = await call(client, 'diagram', { file: 'api-schema.yaml' });
    const cli = await runCli(['diagram', '--from', 'api-schema.yaml'], project);
    assert.is((drawn.result.structuredContent as { mermaid: string }).mermaid, cli.stdout);
  }));

test('bad arguments give a clean error, and the server answers the next call', () =>
  withServer(async (client) => {
    const wrongType = await call(client, 'make', { schema: 42 });
    assert.is(wrongType.result.isError, true);
    assert.match(JSON.stringify(wrongType.result.content), /schema/);
    const unknown = await call(client, 'validate', { schema: SCHEMA, colour: 'red' });
    assert.is(unknown.result.isError, true);
    const two = await call(client, 'make', { schema: SCHEMA, diagram: 'erDiagram' });
    assert.is(two.result.isError, true);
    assert.is(two.structured.diagnostics[0]?.code, 'invalid_option');
    const good = await call(client, 'validate', { schema: SCHEMA });
    assert.is(good.result.isError, undefined);
  }));

test('paths outside the project are refused, through .. and through a symbolic link', () =>
  withServer(async (client, project) => {
    const outside = mkdtempSync(join(tmpdir(), 'fullapi-mcp-outside-'));
    try {
      writeFileSync(join(outside, 'api-schema.yaml'), SCHEMA);
      mkdirSync(join(project, 'docs'));
      symlinkSync(outside, join(project, 'docs/elsewhere'));
      for (const file of ['../api-schema.yaml', join(outside, 'api-schema.yaml'), 'docs/elsewhere/api-schema.yaml']) {
        const refused = await call(client, 'validate', { file });
        assert.is(refused.result.isError, true, file);
        assert.is(refused.structured.diagnostics[0]?.code, 'path_outside_project', file);
      }
      const made = await call(client, 'make', { file: 'docs/elsewhere/api-schema.yaml', apply: true });
      assert.is(made.structured.diagnostics[0]?.code, 'path_outside_project');
      assert.not.ok(existsSync(join(project, 'app/Models/Post.php')));
      writeFileSync(join(outside, 'database.sqlite'), '');
      const database = await call(client, 'introspect', { databaseUrl: `sqlite://${join(outside, 'database.sqlite')}` });
      assert.is(database.structured.diagnostics[0]?.code, 'path_outside_project');
      const named = await call(client, 'validate', { schema: SCHEMA, name: '../api-schema.yaml' });
      assert.is(named.structured.diagnostics[0]?.code, 'invalid_option');
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  }));

test('standard output carries the protocol alone: every line of it is a JSON-RPC message', () => {
  const project = copyExampleProject('laravel-12');
  try {
    const requests = [
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'make', arguments: { schema: SCHEMA } } },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'validate', arguments: { schema: BAD_SCHEMA } } },
    ];
    const run = spawnSync(process.execPath, [...(compiled ? [] : ['--import', import.meta.resolve('tsx')]), binary, 'mcp', '--project', project], {
      input: requests.map((request) => `${JSON.stringify(request)}\n`).join(''),
      encoding: 'utf8',
    });
    assert.is(run.status, 0, run.stderr);
    const lines = run.stdout.split('\n').filter((line) => line !== '');
    assert.equal(lines.map((line) => (JSON.parse(line) as { id?: number }).id).sort(), [1, 2, 3]);
    for (const line of lines) assert.is((JSON.parse(line) as { jsonrpc: string }).jsonrpc, '2.0');
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});

test('make on a migrated table: data_loss for a dropped column, and with allowDataLoss a migration of the changes', () =>
  withServer(async (client, project) => {
    assert.is((await runCli(['make', '--schema=-'], project, undefined, SCHEMA)).exitCode, 0);
    const { default: initSqlJs } = await import('sql.js');
    const database = new (await initSqlJs()).Database();
    database.run('CREATE TABLE migrations (id INTEGER PRIMARY KEY, migration TEXT NOT NULL, batch INTEGER NOT NULL)');
    database.run("INSERT INTO migrations (migration, batch) VALUES ('2099_01_01_000000_newer_than_every_create_migration', 1)");
    writeFileSync(join(project, 'database/database.sqlite'), database.export());
    database.close();
    const changed = SCHEMA.replace('      status: enum(draft,published)\n', '');
    const refused = await call(client, 'make', { schema: changed });
    assert.ok(refused.result.isError);
    assert.equal(refused.structured.diagnostics.map((found) => found.code), ['data_loss']);
    const allowed = await call(client, 'make', { schema: changed, allowDataLoss: true });
    assert.ok(allowed.structured.ok, JSON.stringify(allowed.structured.diagnostics));
    assert.ok(allowed.structured.files.some((file) => file.action === 'created' && file.path.endsWith('_update_posts_table.php')));
  }));

test('openapi answers the document fullapi openapi prints: of the record after a make, or of a schema given; none before', () =>
  withServer(async (client, project) => {
    const before = await call(client, 'openapi', {});
    assert.is(before.result.isError, true);
    assert.equal(before.structured.diagnostics.map((diagnostic) => diagnostic.code), ['no_class_data']);
    const given = await call(client, 'openapi', { schema: SCHEMA });
    assert.is(given.result.isError, undefined, JSON.stringify(given.structured.diagnostics));
    await call(client, 'make', { schema: SCHEMA, apply: true });
    const recorded = await call(client, 'openapi', {});
    const document = (recorded.structured as unknown as { document: { paths: Record<string, unknown> } }).document;
    assert.ok(document.paths['/api/posts/{post}'], 'the routes of the entity made');
    const printed = await runCli(['openapi', '--project', project], project);
    assert.is(printed.exitCode, 0, printed.stderr);
    assert.equal(document, JSON.parse(printed.stdout));
    assert.equal((given.structured as unknown as { document: unknown }).document, document);
  }));

test('an OpenAPI document, as a text or a file of the project, is an input of validate, diagram, openapi and make', () =>
  withServer(async (client, project) => {
    const document = readFileSync(join(repoRoot(), 'tests', 'fixtures', 'openapi', 'clinic-3.0.yaml'), 'utf8');
    const validated = await call(client, 'validate', { openapi: document });
    assert.is(validated.result.isError, undefined, JSON.stringify(validated.structured.diagnostics));
    assert.is((validated.result.structuredContent as { entityCount: number }).entityCount, 4);
    const skipped = validated.structured.diagnostics.find((diagnostic) => diagnostic.code === 'openapi_schema_skipped' && diagnostic.message.includes('OwnerInput'));
    assert.equal([skipped?.file, skipped?.line, skipped?.column], ['openapi.yaml', 69, 5], 'a text is read as openapi.yaml');

    const broken = await call(client, 'validate', { openapi: document.replace("$ref: '#/components/schemas/Owner'", "$ref: '#/components/schemas/Nobody'"), name: 'clinic.yaml' });
    assert.is(broken.result.isError, true);
    assert.equal(broken.structured.diagnostics.filter((diagnostic) => diagnostic.code === 'openapi_unresolved_ref').map((diagnostic) => diagnostic.file), ['clinic.yaml']);

    writeFileSync(join(project, 'clinic.yaml'), document);
    const drawn = await call(client, 'diagram', { file: 'clinic.yaml' });
    assert.is(drawn.result.isError, undefined, JSON.stringify(drawn.structured.diagnostics));
    assert.is((drawn.result.structuredContent as { mermaid: string }).mermaid, (await runCli(['diagram', '--from', 'clinic.yaml'], project)).stdout);
    const documented = await call(client, 'openapi', { openapi: document });
    assert.ok((documented.structured as unknown as { document: { paths: Record<string, unknown> } }).document.paths['/api/pets/{pet}']);

    const made = await call(client, 'make', { file: 'clinic.yaml', apply: true });
    assert.is(made.result.isError, undefined, JSON.stringify(made.structured.diagnostics));
    assert.ok(existsSync(join(project, 'app', 'Models', 'Vet.php')));
    const cli = await runCli(['make', '--openapi', 'clinic.yaml', '--json'], project);
    assert.equal((JSON.parse(cli.stdout) as Plan).files.filter((file) => file.action !== 'unchanged'), [], 'the tool wrote what make --openapi writes');
  }));

test.run();
