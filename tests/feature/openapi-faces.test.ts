import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyExampleProject, readTree, runCli } from '../support/project-tree.js';
import { repoRoot } from '../support/repo-root.js';
import { withWatchCli } from '../support/watch-session.js';

// Every command that names a file reads an OpenAPI document as one, told by its openapi or swagger key.

const fixture = (name: string): string => join(repoRoot(), 'tests', 'fixtures', 'openapi', name);

function projectWith(...names: string[]): string {
  const project = copyExampleProject('laravel-12');
  for (const name of names) cpSync(fixture(name), join(project, name), { recursive: true });
  return project;
}

async function inProject(names: readonly string[], body: (project: string) => Promise<void>): Promise<void> {
  const project = projectWith(...names);
  try {
    await body(project);
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}

test('validate reads a document given as a file argument, with --openapi, or on standard input; a broken one is an error at its place', () =>
  inProject(['clinic-3.0.yaml', 'store-2.0.json', 'missing-ref.yaml', 'not-openapi.yaml'], async (project) => {
    const both = await runCli(['validate', 'clinic-3.0.yaml', '--openapi', 'store-2.0.json'], project);
    assert.is(both.exitCode, 0, both.stderr);
    assert.match(both.stdout, 'clinic-3.0.yaml is valid: 4 entities.');
    assert.match(both.stdout, /store-2\.0\.json is valid: \d+ entit/);
    assert.match(both.stderr, 'warning[openapi_schema_skipped] clinic-3.0.yaml:69:5: schema OwnerInput');

    const piped = await runCli(['validate', '-'], project, undefined, readFileSync(join(project, 'clinic-3.0.yaml'), 'utf8'));
    assert.is(piped.exitCode, 0, piped.stderr);
    assert.match(piped.stdout, '<stdin> is valid: 4 entities.');

    const broken = await runCli(['validate', 'missing-ref.yaml'], project);
    assert.is(broken.exitCode, 1);
    assert.match(broken.stderr, 'error[openapi_unresolved_ref] missing-ref.yaml:13:17:');
    assert.match(broken.stderr, 'error[openapi_unresolved_ref] missing-ref.yaml:17:17: $ref "./toys.yaml" cannot be resolved: no such file\n');

    // --openapi says what the file is: one without the key is not read as a schema file instead.
    const forced = await runCli(['validate', '--openapi', 'not-openapi.yaml', '--json'], project);
    assert.is(forced.exitCode, 1);
    assert.equal((JSON.parse(forced.stdout) as { errors: { code: string }[] }).errors.map((found) => found.code), ['openapi_not_supported']);
  }));

test('make --schema of a document reads it as one, as --openapi does', () =>
  inProject(['clinic-3.0.yaml'], async (project) => {
    const planned = async (flag: string): Promise<string[]> => {
      const run = await runCli(['make', flag, 'clinic-3.0.yaml', '--dry-run', '--json'], project);
      assert.is(run.exitCode, 0, run.stderr);
      return (JSON.parse(run.stdout) as { files: { path: string }[] }).files.map((file) => file.path);
    };
    const schema = await planned('--schema');
    assert.ok(schema.includes('app/Models/Owner.php'), schema.join(', '));
    assert.equal(schema, await planned('--openapi'));
  }));

test('diagram --from draws the entities of a document; openapi <document> writes the document of the API generated from it', () =>
  inProject(['clinic-3.0.yaml'], async (project) => {
    const drawn = await runCli(['diagram', '--from', 'clinic-3.0.yaml'], project);
    assert.is(drawn.exitCode, 0, drawn.stderr);
    assert.match(drawn.stdout, /^erDiagram\n/);
    for (const entity of ['Owner', 'Pet', 'Vet', 'Clinic']) assert.match(drawn.stdout, new RegExp(`^    ${entity} \\{$`, 'm'), entity);
    assert.match(drawn.stdout, /Owner \|\|--o\{ Pet/);

    const documented = await runCli(['openapi', 'clinic-3.0.yaml'], project);
    assert.is(documented.exitCode, 0, documented.stderr);
    const document = JSON.parse(documented.stdout) as { openapi: string; paths: Record<string, unknown> };
    assert.is(document.openapi, '3.1.0');
    assert.ok(document.paths['/api/owners/{owner}'], Object.keys(document.paths).join(', '));
    assert.match(documented.stderr, 'openapi_schema_skipped', 'what the document skips is said on stderr');
    assert.not.ok(existsSync(join(project, 'app', 'Models', 'Owner.php')), 'nothing is generated');
  }));

test('watch a document split over files: a save of a file it names regenerates its entity, a $ref that breaks writes nothing', () =>
  inProject(['split'], async (project) => {
    const author = join(project, 'split', 'schemas', 'author.yaml');
    await withWatchCli(['watch', 'split/api.yaml'], project, async (watch) => {
      await watch.waitForRuns(1, 'the first generation');
      assert.ok(existsSync(join(project, 'app', 'Models', 'Book.php')), watch.stderr());
      writeFileSync(author, `${readFileSync(author, 'utf8')}  born_on:\n    type: string\n    format: date\n`);
      await watch.waitForRuns(2, 'the run of the saved author.yaml');
      assert.match(readFileSync(join(project, 'app', 'Models', 'Author.php'), 'utf8'), "'born_on' => 'date:Y-m-d'");

      const good = readTree(project);
      writeFileSync(author, `${readFileSync(author, 'utf8')}  agent:\n    $ref: '#/Nobody'\n`);
      await watch.waitForRuns(3, 'the run of the broken save');
      assert.match(watch.stderr(), /error\[openapi_unresolved_ref\] split\/schemas\/author\.yaml:\d+:\d+: \$ref "#\/Nobody"/);
      const after = readTree(project);
      assert.equal([...after.keys()].filter((path) => after.get(path) !== good.get(path) && path !== 'split/schemas/author.yaml'), []);
      assert.is(await watch.interrupt(), 0);
    });
  }));

test.run();
