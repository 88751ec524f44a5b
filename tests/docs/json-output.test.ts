import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DIAGNOSTIC_CODES } from '../../src/diagnostics/codes.js';
import { copyExampleProject, runCli } from '../support/project-tree.js';
import { repoRoot } from '../support/repo-root.js';
import { reportSchema } from './pages/report-schema.js';

/**
 * schemas/report.schema.json is the `--json` document's contract: generated from the codes and file actions
 * (FULLAPI_REFRESH_GOLDEN=1 rewrites it), and checked here against what real commands print, on success, with
 * warnings, and with errors at a flag and in a file.
 */
const refresh = process.env['FULLAPI_REFRESH_GOLDEN'] === '1';
const SCHEMA_PATH = join(repoRoot(), 'schemas', 'report.schema.json');

/** Compiled from the committed file at each use, so that the golden test above may write it first. */
function committedSchemaValidator() {
  return new Ajv2020({ allErrors: true, strict: true }).compile(JSON.parse(readFileSync(SCHEMA_PATH, 'utf8')) as object);
}

interface Printed {
  ok: boolean;
  files: { path: string; action: string }[];
  warnings: { code: string; path?: string; source?: Record<string, unknown> }[];
  errors: { code: string; source?: Record<string, unknown> }[];
  stubs?: string[];
}

/** Runs a command with --json; fails unless stdout is one document the schema accepts. */
async function printed(argv: readonly string[], project: string): Promise<{ exitCode: number; report: Printed }> {
  const run = await runCli([...argv, '--json'], project);
  const report: unknown = JSON.parse(run.stdout);
  const validator = committedSchemaValidator();
  assert.ok(validator(report), `${argv.join(' ')}: ${JSON.stringify(validator.errors, null, 2)}\n${run.stdout}`);
  return { exitCode: run.exitCode, report: report as Printed };
}

test('schemas/report.schema.json is what the code says', () => {
  const rendered = `${JSON.stringify(reportSchema(), null, 2)}\n`;
  if (refresh) writeFileSync(SCHEMA_PATH, rendered);
  assert.fixture(readFileSync(SCHEMA_PATH, 'utf8'), rendered);
});

test("the schema's codes are every diagnostic code", () => {
  const schema = JSON.parse(readFileSync(SCHEMA_PATH, 'utf8')) as { $defs: { code: { enum: string[] } } };
  assert.equal(schema.$defs.code.enum, Object.keys(DIAGNOSTIC_CODES));
});

test('make: created files, then a hand-edited file kept with a warning at its path', async () => {
  const project = copyExampleProject('laravel-12');
  const fields = ['Post', '--fields=title:string,body:text'];
  const first = await printed(['make', ...fields], project);
  assert.is(first.exitCode, 0);
  assert.ok(first.report.ok);
  assert.ok(first.report.files.some((file) => file.path === 'app/Models/Post.php' && file.action === 'created'));
  writeFileSync(join(project, 'app/Models/Post.php'), '<?php\n// mine\n');
  const again = await printed(['make', ...fields], project);
  assert.is(again.exitCode, 0);
  assert.equal(
    again.report.warnings.filter((warning) => warning.code === 'modified_file_kept').map((warning) => warning.path),
    ['app/Models/Post.php'],
  );
});

test('make: an error at a flag, with its column', async () => {
  const { exitCode, report } = await printed(['make', 'Post', '--fields=title:strin'], copyExampleProject('laravel-12'));
  assert.is(exitCode, 1);
  assert.not.ok(report.ok);
  assert.equal(report.files, []);
  assert.equal(report.errors[0]?.source, { flag: '--fields', column: 7 });
});

test('make: a diagram warning at its file, line and column', async () => {
  const project = copyExampleProject('laravel-12');
  writeFileSync(join(project, 'model.mmd'), 'erDiagram\n  POST {\n    string title\n  }\n  style POST fill:#f9f\n');
  const { exitCode, report } = await printed(['make', '--mermaid', 'model.mmd', '--dry-run'], project);
  assert.is(exitCode, 0);
  const ignored = report.warnings.find((warning) => warning.code === 'diagram_element_ignored');
  assert.equal(ignored?.source, { file: 'model.mmd', line: 5, column: 3 });
});

test('validate: an error in a schema file, at its line and column', async () => {
  const project = copyExampleProject('laravel-12');
  writeFileSync(join(project, 'api-schema.yaml'), 'entities:\n  Post:\n    fields:\n      title: strin\n');
  const { exitCode, report } = await printed(['validate', 'api-schema.yaml'], project);
  assert.is(exitCode, 1);
  assert.equal(
    report.errors.map((error) => [error.code, error.source?.['file'], error.source?.['line']]),
    [['unknown_field_type', 'api-schema.yaml', 4]],
  );
});

test('validate-stubs lists the stubs it checked', async () => {
  const project = copyExampleProject('laravel-12');
  mkdirSync(join(project, 'stubs/vendor/fullapi'), { recursive: true });
  writeFileSync(join(project, 'stubs/vendor/fullapi/enum.stub'), '<?php {{nothing}}\n');
  const { exitCode, report } = await printed(['validate-stubs'], project);
  assert.is(exitCode, 1);
  assert.equal(report.stubs, ['stubs/vendor/fullapi/enum.stub']);
  assert.ok(report.errors.some((error) => error.code === 'unknown_placeholder'));
});

test('publish, clean-routes and delete print the same document', async () => {
  const project = copyExampleProject('laravel-12');
  assert.is((await printed(['publish', 'config'], project)).exitCode, 0);
  await printed(['make', 'Post', '--fields=title:string'], project);
  assert.is((await printed(['clean-routes'], project)).exitCode, 0);
  const deleted = await printed(['delete', 'Post'], project);
  assert.is(deleted.exitCode, 0);
  assert.ok(deleted.report.files.some((file) => file.path === 'app/Models/Post.php' && file.action === 'deleted'));
});

test.run();
