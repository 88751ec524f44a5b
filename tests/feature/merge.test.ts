import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyExampleProject, readTree, runCli } from '../support/project-tree.js';

interface Report {
  ok: boolean;
  files: { path: string; action: string }[];
  warnings: { code: string; message: string; path?: string }[];
}

const MODEL = 'app/Models/Post.php';
const DTO = 'app/DTO/PostDTO.php';
const MODEL_BASE = `.fullapi/base/${MODEL}`;
const HEADLINE = '    public function headline(): string\n    {\n        return mb_strtoupper($this->title);\n    }\n';

async function jsonRun(argv: readonly string[], project: string): Promise<Report> {
  const run = await runCli([...argv, '--json'], project);
  return JSON.parse(run.stdout) as Report;
}

const postWith = (fields: string) => ['make', 'Post', `--fields=${fields}`];
const actionOf = (report: Report, path: string) => report.files.find((file) => file.path === path)?.action;
const read = (project: string, path: string) => readFileSync(join(project, path), 'utf8');

function addHeadline(project: string): void {
  const model = read(project, MODEL);
  writeFileSync(join(project, MODEL), model.replace('    use HasFactory;\n', `    use HasFactory;\n\n${HEADLINE}`));
}

test('a hand edit survives one regeneration after another, each merging from the last generation', async () => {
  const project = copyExampleProject('laravel-12');
  await jsonRun(postWith('title:string'), project);
  assert.is(read(project, MODEL_BASE), read(project, MODEL), 'the base is what fullapi wrote');
  addHeadline(project);

  const first = await jsonRun(postWith('title:string,summary:text:nullable'), project);
  assert.is(actionOf(first, MODEL), 'merged');
  assert.equal(first.warnings, []);
  const second = await jsonRun(postWith('title:string,summary:text:nullable,subtitle:string:nullable'), project);
  assert.is(actionOf(second, MODEL), 'merged');
  const model = read(project, MODEL);
  assert.match(model, HEADLINE);
  assert.match(model, "        'summary',\n        'subtitle',\n");
  assert.not.match(read(project, MODEL_BASE), 'headline', 'the base is the generation, without the hand edit');

  const again = await jsonRun(postWith('title:string,summary:text:nullable,subtitle:string:nullable'), project);
  assert.is(actionOf(again, MODEL), 'kept');
  assert.equal(again.warnings.map((warning) => warning.code), ['modified_file_kept']);
  assert.is(read(project, MODEL), model);
});

test('--dry-run merges in its report only: no file and no base copy is written', async () => {
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

test('a project without base copies (written before them) keeps a hand-edited file, as it always did', async () => {
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
  assert.ok(existsSync(join(project, `.fullapi/base/${DTO}`)), 'a file fullapi writes gets its base copy again');
  assert.not.ok(existsSync(join(project, MODEL_BASE)), 'the kept file has none yet');
});

test('an unknown --merge mode is a misused command line: exit 2, nothing written', async () => {
  const project = copyExampleProject('laravel-12');
  const before = readTree(project);
  const run = await runCli([...postWith('title:string'), '--merge=theirs'], project);
  assert.is(run.exitCode, 2);
  assert.match(run.stderr, 'unknown --merge "theirs"; the modes are keep and markers');
  assert.equal(readTree(project), before);
});

test('delete removes the base copies with the files', async () => {
  const project = copyExampleProject('laravel-12');
  await jsonRun(postWith('title:string'), project);
  assert.ok(existsSync(join(project, MODEL_BASE)));
  const run = await runCli(['delete', 'Post', '--json'], project);
  assert.is(run.exitCode, 0, run.stdout);
  assert.equal([...readTree(project).keys()].filter((path) => path.startsWith('.fullapi/base/')), []);
});

test.run();
