import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { postgresBinaries, SERVER_PREREQUISITES, type ServerEngine } from './database-servers.js';

/**
 * What the end-to-end run needs on the machine. A missing tool is an error with the Debian package to
 * install, never a skip: a proof that cannot run must not pass.
 */

const MINIMUM_PHP_VERSION_ID = 80200;

/** PHP extensions Laravel 12, PHPUnit and the SQLite database need, with the Debian package of each. */
const REQUIRED_EXTENSIONS: Readonly<Record<string, string>> = {
  pdo_sqlite: 'php-sqlite3',
  mbstring: 'php-mbstring',
  xml: 'php-xml',
  dom: 'php-xml',
  xmlwriter: 'php-xml',
  simplexml: 'php-xml',
  tokenizer: 'php-cli',
  ctype: 'php-cli',
  fileinfo: 'php-cli',
  openssl: 'php-cli',
};

/** Composer works without curl, only slower: a note, not an error. */
const OPTIONAL_EXTENSIONS: Readonly<Record<string, string>> = { curl: 'php-curl' };

function commandWorks(command: string, args: readonly string[]): string | undefined {
  const probe = spawnSync(command, args, { encoding: 'utf8' });
  return probe.status === 0 ? probe.stdout : undefined;
}

function loadedExtensions(): Set<string> {
  const listing = commandWorks('php', ['-m']) ?? '';
  return new Set(listing.split('\n').map((line) => line.trim().toLowerCase()));
}

function missingFrom(loaded: Set<string>, wanted: Readonly<Record<string, string>>): string[] {
  return Object.keys(wanted).filter((extension) => !loaded.has(extension));
}

function extensionProblems(loaded: Set<string>): string[] {
  const missing = missingFrom(loaded, REQUIRED_EXTENSIONS);
  if (missing.length === 0) return [];
  const packages = [...new Set(missing.map((extension) => REQUIRED_EXTENSIONS[extension]))];
  return [`PHP extensions missing: ${missing.join(', ')} (apt-get install ${packages.join(' ')})`];
}

function composerProblems(loaded: Set<string>): string[] {
  const problems: string[] = [];
  if (commandWorks('composer', ['--version']) === undefined) problems.push('`composer` is not available (apt-get install composer)');
  // Composer unpacks the packages' zip archives with the zip extension or the unzip command.
  if (!loaded.has('zip') && commandWorks('unzip', ['-v']) === undefined) {
    problems.push('neither the PHP zip extension nor `unzip` is available for Composer (apt-get install unzip)');
  }
  return problems;
}

function phpProblems(): { problems: string[]; loaded: Set<string> } {
  const phpVersion = commandWorks('php', ['-r', 'echo PHP_VERSION_ID;']);
  if (phpVersion === undefined) return { problems: ['`php` is not available (apt-get install php-cli)'], loaded: new Set() };
  const loaded = loadedExtensions();
  const tooOld = Number(phpVersion) < MINIMUM_PHP_VERSION_ID ? [`PHP ${phpVersion} is too old: Laravel 12 needs PHP 8.2 or newer`] : [];
  return { problems: [...tooOld, ...extensionProblems(loaded)], loaded };
}

/** What each database server the run starts needs: its programs and PHP's driver for it. */
function serverProblems(engines: ReadonlySet<ServerEngine>, loaded: Set<string>): string[] {
  return [...engines].flatMap((engine) => {
    const { commands, phpExtension, packages } = SERVER_PREREQUISITES[engine];
    const missing = [...commands.filter((command) => !commandFound(command)), ...(loaded.has(phpExtension) ? [] : [`PHP extension ${phpExtension}`])];
    if (engine === 'pgsql' && postgresBinaries() === undefined) missing.unshift('initdb and postgres (/usr/lib/postgresql/<version>/bin)');
    return missing.length === 0 ? [] : [`${engine} scenarios need ${missing.join(', ')} (apt-get install ${packages})`];
  });
}

function commandFound(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
}

/** Throws one message naming everything missing and what to install; returns notes for what is optional. */
export function checkPrerequisites(repo: string, engines: ReadonlySet<ServerEngine>): string[] {
  const php = phpProblems();
  const problems = [...php.problems, ...composerProblems(php.loaded), ...serverProblems(engines, php.loaded)];
  if (!existsSync(join(repo, 'dist', 'cli', 'fullapi.mjs'))) problems.push('dist/cli/fullapi.mjs is missing: run `npm run compile` first');
  if (problems.length > 0) throw new Error(`The end-to-end tests cannot run:\n  - ${problems.join('\n  - ')}`);
  const optional = missingFrom(php.loaded, OPTIONAL_EXTENSIONS);
  return optional.map((extension) => `note: PHP extension ${extension} is missing (${OPTIONAL_EXTENSIONS[extension]}); Composer is slower`);
}
