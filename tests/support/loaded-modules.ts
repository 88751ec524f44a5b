import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot } from './repo-root.js';

/** The built command's files, as `fullapi <args>` in `cwd` loads them, with their text: what a run pays to compile. */
export function modulesLoadedBy(args: readonly string[], cwd: string): Map<string, string> {
  const scratch = mkdtempSync(join(tmpdir(), 'fullapi-loads-'));
  const record = join(scratch, 'loaded.txt');
  try {
    const preload = join(repoRoot(), 'bench', 'record-module-loads.mjs');
    execFileSync(process.execPath, ['--import', preload, join(repoRoot(), 'dist', 'cli', 'fullapi.mjs'), ...args], {
      cwd,
      env: { ...process.env, FULLAPI_LOADED_MODULES: record },
      stdio: 'ignore',
    });
    const urls = readFileSync(record, 'utf8').split('\n').filter((url) => url.startsWith('file:') && url.includes('/dist/cli/'));
    return new Map(urls.map((url) => [url, readFileSync(fileURLToPath(url), 'utf8')]));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
