import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pintCommand } from '../support/php-tools.js';
import { repoRoot } from '../support/repo-root.js';
import { cachedLaravelApp } from './laravel-app.js';
import { checkPrerequisites } from './prerequisites.js';
import { type RunContext, runScenario, type ScenarioResult } from './scenario-runner.js';
import { SCENARIOS, type Scenario } from './scenarios.js';
import { SERVER_ENGINES, startServer, type DatabaseServer, type Engine, type ServerEngine } from './database-servers.js';

/**
 * `npm run test:e2e`: proves in a real Laravel 12 application that what fullapi writes migrates, seeds,
 * passes its own tests and Pint, registers the expected routes and keeps its HTTP contract: on SQLite, and on
 * PostgreSQL and MariaDB servers the run starts and stops itself.
 *
 *   node dist/tests/e2e/run.js [--engine=sqlite|pgsql|mariadb ...] [scenario-name ...]
 *
 * No name: every scenario; no engine: every engine.
 *
 * The last line is `N passed, N failed`; the exit code is 1 when anything failed or could not run.
 */

const ENGINES: readonly Engine[] = ['sqlite', ...SERVER_ENGINES];

/** The scenarios named (all when none is), each on the engines named (all when none is), SQLite first. */
function selectedRuns(argv: readonly string[]): { scenario: Scenario; engine: Engine }[] {
  const engineFlag = '--engine=';
  const named = argv.filter((argument) => argument.startsWith(engineFlag)).map((argument) => argument.slice(engineFlag.length));
  const unknown = named.filter((engine) => !(ENGINES as readonly string[]).includes(engine));
  if (unknown.length > 0) throw new Error(`unknown engine ${unknown.join(', ')}; the engines are ${ENGINES.join(', ')}`);
  const engines = named.length === 0 ? ENGINES : ENGINES.filter((engine) => named.includes(engine));
  const scenarios = selectedScenarios(argv.filter((argument) => !argument.startsWith(engineFlag)));
  return scenarios.flatMap((scenario) => engines.map((engine) => ({ scenario, engine })));
}

function selectedScenarios(names: readonly string[]) {
  if (names.length === 0) return SCENARIOS;
  const unknown = names.filter((name) => !SCENARIOS.some((scenario) => scenario.name === name));
  if (unknown.length > 0) throw new Error(`unknown scenario ${unknown.join(', ')}; the scenarios are ${SCENARIOS.map((s) => s.name).join(', ')}`);
  return SCENARIOS.filter((scenario) => names.includes(scenario.name));
}

function printResult(result: ScenarioResult): void {
  const verdict = result.failures.length === 0 ? 'PASS' : 'FAIL';
  console.log(`${verdict} ${result.name} (${result.seconds.toFixed(1)}s)`);
  for (const note of result.notes) console.log(`  ok   ${note}`);
  for (const failure of result.failures) console.log(`  FAIL ${failure.replace(/\n/g, '\n       ')}`);
  if (result.failures.length > 0) console.log(`  the application is kept in ${result.app}`);
}

async function startServers(engines: ReadonlySet<ServerEngine>): Promise<Map<ServerEngine, DatabaseServer>> {
  const servers = new Map<ServerEngine, DatabaseServer>();
  try {
    for (const engine of SERVER_ENGINES.filter((candidate) => engines.has(candidate))) {
      const started = Date.now();
      const server = await startServer(engine);
      servers.set(engine, server);
      console.log(`Started ${server.version} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
    }
  } catch (cause) {
    await stopServers(servers);
    throw cause;
  }
  return servers;
}

async function stopServers(servers: ReadonlyMap<ServerEngine, DatabaseServer>): Promise<void> {
  for (const server of servers.values()) await server.stop();
}

async function prepare(repo: string, engines: ReadonlySet<ServerEngine>): Promise<RunContext> {
  for (const note of checkPrerequisites(repo, engines)) console.log(note);
  const phpVersion = execFileSync('php', ['-r', 'echo PHP_MAJOR_VERSION.".".PHP_MINOR_VERSION;'], { encoding: 'utf8' });
  const started = Date.now();
  const cached = await cachedLaravelApp(repo, phpVersion);
  const pint = pintCommand();
  const origin = cached.reused ? 'from the cache' : 'installed now';
  console.log(`Set up in ${((Date.now() - started) / 1000).toFixed(1)}s, the Laravel 12 application ${origin}: ${cached.path}`);
  const servers = await startServers(engines);
  return { repo, cachedApp: cached.path, workDir: mkdtempSync(join(tmpdir(), 'fullapi-e2e-')), pint, servers };
}

async function main(): Promise<number> {
  const started = Date.now();
  const runs = selectedRuns(process.argv.slice(2));
  let ctx: RunContext;
  try {
    ctx = await prepare(repoRoot(), new Set(runs.flatMap(({ engine }) => (engine === 'sqlite' ? [] : [engine]))));
  } catch (cause) {
    console.error(`The end-to-end setup failed: ${(cause as Error).message}`);
    console.log(`0 passed, ${runs.length} failed`);
    return 1;
  }
  const results: ScenarioResult[] = [];
  try {
    for (const { scenario, engine } of runs) {
      const result = await runScenario(ctx, scenario, engine);
      printResult(result);
      results.push(result);
    }
  } finally {
    await stopServers(ctx.servers);
  }
  if (readdirSync(ctx.workDir).length === 0) rmSync(ctx.workDir, { recursive: true });
  const failed = results.filter((result) => result.failures.length > 0).length;
  console.log(`\nend-to-end: ${((Date.now() - started) / 1000).toFixed(1)}s in all`);
  console.log(`${results.length - failed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (cause: Error) => {
    console.error(cause.message);
    process.exit(1);
  },
);
