import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { STUB_NAMES } from '../../src/emit/artifact-table.js';
import { copyExampleProject, readTree, runCli } from '../support/project-tree.js';
import { builtInStubs } from '../support/entities.js';

const STUBS = 'stubs/vendor/fullapi';

interface JsonErrors {
  ok: boolean;
  stubs: string[];
  errors: { code: string; message: string; source?: { file: string; line?: number; column?: number } }[];
}

function publish(project: string, name: string, text: string): void {
  mkdirSync(join(project, STUBS), { recursive: true });
  writeFileSync(join(project, STUBS, `${name}.stub`), text);
}

async function jsonRun(project: string): Promise<{ exitCode: number; report: JsonErrors }> {
  const run = await runCli(['validate-stubs', '--json'], project);
  return { exitCode: run.exitCode, report: JSON.parse(run.stdout) as JsonErrors };
}

test('no published stub: nothing to check, exit 0', async () => {
  const project = copyExampleProject('laravel-12');
  const run = await runCli(['validate-stubs'], project);
  assert.is(run.exitCode, 0, run.stderr);
  assert.is(run.stdout, `No stub is published in ${STUBS}/ or stubs/vendor/laravel-api-generator/: fullapi uses its own.\n`);
});

test('the copies publish stubs writes are all up to date', async () => {
  const project = copyExampleProject('laravel-12');
  assert.is((await runCli(['publish', 'stubs'], project)).exitCode, 0);
  const run = await runCli(['validate-stubs'], project);
  assert.is(run.exitCode, 0, run.stderr);
  assert.match(run.stdout, `${STUB_NAMES.length} published stubs are up to date: ${STUBS}/model.stub, `);
});

test('a 3.x name is reported renamed at its line and column, and the 4.0 name as missing', async () => {
  const project = copyExampleProject('laravel-12');
  const dto = builtInStubs().dto.replace('{{attributesFromValidated}}', '{{attributesFromRequest}}');
  publish(project, 'dto', dto);
  const line = dto.split('\n').findIndex((text) => text.includes('{{attributesFromRequest}}')) + 1;
  const column = (dto.split('\n')[line - 1] ?? '').indexOf('{{') + 1;
  const { exitCode, report } = await jsonRun(project);
  assert.is(exitCode, 1);
  assert.equal(
    report.errors.map((e) => [e.code, e.source]),
    [
      ['missing_placeholder', { file: `${STUBS}/dto.stub` }],
      ['renamed_placeholder', { file: `${STUBS}/dto.stub`, line, column }],
    ],
  );
  assert.match(report.errors[1]?.message ?? '', '{{attributesFromRequest}} of 3.x is {{attributesFromValidated}} in 4.0');
});

test('a name fullapi does not pass is reported where it is; one used in an EJS tag is not missing', async () => {
  const project = copyExampleProject('laravel-12');
  publish(project, 'policy', builtInStubs().policy.replace('{{modelVariable}}', '<%= modelVariable %>').replace('{{namespace}};', '{{namespace}}; // {{colour}}'));
  const { exitCode, report } = await jsonRun(project);
  assert.is(exitCode, 1);
  assert.equal(report.errors.map((e) => [e.code, e.source?.line, e.source?.column]), [['unknown_placeholder', 5, 29]]);
  assert.match(report.errors[0]?.message ?? '', 'fullapi passes no {{colour}} to policy.stub');
});

test('a published partial is checked against its own values', async () => {
  const project = copyExampleProject('laravel-12');
  publish(project, 'model.relations', `// {{className}}\n${builtInStubs()['model.relations']}`);
  const { exitCode, report } = await jsonRun(project);
  assert.is(exitCode, 1);
  assert.equal(report.stubs, [`${STUBS}/model.relations.stub`]);
  assert.equal(report.errors.map((e) => [e.code, e.source?.file, e.source?.line]), [['unknown_placeholder', `${STUBS}/model.relations.stub`, 1]]);
  assert.match(report.errors[0]?.message ?? '', 'fullapi passes no {{className}} to model.relations.stub');
  const human = await runCli(['validate-stubs'], project);
  assert.match(human.stderr, 'hint: model.relations.stub receives: {{relations}}.');
});

test('a published request.stub is reported: 4.0 no longer reads it', async () => {
  const project = copyExampleProject('laravel-12');
  publish(project, 'request', '<?php\n');
  const { exitCode, report } = await jsonRun(project);
  assert.is(exitCode, 1);
  assert.equal(report.errors.map((e) => [e.code, e.source?.file]), [['stub_not_read', `${STUBS}/request.stub`]]);
  assert.equal(report.stubs, [`${STUBS}/request.stub`]);
});

test('EJS that does not compile is reported at its line: a tag never closed, JavaScript that does not parse', async () => {
  const project = copyExampleProject('laravel-12');
  publish(project, 'enum', builtInStubs().enum.replace('{{cases}}', '{{cases}}\n    <% if (cases { %>x<% } %>'));
  publish(project, 'seeder', `${builtInStubs().seeder}\n  <% forgotten\n`);
  const { exitCode, report } = await jsonRun(project);
  assert.is(exitCode, 1);
  const enumLine = builtInStubs().enum.split('\n').findIndex((text) => text.includes('{{cases}}')) + 2;
  const seederLine = builtInStubs().seeder.split('\n').length + 1;
  assert.equal(
    report.errors.map((e) => [e.code, e.source]),
    [
      ['invalid_stub', { file: `${STUBS}/enum.stub`, line: enumLine, column: 5 }],
      ['invalid_stub', { file: `${STUBS}/seeder.stub`, line: seederLine, column: 3 }],
    ],
  );
  assert.match(report.errors[1]?.message ?? '', 'an EJS tag <% is never closed by %>');
});

test('--format github annotates each problem at its file, line and column; nothing is written', async () => {
  const project = copyExampleProject('laravel-12');
  publish(project, 'resource', builtInStubs().resource.replace('{{className}}', '{{klass}}'));
  const before = readTree(project);
  const run = await runCli(['api-generator:validate-stubs', '--format', 'github'], project);
  assert.is(run.exitCode, 1);
  const line = builtInStubs().resource.split('\n').findIndex((text) => text.includes('{{className}}')) + 1;
  const lines = run.stdout.trim().split('\n');
  assert.ok(lines.includes(`::error file=${STUBS}/resource.stub,line=${line},col=7,endColumn=16,title=unknown_placeholder::fullapi passes no {{klass}} to resource.stub`), run.stdout);
  assert.ok(lines.some((text) => text.startsWith(`::error file=${STUBS}/resource.stub,title=missing_placeholder::lacks {{className}}`)), run.stdout);
  assert.equal(readTree(project), before);
  assert.is((await runCli(['validate-stubs', '--format', 'gitlab'], project)).exitCode, 2);
});

test('the 3.x model stub of the golden case gets named the 4.0 placeholders it has no 3.x name of, and generates all the same', async () => {
  const project = copyExampleProject('laravel-12');
  const legacy = readFileSync(new URL('../../../tests/fixtures/published-3x-stubs/project/stubs/vendor/fullapi/model.stub', import.meta.url), 'utf8');
  publish(project, 'model', legacy);
  const { report } = await jsonRun(project);
  assert.equal(report.errors.map((e) => e.message.replace(/, which .*/, '')), ['lacks {{namespace}}', 'lacks {{docblock}}', 'lacks {{classAttributes}}']);
  assert.is((await runCli(['make', 'Post', '--fields=title:string'], project)).exitCode, 0);
});

test.run();
