import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { changedFiles, copyExampleProject, readTree, runCli, writeTree } from '../support/project-tree.js';
import { repoRoot } from '../support/repo-root.js';
import { redundantBaseCopies, storedForm, unpacked, withImpliedBaseCopies } from './base-copies.js';

/**
 * Golden cases: tests/fixtures/<case>/ holds `case.json` (the example project, the commands run first if any, the hand edits
 * made after them, and the command line),
 * an optional `project/` overlay (e.g. published stubs), `expected/` (every file the run creates or
 * changes, exactly, the pack of bases unpacked, and of it only the bases that differ from their file: base-copies.ts) and `report.json` (the --json
 * output). FULLAPI_REFRESH_GOLDEN=1 rewrites them; review every golden diff like code.
 */

interface GoldenCase {
  description: string;
  project: 'laravel-12' | 'laravel-13';
  argv: string[];
  /** Commands run on the project first, each of which must succeed: what a `delete` case deletes is made by one. */
  setup?: string[][];
  /** Hand edits made after the setup: in `file`, the one occurrence of `find` becomes `replace`. */
  edits?: HandEdit[];
}

interface HandEdit {
  file: string;
  find: string;
  replace: string;
}

const MINIMUM_CASES = 9;
const refresh = process.env['FULLAPI_REFRESH_GOLDEN'] === '1';
const fixturesDir = join(repoRoot(), 'tests', 'fixtures');
const caseNames = readdirSync(fixturesDir).filter((name) => existsSync(join(fixturesDir, name, 'case.json'))).sort();

test('there are enough golden cases to mean something', () => {
  assert.ok(caseNames.length >= MINIMUM_CASES, `only ${caseNames.length} cases found in ${fixturesDir}`);
});

for (const name of caseNames) {
  const caseDir = join(fixturesDir, name);
  const golden = JSON.parse(readFileSync(join(caseDir, 'case.json'), 'utf8')) as GoldenCase;

  test(`${name}: ${golden.description}`, async () => {
    const overlay = join(caseDir, 'project');
    const project = copyExampleProject(golden.project, existsSync(overlay) ? overlay : undefined);
    for (const argv of golden.setup ?? []) {
      const setup = await runCli(argv, project);
      assert.is(setup.exitCode, 0, `${argv.join(' ')}: ${setup.stderr}`);
    }
    for (const edit of golden.edits ?? []) editByHand(project, edit);
    const before = readTree(project);
    const run = await runCli([...golden.argv, '--json'], project);
    const report = JSON.parse(run.stdout) as { ok: boolean; files: { path: string; action: string }[] };
    assert.is(run.stderr, '', 'the --json run prints nothing on stderr');
    const written = unpacked(withoutFingerprint(changedFiles(before, readTree(project))));

    if (refresh) {
      writeTree(join(caseDir, 'expected'), storedForm(written));
      writeFileSync(join(caseDir, 'report.json'), run.stdout);
    }
    assert.equal(report, JSON.parse(readFileSync(join(caseDir, 'report.json'), 'utf8')), 'the --json report');
    const expectedDir = join(caseDir, 'expected');
    const stored = existsSync(expectedDir) ? readTree(expectedDir) : new Map<string, string>();
    assert.equal(redundantBaseCopies(stored), [], 'base copies stored though identical to their file (npm run golden:refresh)');
    const expected = withImpliedBaseCopies(stored);
    assert.equal([...written.keys()], [...expected.keys()], 'the set of written files');
    for (const [path, content] of expected) assert.fixture(written.get(path) ?? '', content, path);

    if (report.ok) {
      const settled = readTree(project);
      const again = JSON.parse((await runCli([...golden.argv, '--json'], project)).stdout) as typeof report;
      // A file edited by hand stays the user's: the second run keeps it, as its generation is the one merged.
      const edited = new Set((golden.edits ?? []).map((edit) => edit.file));
      assert.ok(
        again.files.every((file) => file.action === 'unchanged' || (file.action === 'kept' && edited.has(file.path))),
        `a second run changes nothing: ${JSON.stringify(again.files.filter((f) => f.action !== 'unchanged'))}`,
      );
      assert.equal(readTree(project), settled, 'a second run leaves every byte as it was');
    } else {
      assert.equal(readTree(project), before, 'a failed run writes nothing');
    }
  });
}

function editByHand(project: string, { file, find, replace }: HandEdit): void {
  const path = join(project, file);
  const text = readFileSync(path, 'utf8');
  assert.is(text.split(find).length - 1, 1, `${file} holds "${find}" once, for the hand edit`);
  writeFileSync(path, text.replace(find, () => replace));
}

/**
 * The manifest names the fullapi that settled the project, by its version and, built from sources, by when it
 * was compiled (src/project/read/generator.ts), and its fingerprint covers that: a golden file holds neither, and
 * tests/unit/project/settled.test.ts checks them instead.
 */
function withoutFingerprint(tree: Map<string, string>): Map<string, string> {
  const manifest = tree.get('.fullapi/manifest.json');
  if (manifest === undefined) return tree;
  const general = manifest.replace(/("fingerprint": "sha256:)[0-9a-f]{64}"/, '$1<fingerprint>"').replace(/("generator": )"[^"]*"/, '$1"<generator>"');
  return new Map(tree).set('.fullapi/manifest.json', general);
}

test.run();
