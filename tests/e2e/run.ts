import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pintCommand } from '../support/php-tools.js';
import { repoRoot } from '../support/repo-root.js';
import { cachedLaravelApp } from './laravel-app.js';
import { checkPrerequisites } from './prerequisites.js';
import type { FrameworkMajor } from './php-runner.js';
import { type RunContext, runScenario, type ScenarioResult, type Target, TARGETS } from './scenario-runner.js';
import { SCENARIOS, type Scenario } from './scenarios.js';
import { SERVER_ENGINES, startServer, type DatabaseServer, type ServerEngine } from './database-servers.js';

/**
 * `npm run test:e2e`: proves in real Laravel 12 and 13 applications that what fullapi writes migrates, seeds,
 * passes its own tests and Pint, registers the expected routes and keeps its HTTP contract: on SQLite, and on
 * PostgreSQL and MariaDB servers the run starts and stops itself.
 *
 *   node dist/tests/e2e/run.js [--on=sqlite|pgsql|mariadb|laravel-13 ...] [scenario-name ...]
 *
 * No name: every scenario; no target: every target.
 *
 * The last line is `N passed, N failed`; the exit code is 1 when anything failed or could not run.
 */

/**
 * The scenarios named (all when none is), each on the targets named (all when none is): SQLite, PostgreSQL
 * and MariaDB, and Laravel 13 for the scenarios marked so; a scenario with `onlyOn` on those only.
 */
function selectedRuns(argv: readonly string[]): { scenario: Scenario; target: Target }[] {
  const targetFlag = '--on=';
  const named = argv.filter((argument) => argument.startsWith(targetFlag)).map((argument) => argument.slice(targetFlag.length));
  const unknown = named.filter((target) => !(TARGETS as readonly string[]).includes(target));
  if (unknown.length > 0) throw new Error(`unknown target ${unknown.join(', ')}; the targets are ${TARGETS.join(', ')}`);
  const targets = named.length === 0 ? TARGETS : TARGETS.filter((target) => named.includes(target));
  const scenarios = selectedScenarios(argv.filter((argument) => !argument.startsWith(targetFlag)));
  const runsOn = (scenario: Scenario, target: Target) => (target !== 'laravel-13' || scenario.laravel13 === true) && (scenario.onlyOn?.includes(target) ?? true);
  return scenarios.flatMap((scenario) => targets.filter((target) => runsOn(scenario, target)).map((target) => ({ scenario, target })));
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

async function prepare(repo: string, targets: ReadonlySet<Target>): Promise<RunContext> {
  const engines = new Set(SERVER_ENGINES.filter((engine) => targets.has(engine)));
  for (const note of checkPrerequisites(repo, engines)) console.log(note);
  const phpVersion = execFileSync('php', ['-r', 'echo PHP_MAJOR_VERSION.".".PHP_MINOR_VERSION;'], { encoding: 'utf8' });
  const cachedApps = new Map<FrameworkMajor, string>();
  const frameworks: FrameworkMajor[] = [...([...targets].some((target) => target !== 'laravel-13') ? [12 as const] : []), ...(targets.has('laravel-13') ? [13 as const] : [])];
  for (const framework of frameworks) {
    const started = Date.now();
    const cached = await cachedLaravelApp(repo, phpVersion, framework);
    cachedApps.set(framework, cached.path);
    const origin = cached.reused ? 'from the cache' : 'installed now';
    console.log(`Set up in ${((Date.now() - started) / 1000).toFixed(1)}s, the Laravel ${framework} application ${origin}: ${cached.path}`);
  }
  const pint = pintCommand();
  const servers = await startServers(engines);
  return { repo, cachedApps, workDir: mkdtempSync(join(tmpdir(), 'fullapi-e2e-')), pint, servers };
}

async function main(): Promise<number> {
  const started = Date.now();
  const runs = selectedRuns(process.argv.slice(2));
  let ctx: RunContext;
  try {
    ctx = await prepare(repoRoot(), new Set(runs.map(({ target }) => target)));
  } catch (cause) {
    console.error(`The end-to-end setup failed: ${(cause as Error).message}`);
    console.log(`0 passed, ${runs.length} failed`);
    return 1;
  }
  const results: ScenarioResult[] = [];
  try {
    for (const { scenario, target } of runs) {
      const result = await runScenario(ctx, scenario, target);
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
