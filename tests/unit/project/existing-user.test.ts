import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runMake } from '../../../src/pipeline/make/make.js';
import { type MakeInput } from '../../../src/pipeline/input/input.js';
import { type CommandOutcome } from '../../../src/pipeline/outcome.js';
import { EVERY_FRONT_END } from '../../../src/pipeline/input/every-front-end.js';
import { inputIdentity, readInput } from '../../../src/pipeline/input/input.js';
import { generatorIdentity } from '../../../src/project/read/generator.js';
import { readProject } from '../../../src/project/read/read-project.js';
import { settledChanges } from '../../../src/project/resolve/settled.js';
import { copyExampleProject, FIXED_NOW, readTree } from '../../support/project-tree.js';
import { repoRoot } from '../../support/repo-root.js';

/**
 * Laravel's own User through whole runs: integrated on every run, --force included, and a project a run
 * integrated it into is settled (what the project reader finds of the model does not change with fullapi's edits).
 */

const OVERLAY = join(repoRoot(), 'tests', 'fixtures', 'existing-user', 'project');
const INPUT: MakeInput = { kind: 'diagram', path: 'blog.mmd' };

function make(root: string, force = false): CommandOutcome {
  return runMake({ input: INPUT, frontEnds: EVERY_FRONT_END, force, dryRun: false, projectRoot: root, cwd: root, readStdin: () => '', now: FIXED_NOW });
}

const userModel = (root: string) => readFileSync(join(root, 'app/Models/User.php'), 'utf8');

test('--force rewrites generated files but never turns the Authenticatable User into a plain model', () => {
  const root = copyExampleProject('laravel-12', OVERLAY);
  assert.ok(make(root).ok);
  const integrated = userModel(root);
  const tree = readTree(root);
  const forced = make(root, true);
  assert.ok(forced.ok, JSON.stringify(forced.diagnostics));
  assert.ok(userModel(root).includes('class User extends Authenticatable'));
  assert.is(userModel(root), integrated);
  assert.equal(readTree(root), tree);
  assert.equal(forced.changes.filter((change) => change.action !== 'unchanged'), []);
});

test('a project the User was integrated into is settled, and an edit of the model is kept and completed', () => {
  const root = copyExampleProject('laravel-12', OVERLAY);
  assert.ok(make(root).ok);
  const text = readInput(INPUT, { cwd: root, projectRoot: root, readStdin: () => '', nothingGiven: { missing: 'no input', span: { flag: '<entity>' }, hint: '' } }).text;
  const generator = generatorIdentity();
  const { snapshot } = readProject(root);
  assert.ok(text !== undefined && generator !== undefined && snapshot !== undefined);
  assert.ok(settledChanges(snapshot, { generator, ...inputIdentity(text) }) !== undefined, 'the next run takes the project as settled');

  const path = join(root, 'app/Models/User.php');
  writeFileSync(path, userModel(root).replace("        'bio',\n", '').replace('    public function posts', '    public function isAdmin(): bool\n    {\n        return false;\n    }\n\n    public function posts'));
  const again = make(root);
  assert.ok(again.ok);
  assert.equal(again.changes.filter((change) => change.action !== 'unchanged').map((change) => change.path), ['app/Models/User.php', '.fullapi/manifest.json']);
  assert.ok(userModel(root).includes("        'password',\n        'bio',\n    ];"), 'bio is fillable again');
  assert.ok(userModel(root).includes('    public function isAdmin(): bool'), 'the hand-written method is kept');
});

test.run();
