import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { requireCommand } from '../support/php-tools.js';
import { repoRoot } from '../support/repo-root.js';
import { normalizeMessage, type Failure } from './properties.js';
import type { GeneratedPhp } from './run-input.js';

/**
 * The PHP of many accepted inputs, checked by one `php` process (php-check.php): whether each file parses
 * and compiles, and whether a payload of a name became code. Files are written to a folder as they come,
 * each distinct content once, with the runs that produced it.
 */

/** Which run produced a file: enough to replay it. */
export interface PhpOrigin {
  runId: number;
  /** The project-relative path fullapi gave the file. */
  path: string;
}

export interface PhpFinding {
  origin: PhpOrigin;
  /** Every run that produced the same content. */
  runIds: number[];
  failure: Failure;
}

interface BatchFile {
  origins: PhpOrigin[];
}

export class PhpBatch {
  private readonly files: BatchFile[] = [];
  private readonly byHash = new Map<string, number>();

  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  get size(): number {
    return this.files.length;
  }

  add(php: GeneratedPhp, runId: number): void {
    const hash = createHash('sha1').update(php.content).digest('hex');
    const known = this.byHash.get(hash);
    if (known !== undefined) {
      this.files[known]?.origins.push({ runId, path: php.path });
      return;
    }
    this.byHash.set(hash, this.files.length);
    writeFileSync(join(this.dir, `${this.files.length}.php`), php.content);
    this.files.push({ origins: [{ runId, path: php.path }] });
  }

  /** Runs the check over every file added, then removes the folder. */
  async check(): Promise<PhpFinding[]> {
    if (this.files.length === 0) {
      rmSync(this.dir, { recursive: true, force: true });
      return [];
    }
    const listFile = join(this.dir, 'files.txt');
    writeFileSync(listFile, `${this.files.map((_, index) => join(this.dir, `${index}.php`)).join('\n')}\n`);
    const findings: PhpFinding[] = [];
    const report = (index: number, kind: string, message: string, line: number) => {
      const file = this.files[index];
      const origin = file?.origins[0];
      if (file === undefined || origin === undefined) return;
      findings.push({ origin, runIds: [...new Set(file.origins.map((o) => o.runId))], failure: phpFailure(origin.path, kind, message, line) });
    };
    let first = 0;
    while (first < this.files.length) {
      const run = await runPhpCheck(listFile, first);
      let last = first - 1;
      for (const line of run.lines) {
        const [index, problems] = line.split('\t');
        if (index === undefined || !/^\d+$/.test(index)) continue;
        last = Number(index);
        for (const problem of problems === undefined ? [] : (JSON.parse(problems) as { kind: string; message: string; line: number }[])) {
          report(last, problem.kind, problem.message, problem.line);
        }
      }
      if (run.done) break;
      // The process died on the file it had started: that file is the finding; carry on after it.
      const crashed = Math.max(last, first);
      report(crashed, 'crash', `php died: ${run.stderr.trim().split('\n').at(-1) ?? ''}`, 0);
      first = crashed + 1;
    }
    rmSync(this.dir, { recursive: true, force: true });
    return findings;
  }
}

/** The class of a PHP finding: the kind of file (its folder), the kind of problem, the message without names. */
function phpFailure(path: string, kind: string, message: string, line: number): Failure {
  const folder = dirname(path);
  return {
    property: kind === 'injection' ? 'injection' : 'php',
    signature: `${folder}/*.php: ${kind}: ${normalizeMessage(message)}`,
    detail: `${path} line ${line}: ${message}`,
  };
}

const PHP_SETTINGS = ['-d', 'opcache.enable_cli=1', '-d', 'opcache.memory_consumption=128', '-d', 'display_errors=1', '-d', 'log_errors=0', '-d', 'html_errors=0', '-d', 'error_reporting=-1'];

function runPhpCheck(listFile: string, first: number): Promise<{ lines: string[]; done: boolean; stderr: string }> {
  requireCommand('php', 'apt-get install php-cli');
  const script = join(repoRoot(), 'tests', 'fuzz', 'php-check.php');
  return new Promise((resolve, reject) => {
    const child = spawn('php', [...PHP_SETTINGS, script, listFile, String(first)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', () => {
      const lines = stdout.split('\n');
      const done = lines.includes('done');
      resolve({ lines: lines.filter((line) => line !== '' && line !== 'done'), done, stderr });
    });
  });
}

/** One file, checked alone: for shrinking, where each candidate input must be judged on its own. */
export async function checkPhpFiles(dir: string, files: readonly GeneratedPhp[]): Promise<Failure[]> {
  const batch = new PhpBatch(dir);
  files.forEach((file) => batch.add(file, 0));
  return (await batch.check()).map((finding) => finding.failure);
}
