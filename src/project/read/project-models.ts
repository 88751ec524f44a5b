import { posix } from 'node:path';
import { warning, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { readModelClass } from '../../php/model-class.js';
import { parsePhp } from '../../php/php-source.js';
import type { ProjectModel } from '../../ir/ir.generated.js';
import { nameEntity } from '../../passes/naming.js';
import { isSecretName } from '../../passes/secrets.js';
import { absoluteLeftoverPath, type Leftover } from '../write/leftovers.js';
import { compareCodeUnits, manifestFromJson, MANIFEST_PATH, type Manifest } from '../write/manifest.js';
import { readMigration, type TableReading } from './migration-columns.js';
import { readProjectText } from '../fs/project-file.js';
import type { ProjectFs } from '../fs/project-fs.js';

/**
 * The models of the project's own: every `app/Models/<Class>.php` that fullapi's manifest does not list (it
 * did not write it; Laravel's `User` is in every application), with its table as the project's own
 * migrations (those the manifest does not list either) make it. An entity of the same name is then
 * integrated into that model instead of replacing it (src/passes/project/existing-models.ts).
 *
 * Nothing read here changes when fullapi edits the model: its table, the columns the project's migrations
 * give it (fullapi's own migrations are left out), and which of those the model hides, secrets being hidden
 * anyway. So a run that settles the project finds the same facts the next time (settled.ts).
 */

const MODELS_FOLDER = 'app/Models';
const FACTORIES_FOLDER = 'database/factories';

/**
 * The files fullapi wrote: those its manifest lists, and those the manifest of an interrupted run lists (its
 * temp file, staged before any file was put in place), which that run may have put in place already.
 */
export function writtenByFullapi(root: string, baseFs: ProjectFs, manifest: Manifest, leftovers: readonly Leftover[]): ReadonlySet<string> {
  const written = new Set(manifest.files.keys());
  for (const staged of leftovers.filter((leftover) => leftover.original === MANIFEST_PATH && leftover.purpose === 'tmp')) {
    let value: unknown;
    try {
      value = JSON.parse(baseFs.readFile(absoluteLeftoverPath(root, staged.path)));
    } catch {
      continue;
    }
    const interrupted = manifestFromJson(value);
    if (typeof interrupted !== 'string') for (const path of interrupted.files.keys()) written.add(path);
  }
  return written;
}

export function readProjectModels(
  root: string,
  fs: ProjectFs,
  written: ReadonlySet<string>,
  migrations: readonly string[],
  modelFiles: readonly string[],
): { models?: ProjectModel[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const models: { model: ProjectModel; hidden: ReadonlySet<string> }[] = [];
  for (const fileName of modelFiles) {
    const path = `${MODELS_FOLDER}/${fileName}`;
    if (written.has(path)) continue;
    const read = readProjectText(root, path, fs);
    if (read.status === 'failed') return { diagnostics: [read.diagnostic] };
    if (read.status === 'missing') continue;
    const parsed = parsePhp(path, read.text);
    const modelClass = parsed.ok ? readModelClass(parsed.value) : parsed;
    if (!modelClass.ok) {
      diagnostics.push(unreadableModel(path, modelClass.diagnostic));
      continue;
    }
    const { className, table, hidden } = modelClass.value;
    // Only the class the file is named after is the model Laravel's autoloader finds there.
    if (`${className}.php` !== fileName) continue;
    const factory = `${FACTORIES_FOLDER}/${className}Factory.php`;
    const ownFactory = !written.has(factory) && fs.exists(posix.join(root, factory));
    models.push({
      model: { className, path, table: table ?? nameEntity(className).table, columns: [], migrations: [], ...(ownFactory ? { factory } : {}) },
      hidden: new Set(hidden?.names ?? []),
    });
  }
  if (models.length === 0) return { models: [], diagnostics };
  const tables = readTables(root, fs, written, migrations, new Set(models.map(({ model }) => model.table)), diagnostics);
  if (tables === undefined) return { diagnostics };
  const result = models.map(({ model, hidden }): ProjectModel => {
    const reading = tables.get(model.table);
    const columns = [...(reading?.columns.values() ?? [])].map((column) => ({ ...column, hidden: hidden.has(column.name) || isSecretName(column.name) }));
    return { ...model, columns, migrations: reading?.migrations ?? [], ...(reading?.createdBy === undefined ? {} : { createdBy: reading.createdBy }) };
  });
  return { models: result.sort((a, b) => compareCodeUnits(a.className, b.className)), diagnostics };
}

/**
 * The tables as the migrations leave them, in file-name order (Laravel's), those in `written` left out. A
 * migration is parsed only when its text names one of the tables.
 */
export function readTables(
  root: string,
  fs: ProjectFs,
  written: ReadonlySet<string>,
  migrations: readonly string[],
  tableNames: ReadonlySet<string>,
  diagnostics: Diagnostic[],
): Map<string, TableReading> | undefined {
  const tables = new Map([...tableNames].map((table): [string, TableReading] => [table, { columns: new Map(), migrations: [] }]));
  const quoted = [...tableNames].flatMap((table) => [`'${table}'`, `"${table}"`]);
  for (const fileName of migrations) {
    const path = `database/migrations/${fileName}`;
    if (written.has(path)) continue;
    const read = readProjectText(root, path, fs);
    if (read.status === 'failed') {
      diagnostics.push(read.diagnostic);
      return undefined;
    }
    if (read.status === 'missing' || !quoted.some((table) => read.text.includes(table))) continue;
    const parsed = parsePhp(path, read.text);
    if (parsed.ok) readMigration(parsed.value, fileName, tables);
    else diagnostics.push(unreadableModel(path, parsed.diagnostic));
  }
  return tables;
}

/** A project file that does not parse cannot be read for its model; the run goes on without it. */
function unreadableModel(path: string, cause: Diagnostic): Diagnostic {
  return {
    ...warning('project_model_skipped', `${path} was not read for the project's own models: ${cause.message}`, path),
    ...(cause.span === undefined ? {} : { span: cause.span }),
  };
}
