import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { STUB_NAMES } from '../../src/emit/artifact-table.js';
import { findPackageRoot } from '../../src/project/fs/package-root.js';
import { readProject } from '../../src/project/read/read-project.js';
import { nodeFs } from '../../src/project/fs/project-fs.js';
import { copyExampleProject, readTree, runCli } from '../support/project-tree.js';

const CONFIG = 'config/api-generator.php';

test('publish config writes the page sizes the project reader reads back', async () => {
  const project = copyExampleProject('laravel-12');
  const run = await runCli(['publish', 'config'], project);
  assert.is(run.exitCode, 0, run.stderr);
  assert.match(run.stdout, `created    ${CONFIG}`);
  const published = readFileSync(join(project, CONFIG), 'utf8');
  writeFileSync(join(project, CONFIG), published.replace("'per_page' => 15", "'per_page' => 25").replace("'max_per_page' => 100", "'max_per_page' => 50"));
  const facts = readProject(project).snapshot?.facts;
  assert.equal([facts?.perPage, facts?.maxPerPage], [25, 50]);
});

test('the generated service and its tests take the page sizes of the published config', async () => {
  const project = copyExampleProject('laravel-12');
  await runCli(['publish', 'config'], project);
  const config = join(project, CONFIG);
  writeFileSync(config, readFileSync(config, 'utf8').replace("'per_page' => 15", "'per_page' => 25").replace("'max_per_page' => 100", "'max_per_page' => 50"));
  assert.is((await runCli(['make', 'Post', '--fields=title:string'], project)).exitCode, 0);
  const service = readFileSync(join(project, 'app/Services/PostService.php'), 'utf8');
  assert.match(service, 'private const PER_PAGE = 25;');
  assert.match(service, 'private const MAX_PER_PAGE = 50;');
  assert.match(readFileSync(join(project, 'tests/Feature/PostControllerTest.php'), 'utf8'), "->assertJsonPath('meta.per_page', 50)");
});

test('publishing again keeps the edited copy; --force resets it', async () => {
  const project = copyExampleProject('laravel-12');
  await runCli(['publish', 'config'], project);
  const edited = readFileSync(join(project, CONFIG), 'utf8').replace("'per_page' => 15", "'per_page' => 30");
  writeFileSync(join(project, CONFIG), edited);
  const again = JSON.parse((await runCli(['publish', 'config', '--json'], project)).stdout) as { warnings: { code: string }[] };
  assert.equal(again.warnings.map((w) => w.code), ['modified_file_kept']);
  assert.is(readFileSync(join(project, CONFIG), 'utf8'), edited);
  await runCli(['publish', 'config', '--force'], project);
  assert.match(readFileSync(join(project, CONFIG), 'utf8'), "'per_page' => 15,");
});

test('a write the disk refuses lists no file as created', async () => {
  const project = copyExampleProject('laravel-12');
  writeFileSync(join(project, 'config'), '');
  const run = await runCli(['publish', 'config'], project);
  assert.is(run.exitCode, 1);
  assert.is(run.stdout, '');
  assert.match(run.stderr, `error[write_failed] Could not write ${CONFIG}: ENOTDIR`);
  assert.match(run.stderr, 'No file was changed.');
  assert.not.match(run.stderr, 'Nothing was written.', 'the failure says once what became of the project');
});

test('only config and stubs can be published: anything else is a misused command line (exit 2), and nothing is written', async () => {
  const project = copyExampleProject('laravel-12');
  const before = readTree(project);
  const run = await runCli(['publish', 'stubz'], project);
  assert.is(run.exitCode, 2);
  assert.match(run.stderr, '"stubz" cannot be published; what can be is config or stubs');
  assert.equal(readTree(project), before);
});

const STUBS = 'stubs/vendor/fullapi';
const builtIn = (name: string): string => readFileSync(join(findPackageRoot(nodeFs) ?? '', 'stubs', `${name}.stub`), 'utf8');

test('publish stubs copies every built-in stub, and make then reads the copies', async () => {
  const project = copyExampleProject('laravel-12');
  const run = await runCli(['publish', 'stubs'], project);
  assert.is(run.exitCode, 0, run.stderr);
  for (const name of STUB_NAMES) {
    assert.match(run.stdout, `created    ${STUBS}/${name}.stub`);
    assert.is(readFileSync(join(project, STUBS, `${name}.stub`), 'utf8'), builtIn(name));
  }
  writeFileSync(join(project, STUBS, 'policy.stub'), `// customised\n${builtIn('policy')}`);
  assert.is((await runCli(['make', 'Post', '--fields=title:string'], project)).exitCode, 0);
  assert.match(readFileSync(join(project, 'app/Policies/PostPolicy.php'), 'utf8'), /^\/\/ customised\n/);
});

test('publish stubs with names copies those only; an edited copy is kept unless --force', async () => {
  const project = copyExampleProject('laravel-12');
  assert.is((await runCli(['publish', 'stubs', 'model', 'dto'], project)).exitCode, 0);
  assert.equal(readdirSync(join(project, STUBS)).sort(), ['dto.stub', 'model.stub']);
  const edited = `{{namespace}}\n${builtIn('model')}`;
  writeFileSync(join(project, STUBS, 'model.stub'), edited);
  const again = JSON.parse((await runCli(['publish', 'stubs', 'model', 'dto', '--json'], project)).stdout) as { warnings: { code: string; path: string }[] };
  assert.equal(again.warnings, [{ code: 'modified_file_kept', message: `${STUBS}/model.stub exists and was kept; run with --force to replace it with fullapi's model.stub.`, path: `${STUBS}/model.stub` }]);
  assert.is(readFileSync(join(project, STUBS, 'model.stub'), 'utf8'), edited);
  assert.is((await runCli(['publish', 'stubs', 'model', '--force'], project)).exitCode, 0);
  assert.is(readFileSync(join(project, STUBS, 'model.stub'), 'utf8'), builtIn('model'));
});

test('publish stubs --dry-run writes nothing', async () => {
  const project = copyExampleProject('laravel-12');
  const before = readTree(project);
  const run = await runCli(['publish', 'stubs', 'seeder', '--dry-run'], project);
  assert.is(run.exitCode, 0, run.stderr);
  assert.match(run.stdout, `${STUBS}/seeder.stub`);
  assert.equal(readTree(project), before);
});

test('an unknown stub name (request, which 4.0 no longer reads, too) is a misused command line, and nothing is written', async () => {
  const project = copyExampleProject('laravel-12');
  const before = readTree(project);
  const run = await runCli(['publish', 'stubs', 'model', 'request', 'modle'], project);
  assert.is(run.exitCode, 2);
  assert.match(run.stderr, `no stub is named "request", "modle"; the stubs are ${STUB_NAMES.join(', ')}.`);
  assert.equal(readTree(project), before);
  const config = await runCli(['publish', 'config', 'model'], project);
  assert.is(config.exitCode, 2);
  assert.match(config.stderr, 'publish config takes no name');
});

test.run();
