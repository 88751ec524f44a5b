import { chmodSync, statSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { resolvePlan } from '../../../src/project/resolve/resolve-plan.js';
import { type FileChange } from '../../../src/plan/file-change.js';
import { applyChanges } from '../../../src/project/write/apply-changes.js';
import { MANIFEST_PATH } from '../../../src/project/write/manifest.js';
import { nodeFs, type ProjectFs } from '../../../src/project/fs/project-fs.js';
import type { Leftover } from '../../../src/project/write/leftovers.js';
import type { PlanEntry } from '../../../src/plan/file-plan.js';
import { laravelProject } from './laravel-fixture.js';
import { appendLine, generated, snapshotOf } from './plan-fixture.js';
import { snapshotTree, writeTree } from './tree.js';

/** Every call whose failure the writer must survive; `unlink` and `rmdir` only clean up, so they fail into warnings. */
const FAILING_METHODS = ['createFile', 'mkdir', 'rename', 'readFile', 'fileMode', 'entryKind', 'realpath', 'readlink'] as const;
type FailingMethod = (typeof FAILING_METHODS)[number];

/** nodeFs, except that the `failOn`-th call of `method` throws like the OS would. */
function failingFs(method: FailingMethod, failOn: number): ProjectFs {
  let calls = 0;
  const fail = (): void => {
    calls += 1;
    if (calls === failOn) throw Object.assign(new Error(`EIO: i/o error, ${method} (injected)`), { code: 'EIO' });
  };
  return {
    ...nodeFs,
    [method]: (...args: never[]) => {
      fail();
      return (nodeFs[method] as (...a: never[]) => unknown)(...args);
    },
  };
}

/** How often applying `plan` calls `method`, measured on a throwaway copy of the project. */
function countCalls(makeProject: () => string, plan: PlanEntry[], method: FailingMethod): number {
  const root = makeProject();
  const { changes, leftovers } = resolved(root, plan);
  let calls = 0;
  const counting: ProjectFs = {
    ...nodeFs,
    [method]: (...args: never[]) => {
      calls += 1;
      return (nodeFs[method] as (...a: never[]) => unknown)(...args);
    },
  };
  assert.ok(applyChanges(root, changes, counting, leftovers).every((d) => d.severity === 'warning'));
  return calls;
}

/** The plan's changes and the leftovers found, as a pipeline hands them to the writer. */
function resolved(root: string, plan: PlanEntry[]): { changes: FileChange[]; leftovers: Leftover[] } {
  const snapshot = snapshotOf(root);
  const { changes, diagnostics } = resolvePlan(plan, snapshot, { force: false }, nodeFs);
  assert.equal(diagnostics, []);
  return { changes, leftovers: snapshot.leftovers };
}

const EXISTING = {
  'app/Models/Post.php': 'old post\n',
  'routes/api.php': '<?php\n',
  '.fullapi/manifest.json': JSON.stringify({ version: 1, files: {} }),
};

/** Creates nested new directories, replaces files, patches one and rewrites the manifest. */
const PLAN: PlanEntry[] = [
  generated('app/Http/Controllers/Api/PostController.php', 'controller\n', 'Controller'),
  generated('app/Models/Tag.php', 'tag\n'),
  appendLine('routes/api.php', "Route::apiResource('posts', PostController::class);"),
  generated('database/factories/PostFactory.php', 'factory\n', 'Factory'),
];

test('a plan applies: files, directories and manifest as resolved, no temp or backup left', () => {
  const root = laravelProject(EXISTING);
  const { changes, diagnostics } = resolvePlan(PLAN, snapshotOf(root), { force: false }, nodeFs);
  assert.equal(diagnostics, []);
  assert.equal(applyChanges(root, changes, nodeFs), []);
  const tree = snapshotTree(root);
  for (const change of changes) assert.is(tree[change.path], change.after, change.path);
  assert.equal(Object.keys(tree).filter((path) => path.includes('.fullapi-')), []);
});

/**
 * EXISTING, plus what makes the writer use every call: a link inside the project on the way to a planned
 * file, and an interrupted run's leftovers (an original to restore, a temp file and an old backup to remove).
 */
function hostileProject(): string {
  const root = laravelProject({
    ...EXISTING,
    'src/Policies/.gitkeep': '',
    'database/seeders/.DatabaseSeeder.php.fullapi-backup': '<?php // seeder\n',
    'app/Models/.Post.php.fullapi-tmp': 'half a post',
    'routes/.api.php.fullapi-backup': 'an older api.php\n',
  });
  symlinkSync('../src/Policies', join(root, 'app/Policies'));
  return root;
}

const HOSTILE_PLAN: PlanEntry[] = [
  ...PLAN,
  generated('app/Policies/PostPolicy.php', 'policy\n', 'Policy'),
  appendLine('database/seeders/DatabaseSeeder.php', '// PostSeeder'),
];

test('the hostile project applies: the original restored and patched, leftovers gone, the linked folder written', () => {
  const root = hostileProject();
  const { changes, leftovers } = resolved(root, HOSTILE_PLAN);
  assert.is(changes.find((change) => change.path === 'database/seeders/DatabaseSeeder.php')?.action, 'updated');
  const diagnostics = applyChanges(root, changes, nodeFs, leftovers);
  assert.equal(diagnostics.map((d) => [d.code, d.path]), [
    ['leftover_removed', 'app/Models/.Post.php.fullapi-tmp'],
    ['leftover_removed', 'database/seeders/.DatabaseSeeder.php.fullapi-backup'],
    ['leftover_removed', 'routes/.api.php.fullapi-backup'],
  ]);
  const tree = snapshotTree(root);
  assert.is(tree['database/seeders/DatabaseSeeder.php'], '<?php // seeder\n// PostSeeder\n');
  assert.is(tree['src/Policies/PostPolicy.php'], 'policy\n');
  assert.equal(Object.keys(tree).filter((path) => path.includes('.fullapi-')), []);
});

for (const method of FAILING_METHODS) {
  test(`a failure at any ${method} leaves the tree byte-identical`, () => {
    const total = countCalls(hostileProject, HOSTILE_PLAN, method);
    assert.ok(total >= 1, `the plan should call ${method}`);
    for (let failOn = 1; failOn <= total; failOn++) {
      const root = hostileProject();
      const { changes, leftovers } = resolved(root, HOSTILE_PLAN);
      const before = snapshotTree(root);
      const diagnostics = applyChanges(root, changes, failingFs(method, failOn), leftovers);
      assert.equal(diagnostics.map((d) => [d.severity, d.code]), [['error', 'write_failed']], `${method} #${failOn}`);
      assert.match(diagnostics[0]?.message ?? '', 'EIO');
      assert.match(diagnostics[0]?.message ?? '', 'No file was changed');
      assert.ok(changes.some((change) => change.path === diagnostics[0]?.path));
      assert.equal(snapshotTree(root), before, `${method} #${failOn}`);
    }
  });
}

test('a backup that cannot be removed after success is a warning; the files are written', () => {
  const root = laravelProject(EXISTING);
  const changes = resolvePlan(PLAN, snapshotOf(root), { force: false }, nodeFs).changes;
  const stubbornBackups: ProjectFs = {
    ...nodeFs,
    unlink: (path) => {
      if (path.includes('.fullapi-backup')) throw new Error(`EPERM: operation not permitted, unlink '${path}'`);
      nodeFs.unlink(path);
    },
  };
  const diagnostics = applyChanges(root, changes, stubbornBackups);
  assert.equal(diagnostics.map((d) => [d.severity, d.code, d.path]), [
    ['warning', 'write_failed', 'routes/api.php'],
    ['warning', 'write_failed', MANIFEST_PATH],
  ]);
  const tree = snapshotTree(root);
  for (const change of changes) assert.is(tree[change.path], change.after, change.path);
});

test('a real OS error (a file where a directory must go) names the file and rolls back', () => {
  const root = laravelProject({ ...EXISTING, 'app/Http': 'not a directory\n' });
  const changes = resolvePlan(PLAN, snapshotOf(root), { force: false }, nodeFs).changes;
  const before = snapshotTree(root);
  const [diagnostic, ...others] = applyChanges(root, changes, nodeFs);
  assert.equal(others, []);
  assert.is(diagnostic?.code, 'write_failed');
  assert.is(diagnostic?.path, 'app/Http/Controllers/Api/PostController.php');
  assert.match(diagnostic?.message ?? '', /ENOTDIR|EEXIST/);
  assert.equal(snapshotTree(root), before);
});

test('a file changed on disk after resolving is not overwritten', () => {
  const root = laravelProject(EXISTING);
  const changes = resolvePlan(PLAN, snapshotOf(root), { force: false }, nodeFs).changes;
  writeTree(root, { 'routes/api.php': '<?php\n// edited meanwhile\n' });
  const before = snapshotTree(root);
  const diagnostics = applyChanges(root, changes, nodeFs);
  assert.equal(diagnostics.map((d) => [d.code, d.path]), [['write_failed', 'routes/api.php']]);
  assert.equal(snapshotTree(root), before);
});

test('only created, updated and deleted touch the disk', () => {
  const root = laravelProject({ 'gone.php': 'bye\n', 'kept.php': 'mine\n', 'same.php': 'same\n' });
  const changes: FileChange[] = [
    { path: 'gone.php', action: 'deleted', before: 'bye\n', source: 'generated' },
    { path: 'kept.php', action: 'kept', before: 'mine\n', after: 'theirs\n', source: 'generated' },
    { path: 'same.php', action: 'unchanged', before: 'same\n', after: 'same\n', source: 'generated' },
  ];
  const before = snapshotTree(root);
  assert.equal(applyChanges(root, changes, nodeFs), []);
  const { ['gone.php']: _gone, ...rest } = before;
  assert.equal(snapshotTree(root), rest);
});

test('a change whose path escapes the root is refused before anything is written', () => {
  const root = laravelProject();
  const before = snapshotTree(root);
  const changes: FileChange[] = [
    { path: 'ok.php', action: 'created', after: 'x', source: 'generated' },
    { path: '../escape.php', action: 'created', after: 'x', source: 'generated' },
  ];
  assert.equal(applyChanges(root, changes, nodeFs).map((d) => d.code), ['internal_error']);
  assert.equal(snapshotTree(root), before);
});

test('idempotence: the same plan again is all unchanged, and applying it writes nothing', () => {
  const root = laravelProject(EXISTING);
  const first = resolvePlan(PLAN, snapshotOf(root), { force: false }, nodeFs);
  assert.equal(applyChanges(root, first.changes, nodeFs), []);
  const afterFirst = snapshotTree(root);

  const second = resolvePlan(PLAN, snapshotOf(root), { force: false }, nodeFs);
  assert.equal(second.diagnostics, []);
  assert.equal(second.changes.map((change) => change.action), Array(PLAN.length + 1).fill('unchanged'));
  assert.ok(second.changes.some((change) => change.path === MANIFEST_PATH));

  let writes = 0;
  const counting: ProjectFs = { ...nodeFs, createFile: (path, content, mode) => { writes += 1; nodeFs.createFile(path, content, mode); } };
  assert.equal(applyChanges(root, second.changes, counting), []);
  assert.is(writes, 0);
  assert.equal(snapshotTree(root), afterFirst);
});

test('an edited file keeps its mode; a new file gets the default one', () => {
  const root = laravelProject(EXISTING);
  chmodSync(join(root, 'routes/api.php'), 0o600);
  chmodSync(join(root, '.fullapi/manifest.json'), 0o640);
  const { changes } = resolved(root, PLAN);
  assert.equal(applyChanges(root, changes, nodeFs), []);
  const modeOf = (path: string) => statSync(join(root, path)).mode & 0o777;
  assert.is(modeOf('routes/api.php').toString(8), '600');
  assert.is(modeOf('.fullapi/manifest.json').toString(8), '640');
  writeTree(root, { 'fresh.txt': '' });
  assert.is(modeOf('app/Models/Tag.php').toString(8), modeOf('fresh.txt').toString(8), 'what any new file gets here');
});

test.run();
