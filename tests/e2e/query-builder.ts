import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ownVendor } from './laravel-app.js';
import { runOrThrow } from './processes.js';

/**
 * spatie/laravel-query-builder for the scenarios that generate `--query-builder` services, installed into a copy
 * of the application built once and cached (app-variants.ts). This machine's Packagist copy lacks it, so
 * `../shared/packages/` holds its unmodified source, which Composer installs as a path repository, as a user
 * installs a package from a local folder. Laravel 12 only: Composer does not run under PHP 8.3 in WebAssembly.
 */

const VERSION = '6.4.4';
const COMPOSER_TIMEOUT_MS = 5 * 60_000;

/** The package's source beside the repository: `<repo>/../shared/packages/spatie-laravel-query-builder-<version>`. */
export function queryBuilderSource(repo: string): string {
  return resolve(repo, '..', 'shared', 'packages', `spatie-laravel-query-builder-${VERSION}`);
}

export async function installQueryBuilder(app: string, repo: string): Promise<string> {
  const source = queryBuilderSource(repo);
  if (!existsSync(join(source, 'composer.json'))) throw new Error(`no spatie/laravel-query-builder source at ${source}`);
  await ownVendor(app);
  const env = { COMPOSER_NO_INTERACTION: '1', COMPOSER_ALLOW_SUPERUSER: '1' };
  const repository = JSON.stringify({ type: 'path', url: source, options: { symlink: false, versions: { 'spatie/laravel-query-builder': VERSION } } });
  await runOrThrow('composer', ['config', 'repositories.spatie-laravel-query-builder', repository], { cwd: app, timeoutMs: COMPOSER_TIMEOUT_MS, env });
  const started = Date.now();
  await runOrThrow('composer', ['require', `spatie/laravel-query-builder:${VERSION}`, '--no-interaction', '--no-progress'], { cwd: app, timeoutMs: COMPOSER_TIMEOUT_MS, env });
  return `composer require took ${((Date.now() - started) / 1000).toFixed(1)} s`;
}
