import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyExampleProject, runCli } from '../support/project-tree.js';
import { builtInStubs } from '../support/entities.js';

const FULLAPI = 'stubs/vendor/fullapi';
const PHP_GENERATOR = 'stubs/vendor/laravel-api-generator';
const FIXTURE_STUBS = new URL(`../../../tests/fixtures/php-generator-stubs/project/${PHP_GENERATOR}/`, import.meta.url);

function publish(project: string, folder: string, name: string, text: string): void {
  mkdirSync(join(project, folder), { recursive: true });
  writeFileSync(join(project, folder, `${name}.stub`), text);
}

interface MakeReport {
  ok: boolean;
  warnings: { code: string; message: string; path?: string }[];
}

async function make(project: string): Promise<MakeReport> {
  const run = await runCli(['make', 'Post', '--fields=title:string', '--json'], project);
  return JSON.parse(run.stdout) as MakeReport;
}

test("make reads the PHP generator's folder after fullapi's, and a warning names the stubs it supplied", async () => {
  const project = copyExampleProject('laravel-12');
  publish(project, PHP_GENERATOR, 'seeder', builtInStubs().seeder.replace('{{namespace}};', '{{namespace}};\n\n// from the PHP generator'));
  publish(project, PHP_GENERATOR, 'policy', builtInStubs().policy.replace('{{namespace}};', '{{namespace}};\n\n// from the PHP generator'));
  publish(project, FULLAPI, 'policy', builtInStubs().policy.replace('{{namespace}};', '{{namespace}};\n\n// from fullapi'));
  const report = await make(project);
  assert.ok(report.ok);
  assert.match(readFileSync(join(project, 'database/seeders/PostSeeder.php'), 'utf8'), '// from the PHP generator');
  assert.match(readFileSync(join(project, 'app/Policies/PostPolicy.php'), 'utf8'), '// from fullapi');
  assert.equal(
    report.warnings.filter((warning) => warning.code === 'php_generator_stubs').map(({ message, path }) => [message.split(';')[0], path]),
    [[`${PHP_GENERATOR}/, where the PHP generator published its stubs, supplied seeder.stub`, PHP_GENERATOR]],
  );
});

test('no warning when the folder supplies nothing fullapi reads', async () => {
  const project = copyExampleProject('laravel-12');
  publish(project, FULLAPI, 'policy', builtInStubs().policy);
  publish(project, PHP_GENERATOR, 'policy', builtInStubs().policy);
  const report = await make(project);
  assert.equal(report.warnings.filter((warning) => warning.code === 'php_generator_stubs'), []);
});

test('make refuses a 3.x placeholder 4.0 replaced, naming its replacement', async () => {
  const project = copyExampleProject('laravel-12');
  publish(project, PHP_GENERATOR, 'dto', builtInStubs().dto.replace('{{attributesFromValidated}}', '{{attributesFromRequest}}'));
  const run = await runCli(['make', 'Post', '--fields=title:string'], project);
  assert.is(run.exitCode, 1);
  assert.match(run.stderr, '{{attributesFromRequest}} of the PHP generator 3.x is {{attributesFromValidated}} in fullapi 4.0');
});

test("validate-stubs checks the PHP generator's folder: replaced names, stubs 4.0 does not read", async () => {
  const project = copyExampleProject('laravel-12');
  publish(project, PHP_GENERATOR, 'dto', builtInStubs().dto.replace('{{attributesFromValidated}}', '{{attributesFromRequest}}'));
  publish(project, PHP_GENERATOR, 'test.unit', builtInStubs()['test.unit'].replace('{{dtoArguments}}', '{{dtoConstructorArgs}}{{dtoFkArgs}}'));
  publish(project, PHP_GENERATOR, 'seed', '<?php\n');
  const run = await runCli(['validate-stubs', '--json'], project);
  assert.is(run.exitCode, 1);
  const report = JSON.parse(run.stdout) as { stubs: string[]; errors: { code: string; message: string; source?: { file: string } }[] };
  assert.equal(report.stubs, [`${PHP_GENERATOR}/dto.stub`, `${PHP_GENERATOR}/test.unit.stub`, `${PHP_GENERATOR}/seed.stub`]);
  const problems = report.errors.filter((error) => error.code !== 'missing_placeholder').map((error) => [error.code, error.source?.file, error.message]);
  assert.equal(problems, [
    ['renamed_placeholder', `${PHP_GENERATOR}/dto.stub`, '{{attributesFromRequest}} of 3.x is {{attributesFromValidated}} in 4.0'],
    ['stub_not_read', `${PHP_GENERATOR}/seed.stub`, 'is not read by fullapi 4.0: seeder.stub replaces it'],
    ['renamed_placeholder', `${PHP_GENERATOR}/test.unit.stub`, '{{dtoConstructorArgs}} of 3.x is {{dtoArguments}} in 4.0'],
    ['renamed_placeholder', `${PHP_GENERATOR}/test.unit.stub`, '{{dtoFkArgs}} of 3.x is {{dtoArguments}} in 4.0'],
  ]);
});

test("the golden case's 3.7-shaped stubs use no name validate-stubs calls unknown or replaced, nor lack a 4.0 name they hold by its 3.x name", async () => {
  const project = copyExampleProject('laravel-12');
  for (const file of readdirSync(FIXTURE_STUBS)) publish(project, PHP_GENERATOR, file.replace(/\.stub$/, ''), readFileSync(new URL(file, FIXTURE_STUBS), 'utf8'));
  const run = await runCli(['validate-stubs', '--json'], project);
  const report = JSON.parse(run.stdout) as { errors: { code: string; message: string; source?: { file: string } }[] };
  assert.equal(report.errors.filter((error) => error.code !== 'missing_placeholder'), []);
  const lacking = report.errors.map((error) => `${error.source?.file.split('/').pop() ?? ''} ${error.message.replace(/, which .*/, '')}`);
  for (const heldBy3xName of ['model.stub lacks {{docblock}}', 'model.stub lacks {{members}}', 'migrations.stub lacks {{columns}}', 'factory.stub lacks {{attributes}}', 'controller.stub lacks {{softDeleteActions}}', 'resource.stub lacks {{attributes}}']) {
    assert.not.ok(lacking.includes(heldBy3xName), heldBy3xName);
  }
});

test.run();
