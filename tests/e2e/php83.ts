import { loadNodeRuntime, useHostFilesystem } from '@php-wasm/node';
import { PHP } from '@php-wasm/universal';

/**
 * `node php83.js <argument...>`: what `php <argument...>` does, with PHP 8.3 compiled to WebAssembly
 * (@php-wasm/node, from `npm install`), for the Laravel 13 application, which needs PHP 8.3 where Debian gives
 * 8.2. It sees the host's files, runs in this process's working directory with its environment, and exits
 * with PHP's exit code; its output comes once PHP is done.
 *
 * What it cannot do: start another PHP process that works (`proc_open` ignores its working directory and
 * environment, and PHP_BINARY names no real PHP), so `php artisan test` and `php artisan serve` are out: the
 * harness runs vendor/bin/phpunit itself. Symfony's console asks the terminal for its size through
 * `proc_open` in a destructor, which crashes this build on Node 20: COLUMNS and LINES answer it first.
 */
const php = new PHP(await loadNodeRuntime('8.3', { emscriptenOptions: { processId: process.pid } }));
useHostFilesystem(php);
php.chdir(process.cwd());
const environment: Record<string, string> = { COLUMNS: '120', LINES: '40' };
for (const [name, value] of Object.entries(process.env)) if (value !== undefined) environment[name] ??= value;
const response = await php.cli(['php', ...process.argv.slice(2)], { env: environment });
const [stdout, stderr, exitCode] = await Promise.all([response.stdoutText, response.stderrText, response.exitCode]);
await new Promise<void>((done) => process.stdout.write(stdout, () => done()));
await new Promise<void>((done) => process.stderr.write(stderr, () => done()));
// The runtime keeps handles open after the session, so the process would never end by itself.
process.exit(exitCode);
