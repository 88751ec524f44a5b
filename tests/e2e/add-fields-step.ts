import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrateFreshAndSeed } from './app-checks.js';
import { type MakeReport, runMakeAddingFields, runMakeFromSchema } from './fullapi.js';
import { describeAnswer, type ApiClient, withServedApp } from './http.js';
import type { PhpRunner } from './php-runner.js';
import { applyHandEdit } from './scenario-runner.js';
import type { FieldsAddedLater } from './scenario.js';

const ARTISAN_TIMEOUT_MS = 120_000;

/**
 * `make <Entity> --add-fields` on a migrated database with rows, as a user runs it days after the first make:
 * a row is stored through the API, the model, the controller and the resource are edited by hand, the fields
 * are added, and `php artisan migrate` (not fresh) runs the new migration. The rows are still there, the new
 * columns are written through the API and answered by the hand-edited resource, and the hand edits are in
 * their files; a bare `fullapi make` then changes no PHP file. Returns the run's report, whose files the Pint
 * check covers.
 */
export async function addFieldsToMigratedTable(repo: string, app: string, php: PhpRunner, added: FieldsAddedLater): Promise<MakeReport> {
  await migrateFreshAndSeed(app, php);
  const path = `/api/${added.segment}`;
  const before = await withServedApp(app, php.framework, async (api) => {
    await expectStatus(api, 'POST', path, added.row, 201);
    return rowCount(api, path);
  });
  for (const edit of added.edits) applyHandEdit(app, edit);
  const report = await runMakeAddingFields(repo, added.entity, added.fields, app);
  const unexpected = report.warnings.filter((warning) => !(warning.code === 'modified_file_kept' && added.edits.some((edit) => edit.file === warning.path)));
  if (unexpected.length > 0) throw new Error(`warnings of --add-fields: ${JSON.stringify(unexpected)}`);
  const migration = report.files.find((file) => file.action === 'created' && /_add_\w+_to_\w+_table\.php$/.test(file.path));
  if (migration === undefined) throw new Error(`--add-fields created no add_..._to_..._table migration: ${JSON.stringify(report.files)}`);
  const migrated = await php.runOrThrow(['artisan', 'migrate', '--force', '--no-interaction'], { cwd: app, timeoutMs: ARTISAN_TIMEOUT_MS });
  if (!migrated.stdout.includes(migration.path.replace(/^database\/migrations\/|\.php$/g, ''))) throw new Error(`php artisan migrate did not run ${migration.path}:\n${migrated.stdout}`);
  await withServedApp(app, php.framework, async (api) => {
    const after = await rowCount(api, path);
    if (after !== before) throw new Error(`${before} rows before --add-fields, ${after} after php artisan migrate`);
    const stored = await expectStatus(api, 'POST', path, { ...added.row, ...added.newValues }, 201);
    for (const [name, value] of Object.entries(added.newValues)) {
      if (stored.json?.data?.[name] !== value) throw new Error(`POST ${path} stored ${name} as ${JSON.stringify(stored.json?.data?.[name])}, not ${JSON.stringify(value)}`);
    }
  });
  for (const edit of added.edits) {
    if (!readFileSync(join(app, edit.file), 'utf8').includes(edit.line)) throw new Error(`the hand edit of ${edit.file} is gone`);
  }
  // Regenerated from class_data.json later, the altered table must not get its added columns in its create
  // migration: the migrate:fresh after this step would then add them twice.
  const regenerated = await runMakeFromSchema(repo, app);
  const rewritten = regenerated.files.filter((file) => file.path.endsWith('.php') && file.action !== 'unchanged' && file.action !== 'kept');
  if (rewritten.length > 0) throw new Error(`a bare fullapi make after --add-fields rewrote ${JSON.stringify(rewritten)}`);
  return report;
}

async function expectStatus(api: ApiClient, method: string, path: string, body: unknown, status: number) {
  const answer = await api.send(method, path, body);
  if (answer.status !== status) throw new Error(`expected ${status}: ${describeAnswer(answer)}`);
  return answer;
}

async function rowCount(api: ApiClient, path: string): Promise<number> {
  const answer = await expectStatus(api, 'GET', path, undefined, 200);
  const total = answer.json?.meta?.total;
  if (typeof total !== 'number') throw new Error(`GET ${path} has no meta.total: ${describeAnswer(answer)}`);
  return total;
}
