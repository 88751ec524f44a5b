import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyExampleProject, readTree, runCli } from '../support/project-tree.js';
import { repoRoot } from '../support/repo-root.js';

interface Report {
  ok: boolean;
  files: { path: string; action: string }[];
  warnings: { code: string; message: string; source?: { file?: string; line?: number; column?: number } }[];
}

const fixture = (name: string): string => join(repoRoot(), 'tests', 'fixtures', 'openapi', name);

/** An example project holding the fixture documents `names` at its root (a folder as a folder). */
function projectWith(...names: string[]): string {
  const project = copyExampleProject('laravel-12');
  for (const name of names) cpSync(fixture(name), join(project, name), { recursive: true });
  return project;
}

test('make --openapi writes the API of each entity of the document, says at its line what it skipped, and a second run changes nothing', async () => {
  const project = projectWith('clinic-3.0.yaml');
  try {
    const run = await runCli(['make', '--openapi', 'clinic-3.0.yaml', '--json'], project);
    const report = JSON.parse(run.stdout) as Report;
    assert.is(run.exitCode, 0, run.stderr);
    const paths = report.files.map((file) => file.path);
    for (const model of ['Owner', 'Pet', 'Vet', 'Clinic']) assert.ok(paths.includes(`app/Models/${model}.php`), `${model}: ${paths.join(', ')}`);
    for (const skipped of ['OwnerInput', 'PetBase', 'OwnerPage', 'Problem', 'Animal', 'Species']) assert.not.ok(paths.includes(`app/Models/${skipped}.php`), skipped);
    const variant = report.warnings.find((warning) => warning.code === 'openapi_schema_skipped' && warning.message.includes('OwnerInput'));
    assert.ok(variant !== undefined, JSON.stringify(report.warnings));
    assert.equal(variant.source, { file: 'clinic-3.0.yaml', line: 69, column: 5 });
    assert.match(readFileSync(join(project, 'app', 'Models', 'Pet.php'), 'utf8'), 'public function owner(): BelongsTo');
    const again = JSON.parse((await runCli(['make', '--openapi', 'clinic-3.0.yaml', '--json'], project)).stdout) as Report;
    assert.ok(again.ok);
    assert.equal(again.files.filter((file) => file.action !== 'unchanged'), []);
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});

test('a document split over files with relative $refs, in a folder whose name has a space, reads as one', async () => {
  const project = copyExampleProject('laravel-12');
  try {
    mkdirSync(join(project, 'api docs'));
    cpSync(fixture('split'), join(project, 'api docs', 'split'), { recursive: true });
    const run = await runCli(['make', '--openapi', 'api docs/split/api.yaml', '--json'], project);
    assert.is(run.exitCode, 0, run.stderr);
    assert.ok(existsSync(join(project, 'app', 'Models', 'Book.php')));
    assert.ok(existsSync(join(project, 'app', 'Models', 'Author.php')));
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});

test('a $ref that names nothing is an error at its line and column, for a file or standard input, and nothing is written', async () => {
  const project = projectWith('missing-ref.yaml');
  try {
    const before = readTree(project);
    const fromFile = await runCli(['make', '--openapi', 'missing-ref.yaml'], project);
    assert.is(fromFile.exitCode, 1);
    assert.match(fromFile.stderr, /error\[openapi_unresolved_ref\] missing-ref\.yaml:13:17: \$ref "#\/components\/schemas\/Nobody" cannot be resolved/);
    assert.match(fromFile.stderr, 'Nothing was written.');
    const fromStdin = await runCli(['make', '--openapi', '-'], project, undefined, readFileSync(join(project, 'missing-ref.yaml'), 'utf8'));
    assert.is(fromStdin.exitCode, 1);
    assert.match(fromStdin.stderr, /error\[openapi_unresolved_ref\] <stdin>:13:17: /);
    assert.equal(readTree(project), before);
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});

test('--openapi names the file to read: not beside another input', async () => {
  const project = projectWith('clinic-3.0.yaml');
  try {
    for (const [argv, flag] of [
      [['make', 'Post', '--openapi', 'clinic-3.0.yaml'], '--openapi'],
      [['make', '--openapi', 'clinic-3.0.yaml', '--schema', 'api-schema.yaml'], '--openapi'],
      [['make', '--openapi', 'clinic-3.0.yaml', '--from-database'], '--openapi'],
    ] as const) {
      const run = await runCli(argv, project);
      assert.is(run.exitCode, 1, argv.join(' '));
      assert.match(run.stderr, `error[invalid_option] ${flag}`);
    }
    assert.not.ok(existsSync(join(project, 'app', 'Models', 'Pet.php')));
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});

test.run();
