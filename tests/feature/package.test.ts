import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyExampleProject } from '../support/project-tree.js';
import { repoRoot } from '../support/repo-root.js';

/**
 * The package as npm would publish it (`npm pack` of the built repository), run the way the README's npx
 * command runs it: npx in a Laravel project that has never installed anything, with an empty npm cache and
 * no registry (so nothing but the package itself can be loaded: a dependency left out of the bundle fails).
 */
test('the packed laravel-fullapi runs through npx in a fresh project, offline, with no dependencies', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'fullapi-pack-'));
  const project = copyExampleProject('laravel-12');
  try {
    const packed = JSON.parse(execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', scratch], { cwd: repoRoot(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })) as {
      name: string;
      filename: string;
      files: { path: string }[];
    }[];
    const [tarball] = packed;
    assert.ok(tarball);
    assert.is(tarball.name, 'laravel-fullapi');
    const manifest = JSON.parse(readFileSync(join(repoRoot(), 'package.json'), 'utf8')) as { version: string; dependencies?: object; bin: Record<string, string> };
    assert.is(manifest.dependencies, undefined, 'everything the command needs is in its bundle');
    assert.equal(Object.keys(manifest.bin), ['fullapi']);
    const folders = new Set(tarball.files.map((file) => file.path.split('/').slice(0, file.path.startsWith('dist/') ? 2 : 1).join('/')));
    assert.equal([...folders].sort(), ['README.md', 'dist/cli', 'package.json', 'schemas', 'stubs']);

    const npx = (args: readonly string[]) =>
      execFileSync('npx', ['--yes', '--offline', '--cache', join(scratch, 'npm-cache'), `file:${join(scratch, tarball.filename)}`, ...args], {
        cwd: project,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    assert.ok(npx(['--version']).startsWith(`fullapi/${manifest.version} `));
    const report = JSON.parse(npx(['make', 'Post', '--fields=title:string,status:enum(draft,published)', '--json'])) as { ok: boolean };
    assert.ok(report.ok);
    assert.ok(existsSync(join(project, 'app/Models/Post.php')));
    assert.ok(existsSync(join(project, 'app/Enums/PostStatus.php')));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
    rmSync(project, { recursive: true, force: true });
  }
});

test.run();
