import { ownVendor } from './laravel-app.js';
import type { FrameworkMajor, PhpRunner } from './php-runner.js';
import { runOrThrow } from './processes.js';

/**
 * laravel/sanctum for the scenarios that generate `--auth`, installed as a user installs it into a copy of the
 * application built once and cached (app-variants.ts), which those scenarios start from. Composer runs on the
 * host's PHP for both majors (the application's composer.json pins the PHP 8.3 platform, laravel-app.ts). On
 * Laravel 12 it runs the skeleton's scripts itself (package:discover); Laravel 13's artisan does not start on
 * the host's PHP, so there Composer runs none and package:discover goes through the scenario's PHP.
 *
 * Laravel 12 runs the real `php artisan install:api`, which also writes routes/api.php with its `GET /user`
 * closure: the starting point of a project set up as Laravel's documentation says. `install:api` starts
 * processes, which PHP 8.3 in WebAssembly cannot, so Laravel 13 only publishes the migration: the starting
 * point of a project that required the package by hand, without routes/api.php.
 */

const COMPOSER_TIMEOUT_MS = 5 * 60_000;
const ARTISAN_TIMEOUT_MS = 5 * 60_000;

export async function installSanctum(app: string, php: PhpRunner): Promise<string> {
  await ownVendor(app);
  const started = Date.now();
  const scripts = php.framework === 12 ? [] : ['--no-scripts'];
  await runOrThrow('composer', ['require', 'laravel/sanctum:^4.0', '--no-interaction', '--no-progress', ...scripts], {
    cwd: app,
    timeoutMs: COMPOSER_TIMEOUT_MS,
    env: { COMPOSER_NO_INTERACTION: '1', COMPOSER_ALLOW_SUPERUSER: '1' },
  });
  if (php.framework === 12) {
    await php.runOrThrow(['artisan', 'install:api', '--without-migration-prompt', '--no-interaction'], { cwd: app, timeoutMs: ARTISAN_TIMEOUT_MS });
  } else {
    // The skeleton's post-autoload-dump script: without it the provider (its guard, what it publishes) is not loaded.
    await php.runOrThrow(['artisan', 'package:discover'], { cwd: app, timeoutMs: ARTISAN_TIMEOUT_MS });
    await php.runOrThrow(['artisan', 'vendor:publish', '--tag=sanctum-migrations', '--no-interaction'], { cwd: app, timeoutMs: ARTISAN_TIMEOUT_MS });
  }
  const how = php.framework === 12 ? 'install:api' : 'package:discover and vendor:publish --tag=sanctum-migrations';
  return `composer require and ${how} took ${((Date.now() - started) / 1000).toFixed(1)} s`;
}

/**
 * What answers `GET api/user`: the closure install:api wrote, which fullapi keeps (it answers the same, the
 * authenticated user), or, without it, the generated AuthController.
 */
export function userRouteAction(framework: FrameworkMajor): string {
  return framework === 12 ? 'Closure' : 'App\\Http\\Controllers\\AuthController@user';
}
