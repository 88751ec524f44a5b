import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readProject, type ProjectSnapshot } from '../../../src/project/read/read-project.js';
import { MANIFEST_PATH } from '../../../src/project/write/manifest.js';
import { applyChanges } from '../../../src/project/write/apply-changes.js';
import { resolveDeletions } from '../../../src/project/resolve/resolve-deletions.js';
import { finishResolution } from '../../../src/project/resolve/resolve-plan.js';
import { copyExampleProject, runCli } from '../../support/project-tree.js';

async function generatedPost(): Promise<{ project: string; snapshot: ProjectSnapshot; files: string[] }> {
  const project = copyExampleProject('laravel-12');
  const made = await runCli(['make', 'Post', '--fields=title:string'], project);
  assert.is(made.exitCode, 0, made.stderr);
  const snapshot = readProject(project).snapshot;
  if (snapshot === undefined) throw new Error('the project does not read');
  const files = [...snapshot.manifest.files.keys()].filter((path) => path.includes('Post'));
  assert.ok(files.includes('app/Models/Post.php'));
  return { project, snapshot, files };
}

function deleteAll(project: string, snapshot: ProjectSnapshot, files: readonly string[], force: boolean) {
  // A deletion leaves no project settled: the manifest keeps its files alone.
  const resolved = finishResolution({ ...snapshot, manifest: { files: snapshot.manifest.files } }, resolveDeletions(files, snapshot, force), { force });
  const written = applyChanges(snapshot.root, resolved.changes, undefined, snapshot.leftovers);
  return { resolved, written, manifest: readFileSync(join(project, MANIFEST_PATH), 'utf8') };
}

test('files as fullapi wrote them are deleted and the manifest forgets them', async () => {
  const { project, snapshot, files } = await generatedPost();
  const { resolved, written, manifest } = deleteAll(project, snapshot, files, false);
  assert.equal(written, []);
  assert.equal(resolved.diagnostics, []);
  assert.equal(
    resolved.changes.filter((change) => change.action === 'deleted').map((change) => change.path),
    [...files].sort(),
  );
  for (const path of files) {
    assert.not.ok(existsSync(join(project, path)), path);
    assert.not.match(manifest, path);
  }
});

test('a file edited by hand is kept and named, and forgotten; --force deletes it', async () => {
  const { project, snapshot, files } = await generatedPost();
  appendFileSync(join(project, 'app/Models/Post.php'), '// mine\n');
  const kept = deleteAll(project, snapshot, files, false);
  assert.equal(
    kept.resolved.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.path]),
    [['modified_file_kept', 'app/Models/Post.php']],
  );
  assert.ok(existsSync(join(project, 'app/Models/Post.php')));
  assert.not.match(kept.manifest, 'app/Models/Post.php');

  const again = await generatedPost();
  appendFileSync(join(again.project, 'app/Models/Post.php'), '// mine\n');
  const forced = deleteAll(again.project, again.snapshot, again.files, true);
  assert.equal(forced.resolved.diagnostics, []);
  assert.not.ok(existsSync(join(again.project, 'app/Models/Post.php')));
});

test('a file already gone needs nothing; one fullapi never recorded is kept', async () => {
  const { snapshot } = await generatedPost();
  const resolved = resolveDeletions(['app/Models/Nothing.php', 'routes/console.php'], snapshot, false);
  assert.equal(
    resolved.changes.map((change) => [change.path, change.action]),
    [['routes/console.php', 'kept']],
  );
  assert.equal(
    resolved.diagnostics.map((diagnostic) => diagnostic.code),
    ['modified_file_kept'],
  );
});

test.run();
