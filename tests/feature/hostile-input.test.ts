import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { main } from '../../src/cli/main.js';
import { copyExampleProject, readTree, runCli, type CliRun } from '../support/project-tree.js';

/**
 * The defects a fuzzing campaign found, each as the input that found it: every one is an error at its place
 * (exit 1) with nothing written, never code in the generated PHP, a crash or a hang.
 */

interface Report {
  ok: boolean;
  errors: { code: string; message: string; source?: { file?: string; flag?: string; line?: number; column?: number } }[];
  warnings: { code: string }[];
}

interface Refusal {
  run: CliRun;
  report: Report;
}

/** Runs `argv --json` in a fresh project holding `files`, and checks that it failed and wrote nothing. */
async function refused(argv: readonly string[], files: Record<string, string> = {}): Promise<Refusal> {
  const project = copyExampleProject('laravel-12');
  for (const [path, content] of Object.entries(files)) writeFileSync(join(project, path), content);
  const before = readTree(project);
  const run = await runCli([...argv, '--json'], project);
  assert.equal(readTree(project), before, 'nothing is written');
  const report = JSON.parse(run.stdout) as Report;
  assert.is(report.ok, false);
  assert.is(run.exitCode, 1, run.stdout);
  return { run, report };
}

function onlyError(report: Report): Report['errors'][number] {
  assert.is(report.errors.length, 1, JSON.stringify(report.errors));
  return report.errors[0] as Report['errors'][number];
}

const INJECTION = "' . system('id') . '";

test('a pivot name that would be PHP code is refused at its place in api-schema.yaml', async () => {
  const schema = [
    'entities:',
    '  Post:',
    '    fields:',
    '      title: string',
    '    relations:',
    `      tags: { kind: belongsToMany, target: Tag, pivot: "${INJECTION}" }`,
    '  Tag:',
    '    fields:',
    '      name: string',
    '',
  ].join('\n');
  const { report } = await refused(['make'], { 'api-schema.yaml': schema });
  const problem = onlyError(report);
  assert.is(problem.code, 'invalid_identifier');
  assert.equal(problem.source, { file: 'api-schema.yaml', line: 6, column: 57 });
});

test('a pivot name that would be PHP code is refused at its place in class_data.json', async () => {
  const classData = JSON.stringify(
    [
      { name: 'Post', attributes: [{ name: 'title', _type: 'string' }], manyToManyRelationships: [{ role: 'tags', comodel: 'Tag', pivot: INJECTION }] },
      { name: 'Tag', attributes: [{ name: 'name', _type: 'string' }] },
    ],
    null,
    2,
  );
  const { report } = await refused(['make', '--schema=class_data.json'], { 'class_data.json': classData });
  const problem = onlyError(report);
  assert.is(problem.code, 'invalid_identifier');
  assert.is(problem.source?.file, 'class_data.json');
  assert.equal(problem.source, { file: 'class_data.json', line: 14, column: 19 });
});

test('a pivot name with a slash is a positioned validation error, not an internal error', async () => {
  const schema = 'entities:\n  Post:\n    relations:\n      tags: { kind: belongsToMany, target: Tag, pivot: a//b }\n  Tag:\n    fields:\n      name: string\n';
  const problem = onlyError((await refused(['make'], { 'api-schema.yaml': schema })).report);
  assert.is(problem.code, 'invalid_identifier');
  assert.equal(problem.source, { file: 'api-schema.yaml', line: 4, column: 56 });
});

for (const name of ['_', '__', '_1']) {
  test(`an entity named ${name} is refused: it would name no class, or a class starting with a digit`, async () => {
    const problem = onlyError((await refused(['make', name, '--fields=title:string'])).report);
    assert.is(problem.code, 'invalid_entity_name');
  });

  test(`a field named ${name} is refused: the DTO would get no property name`, async () => {
    const problem = onlyError((await refused(['make', 'Post', `--fields=${name}:string`])).report);
    assert.is(problem.code, 'invalid_identifier');
    assert.equal(problem.source, { flag: '--fields', column: 1 });
  });
}

test("make _ --only=Controller --force leaves the framework's own Controller.php alone", async () => {
  const problem = onlyError((await refused(['make', '_', '--fields=title:string', '--only=Controller', '--force'])).report);
  assert.is(problem.code, 'invalid_entity_name');
});

test("an entity named Database would write the application's DatabaseSeeder: refused, even with --force", async () => {
  const problem = onlyError((await refused(['make', 'Database', '--fields=name:string', '--force'])).report);
  assert.is(problem.code, 'framework_file');
  assert.match(problem.message, 'database/seeders/DatabaseSeeder.php');
  assert.equal(problem.source, { flag: '<entity>' });
});

test('a YAML file of 3,000 nested sequences is too deep, at its place', async () => {
  const problem = onlyError((await refused(['make'], { 'api-schema.yaml': `entities: ${'['.repeat(3000)}${']'.repeat(3000)}\n` })).report);
  assert.is(problem.code, 'too_deep');
  assert.is(problem.source?.file, 'api-schema.yaml');
  assert.is(problem.source?.line, 1);
});

test('a YAML file of 3,000 nested block sequences is too deep, at its place', async () => {
  const problem = onlyError((await refused(['make'], { 'api-schema.yaml': `entities:\n  ${'- '.repeat(3000)}x\n` })).report);
  assert.is(problem.code, 'too_deep');
  assert.is(problem.source?.line, 2);
});

test('YAML anchors nesting deeper than the limit through aliases are too deep', async () => {
  const anchors = Array.from({ length: 100 }, (_, i) => `a${i + 1}: &a${i + 1} [${i === 0 ? 'x' : `*a${i}`}]`);
  const problem = onlyError((await refused(['make'], { 'api-schema.yaml': `${anchors.join('\n')}\nentities: *a100\n` })).report);
  assert.is(problem.code, 'too_deep');
});

test('a class_data.json of 5,000 [ is too deep, at its place', async () => {
  const problem = onlyError((await refused(['make', '--schema=class_data.json'], { 'class_data.json': '['.repeat(5000) })).report);
  assert.is(problem.code, 'too_deep');
  assert.equal(problem.source, { file: 'class_data.json', line: 1, column: 65 });
});

test('a YAML alias bomb (7 levels of 10 aliases) is refused instead of expanded', async () => {
  const levels = ['a0: &a0 [x]'];
  for (let level = 1; level <= 7; level++) levels.push(`a${level}: &a${level} [${Array.from({ length: 10 }, () => `*a${level - 1}`).join(', ')}]`);
  const problem = onlyError((await refused(['make'], { 'api-schema.yaml': `${levels.join('\n')}\nentities: *a7\n` })).report);
  assert.is(problem.code, 'too_large');
  assert.is(problem.source?.file, 'api-schema.yaml');
});

test('20,000-character words get no "did you mean" (which would compare them letter by letter)', async () => {
  const long = 'x'.repeat(20_000);
  const enumDefault = `entities:\n  Post:\n    fields:\n      status: enum(${long}) default=${long}y\n`;
  assert.ok((await refused(['make'], { 'api-schema.yaml': enumDefault })).report.errors.length > 0);
  const target = `entities:\n  P${long}:\n    relations:\n      owner: belongsTo Q${long}\n`;
  const problems = (await refused(['make'], { 'api-schema.yaml': target })).report.errors;
  assert.ok(problems.length > 0);
  assert.ok(problems.every((problem) => problem.source?.line !== undefined));
});

test('an exception escaping the pipeline is an internal_error naming the input, exit 70, nothing written', async () => {
  const project = copyExampleProject('laravel-12');
  const before = readTree(project);
  let stderr = '';
  // The clock stands for any part of a run that throws where no stage expected it.
  const exitCode = await main(['make', '--schema=-'], {
    stdout: () => undefined,
    stderr: (text) => (stderr += text),
    readStdin: () => 'entities:\n  Post:\n    fields:\n      title: string\n',
    cwd: project,
    colors: false,
    now: () => {
      throw new Error('the clock stopped');
    },
  });
  assert.is(exitCode, 70);
  assert.match(stderr, 'error[internal_error]');
  assert.match(stderr, 'fullapi failed on standard input: the clock stopped');
  assert.match(stderr, 'Please report it');
  assert.equal(readTree(project), before);
});

test('a misused command line is still exit 2', async () => {
  const run = await runCli(['make', 'Post', '--no-such-flag'], copyExampleProject('laravel-12'));
  assert.is(run.exitCode, 2);
});

const BOM = '\uFEFF';

test('a class_data.json record starting with a byte-order mark is read, and kept a list of entities', async () => {
  const project = copyExampleProject('laravel-12');
  writeFileSync(join(project, 'class_data.json'), `${BOM}[]\n`);
  const run = await runCli(['make', 'Post', '--fields=title:string'], project);
  assert.is(run.exitCode, 0, run.stderr);
  assert.match(readTree(project).get('class_data.json') ?? '', '"name": "Post"');
});

test('a broken class_data.json record is an error at its line and column', async () => {
  const problem = onlyError((await refused(['make', 'Post', '--fields=title:string'], { 'class_data.json': `${BOM}[\n  {"name" }\n]\n` })).report);
  assert.is(problem.code, 'invalid_class_data');
  assert.equal(problem.source, { file: 'class_data.json', line: 2, column: 11 });
});

test('schema files starting with a byte-order mark are read, with columns as the editor shows them', async () => {
  const project = copyExampleProject('laravel-12');
  writeFileSync(join(project, 'api-schema.yaml'), `${BOM}entities:\n  Post:\n    fields:\n      title: strng\n`);
  const report = JSON.parse((await runCli(['make', '--json'], project)).stdout) as Report;
  assert.equal(onlyError(report).source, { file: 'api-schema.yaml', line: 4, column: 14 });
  writeFileSync(join(project, 'api-schema.yaml'), `${BOM}entities:\n  Post:\n    fields:\n      title: string\n`);
  assert.is((await runCli(['make'], project)).exitCode, 0);
});

test.run();
