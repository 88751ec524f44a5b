import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { pintCommand } from '../support/php-tools.js';
import { repoRoot } from '../support/repo-root.js';
import { appKey, variantApp, variantOf, type Variant } from './app-variants.js';
import { SERVER_ENGINES, startServer, type DatabaseServer, type ServerEngine } from './database-servers.js';
import { engineMatrix, formatMatrix } from './engine-matrix.js';
import { cachedLaravelApp } from './laravel-app.js';
import type { FrameworkMajor } from './php-runner.js';
import { checkPrerequisites } from './prerequisites.js';
import { TARGETS, type Scenario, type Target } from './scenario.js';
import { type RunContext, runScenario, type ScenarioResult } from './scenario-runner.js';
import { SCENARIOS } from './scenarios.js';
import { Stages } from './stages.js';

/**
 * `npm run test:e2e`: proves in real Laravel 12 and 13 applications that what fullapi writes migrates, seeds,
 * passes its own tests and Pint, registers the expected routes and keeps its HTTP contract: on SQLite, and on
 * PostgreSQL and MariaDB servers the run starts and stops itself.
 *
 *   node dist/tests/e2e/run.js [--on=sqlite|pgsql|mariadb|laravel-13 ...] [--jobs=N] [--matrix] [scenario-name ...]
 *
 * No name: every scenario; no target: every target; each scenario on the targets of its `engines` among them.
 * --jobs: how many scenarios at a time (2 by default), each in an application and databases of its own.
 * --matrix: print which scenarios prove each feature family on each target, and run nothing.
 *
 * It prints each scenario's time as it ends, then the time of each stage; the last line is
 * `N passed, N failed`; the exit code is 1 when anything failed or could not run.
 */

const DEFAULT_JOBS = 2;

interface Run {
  scenario: Scenario;
  target: Target;
}

function selectedRuns(targetsNamed: readonly string[], names: readonly string[]): Run[] {
  const unknown = targetsNamed.filter((target) => !(TARGETS as readonly string[]).includes(target));
  if (unknown.length > 0) throw new Error(`unknown target ${unknown.join(', ')}; the targets are ${TARGETS.join(', ')}`);
  const targets = targetsNamed.length === 0 ? TARGETS : TARGETS.filter((target) => targetsNamed.includes(target));
  const runs = selectedScenarios(names).flatMap((scenario) => targets.filter((target) => scenario.engines.includes(target)).map((target) => ({ scenario, target })));
  // Laravel 13's runs take about ten times as long: first, so that none is left to run alone at the end.
  return [...runs.filter((run) => run.target === 'laravel-13'), ...runs.filter((run) => run.target !== 'laravel-13')];
}

function selectedScenarios(names: readonly string[]): readonly Scenario[] {
  if (names.length === 0) return SCENARIOS;
  const unknown = names.filter((name) => !SCENARIOS.some((scenario) => scenario.name === name));
  if (unknown.length > 0) throw new Error(`unknown scenario ${unknown.join(', ')}; the scenarios are ${SCENARIOS.map((s) => s.name).join(', ')}`);
  return SCENARIOS.filter((scenario) => names.includes(scenario.name));
}

function printResult(result: ScenarioResult): void {
  const verdict = result.failures.length === 0 ? 'PASS' : 'FAIL';
  const lines = [`${verdict} ${result.name} (${result.seconds.toFixed(1)}s)`];
  for (const note of result.notes) lines.push(`  ok   ${note}`);
  for (const failure of result.failures) lines.push(`  FAIL ${failure.replace(/\n/g, '\n       ')}`);
  if (result.failures.length > 0) lines.push(`  the application is kept in ${result.app}`);
  console.log(lines.join('\n'));
}

async function startServers(engines: ReadonlySet<ServerEngine>, servers: Map<ServerEngine, DatabaseServer>): Promise<void> {
  await allSettled(
    SERVER_ENGINES.filter((engine) => engines.has(engine)).map(async (engine) => {
      const started = Date.now();
      const server = await startServer(engine);
      servers.set(engine, server);
      console.log(`Started ${server.version} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
    }),
  );
}

async function stopServers(servers: ReadonlyMap<ServerEngine, DatabaseServer>): Promise<void> {
  await Promise.all([...servers.values()].map((server) => server.stop()));
}

/** The installed application of a major, then each variant the runs need, built from it. */
async function setUpApps(repo: string, phpVersion: string, framework: FrameworkMajor, variants: readonly Variant[], apps: Map<string, string>): Promise<void> {
  const started = Date.now();
  const installed = await cachedLaravelApp(repo, phpVersion, framework);
  const how = installed.reused ? 'from the cache' : 'installed now';
  console.log(`Laravel ${framework} (laravel/framework ${installed.frameworkVersion}) ${how} in ${((Date.now() - started) / 1000).toFixed(1)}s: ${installed.path}`);
  for (const variant of variants) {
    const built = Date.now();
    const app = await variantApp(repo, installed.path, framework, variant);
    apps.set(appKey(framework, variant), app.path);
    if (variant !== 'plain') console.log(`Laravel ${framework} with ${variant.replace('+', ' and ')} ${app.reused ? 'from the cache' : 'built now'} in ${((Date.now() - built) / 1000).toFixed(1)}s`);
  }
}

/** Everything the runs share, each part a stage: the applications and their variants, Pint, the database servers. */
async function prepare(repo: string, runs: readonly Run[], stages: Stages, servers: Map<ServerEngine, DatabaseServer>): Promise<RunContext> {
  const engines = new Set(SERVER_ENGINES.filter((engine) => runs.some((run) => run.target === engine)));
  await stages.time('prerequisites', async () => {
    for (const note of checkPrerequisites(repo, engines)) console.log(note);
  });
  const phpVersion = execFileSync('php', ['-r', 'echo PHP_MAJOR_VERSION.".".PHP_MINOR_VERSION;'], { encoding: 'utf8' });
  const apps = new Map<string, string>();
  const frameworks = ([12, 13] as const).filter((framework) => runs.some((run) => (run.target === 'laravel-13') === (framework === 13)));
  const variantsOf = (framework: FrameworkMajor) => [...new Set(runs.filter((run) => (run.target === 'laravel-13') === (framework === 13)).map((run) => variantOf(run.scenario)))];
  // The servers start while Composer installs: the one waits on its disk, the other mostly on the network.
  await stages.time('Laravel applications and variants, database servers', () =>
    allSettled([...frameworks.map((framework) => setUpApps(repo, phpVersion, framework, variantsOf(framework), apps)), startServers(engines, servers)]),
  );
  const pint = await stages.time('Pint', async () => pintCommand());
  return { repo, apps, workDir: mkdtempSync(join(tmpdir(), 'fullapi-e2e-')), pint, servers };
}

/** Waits for every part, so that a server still starting when another part fails is stopped with the rest; then throws the first failure. */
async function allSettled(parts: readonly Promise<unknown>[]): Promise<void> {
  const failure = (await Promise.allSettled(parts)).find((outcome) => outcome.status === 'rejected');
  if (failure !== undefined) throw failure.reason;
}

/** The runs, `jobs` at a time, each result printed as it ends. */
async function runAll(ctx: RunContext, runs: readonly Run[], jobs: number): Promise<ScenarioResult[]> {
  const queue = [...runs];
  const results: ScenarioResult[] = [];
  const worker = async () => {
    for (let run = queue.shift(); run !== undefined; run = queue.shift()) {
      const result = await runScenario(ctx, run.scenario, run.target);
      printResult(result);
      results.push(result);
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, runs.length) }, worker));
  return results;
}

async function main(): Promise<number> {
  const { values: options, positionals: names } = parseArgs({
    allowPositionals: true,
    options: { on: { type: 'string', multiple: true }, jobs: { type: 'string' }, matrix: { type: 'boolean' } },
  });
  if (options.matrix) {
    console.log(formatMatrix(engineMatrix(SCENARIOS)));
    return 0;
  }
  const jobs = options.jobs === undefined ? DEFAULT_JOBS : Number(options.jobs);
  if (!Number.isInteger(jobs) || jobs < 1) throw new Error(`--jobs wants a whole number above 0, not ${options.jobs}`);
  const runs = selectedRuns(options.on ?? [], names);
  const stages = new Stages();
  const servers = new Map<ServerEngine, DatabaseServer>();
  let results: ScenarioResult[] = [];
  try {
    const ctx = await prepare(repoRoot(), runs, stages, servers);
    results = await stages.time(`scenarios (${runs.length} runs, ${Math.min(jobs, runs.length)} at a time)`, () => runAll(ctx, runs, jobs));
    if (readdirSync(ctx.workDir).length === 0) rmSync(ctx.workDir, { recursive: true });
  } catch (cause) {
    console.error(`The end-to-end setup failed: ${(cause as Error).message}`);
  } finally {
    await stages.time('stop the database servers', () => stopServers(servers));
  }
  const failed = runs.length - results.filter((result) => result.failures.length === 0).length;
  console.log(`\n${stages.report()}`);
  console.log(`${runs.length - failed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (cause: Error) => {
    console.error(cause.message);
    process.exit(1);
  },
);
