import { ownVendor } from './laravel-app.js';
import type { PhpRunner } from './php-runner.js';
import { runOrThrow } from './processes.js';

/**
 * Pest for the scenarios that generate Pest tests (`--pest`), installed as a user installs it into a copy of
 * the application built once and cached (app-variants.ts), which those scenarios start from. Laravel 13's
 * scenarios run under PHP 8.3 in WebAssembly, where Composer does not run: Pest is proven on Laravel 12.
 */

const COMPOSER_TIMEOUT_MS = 5 * 60_000;
const TEST_TIMEOUT_MS = 300_000;

/** `composer require pestphp/pest --dev`, into a vendor/ of the copy's own (laravel-app.ts). */
export async function installPest(app: string): Promise<string> {
  await ownVendor(app);
  const started = Date.now();
  await runOrThrow('composer', ['require', 'pestphp/pest:^3.8', '--dev', '--with-all-dependencies', '--no-interaction', '--no-progress'], {
    cwd: app,
    timeoutMs: COMPOSER_TIMEOUT_MS,
    env: { COMPOSER_NO_INTERACTION: '1', COMPOSER_ALLOW_SUPERUSER: '1' },
  });
  return `composer require took ${((Date.now() - started) / 1000).toFixed(1)} s`;
}

/** Every generated test through `vendor/bin/pest` itself; returns its summary line. */
export async function runPestTests(app: string, php: PhpRunner): Promise<string> {
  const result = await php.runOrThrow(['vendor/bin/pest', '--colors=never'], { cwd: app, timeoutMs: TEST_TIMEOUT_MS });
  const summary = result.stdout.split('\n').find((line) => line.trim().startsWith('Tests:'));
  if (summary === undefined || !/\d+ passed/.test(summary) || /failed/.test(summary)) throw new Error(`vendor/bin/pest did not pass every test:\n${result.stdout}`);
  return summary.trim().replace(/\s+/g, ' ');
}
