import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The examples of the documentation that are run (tests/e2e/docs-examples.ts), found in its Markdown. A runnable
 * example is a fenced block right after a one-line HTML comment, which VitePress does not show:
 *
 *   <!-- runnable: exit 1; creates app/Models/Post.php, routes/api.php; deletes class_data.json; prints "Post" -->
 *   ```sh
 *   php artisan make:fullapi Post --fields="title:string"
 *   ```
 *
 * A `sh` or `bash` block holds commands, run in the application's root one after the other: every one but the
 * last must exit 0, the last with `exit` (0 when not given); each path of `creates` must be missing before the
 * block and there after it, each of `deletes` the other way round; each `prints` text (a JSON string) must be in
 * what the block printed, standard output and error together. `<!-- runnable -->` alone claims exit 0 and
 * nothing else. A block of any other language is a file the page asks the reader to write:
 * `<!-- runnable: file api-schema.yaml -->` writes its text there, at that point of the page.
 *
 * Every marker is checked, so that a typo fails `npm test` instead of leaving an example unrun.
 */

export interface ExampleCommand {
  /** As the reader types it, a continued line joined. */
  text: string;
  /** Its first line in the page, from 1. */
  line: number;
}

interface ExampleBase {
  /** The page, relative to the repository (`docs/guide/getting-started.md`). */
  page: string;
  /** The line of the opening fence, from 1. */
  line: number;
}

export interface ShellExample extends ExampleBase {
  kind: 'shell';
  commands: ExampleCommand[];
  exit: number;
  creates: string[];
  deletes: string[];
  prints: string[];
}

export interface FileExample extends ExampleBase {
  kind: 'file';
  /** Relative to the application's root. */
  path: string;
  content: string;
}

export type RunnableExample = ShellExample | FileExample;

export interface DocumentationPage {
  page: string;
  examples: RunnableExample[];
}

const SHELL_LANGUAGES = new Set(['sh', 'bash', 'shell']);
const MARKER = /^<!--\s*runnable(?::(.*?))?\s*-->\s*$/;
/** The first word of a comment, which is a near miss of a marker when it is within two typos of `runnable`. */
const COMMENT_WORD = /^<!--\s*([\w-]+)/;
const FENCE = /^(`{3,}|~{3,})\s*([\w-]*)/;

/**
 * Commands that never end or wait for a person: a runnable example may not hold them. The watch, MCP and LSP
 * commands run until stopped; `--interactive` asks on a terminal.
 */
const ENDLESS_ARTISAN = new Set(['serve', 'tinker', 'queue:work', 'queue:listen', 'schedule:work', 'pail', 'api-generator:watch', 'api-generator:mcp', 'api-generator:lsp']);
const ENDLESS_CLI = new Set(['watch', 'mcp', 'lsp']);

export class MarkerError extends Error {}

/** The runnable examples of one page, in page order; throws a MarkerError naming every bad marker at its line. */
export function runnableExamples(page: string, markdown: string): RunnableExample[] {
  const lines = markdown.split('\n');
  const examples: RunnableExample[] = [];
  const problems: string[] = [];
  let fence: { closing: RegExp } | undefined;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!.trim();
    if (fence !== undefined) {
      if (fence.closing.test(line)) fence = undefined;
      continue;
    }
    const opening = FENCE.exec(line);
    if (opening !== null) {
      fence = { closing: closingFence(opening[1]!) };
      continue;
    }
    const marker = MARKER.exec(line);
    if (marker === null) {
      if (nearMarker(line)) problems.push(`${page}:${index + 1}: not a runnable marker: ${line} (the form is <!-- runnable --> or <!-- runnable: clause; clause -->)`);
      continue;
    }
    const next = lines[index + 1] ?? '';
    const indent = /^ */.exec(next)![0].length;
    const block = FENCE.exec(next.trim());
    if (block === null) {
      problems.push(`${page}:${index + 1}: a runnable marker must be right above a fenced block`);
      continue;
    }
    const closing = closingFence(block[1]!);
    const end = lines.findIndex((candidate, at) => at > index + 1 && closing.test(candidate.trim()));
    if (end === -1) {
      problems.push(`${page}:${index + 2}: the fenced block is never closed`);
      break;
    }
    // A fence indented in a list item: its lines lose that indentation, as Markdown reads them.
    const body = lines.slice(index + 2, end).map((text) => text.replace(new RegExp(`^ {0,${indent}}`), ''));
    try {
      examples.push(example(page, index + 2, block[2]!, marker[1] ?? '', body));
    } catch (cause) {
      if (!(cause instanceof MarkerError)) throw cause;
      problems.push(`${page}:${index + 1}: ${cause.message}`);
    }
    index = end;
  }
  if (problems.length > 0) throw new MarkerError(problems.join('\n'));
  return examples;
}

function nearMarker(line: string): boolean {
  const word = COMMENT_WORD.exec(line)?.[1]?.toLowerCase();
  return word !== undefined && editDistance(word, 'runnable') <= 2;
}

/** Levenshtein's distance: the fewest insertions, deletions and substitutions that make `a` into `b`. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, at) => at);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    previous = current;
  }
  return previous[b.length]!;
}

function closingFence(opening: string): RegExp {
  return new RegExp(`^${opening[0] === '`' ? '`' : '~'}{${opening.length},}\\s*$`);
}

function example(page: string, line: number, language: string, clauseText: string, body: readonly string[]): RunnableExample {
  const clauses = splitUnquoted(clauseText, ';')
    .map((clause) => clause.trim())
    .filter((clause) => clause !== '');
  if (!SHELL_LANGUAGES.has(language)) {
    const [clause, ...others] = clauses;
    const path = clause === undefined ? undefined : /^file\s+(\S+)$/.exec(clause)?.[1];
    if (path === undefined || others.length > 0) throw new MarkerError(`a runnable ${language || 'plain'} block is a file: its marker is <!-- runnable: file <path> -->`);
    return { kind: 'file', page, line, path: appPath(path), content: `${body.join('\n')}\n` };
  }
  const shell: ShellExample = { kind: 'shell', page, line, commands: commands(body, line), exit: 0, creates: [], deletes: [], prints: [] };
  if (shell.commands.length === 0) throw new MarkerError('the runnable block holds no command');
  for (const clause of clauses) {
    const [, keyword, argument] = /^(\w+)\s*(.*)$/s.exec(clause) ?? [];
    if (keyword === 'exit' && /^\d{1,3}$/.test(argument ?? '') && Number(argument) <= 255) shell.exit = Number(argument);
    else if ((keyword === 'creates' || keyword === 'deletes') && argument !== undefined && argument !== '') shell[keyword].push(...argument.split(',').map((path) => appPath(path.trim())));
    else if (keyword === 'prints' && argument !== undefined) shell.prints.push(quoted(argument));
    else throw new MarkerError(`unknown clause "${clause}": the clauses are exit <code>, creates <path>, ..., deletes <path>, ..., prints "<text>"`);
  }
  for (const command of shell.commands) {
    const refusal = unrunnable(command.text);
    if (refusal !== undefined) throw new MarkerError(`line ${command.line}: ${refusal}`);
  }
  return shell;
}

/** The block's commands: blank lines and `#` comments skipped, a line ending in `\` joined with the next. */
function commands(body: readonly string[], fenceLine: number): ExampleCommand[] {
  const found: ExampleCommand[] = [];
  let pending: ExampleCommand | undefined;
  body.forEach((raw, offset) => {
    const text = raw.trim();
    if (pending === undefined && (text === '' || text.startsWith('#'))) return;
    const command = pending ?? { text: '', line: fenceLine + 1 + offset };
    const continued = text.endsWith('\\');
    command.text = `${command.text}${command.text === '' ? '' : ' '}${continued ? text.slice(0, -1).trim() : text}`;
    pending = continued ? command : undefined;
    if (!continued) found.push(command);
  });
  if (pending !== undefined) throw new MarkerError(`line ${pending.line}: the last command ends in \\`);
  return found;
}

/** Why a command cannot be run as the reader would, or undefined when it can. */
function unrunnable(command: string): string | undefined {
  const shellOperator = /[|;<>`&]|\$\(/;
  for (const part of splitUnquoted(command, '&&')) {
    if (shellOperator.test(unquoted(part))) return `\`${command}\` uses a pipe, a redirection, \`;\`, \`&\` or a substitution: only && chains commands`;
    const words = part.trim().split(/\s+/);
    if (words.includes('--interactive')) return `\`${part.trim()}\` asks on a terminal`;
    if (words[0] === 'php' && words[1] === 'artisan' && words[2] !== undefined) {
      if (ENDLESS_ARTISAN.has(words[2])) return `\`${part.trim()}\` does not end by itself`;
      continue;
    }
    if (words[0] === 'npx' && words[1] === 'laravel-fullapi') {
      if (ENDLESS_CLI.has(words[2] ?? '')) return `\`${part.trim()}\` does not end by itself`;
      continue;
    }
    if (words[0] === 'npx' && words[1] === 'fullapi') return '`npx fullapi` runs an unrelated npm package: the package is laravel-fullapi';
    if (words[0] === 'composer' && words[1] === 'require' && words.includes('fullapi/laravel-fullapi')) continue;
    return `\`${part.trim()}\` is none of the commands an example may run: php artisan, npx laravel-fullapi, composer require fullapi/laravel-fullapi`;
  }
  return undefined;
}

/** For each character of `text`, whether it is inside single or double quotes (the quotes themselves too). */
function quotedCharacters(text: string): boolean[] {
  const inside: boolean[] = [];
  let quote: string | undefined;
  for (let at = 0; at < text.length; at++) {
    const character = text[at]!;
    if (quote === undefined && (character === '"' || character === "'")) quote = character;
    else if (quote === '"' && character === '\\') {
      inside.push(true);
      at++;
    } else if (character === quote) {
      inside.push(true);
      quote = undefined;
      continue;
    }
    inside.push(quote !== undefined);
  }
  if (quote !== undefined) throw new MarkerError(`an unclosed quote in ${text}`);
  return inside;
}

/** `text` split at each `separator` outside quotes. */
function splitUnquoted(text: string, separator: string): string[] {
  const inside = quotedCharacters(text);
  const pieces: string[] = [];
  let from = 0;
  for (let at = 0; at < text.length; at++) {
    if (inside[at] === true || !text.startsWith(separator, at)) continue;
    pieces.push(text.slice(from, at));
    from = at + separator.length;
    at = from - 1;
  }
  pieces.push(text.slice(from));
  return pieces;
}

/** `text` with what is inside quotes blanked out. */
function unquoted(text: string): string {
  const inside = quotedCharacters(text);
  return [...text].map((character, at) => (inside[at] === true ? ' ' : character)).join('');
}

function quoted(argument: string): string {
  const text = argument.trim();
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'string' && value !== '' && text.startsWith('"')) return value;
  } catch {
    // Reported below.
  }
  throw new MarkerError(`prints takes one text in double quotes, as in JSON, not ${text}`);
}

function appPath(path: string): string {
  if (path === '' || path.startsWith('/') || path.split('/').includes('..')) throw new MarkerError(`"${path}" is not a path inside the application`);
  return path;
}

/** Every page of the documentation under `docs/` with its runnable examples, the pages in path order. */
export function documentationPages(repo: string): DocumentationPage[] {
  const docs = join(repo, 'docs');
  return readdirSync(docs, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => relative(repo, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .filter((page) => !page.split('/').some((segment) => segment.startsWith('.') || segment === 'node_modules'))
    .sort()
    .map((page) => ({ page, examples: runnableExamples(page, readFileSync(join(repo, page), 'utf8')) }));
}
