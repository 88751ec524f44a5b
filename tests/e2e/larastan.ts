import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ownVendor } from './laravel-app.js';
import type { PhpRunner } from './php-runner.js';
import { runOrThrow } from './processes.js';

/**
 * PHPStan with Larastan at level 8 over the generated code, with no baseline: installed into a copy of the
 * application built once and cached (app-variants.ts), as a user installs it (`composer require --dev
 * larastan/larastan`, a phpstan.neon at the root). Laravel 12 only: Composer does not run under PHP 8.3 in
 * WebAssembly.
 */

export const PHPSTAN_LEVEL = 8;
const COMPOSER_TIMEOUT_MS = 5 * 60_000;
const ANALYSE_TIMEOUT_MS = 10 * 60_000;

/** The folders fullapi writes PHP into, and the application's own files there, which its edits touch. */
const ANALYSED = ['app', 'database', 'tests'];
/**
 * The skeleton's own example test, which fullapi neither writes nor edits: its `assertTrue(true)` is an error at
 * level 8 (the assertion always holds), as in any application Larastan is added to.
 */
const NOT_ANALYSED = ['tests/Unit/ExampleTest.php'];

export async function installLarastan(app: string): Promise<string> {
  await ownVendor(app);
  const started = Date.now();
  await runOrThrow('composer', ['require', '--dev', 'larastan/larastan:^3.0', '--no-interaction', '--no-progress'], {
    cwd: app,
    timeoutMs: COMPOSER_TIMEOUT_MS,
    env: { COMPOSER_NO_INTERACTION: '1', COMPOSER_ALLOW_SUPERUSER: '1' },
  });
  const config = [
    'includes:',
    '    - vendor/larastan/larastan/extension.neon',
    'parameters:',
    `    level: ${PHPSTAN_LEVEL}`,
    '    paths:',
    ...ANALYSED.map((path) => `        - ${path}`),
    '    excludePaths:',
    ...NOT_ANALYSED.map((path) => `        - ${path}`),
    '',
  ];
  writeFileSync(join(app, 'phpstan.neon'), config.join('\n'));
  return `composer require took ${((Date.now() - started) / 1000).toFixed(1)} s`;
}

/** `vendor/bin/phpstan analyse`; throws with its report when it finds any error. */
export async function analyse(app: string, php: PhpRunner): Promise<string> {
  const result = await php.run(['vendor/bin/phpstan', 'analyse', '--no-progress', '--memory-limit=1G', '--error-format=raw'], { cwd: app, timeoutMs: ANALYSE_TIMEOUT_MS });
  if (result.status !== 0) throw new Error(`PHPStan level ${PHPSTAN_LEVEL} found errors:\n${result.stdout}${result.stderr}`);
  return `level ${PHPSTAN_LEVEL}, no error in ${ANALYSED.join(', ')} (but the skeleton's ${NOT_ANALYSED.join(', ')})`;
}
