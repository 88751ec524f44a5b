import { cpSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { EVERY_FRONT_END } from '../../../src/pipeline/input/every-front-end.js';
import { runMake } from '../../../src/pipeline/make/make.js';
import { type CommandOutcome } from '../../../src/pipeline/outcome.js';
import { readProject } from '../../../src/project/read/read-project.js';
import { nodeFs, type ProjectFs } from '../../../src/project/fs/project-fs.js';
import { FIXED_NOW } from '../../support/project-tree.js';
import { repoRoot } from '../../support/repo-root.js';
import { fixturePackageRoot, laravelProject } from './laravel-fixture.js';
import { snapshotTree, temporaryTree, writeTree } from './tree.js';

// Regression tests for the leftovers of a killed run (issue "hostile and broken input"): the next writing
// run restores the originals it finds moved aside, removes the rest, and names each; a dry run or a run
// with an error leaves them alone.

const leftoversOf = (root: string) => readProject(root, nodeFs, { packageRoot: fixturePackageRoot() }).snapshot?.leftovers;

test('leftovers are found in the folders fullapi writes, and each gets its fate', () => {
  const root = laravelProject({
    '.class_data.json.fullapi-tmp': '{',
    'app/Models/.Post.php.fullapi-tmp': 'half',
    'app/Models/.Post.php.fullapi-tmp-2': 'half',
    'routes/api.php': '<?php\n',
    'routes/.api.php.fullapi-backup': 'old',
    'bootstrap/.app.php.fullapi-backup': 'older',
    'bootstrap/.app.php.fullapi-backup-1': 'newest',
    'vendor/laravel/.x.php.fullapi-tmp': 'not ours to clean',
    'app/.fullapi-tmp': 'no name before the suffix',
  });
  const outside = temporaryTree({ '.Evil.php.fullapi-backup': 'outside' });
  symlinkSync(outside, join(root, 'app/Linked'));
  assert.equal(
    leftoversOf(root)?.map(({ path, restore }) => [path, restore]),
    [
      ['.class_data.json.fullapi-tmp', false],
      ['app/Models/.Post.php.fullapi-tmp', false],
      ['app/Models/.Post.php.fullapi-tmp-2', false],
      ['bootstrap/.app.php.fullapi-backup', false],
      ['bootstrap/.app.php.fullapi-backup-1', true],
      ['routes/.api.php.fullapi-backup', false],
    ],
  );
});

test('the project is read as it will be once recovered: a restored manifest and migration count', () => {
  const manifest = JSON.stringify({ version: 1, files: { 'app/Models/Post.php': `sha256:${'a'.repeat(64)}` } });
  const root = laravelProject({
    '.fullapi/.manifest.json.fullapi-backup': manifest,
    'database/migrations/.2025_01_01_000000_create_posts_table.php.fullapi-backup': '<?php\n',
    'database/migrations/.2026_01_01_000000_create_tags_table.php.fullapi-tmp': '<?php\n',
  });
  const { snapshot, diagnostics } = readProject(root, nodeFs, { packageRoot: fixturePackageRoot() });
  assert.equal(diagnostics, []);
  assert.equal([...(snapshot?.manifest.files.keys() ?? [])], ['app/Models/Post.php']);
  assert.equal(snapshot?.existingMigrations, ['2025_01_01_000000_create_posts_table.php']);
});

// Through the make pipeline, in a copy of examples/laravel-12.

function exampleProject(): string {
  const root = temporaryTree();
  cpSync(join(repoRoot(), 'examples', 'laravel-12'), root, { recursive: true });
  return root;
}

function makePost(root: string, options: { dryRun?: boolean; fields?: string } = {}, fs: ProjectFs = nodeFs): CommandOutcome {
  return runMake(
    {
      input: { kind: 'fields', entity: 'Post', fields: options.fields ?? 'title:string', softDeletes: false },
      frontEnds: EVERY_FRONT_END,
      force: false,
      dryRun: options.dryRun === true,
      projectRoot: root,
      cwd: root,
      readStdin: () => '',
      now: FIXED_NOW,
    },
    fs,
  );
}

const leftoverNames = (root: string) => Object.keys(snapshotTree(root)).filter((path) => path.includes('.fullapi-'));

/** What a run killed between moving bootstrap/app.php aside and putting the new one in place leaves. */
function killedMidCommit(root: string): string {
  const original = snapshotTree(root)['bootstrap/app.php'] ?? '';
  nodeFs.rename(join(root, 'bootstrap/app.php'), join(root, 'bootstrap/.app.php.fullapi-backup'));
  writeTree(root, { 'bootstrap/.app.php.fullapi-tmp': 'the new app.php, never put in place', 'app/Models/.Post.php.fullapi-tmp': 'half a mod' });
  return original;
}

test('the next run restores the original, removes the temp files, names each, and ends as a clean run does', () => {
  const clean = exampleProject();
  assert.ok(makePost(clean).ok);

  const root = exampleProject();
  const original = killedMidCommit(root);
  const outcome = makePost(root);
  assert.ok(outcome.ok);
  assert.equal(outcome.diagnostics.map((d) => [d.code, d.path]), [
    ['leftover_removed', 'app/Models/.Post.php.fullapi-tmp'],
    ['leftover_removed', 'bootstrap/.app.php.fullapi-backup'],
    ['leftover_removed', 'bootstrap/.app.php.fullapi-tmp'],
  ]);
  assert.match(outcome.diagnostics[1]?.message ?? '', 'Restored bootstrap/app.php from bootstrap/.app.php.fullapi-backup');
  assert.is(outcome.changes.find((change) => change.path === 'bootstrap/app.php')?.before, original, 'the plan was made from the restored file');
  assert.equal(leftoverNames(root), []);
  assert.equal(snapshotTree(root), snapshotTree(clean));
});

test('a dry run leaves the leftovers alone and says what a run would do with them', () => {
  const root = exampleProject();
  killedMidCommit(root);
  const before = snapshotTree(root);
  const outcome = makePost(root, { dryRun: true });
  assert.ok(outcome.ok);
  assert.equal(outcome.diagnostics.map((d) => d.message.split(' ')[0]), ['Would', 'Would', 'Would']);
  assert.equal(snapshotTree(root), before);
});

test('a run with an error in its input writes nothing: the leftovers stay, unreported', () => {
  const root = exampleProject();
  killedMidCommit(root);
  const before = snapshotTree(root);
  const outcome = makePost(root, { fields: 'title:strin' });
  assert.not.ok(outcome.ok);
  assert.equal(outcome.diagnostics.map((d) => d.code), ['unknown_field_type']);
  assert.equal(snapshotTree(root), before);
});

/**
 * nodeFs until its `killAt`-th call that changes the disk; from then on every call fails, so the run can
 * neither finish nor roll back, as when the process is killed.
 */
function killedFs(killAt: number): { fs: ProjectFs; changingCalls: () => number } {
  let calls = 0;
  let dead = false;
  const guard = <A extends unknown[], R>(call: (...args: A) => R, changesDisk: boolean) => (...args: A): R => {
    if (changesDisk && ++calls === killAt) dead = true;
    if (dead) throw new Error('killed');
    return call(...args);
  };
  const fs: ProjectFs = { ...nodeFs };
  for (const name of Object.keys(nodeFs) as (keyof ProjectFs)[]) {
    const changesDisk = ['createFile', 'rename', 'unlink', 'mkdir', 'rmdir'].includes(name);
    Object.assign(fs, { [name]: guard(nodeFs[name] as (...args: unknown[]) => unknown, changesDisk) });
  }
  return { fs, changingCalls: () => calls };
}

test('a run killed at any change of the disk is recovered by the next run to what a clean run gives', () => {
  const clean = exampleProject();
  assert.ok(makePost(clean).ok);
  const expected = snapshotTree(clean);

  const counting = killedFs(Number.POSITIVE_INFINITY);
  assert.ok(makePost(exampleProject(), {}, counting.fs).ok);
  const total = counting.changingCalls();
  assert.ok(total > 10, `${total} changing calls`);
  for (let killAt = 1; killAt <= total; killAt++) {
    const root = exampleProject();
    // Killed while removing backups, a run has written everything and only warns: ok or not, the next run must recover.
    makePost(root, {}, killedFs(killAt).fs);
    const next = makePost(root);
    assert.ok(next.ok, `the run after a kill at ${killAt}: ${JSON.stringify(next.diagnostics)}`);
    assert.equal(snapshotTree(root), expected, `killed at ${killAt}`);
  }
});

test.run();
