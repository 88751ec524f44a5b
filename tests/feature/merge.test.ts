import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { basesOf } from '../support/base-store.js';
import { copyExampleProject, readTree, runCli } from '../support/project-tree.js';

interface Report {
  ok: boolean;
  files: { path: string; action: string }[];
  warnings: { code: string; message: string; path?: string }[];
}

const MODEL = 'app/Models/Post.php';
const DTO = 'app/DTO/PostDTO.php';
const HEADLINE = '    public function headline(): string\n    {\n        return mb_strtoupper($this->title);\n    }\n';

async function jsonRun(argv: readonly string[], project: string): Promise<Report> {
  const run = await runCli([...argv, '--json'], project);
  return JSON.parse(run.stdout) as Report;
}

const postWith = (fields: string) => ['make', 'Post', `--fields=${fields}`];
const actionOf = (report: Report, path: string) => report.files.find((file) => file.path === path)?.action;
const read = (project: string, path: string) => readFileSync(join(project, path), 'utf8');
const baseOf = (project: string, path: string) => basesOf(project).get(path);

function addHeadline(project: string): void {
  const model = read(project, MODEL);
  writeFileSync(join(project, MODEL), model.replace('    use HasFactory;\n', `    use HasFactory;\n\n${HEADLINE}`));
}

test('a hand edit survives one regeneration after another, each merging from the last generation', async () => {
  const project = copyExampleProject('laravel-12');
  await jsonRun(postWith('title:string'), project);
  assert.is(baseOf(project, MODEL), read(project, MODEL), 'the base is what fullapi wrote');
  addHeadline(project);

  const first = await jsonRun(postWith('title:string,summary:text:nullable'), project);
  assert.is(actionOf(first, MODEL), 'merged');
  assert.equal(first.warnings, []);
  const second = await jsonRun(postWith('title:string,summary:text:nullable,subtitle:string:nullable'), project);
  assert.is(actionOf(second, MODEL), 'merged');
  const model = read(project, MODEL);
  assert.match(model, HEADLINE);
  assert.match(model, "        'summary',\n        'subtitle',\n");
  assert.not.match(baseOf(project, MODEL) ?? '', 'headline', 'the base is the generation, without the hand edit');
  assert.match(baseOf(project, MODEL) ?? '', "'subtitle'", 'the base is the last generation');

  const again = await jsonRun(postWith('title:string,summary:text:nullable,subtitle:string:nullable'), project);
  assert.is(actionOf(again, MODEL), 'kept');
  assert.equal(again.warnings.map((warning) => warning.code), ['modified_file_kept']);
  assert.is(read(project, MODEL), model);
});

test('--dry-run merges in its report only: no file and no base is written', async () => {
  const project = copyExampleProject('laravel-12');
  await jsonRun(postWith('title:string'), project);
  addHeadline(project);
  const before = readTree(project);
  const dry = await jsonRun([...postWith('title:string,summary:text:nullable'), '--dry-run'], project);
  assert.is(actionOf(dry, MODEL), 'merged');
  assert.equal(readTree(project), before);
  const diff = await runCli([...postWith('title:string,summary:text:nullable'), '--dry-run', '--diff'], project);
  assert.match(diff.stdout, `+++ b/${MODEL}`);
  assert.match(diff.stdout, "+        'summary',");
});

test('a project without bases (written before them) keeps a hand-edited file, as it always did', async () => {
  const project = copyExampleProject('laravel-12');
  await jsonRun(postWith('title:string'), project);
  rmSync(join(project, '.fullapi/base'), { recursive: true });
  addHeadline(project);
  const report = await jsonRun(postWith('title:string,summary:text:nullable'), project);
  assert.is(actionOf(report, MODEL), 'kept');
  assert.equal(report.warnings.map((warning) => [warning.code, warning.path]), [
    ['modified_file_kept', MODEL],
    ['kept_file_out_of_date', MODEL],
  ]);
  assert.ok(basesOf(project).has(DTO), 'a file fullapi writes gets its base again');
  assert.not.ok(basesOf(project).has(MODEL), 'the kept file has none yet');
});

test('an unknown --merge mode is a misused command line: exit 2, nothing written', async () => {
  const project = copyExampleProject('laravel-12');
  const before = readTree(project);
  const run = await runCli([...postWith('title:string'), '--merge=theirs'], project);
  assert.is(run.exitCode, 2);
  assert.match(run.stderr, 'unknown --merge "theirs"; the modes are keep and markers');
  assert.equal(readTree(project), before);
});

test('delete removes the bases with the files: the store is left empty', async () => {
  const project = copyExampleProject('laravel-12');
  await jsonRun(postWith('title:string'), project);
  assert.ok(basesOf(project).has(MODEL));
  const run = await runCli(['delete', 'Post', '--json'], project);
  assert.is(run.exitCode, 0, run.stdout);
  assert.equal([...readTree(project).keys()].filter((path) => path.startsWith('.fullapi/base/')), []);
});

test.run();
