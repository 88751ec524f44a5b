import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pintCommand } from '../support/php-tools.js';
import { repoRoot } from '../support/repo-root.js';
import { cachedLaravelApp } from './laravel-app.js';
import { checkPrerequisites } from './prerequisites.js';
import { type RunContext, runScenario, type ScenarioResult } from './scenario-runner.js';
import { SCENARIOS } from './scenarios.js';

/**
 * `npm run test:e2e`: proves in a real Laravel 12 application that what fullapi writes migrates, seeds,
 * passes its own tests and Pint, registers the expected routes and keeps its HTTP contract.
 *
 *   node dist/tests/e2e/run.js [scenario-name ...]   (no name: every scenario)
 *
 * The last line is `N passed, N failed`; the exit code is 1 when anything failed or could not run.
 */

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

async function prepare(repo: string): Promise<RunContext> {
  for (const note of checkPrerequisites(repo)) console.log(note);
  const phpVersion = execFileSync('php', ['-r', 'echo PHP_MAJOR_VERSION.".".PHP_MINOR_VERSION;'], { encoding: 'utf8' });
  const started = Date.now();
  const cached = await cachedLaravelApp(repo, phpVersion);
  const pint = pintCommand();
  const origin = cached.reused ? 'from the cache' : 'installed now';
  console.log(`Set up in ${((Date.now() - started) / 1000).toFixed(1)}s, the Laravel 12 application ${origin}: ${cached.path}`);
  return { repo, cachedApp: cached.path, workDir: mkdtempSync(join(tmpdir(), 'fullapi-e2e-')), pint };
}

async function main(): Promise<number> {
  const started = Date.now();
  const scenarios = selectedScenarios(process.argv.slice(2));
  let ctx: RunContext;
  try {
    ctx = await prepare(repoRoot());
  } catch (cause) {
    console.error(`The end-to-end setup failed: ${(cause as Error).message}`);
    console.log(`0 passed, ${scenarios.length} failed`);
    return 1;
  }
  const results: ScenarioResult[] = [];
  for (const scenario of scenarios) {
    const result = await runScenario(ctx, scenario);
    printResult(result);
    results.push(result);
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
