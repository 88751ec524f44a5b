import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { openQuestion, startTerminalSession } from '../support/terminal-session.js';
import type { MakeReport } from './fullapi.js';
import { artisanLanguageServer } from './artisan-lsp.js';
import { ownVendor } from './laravel-app.js';
import { describeResult, runCommand, runOrThrow } from './processes.js';
import type { EntityUnderTest } from './scenario.js';

/**
 * fullapi as a Laravel developer reaches it through Composer: the package of composer/ installed from a path
 * repository (as from Packagist, its files copied), then the whole lifecycle through `php artisan` alone, as
 * artisan passes words, output and exit codes between the user and the bundled command line. Laravel 12 on the
 * host PHP: Composer does not run under PHP 8.3 in WebAssembly.
 */

const PACKAGE = 'fullapi/laravel-fullapi';
const COMPOSER_TIMEOUT_MS = 5 * 60_000;
const ARTISAN_TIMEOUT_MS = 120_000;

/** What the build wrote into the package from fullapi's tables (src/cli/artisan-manifest.ts). */
interface Manifest {
  commands: { name: string }[];
  schemaFiles: string[];
}

function packageManifest(repo: string): Manifest {
  return JSON.parse(readFileSync(join(repo, 'composer', 'resources', 'fullapi.json'), 'utf8')) as Manifest;
}

export interface ArtisanInputs {
  entities: readonly EntityUnderTest[];
  /** Copied to the project's root and made by a bare `make:fullapi`. */
  schemaFile?: string;
  /** Copied to the project's root and made by `make:fullapi --mermaid=<name>`. */
  diagramFile?: string;
}

/** Installs the package, then drives every face of it; answers the reports of the makes whose files the scenario checks. */
export async function throughArtisan(repo: string, app: string, inputs: ArtisanInputs): Promise<{ reports: MakeReport[]; notes: string[] }> {
  const notes = [await installPackage(repo, app)];
  const artisan = (args: readonly string[], env?: NodeJS.ProcessEnv) => runCommand('php', ['artisan', ...args], { cwd: app, timeoutMs: ARTISAN_TIMEOUT_MS, ...(env === undefined ? {} : { env }) });
  const json = async (args: readonly string[], status = 0): Promise<MakeReport> => {
    const result = await artisan([...args, '--json']);
    const described = describeResult(`php artisan ${args.join(' ')} --json`, result);
    if (result.status !== status) throw new Error(`expected exit ${status}: ${described}`);
    try {
      return JSON.parse(result.stdout) as MakeReport;
    } catch {
      throw new Error(`${described}\n(the output is not the --json report)`);
    }
  };

  const manifest = packageManifest(repo);
  const listed = await artisan(['list', '--format=json']);
  const names = new Set((JSON.parse(listed.stdout) as { commands: { name: string }[] }).commands.map((command) => command.name));
  const missing = manifest.commands.filter((command) => !names.has(command.name));
  if (missing.length > 0) throw new Error(`php artisan list lacks ${missing.map((command) => command.name).join(', ')}`);
  const help = await artisan(['make:fullapi', '--help']);
  if (!/--fields=FIELDS/.test(help.stdout) || !/--soft-deletes/.test(help.stdout)) throw new Error(`make:fullapi --help lists no options:\n${help.stdout}`);
  notes.push(`php artisan list shows the ${manifest.commands.length} commands; make:fullapi --help lists the options`);

  await withoutNode(app, artisan);
  notes.push('without Node on the PATH: a clear error, exit 1, nothing written');

  await nothingWritten(app, 'make:fullapi --dry-run', async () => {
    const preview = await json(['make:fullapi', 'Draft', '--fields=title:string', '--dry-run']);
    if (!preview.files.some((file) => file.path === 'app/Models/Draft.php' && file.action === 'created')) throw new Error(`the dry run planned no Draft model: ${JSON.stringify(preview.files)}`);
  });
  await nothingWritten(app, 'a bad --fields', async () => {
    const refused = await json(['make:fullapi', 'Broken', '--fields=title:strng'], 1);
    if (refused.errors[0]?.code !== 'unknown_field_type') throw new Error(`no unknown_field_type: ${JSON.stringify(refused.errors)}`);
  });
  await nothingWritten(app, 'an unknown option', async () => {
    const misused = await artisan(['make:fullapi', 'Post', '--bogus']);
    if (misused.status !== 2 || !/Unknown option `--bogus`/.test(misused.stderr)) throw new Error(`expected exit 2: ${describeResult('make:fullapi --bogus', misused)}`);
  });
  notes.push('--dry-run, a bad input (exit 1) and a misused command line (exit 2) write nothing');

  const reports: MakeReport[] = [];
  for (const entity of inputs.entities) {
    const options = [...(entity.softDeletes ? ['--soft-deletes'] : []), ...(entity.auth === true ? ['--auth'] : [])];
    reports.push(await json(['make:fullapi', entity.entity, `--fields=${entity.fields}`, ...options]));
  }
  if (inputs.schemaFile !== undefined) {
    copyFileSync(join(repo, inputs.schemaFile), join(app, basename(inputs.schemaFile)));
    reports.push(await json(['make:fullapi']));
  }
  if (inputs.diagramFile !== undefined) {
    copyFileSync(join(repo, inputs.diagramFile), join(app, basename(inputs.diagramFile)));
    reports.push(await json(['make:fullapi', `--mermaid=${basename(inputs.diagramFile)}`]));
  }
  notes.push(`make:fullapi with --fields${inputs.schemaFile === undefined ? '' : ', from a schema file'}${inputs.diagramFile === undefined ? '' : ' and from a diagram'}`);

  await wizard(app);
  notes.push('make:fullapi --interactive on a terminal (tmux): questions, preview, files');
  if (inputs.schemaFile !== undefined) {
    await stopWatching(app, basename(inputs.schemaFile));
    notes.push('api-generator:watch on a terminal, stopped by Ctrl-C');
  }

  const config = await artisan(['vendor:publish', '--tag=api-generator-config']);
  if (config.status !== 0) throw new Error(describeResult('vendor:publish --tag=api-generator-config', config));
  if (readFileSync(join(app, 'config', 'api-generator.php'), 'utf8') !== readFileSync(join(repo, 'composer', 'config', 'api-generator.php'), 'utf8')) {
    throw new Error('vendor:publish wrote another config/api-generator.php than fullapi publish config');
  }
  const stubs = await artisan(['vendor:publish', '--tag=api-generator-stubs']);
  if (stubs.status !== 0) throw new Error(describeResult('vendor:publish --tag=api-generator-stubs', stubs));
  const builtIn = readdirSync(join(repo, 'stubs')).filter((name) => name.endsWith('.stub')).sort();
  const published = readdirSync(join(app, 'stubs', 'vendor', 'fullapi')).sort();
  if (published.join() !== builtIn.join()) throw new Error(`vendor:publish published ${published.length} stubs, not the ${builtIn.length} of stubs/`);
  const groups = await publishableGroups(app);
  for (const tag of ['api-generator-config', 'api-generator-stubs']) if (!groups.includes(tag)) throw new Error(`vendor:publish does not list ${tag}: ${groups.join(', ')}`);
  const stubCheck = await json(['api-generator:validate-stubs']);
  if (!stubCheck.ok) throw new Error(`api-generator:validate-stubs refused the published stubs: ${JSON.stringify(stubCheck.errors)}`);
  notes.push(`vendor:publish of the config (as publish config writes it) and of the ${published.length} stubs, both tags listed; api-generator:validate-stubs passes them`);

  await about(repo, app, artisan, published.length);
  notes.push('php artisan about --only=fullapi: version, Node, schema file, stubs, entities');

  const scratch = await json(['make:fullapi', 'Scratch', '--fields=label:string']);
  const deleted = await json(['delete:fullapi', 'Scratch', '--force']);
  const left = scratch.files.filter((file) => file.action === 'created' && file.path.startsWith('app/') && statOrUndefined(join(app, file.path)) !== undefined);
  if (!deleted.ok || left.length > 0) throw new Error(`delete:fullapi Scratch left ${left.map((file) => file.path).join(', ')}`);
  const cleaned = await json(['api-generator:clean-routes']);
  if (!cleaned.ok) throw new Error(`api-generator:clean-routes: ${JSON.stringify(cleaned.errors)}`);
  notes.push('delete:fullapi and api-generator:clean-routes');

  const tools = await boostMcpTools(app);
  if (!tools.includes('make')) throw new Error(`php artisan api-generator:mcp lists the tools ${tools.join(', ')}, without make`);
  notes.push(`Boost's guidelines and MCP server where Boost looks; the server it names (php artisan api-generator:mcp) answers initialize and tools/list (${tools.length} tools)`);

  const diagnosed = await artisanLanguageServer(app);
  if (diagnosed.code !== 'unknown_field_type' || diagnosed.line !== 4) throw new Error(`php artisan api-generator:lsp published ${JSON.stringify(diagnosed)}, not unknown_field_type at line 4`);
  notes.push('php artisan api-generator:lsp answers initialize and publishes the diagnostic of a misspelt type at its line');
  return { reports, notes };
}

export const COMPOSER_ENV = { COMPOSER_NO_INTERACTION: '1', COMPOSER_ALLOW_SUPERUSER: '1' };

/**
 * Where Composer finds the package, composer/ as a path repository of the version package.json names, as it
 * would on Packagist; vendor/ made the application's own first, since Composer then writes into it. Returns
 * that version.
 */
export async function addPackageRepository(repo: string, app: string): Promise<string> {
  await ownVendor(app);
  const { version } = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { version: string };
  const repository = JSON.stringify({ type: 'path', url: join(repo, 'composer'), options: { symlink: false, versions: { [PACKAGE]: version } } });
  await runOrThrow('composer', ['config', 'repositories.fullapi', repository], { cwd: app, timeoutMs: COMPOSER_TIMEOUT_MS, env: { ...process.env, ...COMPOSER_ENV } });
  return version;
}

async function installPackage(repo: string, app: string): Promise<string> {
  const version = await addPackageRepository(repo, app);
  const env = { ...process.env, ...COMPOSER_ENV };
  const started = Date.now();
  await runOrThrow('composer', ['require', '--dev', `${PACKAGE}:${version}`, '--no-interaction', '--no-progress'], { cwd: app, timeoutMs: COMPOSER_TIMEOUT_MS, env });
  // Laravel's skeleton runs it after every autoload dump; the package's provider is found by it.
  await runOrThrow('php', ['artisan', 'package:discover'], { cwd: app, timeoutMs: ARTISAN_TIMEOUT_MS });
  return `composer require --dev ${PACKAGE}:${version} from composer/ took ${((Date.now() - started) / 1000).toFixed(1)} s`;
}

type Artisan = (args: readonly string[], env?: NodeJS.ProcessEnv) => ReturnType<typeof runCommand>;

/** A PATH with PHP and nothing else: artisan says what to install and how to point at another Node, and writes nothing. */
async function withoutNode(app: string, artisan: Artisan): Promise<void> {
  const bin = mkdtempSync(join(tmpdir(), 'fullapi-no-node-'));
  try {
    symlinkSync((await runOrThrow('sh', ['-c', 'command -v php'], { cwd: app, timeoutMs: 10_000 })).stdout.trim(), join(bin, 'php'));
    await nothingWritten(app, 'Node missing', async () => {
      const result = await artisan(['make:fullapi', 'Nodeless', '--fields=title:string'], { ...process.env, PATH: bin });
      const said = `${result.stdout}${result.stderr}`;
      if (result.status !== 1 || !/no node was found on the PATH/.test(said) || !/FULLAPI_NODE/.test(said)) throw new Error(`expected the Node error and exit 1: ${describeResult('make:fullapi without Node', result)}`);
      if (/Stack trace|#0 \//.test(said)) throw new Error(`a stack trace: ${said}`);
    });
  } finally {
    rmSync(bin, { recursive: true, force: true });
  }
}

/** The project's files but the ones PHP and the framework change on their own (caches, logs, the database). */
function snapshot(app: string): Map<string, string> {
  const files = new Map<string, string>();
  const skipped = new Set(['vendor', 'storage', 'bootstrap/cache', 'node_modules']);
  const walk = (directory: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      const name = relative(app, path);
      if (skipped.has(name) || name.endsWith('.sqlite')) continue;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) files.set(name, readFileSync(path, 'utf8'));
    }
  };
  walk(app);
  return files;
}

async function nothingWritten(app: string, what: string, run: () => Promise<void>): Promise<void> {
  const before = snapshot(app);
  await run();
  const after = snapshot(app);
  const changed = [...new Set([...before.keys(), ...after.keys()])].filter((path) => before.get(path) !== after.get(path));
  if (changed.length > 0) throw new Error(`${what} changed ${changed.join(', ')}`);
}

/** The groups `vendor:publish` offers, read from the booted application. */
async function publishableGroups(app: string): Promise<string[]> {
  const script = join(app, 'publishable-groups.php');
  writeFileSync(
    script,
    "<?php\nrequire __DIR__.'/vendor/autoload.php';\n$app = require __DIR__.'/bootstrap/app.php';\n$app->make(Illuminate\\Contracts\\Console\\Kernel::class)->bootstrap();\necho json_encode(Illuminate\\Support\\ServiceProvider::publishableGroups());\n",
  );
  try {
    return JSON.parse((await runOrThrow('php', [script], { cwd: app, timeoutMs: ARTISAN_TIMEOUT_MS })).stdout) as string[];
  } finally {
    rmSync(script, { force: true });
  }
}

async function about(repo: string, app: string, artisan: Artisan, stubCount: number): Promise<void> {
  const result = await artisan(['about', '--only=fullapi', '--json']);
  if (result.status !== 0) throw new Error(describeResult('about --only=fullapi --json', result));
  const section = (JSON.parse(result.stdout) as { fullapi?: Record<string, string> }).fullapi ?? {};
  const { version } = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { version: string };
  const record = JSON.parse(readFileSync(join(app, 'class_data.json'), 'utf8')) as unknown[];
  const nodeVersion = (await runOrThrow('node', ['--version'], { cwd: app, timeoutMs: 10_000 })).stdout.trim();
  const schemaFile = packageManifest(repo).schemaFiles.find((name) => statOrUndefined(join(app, name)) !== undefined) ?? 'none';
  const expected = {
    version,
    node: nodeVersion,
    schema_file: schemaFile,
    published_stubs: `${stubCount} in stubs/vendor/fullapi`,
    entities_recorded: String(record.length),
  };
  for (const [key, value] of Object.entries(expected)) {
    if (section[key] !== value) throw new Error(`about's fullapi section has ${key} ${JSON.stringify(section[key])}, not ${JSON.stringify(value)}: ${result.stdout}`);
  }
}

function statOrUndefined(path: string) {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/** The wizard on a terminal through artisan: every question answered as its default but the entity and its one field, the answers not saved. */
async function wizard(app: string): Promise<void> {
  const session = startTerminalSession(app, 'php artisan make:fullapi --interactive');
  const answers: readonly [RegExp, string[]][] = [
    [/Entity name/, ['Note', 'Enter']],
    [/^\? Field name/, ['body', 'Enter']],
    [/Next field name/, ['Enter']],
    [/Add a relationship/, ['n', 'Enter']],
    [/Save the answers/, ['n', 'Enter']],
  ];
  try {
    const deadline = Date.now() + 90_000;
    let answered = '';
    for (;;) {
      const screen = session.screen();
      if (/EXIT=\d+/.test(screen)) {
        if (!/EXIT=0/.test(screen)) throw new Error(`the wizard ended with another status:\n${screen}`);
        break;
      }
      const question = openQuestion(screen);
      const position = screen.split('\n').length;
      if (question !== undefined && `${position}:${question}` !== answered) {
        answered = `${position}:${question}`;
        const keys = answers.find(([prompt]) => prompt.test(question))?.[1] ?? ['Enter'];
        session.press(...keys);
      }
      if (Date.now() > deadline) throw new Error(`the wizard did not end:\n${screen}`);
      await new Promise((done) => setTimeout(done, 100));
    }
  } finally {
    session.close();
  }
  if (statOrUndefined(join(app, 'app', 'Models', 'Note.php')) === undefined) throw new Error('the wizard wrote no app/Models/Note.php');
}

/** `api-generator:watch` on a terminal: its first run, then Ctrl-C, which the command line answers (it stops, says so, exits 0), not artisan. */
async function stopWatching(app: string, file: string): Promise<void> {
  const session = startTerminalSession(app, `php artisan api-generator:watch ${file}`);
  try {
    await session.waitFor(new RegExp(`Watching ${file.replace('.', '\\.')}; Ctrl-C stops`));
    await session.waitFor(/\d\d:\d\d:\d\d .*\(\d+ ms\)/);
    session.press('C-c');
    const end = await session.waitFor(/EXIT=\d+/);
    if (!/Stopped watching/.test(end) || !/EXIT=0/.test(end)) throw new Error(`Ctrl-C did not stop api-generator:watch as it says:\n${end}`);
  } finally {
    session.close();
  }
}

/**
 * Where Laravel Boost looks in an installed package (its Composer::packagesDirectoriesWithBoostGuidelines and
 * McpComposer): `resources/boost/guidelines/` and `resources/boost/mcp/mcp.json`. The server mcp.json names is
 * started as Boost would write it into an agent's configuration, and asked for its tools.
 */
async function boostMcpTools(app: string): Promise<string[]> {
  const installed = join(app, 'vendor', ...PACKAGE.split('/'), 'resources', 'boost');
  if (statOrUndefined(join(installed, 'guidelines', 'core.blade.php')) === undefined) throw new Error(`no Boost guidelines in ${installed}`);
  const { servers } = JSON.parse(readFileSync(join(installed, 'mcp', 'mcp.json'), 'utf8')) as { servers: Record<string, { command: string; args: string[] }> };
  const server = servers['fullapi'];
  if (server === undefined) throw new Error(`mcp.json names no fullapi server: ${JSON.stringify(servers)}`);
  const transport = new StdioClientTransport({ command: server.command, args: server.args, cwd: app, stderr: 'pipe' });
  const client = new Client({ name: 'fullapi-e2e', version: '1.0.0' });
  await client.connect(transport);
  try {
    return (await client.listTools()).tools.map((tool) => tool.name);
  } finally {
    await client.close();
  }
}
