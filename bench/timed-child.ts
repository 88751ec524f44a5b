import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What one child process cost: processor time (user + system), peak memory, and the wall clock. */
export interface ChildCost {
  cpuMilliseconds: number;
  maxRssBytes: number;
  wallMilliseconds: number;
}

const usageModule = new URL(`./usage-on-exit.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`, import.meta.url).href;

/**
 * Runs `node <args>` in `cwd` to its end and returns what it cost, measured inside the child by
 * usage-on-exit (the kernel's rusage of that process); throws when it fails. `nodeOptions` go before the
 * preload (tsx's loader, when the bench runs uncompiled).
 */
export function timedChild(args: readonly string[], cwd: string, nodeOptions: readonly string[] = []): ChildCost {
  const folder = mkdtempSync(join(tmpdir(), 'fullapi-bench-usage-'));
  const usageFile = join(folder, 'usage.json');
  try {
    const started = performance.now();
    const run = spawnSync(process.execPath, [...nodeOptions, '--import', usageModule, ...args], {
      cwd,
      env: { ...process.env, FULLAPI_BENCH_USAGE: usageFile },
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    const wallMilliseconds = performance.now() - started;
    if (run.status !== 0) throw new Error(`node ${args.join(' ')} exited with ${run.status ?? run.signal}: ${run.stderr.slice(0, 2000)}`);
    const usage = JSON.parse(readFileSync(usageFile, 'utf8')) as { cpuMicroseconds: number; maxRssKilobytes: number };
    return { cpuMilliseconds: usage.cpuMicroseconds / 1000, maxRssBytes: usage.maxRssKilobytes * 1024, wallMilliseconds };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
