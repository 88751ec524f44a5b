import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DIAGRAM_EXTENSIONS, OPENAPI_FILE_NAMES, SCHEMA_FILE_NAMES } from '../../editors/vscode/src/documents.mjs';
import { bundledCliPath, generateLaunch, serverLaunch, validateLaunch, type CliLaunch } from '../../editors/vscode/src/launch.mjs';
import { previewDocument, previewedFiles, type PreviewResult } from '../../editors/vscode/src/preview.mjs';
import { copyExampleProject } from '../support/project-tree.js';
import { repoRoot } from '../support/repo-root.js';

/**
 * The VS Code extension as `npm run package:vscode` packages it (VS Code itself cannot run here): the .vsix is built
 * into a scratch folder and unzipped, its manifest checked against the code that implements it, and the command
 * line inside it run the way the extension's commands run it.
 */
interface ExtensionManifest {
  version: string;
  main: string;
  engines: { vscode: string };
  activationEvents: string[];
  contributes: {
    commands: { command: string; title: string }[];
    configuration: { properties: Record<string, unknown> };
    jsonValidation: { fileMatch: string | string[]; url: string }[];
    yamlValidation: { fileMatch: string | string[]; url: string }[];
    taskDefinitions: { type: string }[];
  };
}

const root = repoRoot();
const scratch = mkdtempSync(join(tmpdir(), 'fullapi-vsix-'));
const vsix = join(scratch, 'fullapi.vsix');
const build = spawnSync(process.execPath, [join(root, 'scripts', 'build-vscode-extension.mjs'), '--out', vsix], { encoding: 'utf8' });
if (build.status !== 0) throw new Error(`the extension did not package:\n${build.stdout}${build.stderr}`);
const entries = execFileSync('unzip', ['-Z1', vsix], { encoding: 'utf8' }).trim().split('\n');
execFileSync('unzip', ['-q', vsix, '-d', scratch]);
const packaged = join(scratch, 'extension');
const manifest = JSON.parse(readFileSync(join(packaged, 'package.json'), 'utf8')) as ExtensionManifest;
const extensionSource = readFileSync(join(root, 'editors', 'vscode', 'src', 'extension.mts'), 'utf8');

function fileMatches(contributions: { fileMatch: string | string[] }[]): string[] {
  return contributions.flatMap((contribution) => contribution.fileMatch).sort();
}

test('the .vsix holds the bundle, the manifest, README, LICENSE and the command line with its stubs and schemas, and no sources', () => {
  for (const entry of ['extension/package.json', 'extension/readme.md', 'extension/LICENSE.txt', 'extension/dist/extension.js', 'extension/server/package.json']) {
    assert.ok(entries.includes(entry), entry);
  }
  for (const folder of ['extension/server/dist/cli/', 'extension/server/stubs/', 'extension/server/schemas/']) assert.ok(entries.some((entry) => entry.startsWith(folder)), folder);
  assert.ok(entries.includes('extension/server/dist/cli/sql-wasm.wasm'));
  assert.equal(entries.filter((entry) => /\.m?ts$|\/src\/|\.vsix$|node_modules/.test(entry)), []);
});

test("the extension's main is in the package, with vscode-languageclient bundled and vscode left to VS Code", () => {
  const main = join(packaged, manifest.main);
  assert.ok(existsSync(main), manifest.main);
  const code = readFileSync(main, 'utf8');
  assert.ok(code.includes('require("vscode")'));
  assert.not.ok(code.includes('require("vscode-languageclient'));
});

test('the server the extension starts is in the package, and it is the command line of this repository', () => {
  const cli = bundledCliPath(packaged);
  assert.ok(existsSync(cli));
  const version = execFileSync(process.execPath, [cli, '--version'], { encoding: 'utf8' });
  const ownVersion = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
  assert.ok(version.startsWith(`fullapi/${ownVersion} `), version);
  assert.is(manifest.version, ownVersion, 'the extension is released in step with the command line');
});

test('every contributed command is registered by the extension, and every registered command is contributed', () => {
  const registered = [...extensionSource.matchAll(/registerCommand\('([^']+)'/g)].map((match) => match[1]).sort();
  assert.equal(manifest.contributes.commands.map((command) => command.command).sort(), registered);
  assert.equal(registered, ['fullapi.generate', 'fullapi.preview', 'fullapi.validate']);
  assert.ok(extensionSource.includes(`{ type: '${manifest.contributes.taskDefinitions[0]?.type}'`), 'the tasks are of the contributed task type');
});

test('the settings contributed are the ones the extension reads', () => {
  const read = [...extensionSource.matchAll(/configuration\.get<string>\('([^']+)'/g)].map((match) => `fullapi.${match[1]}`).sort();
  assert.equal(Object.keys(manifest.contributes.configuration.properties).sort(), read);
});

test("the schema files are associated with fullapi's JSON Schemas, which are in the package as the repository has them", () => {
  assert.equal(fileMatches(manifest.contributes.jsonValidation), SCHEMA_FILE_NAMES.filter((name) => name.endsWith('.json')).sort());
  assert.equal(fileMatches(manifest.contributes.yamlValidation), SCHEMA_FILE_NAMES.filter((name) => !name.endsWith('.json')).sort());
  for (const { url } of [...manifest.contributes.jsonValidation, ...manifest.contributes.yamlValidation]) {
    const packagedSchema = join(packaged, url);
    assert.ok(existsSync(packagedSchema), url);
    assert.is(readFileSync(packagedSchema, 'utf8'), readFileSync(join(root, 'schemas', url.split('/').at(-1) ?? ''), 'utf8'), url);
  }
});

test('the extension activates in a workspace holding any file the server reads', () => {
  const patterns = manifest.activationEvents.map((event) => event.replace(/^workspaceContains:/, ''));
  assert.equal(patterns, [`**/{${SCHEMA_FILE_NAMES.join(',')}}`, `**/*.{${DIAGRAM_EXTENSIONS.join(',')}}`, `**/{${OPENAPI_FILE_NAMES.join(',')}}`]);
});

test("engines.vscode is the @types/vscode the extension is compiled against, and vscode-languageclient's floor", () => {
  const own = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
  const installed = (path: string) => JSON.parse(readFileSync(join(root, 'node_modules', path, 'package.json'), 'utf8')) as { version: string; engines?: { vscode?: string } };
  const floor = manifest.engines.vscode.replace(/^\^/, '');
  assert.ok(own.devDependencies['@types/vscode']?.replace(/^~/, '') === floor, own.devDependencies['@types/vscode']);
  assert.ok(installed('@types/vscode').version.startsWith(floor.replace(/\.0$/, '.')), installed('@types/vscode').version);
  assert.is(installed('vscode-languageclient').engines?.vscode, manifest.engines.vscode);
});

function run(launch: CliLaunch | undefined): { status: number | null; output: string } {
  if (launch === undefined) throw new Error('no launch for the file');
  const result = spawnSync(launch.command, launch.args, { cwd: launch.cwd, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

test("Validate and Generate run the packaged command line on the open file: validate's verdict, make's files", () => {
  const project = copyExampleProject('laravel-12');
  try {
    const schema = join(project, 'api-schema.yaml');
    copyFileSync(join(root, 'examples', 'api-schema.yaml'), schema);
    const settings = { nodePath: process.execPath, project: '' };
    const validated = run(validateLaunch(packaged, settings, project, schema));
    assert.is(validated.status, 0, validated.output);
    assert.match(validated.output, /is valid: 5 entities/);
    const generated = run(generateLaunch(packaged, settings, project, schema));
    assert.is(generated.status, 0, generated.output);
    assert.ok(existsSync(join(project, 'class_data.json')), generated.output);
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});

test("the packaged server, started as the extension starts it, answers Preview with a plan whose diffs the extension applies to the disk", async () => {
  const project = copyExampleProject('laravel-12');
  const launch = serverLaunch(packaged, { nodePath: process.execPath, project: '' }, project);
  const server = spawn(launch.command, launch.args, { cwd: launch.cwd });
  const connection = createProtocolConnection(new StreamMessageReader(server.stdout), new StreamMessageWriter(server.stdin));
  connection.listen();
  try {
    await connection.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(project).href, capabilities: {} });
    await connection.sendNotification('initialized', {});
    const uri = pathToFileURL(join(project, 'api-schema.yaml')).href;
    const text = readFileSync(join(root, 'examples', 'api-schema.yaml'), 'utf8');
    await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
    const result = (await connection.sendRequest('fullapi/preview', { uri })) as PreviewResult;
    assert.ok(result.ok, JSON.stringify(result.diagnostics));
    const shown = previewedFiles(result, project, (path) => (existsSync(path) ? readFileSync(path, 'utf8') : undefined));
    // The example application has no routes/api.php yet: bootstrap/app.php is the file a plan edits.
    const edited = shown.find((file) => file.path === 'bootstrap/app.php');
    assert.ok(edited?.before !== undefined && edited.after !== undefined && edited.after !== edited.before, 'bootstrap/app.php, before and after');
    assert.match(edited?.after ?? '', "api: __DIR__.'/../routes/api.php'");
    const model = shown.find((file) => file.path.startsWith('app/Models/') && file.action === 'created');
    assert.ok(model !== undefined && model.before === undefined && model.after?.includes('extends Model') === true, 'a new model, its text whole');
    assert.match(previewDocument(result), /^# created {4}app\/Models\//m);
    assert.not.ok(existsSync(join(project, 'class_data.json')), 'a preview writes nothing');
    await connection.sendRequest('shutdown');
    await connection.sendNotification('exit');
  } finally {
    connection.dispose();
    server.kill();
    rmSync(project, { recursive: true, force: true });
  }
});

test.after(() => rmSync(scratch, { recursive: true, force: true }));

test.run();
