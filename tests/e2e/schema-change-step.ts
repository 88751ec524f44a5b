import { copyFileSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { type MakeReport, runCliReport, runMakeFromSchema } from './fullapi.js';
import { describeAnswer, type ApiClient, withServedApp } from './http.js';
import type { PhpRunner } from './php-runner.js';
import { applyHandEdit } from './scenario-runner.js';
import type { HandEdit } from './scenario.js';

const ARTISAN_TIMEOUT_MS = 120_000;

/** A schema changed after its tables were migrated and hold rows (tests/e2e/schemas/schema-change-*). */
export interface SchemaChange {
  /** Version 2 of the scenario's schema file, copied over it. */
  schemaFile: string;
  /** The table whose columns change, and its route segment. */
  table: string;
  segment: string;
  /** A row stored through the API before the change. */
  row: Readonly<Record<string, unknown>>;
  /** What the API answers for that row after `php artisan migrate`: values moved and converted. */
  rowAfter: Readonly<Record<string, unknown>>;
  /** Attributes the row no longer has. */
  gone: readonly string[];
  /** A row of version 2, stored after the migration. */
  newRow: Readonly<Record<string, unknown>>;
  /** The table's columns at version 1, which `migrate:rollback` must give back. */
  columnsBefore: readonly string[];
  /** The table's indexes over several columns (their columns joined by commas, sorted) at version 1, which `migrate:rollback` must give back, and at version 2. */
  compoundIndexesBefore: readonly string[];
  compoundIndexesAfter: readonly string[];
  /** Made once the row is stored, before version 2: each line must still be there after the make. */
  edits: readonly HandEdit[];
  /** The edited files whose generation version 2 changes: they must come back `merged` (the others are kept as they are). */
  merged: readonly string[];
  /** A route the edits add, and what it answers once `newRow` is stored: the hand edits and version 2 at work together. */
  editedRoute: { path: string; answer: Readonly<Record<string, unknown>> };
}

/**
 * The schema changes once the database holds rows: `php artisan migrate` (not fresh), a row stored, the model,
 * the controller and the routes edited by hand, the schema file replaced by version 2. A plain `fullapi make` refuses the column it would drop (`data_loss`) and writes
 * nothing; with `--allow-data-loss` it writes a migration of the changes and leaves the create migration as it
 * ran, and merges the new generation into the hand-edited files; `php artisan migrate` runs it, and the row is
 * still there with its values renamed and converted; a row of version 2 is stored, and the hand-added route
 * answers with it; `php artisan migrate:rollback` gives the table its version-1 columns back, then
 * `migrate` again. The scenario's later steps (migrate:fresh, the generated tests, Pint) cover the new files.
 */
export async function changeMigratedSchema(repo: string, app: string, php: PhpRunner, change: SchemaChange): Promise<MakeReport> {
  const artisan = (args: readonly string[]) => php.runOrThrow(['artisan', ...args, '--no-interaction'], { cwd: app, timeoutMs: ARTISAN_TIMEOUT_MS });
  await artisan(['migrate', '--force']);
  const path = `/api/${change.segment}`;
  const stored = await withServedApp(app, php.framework, (api) => expectStatus(api, 'POST', path, change.row, 201));
  const id = stored.json?.data?.id;
  for (const edit of change.edits) applyHandEdit(app, edit);
  copyFileSync(join(repo, change.schemaFile), join(app, basename(change.schemaFile)));

  const migrationsBefore = readdirSync(join(app, 'database/migrations')).sort();
  const refused = await runCliReport(repo, ['make', '--project', app, '--json'], app);
  const codes = refused.report.errors?.map((found) => found.code) ?? [];
  if (refused.status !== 1 || !codes.includes('data_loss')) throw new Error(`fullapi make did not refuse the dropped column with data_loss:\n${refused.describe}`);
  if (readdirSync(join(app, 'database/migrations')).sort().join() !== migrationsBefore.join()) throw new Error('the refused make wrote a migration');

  const allowed = await runCliReport(repo, ['make', '--allow-data-loss', '--project', app, '--json'], app);
  if (allowed.status !== 0 || !allowed.report.ok) throw new Error(allowed.describe);
  const update = allowed.report.files.find((file) => file.action === 'created' && file.path.endsWith(`_update_${change.table}_table.php`));
  if (update === undefined) throw new Error(`no update_${change.table}_table migration was created: ${JSON.stringify(allowed.report.files)}`);
  const rewritten = allowed.report.files.filter((file) => /_create_\w+_table\.php$/.test(file.path) && file.action !== 'unchanged');
  if (rewritten.length > 0) throw new Error(`create migrations that ran were rewritten: ${JSON.stringify(rewritten)}`);
  for (const edit of change.edits) {
    const action = allowed.report.files.find((file) => file.path === edit.file)?.action;
    if (change.merged.includes(edit.file) && action !== 'merged') throw new Error(`${edit.file} was ${String(action)}, not merged: ${JSON.stringify(allowed.report.warnings)}`);
    if (!readFileSync(join(app, edit.file), 'utf8').includes(edit.line)) throw new Error(`the hand edit of ${edit.file} is gone`);
  }

  const compoundIndexes = async (version: string, expected: readonly string[]) => {
    const found = (await tableShape(app, php, change.table)).compoundIndexes;
    if (found.join(' ') !== expected.join(' ')) throw new Error(`at ${version}, ${change.table} has the indexes over several columns ${found.join(' ')}, not ${expected.join(' ')}`);
  };
  await compoundIndexes('version 1', change.compoundIndexesBefore);
  const migrated = await artisan(['migrate', '--force']);
  if (!migrated.stdout.includes(basename(update.path, '.php'))) throw new Error(`php artisan migrate did not run ${update.path}:\n${migrated.stdout}`);
  await compoundIndexes('version 2', change.compoundIndexesAfter);
  await withServedApp(app, php.framework, async (api) => {
    const answer = await expectStatus(api, 'GET', `${path}/${String(id)}`, undefined, 200);
    const data = answer.json?.data ?? {};
    for (const [name, value] of Object.entries(change.rowAfter)) {
      if (JSON.stringify(data[name]) !== JSON.stringify(value)) throw new Error(`after the migration, ${name} is ${JSON.stringify(data[name])}, not ${JSON.stringify(value)}: ${describeAnswer(answer)}`);
    }
    for (const name of change.gone) if (name in data) throw new Error(`after the migration, the row still has ${name}: ${describeAnswer(answer)}`);
    const created = await expectStatus(api, 'POST', path, change.newRow, 201);
    for (const [name, value] of Object.entries(change.newRow)) {
      if (JSON.stringify(created.json?.data?.[name]) !== JSON.stringify(value)) throw new Error(`POST ${path} stored ${name} as ${JSON.stringify(created.json?.data?.[name])}: ${describeAnswer(created)}`);
    }
    const edited = await expectStatus(api, 'GET', change.editedRoute.path, undefined, 200);
    if (JSON.stringify(edited.json) !== JSON.stringify(change.editedRoute.answer)) throw new Error(`the hand-edited route answered ${describeAnswer(edited)}`);
  });

  await artisan(['migrate:rollback', '--force']);
  const { columns } = await tableShape(app, php, change.table);
  if (columns.join() !== [...change.columnsBefore].sort().join()) throw new Error(`after migrate:rollback, ${change.table} has ${columns.join(', ')}, not ${[...change.columnsBefore].sort().join(', ')}`);
  await compoundIndexes('version 1 after migrate:rollback', change.compoundIndexesBefore);
  await artisan(['migrate', '--force']);

  const again = await runMakeFromSchema(repo, app);
  // A merged file is the user's: kept from now on, unchanged.
  const changed = again.files.filter((file) => file.path.endsWith('.php') && file.action !== 'unchanged' && file.action !== 'kept');
  if (changed.length > 0) throw new Error(`a second fullapi make changed ${JSON.stringify(changed)}`);
  return allowed.report;
}

/** The table's columns, sorted, and its indexes over several columns, as the engine reports them to `db:table`. */
async function tableShape(app: string, php: PhpRunner, table: string): Promise<{ columns: string[]; compoundIndexes: string[] }> {
  const shown = await php.runOrThrow(['artisan', 'db:table', table, '--json', '--no-interaction'], { cwd: app, timeoutMs: ARTISAN_TIMEOUT_MS });
  type Listed<T> = T[] | Record<string, T>;
  const parsed = JSON.parse(shown.stdout.slice(shown.stdout.indexOf('{'))) as { columns?: Listed<{ column: string }>; indexes?: Listed<{ columns: string[] }> };
  return {
    columns: Object.values(parsed.columns ?? {}).map((column) => column.column).sort(),
    compoundIndexes: Object.values(parsed.indexes ?? {}).flatMap((index) => (index.columns.length > 1 ? [index.columns.join(',')] : [])).sort(),
  };
}

async function expectStatus(api: ApiClient, method: string, path: string, body: unknown, status: number) {
  const answer = await api.send(method, path, body);
  if (answer.status !== status) throw new Error(`expected ${status}: ${describeAnswer(answer)}`);
  return answer;
}
