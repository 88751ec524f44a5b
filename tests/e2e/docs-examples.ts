import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { DocumentationPage, ExampleCommand, ShellExample } from '../support/runnable-examples.js';
import { addPackageRepository, COMPOSER_ENV } from './artisan-face.js';
import { copyApp } from './laravel-app.js';
import { runCommand, type CommandResult } from './processes.js';

/**
 * The runnable examples of one documentation page (tests/support/runnable-examples.ts says how they are
 * marked), run as a reader would type them into a fresh Laravel 12 application: the page is one session, each
 * block seeing what the blocks above it did. Composer finds the package in composer/ (a path repository, where a
 * reader's Composer finds it on Packagist), so `composer require fullapi/laravel-fullapi --dev` runs as typed; a
 * page that never types it has it run before its first block. It is given the version package.json names
 * (`fullapi/laravel-fullapi:0.1.0`): the harness's applications have no composer.lock (Composer's `lock` is off on
 * the development machine), without which Composer cannot pick the constraint to write. `npx laravel-fullapi` runs
 * the repository's bundle, dist/cli/fullapi.mjs, which is what the published package holds. Everything else runs
 * as typed, in bash.
 */

/** A cold `composer require` of the package resolves every dependency again. */
const COMMAND_TIMEOUT_MS = 5 * 60_000;
const OUTPUT_TAIL_LINES = 30;
/** The package's name where a command names it, without a version. */
const PACKAGE_NAME = /\bfullapi\/laravel-fullapi(?![\w:\/-])/;
const REQUIRE_PACKAGE: ExampleCommand = { text: 'composer require fullapi/laravel-fullapi --dev', line: 0 };

/**
 * What bash knows before each command: `npx laravel-fullapi` as the bundle, the only npx an example may type
 * (runnable-examples.ts refuses any other).
 */
const NPX_AS_THE_BUNDLE = 'npx() { if [ "$1" = laravel-fullapi ]; then shift; node "$FULLAPI_BUNDLE" "$@"; else echo "npx $1: not run in an example" >&2; return 127; fi; }\n';

/** Runs the page's examples in `app`, a copy of `installed`; throws at the first that does not do what it claims. */
export async function runPage(repo: string, installed: string, app: string, page: DocumentationPage): Promise<string> {
  await copyApp(installed, app);
  const version = await addPackageRepository(repo, app);
  const env = { ...COMPOSER_ENV, FULLAPI_BUNDLE: join(repo, 'dist', 'cli', 'fullapi.mjs'), FULLAPI_VERSION: version };
  if (!page.examples.some((example) => example.kind === 'shell' && example.commands.some((command) => PACKAGE_NAME.test(command.text)))) {
    const result = await runTyped(app, REQUIRE_PACKAGE, env);
    if (result.status !== 0) throw new Error(`before the first example, \`${REQUIRE_PACKAGE.text}\`: ${outcome(result)}\n${tail(result)}`);
  }
  let commands = 0;
  for (const example of page.examples) {
    if (example.kind === 'file') {
      mkdirSync(dirname(join(app, example.path)), { recursive: true });
      writeFileSync(join(app, example.path), example.content);
      continue;
    }
    await runShellExample(app, example, env);
    commands += example.commands.length;
  }
  const files = page.examples.length - page.examples.filter((example) => example.kind === 'shell').length;
  return `${commands} commands in ${page.examples.length - files} blocks${files === 0 ? '' : `, ${files} files written`}`;
}

async function runShellExample(app: string, example: ShellExample, env: NodeJS.ProcessEnv): Promise<void> {
  const where = `${example.page}:${example.line}`;
  const there = (path: string) => existsSync(join(app, path));
  const claimedBefore = [...example.creates.filter(there).map((path) => `${path} is there before the block that creates it`), ...example.deletes.filter((path) => !there(path)).map((path) => `${path} is missing before the block that deletes it`)];
  if (claimedBefore.length > 0) throw new Error(`${where}: ${claimedBefore.join('; ')}`);
  let output = '';
  for (const [index, command] of example.commands.entries()) {
    const expected = index === example.commands.length - 1 ? example.exit : 0;
    const result = await runTyped(app, command, env);
    output += `${result.stdout}\n${result.stderr}\n`;
    if (result.status !== expected) throw new Error(`${example.page}:${command.line} (the block at line ${example.line}): \`${command.text}\` ${outcome(result)}, not ${expected}\n${tail(result)}`);
  }
  const printed = withoutColours(output);
  const claimedAfter = [
    ...example.creates.filter((path) => !there(path)).map((path) => `${path} was not created`),
    ...example.deletes.filter(there).map((path) => `${path} was not deleted`),
    ...example.prints.filter((text) => !printed.includes(text)).map((text) => `${JSON.stringify(text)} was not printed`),
  ];
  if (claimedAfter.length > 0) throw new Error(`${where}: ${claimedAfter.join('; ')}\n${lastLines(printed)}`);
}

/** The command in bash, the package's name given its version (the only Composer command an example may type). */
function runTyped(app: string, command: ExampleCommand, env: NodeJS.ProcessEnv): Promise<CommandResult> {
  const script = command.text.replace(new RegExp(PACKAGE_NAME, 'g'), '$&:$$FULLAPI_VERSION');
  return runCommand('bash', ['-c', `${NPX_AS_THE_BUNDLE}${script}`], { cwd: app, timeoutMs: COMMAND_TIMEOUT_MS, env });
}

function outcome(result: CommandResult): string {
  return result.timedOut ? 'timed out' : `exit code ${result.status}`;
}

function tail(result: CommandResult): string {
  return lastLines(withoutColours(`${result.stdout}\n${result.stderr}`));
}

function lastLines(output: string): string {
  return output.trim().split('\n').slice(-OUTPUT_TAIL_LINES).join('\n');
}

function withoutColours(output: string): string {
  return output.replace(/\x1b\[[0-9;]*m/g, '');
}
