import { error, hasErrors, sortDiagnostics, warning, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { nearestWord } from '../../diagnostics/nearest-word.js';
import { CLIENT_COLLECTION_PATH, forgetFolders } from '../../emit/client/postman-collection.js';
import { legacyArtifactPaths, pivotMigrationPaths, tableMigrationPaths } from '../../emit/laravel/values/artifact-paths.js';
import { entityArtifactPaths } from '../../emit/artifacts.js';
import { SEEDER_PATH } from '../../emit/laravel/edits/database-seeder.js';
import { PROVIDER_PATH } from '../../emit/laravel/edits/morph-map.js';
import { unmapMorphModels } from '../../emit/laravel/removals/morph-map-removal.js';
import { missingFile, newPhpParses } from '../../php/php-source.js';
import { removeControllerRoutes } from '../../emit/laravel/removals/route-removal.js';
import { unregisterSeeders } from '../../emit/laravel/removals/seeder-removal.js';
import { CLASS_DATA_PATH, forgetEntities } from '../../emit/records/class-data.js';
import { readClassDataFile } from '../../frontends/schema/class-data-file.js';
import type { CheckedModel, Entity, Span } from '../../ir/ir.generated.js';
import { checkModel } from '../../passes/check.js';
import { studly } from '../../passes/naming/str.js';
import type { FilePatch } from '../../plan/file-plan.js';
import type { PatchResult } from '../../diagnostics/patch-result.js';
import { readProject, type ProjectSnapshot } from '../../project/read/read-project.js';
import { nodeFs, type ProjectFs } from '../../project/fs/project-fs.js';
import { leftoverWarnings } from '../../project/write/leftovers.js';
import { type FileChange } from '../../plan/file-change.js';
import { applyChanges } from '../../project/write/apply-changes.js';
import { recoveredView } from '../../project/write/leftovers.js';
import { readProjectText } from '../../project/fs/project-file.js';
import { resolveDeletions } from '../../project/resolve/resolve-deletions.js';
import { finishResolution, resolveFiles, writerOrder } from '../../project/resolve/resolve-plan.js';
import { handEditedReferences, planInverseRegeneration, relationsTo } from './delete-inverses.js';
import type { CommandOutcome } from '../outcome.js';

export interface DeleteRequest {
  projectRoot: string;
  /** The entity names as typed; none means every entity class_data.json records. */
  entities: readonly string[];
  force: boolean;
  dryRun: boolean;
  /** The moment of the run: an entity regenerated without an inverse relation may need a new migration name. */
  now: Date;
}

/** What a delete would do; `write` carries it out, absent when there is nothing to carry out (an error, a dry run). */
export interface PlannedDelete {
  outcome: CommandOutcome;
  write?: () => CommandOutcome;
}

/** The command line's entity names, as one text for the code frames of their errors. */
const ENTITY_ARGUMENT = '<entity>';

const CONTROLLER_NAMESPACE = 'App\\Http\\Controllers';
const MODEL_NAMESPACE = 'App\\Models';
const ROUTES_FILES = ['routes/api.php', 'routes/web.php'];
const MIGRATIONS_FOLDER = 'database/migrations/';
const REGISTRATION_FILES = [...ROUTES_FILES, SEEDER_PATH, PROVIDER_PATH, CLASS_DATA_PATH, CLIENT_COLLECTION_PATH];

/**
 * `fullapi delete`: the files `make` generated for the entities (the manifest tells an untouched file from a
 * hand-edited one, kept unless `force`), their migrations, the 3.x files they left, and their registrations:
 * routes, seeder calls, morph map entries, their entries in class_data.json. One plan, written all or nothing.
 * An entity another one keeps referring to is refused: its generated code would call a class that is gone.
 */
export function planDelete(request: DeleteRequest, baseFs: ProjectFs = nodeFs): PlannedDelete {
  const texts = new Map([[ENTITY_ARGUMENT, request.entities.join(' ')]]);
  const failed = (diagnostics: readonly Diagnostic[]): PlannedDelete => ({
    outcome: { ok: false, changes: [], diagnostics: sortDiagnostics(diagnostics), texts },
  });
  const project = readProject(request.projectRoot, baseFs);
  if (project.snapshot === undefined) return failed(project.diagnostics);
  const { snapshot } = project;
  const fs = recoveredView(snapshot.root, baseFs, snapshot.leftovers);
  const record = readRecordedModel(snapshot.root, fs);
  if (record.text !== undefined) texts.set(CLASS_DATA_PATH, record.text);
  if (record.model === undefined) return failed([...project.diagnostics, ...record.diagnostics]);
  const model = record.model;
  const chosen = chosenEntities(request.entities, model);
  const diagnostics = [...project.diagnostics, ...chosen.diagnostics];
  if (hasErrors(diagnostics)) return failed(diagnostics);
  const deleting = new Set(chosen.names);
  const remaining = model.entities.filter((entity) => !deleting.has(entity.naming.className));
  const doomed = model.entities.filter((entity) => deleting.has(entity.naming.className));
  diagnostics.push(...references(remaining, deleting, chosen.spans), ...projectModels(doomed, snapshot, chosen.spans));
  if (hasErrors(diagnostics)) return failed(diagnostics);
  const entitySpan: Span = { flag: ENTITY_ARGUMENT };
  const inverses = planInverseRegeneration(record.text ?? '', deleting, remaining, { snapshot, now: request.now, registrations: REGISTRATION_FILES, spans: chosen.spans, entitySpan });
  diagnostics.push(...inverses.diagnostics);
  if (hasErrors(diagnostics)) return failed(diagnostics);

  const deletions = resolveDeletions(removedPaths(doomed, remaining, model, snapshot), snapshot, request.force, baseFs);
  const registrations = presentFiles(snapshot.root, fs);
  diagnostics.push(...registrations.diagnostics);
  const edits = resolveFiles([...registrationEdits(doomed, remaining.length > 0, registrations.present), ...inverses.plan], snapshot, { force: request.force, merge: 'keep' }, baseFs);
  const regenerated = new Set(inverses.plan.map((entry) => entry.path));
  diagnostics.push(...handEditedReferences(edits.changes, regenerated, deleting, chosen.spans, entitySpan));
  // The manifest records the regenerated files' new hashes, and forgets the deleted ones.
  const recorded = new Map([...edits.recorded].filter(([path]) => deletions.recorded.has(path) || !snapshot.manifest.files.has(path)));
  // The record of a settled project names files that are going: a deletion settles nothing, so the manifest keeps its files alone.
  const resolved = finishResolution(
    { ...snapshot, manifest: { files: snapshot.manifest.files } },
    { changes: [...deletions.changes, ...edits.changes], diagnostics: [...deletions.diagnostics, ...edits.diagnostics], recorded, copies: edits.copies, store: edits.store },
    { force: request.force },
    baseFs,
  );
  diagnostics.push(...resolved.diagnostics);
  if (hasErrors(diagnostics)) return failed(diagnostics);
  diagnostics.push(...tablesLeft(resolved.changes, doomed, model, request.dryRun));
  // A dry run leaves an interrupted run's leftovers alone, and says what a run would do with them.
  if (request.dryRun) diagnostics.push(...leftoverWarnings(snapshot.leftovers, true));
  const outcome: CommandOutcome = { ok: true, changes: resolved.changes, diagnostics: sortDiagnostics(diagnostics), texts };
  if (request.dryRun) return { outcome };
  return {
    outcome,
    write: () => {
      const written = [...diagnostics, ...applyChanges(snapshot.root, writerOrder(resolved), baseFs, snapshot.leftovers)];
      return { ok: !hasErrors(written), changes: hasErrors(written) ? [] : resolved.changes, diagnostics: sortDiagnostics(written), texts };
    },
  };
}

/** class_data.json through its front end and the passes: the entities with every relation, the inverses `make` adds included. */
function readRecordedModel(root: string, fs: ProjectFs): { model?: CheckedModel; text?: string; diagnostics: Diagnostic[] } {
  const read = readProjectText(root, CLASS_DATA_PATH, fs);
  if (read.status === 'failed') return { diagnostics: [read.diagnostic] };
  if (read.status === 'missing') {
    return {
      diagnostics: [
        error(
          'no_class_data',
          `there is no ${CLASS_DATA_PATH} in the project, so there is no record of the entities fullapi generated`,
          { flag: '--project' },
          `run fullapi delete in the Laravel project fullapi make wrote (or give it with --project)`,
        ),
      ],
    };
  }
  const source = readClassDataFile(CLASS_DATA_PATH, read.text);
  if (source.model === undefined || hasErrors(source.diagnostics)) return { text: read.text, diagnostics: source.diagnostics };
  const checked = checkModel(source.model);
  return { ...(checked.model === undefined ? {} : { model: checked.model }), text: read.text, diagnostics: [...source.diagnostics, ...checked.diagnostics] };
}

/** The class names to delete, each with where it stands on the command line; every recorded entity when none is named. */
function chosenEntities(typed: readonly string[], model: CheckedModel): { names: string[]; spans: Map<string, Span>; diagnostics: Diagnostic[] } {
  const recorded = model.entities.map((entity) => entity.naming.className);
  if (typed.length === 0) return { names: recorded, spans: new Map(), diagnostics: [] };
  const names: string[] = [];
  const spans = new Map<string, Span>();
  const diagnostics: Diagnostic[] = [];
  let column = 1;
  for (const word of typed) {
    const span: Span = { flag: ENTITY_ARGUMENT, column, endColumn: column + Math.max(word.length, 1) };
    column += word.length + 1;
    const name = word === '' ? '' : studly(word);
    if (!recorded.includes(name)) {
      const near = nearestWord(name, recorded);
      const hint = near === undefined ? `the entities it records: ${recorded.join(', ') || 'none'}` : `did you mean ${near}?`;
      diagnostics.push(error('unknown_entity', `${CLASS_DATA_PATH} records no entity ${word === '' ? '(an empty name)' : name}`, span, hint));
    } else if (spans.has(name)) {
      diagnostics.push(error('duplicate_entity', `${name} is named twice`, span, 'name each entity once'));
    } else {
      names.push(name);
      spans.set(name, span);
    }
  }
  return { names, spans, diagnostics };
}

/**
 * Each reference a remaining entity declares to one being deleted: its parent, and its own relations to it (a
 * foreign key, a pivot, a morph target). Those are the user's to take out of the input. A relation `make` only
 * added as the inverse of one the deleted entity declares (a post's `comments()` for a comment's `post`) goes
 * with it: the entity is regenerated without it (delete-inverses.ts).
 */
function references(remaining: readonly Entity[], deleting: ReadonlySet<string>, spans: ReadonlyMap<string, Span>): Diagnostic[] {
  return remaining.flatMap((entity) => {
    const from = entity.naming.className;
    const parent =
      entity.parent !== undefined && deleting.has(entity.parent) ? [referenced(from, entity.parent, `${from} extends ${entity.parent}`, deleting, spans)] : [];
    const related = relationsTo(entity, deleting)
      .filter(({ relation }) => !relation.synthesized)
      .map(({ relation, target }) => referenced(from, target, `${from}.${relation.name} (${relation.kind} ${target})`, deleting, spans));
    return [...parent, ...related];
  });
}

function referenced(from: string, to: string, how: string, deleting: ReadonlySet<string>, spans: ReadonlyMap<string, Span>): Diagnostic {
  return error(
    'entity_referenced',
    `${to} cannot be deleted while ${from} refers to it: ${how}; ${from}'s generated code would call a class that no longer exists`,
    spans.get(to) ?? { flag: ENTITY_ARGUMENT },
    `delete both together (fullapi delete ${[...deleting, from].join(' ')}), or take the relation out of ${from} in your schema file or ${CLASS_DATA_PATH}, run fullapi make so that ${from} is regenerated without it, then delete ${to}`,
  );
}

/** Laravel's own models (User) are integrated by `make`, not generated: their files are the application's. */
function projectModels(doomed: readonly Entity[], snapshot: ProjectSnapshot, spans: ReadonlyMap<string, Span>): Diagnostic[] {
  const own = new Set((snapshot.facts.projectModels ?? []).map((model) => model.className));
  return doomed
    .filter((entity) => own.has(entity.naming.className))
    .map((entity) =>
      error(
        'unsupported_existing_model',
        `${entity.naming.className} is a model of the application itself, which fullapi integrated rather than generated; fullapi delete removes only the entities it generated`,
        spans.get(entity.naming.className) ?? { flag: ENTITY_ARGUMENT },
        `delete its controller, routes and tests by hand, or leave ${entity.naming.className} out of the entities to delete`,
      ),
    );
}

/**
 * The files to delete: the entities' artifacts, the migrations creating their tables, the migrations fullapi
 * wrote adding columns to them (the manifest records those: a user's own stay out of it), their 3.x files, and
 * the pivot tables' migrations when a side of the pivot goes.
 */
function removedPaths(doomed: readonly Entity[], remaining: readonly Entity[], model: CheckedModel, snapshot: ProjectSnapshot): string[] {
  const existing = snapshot.existingMigrations;
  const entityPaths = doomed.flatMap((entity) => {
    const migrations = tableMigrationPaths(entity.naming.table, existing);
    const written = migrations.addingColumns.filter((path) => snapshot.manifest.files.has(path));
    return [...entityArtifactPaths(entity), ...migrations.creating, ...written, ...legacyArtifactPaths(entity, remaining)];
  });
  const gone = new Set(doomed.map((entity) => entity.naming.className));
  // A remaining side relates to the pivot only through an inverse, which goes (a relation it declares is refused).
  const pivots = model.pivots.filter((pivot) => pivot.sides.some((side) => gone.has(side.entity))).flatMap((pivot) => pivotMigrationPaths(pivot, existing));
  return [...entityPaths, ...pivots];
}

/**
 * The edits of the files that register the entities: their routes (routes/api.php and routes/web.php), their seeder
 * calls, their morph map entries, and their record in class_data.json. A file that is not there has nothing to edit.
 */
function registrationEdits(doomed: readonly Entity[], othersRemain: boolean, present: ReadonlySet<string>): FilePatch[] {
  const parses = newPhpParses();
  const names = doomed.map((entity) => entity.naming.className);
  const controllers = names.map((name) => `${CONTROLLER_NAMESPACE}\\${name}Controller`);
  const edit = (path: string, describe: string, apply: (existing: string) => PatchResult): FilePatch[] => {
    if (!present.has(path)) return [];
    const whenThere = (existing: string | undefined): PatchResult =>
      existing === undefined ? missingFile(path, 'The file went away while fullapi read it; run fullapi delete again.') : apply(existing);
    return [{ kind: 'patch', path, artifact: null, describe, apply: whenThere }];
  };
  return [
    ...ROUTES_FILES.flatMap((path) =>
      edit(path, `remove the routes of ${names.join(', ')}`, (existing) => removeControllerRoutes(path, existing, controllers, parses)),
    ),
    ...edit(SEEDER_PATH, 'stop calling their seeders', (existing) =>
      unregisterSeeders(
        existing,
        names.map((name) => `${name}Seeder`),
        parses,
      ),
    ),
    ...edit(PROVIDER_PATH, 'unmap their morph aliases', (existing) =>
      unmapMorphModels(
        existing,
        names.map((name) => `${MODEL_NAMESPACE}\\${name}`),
        parses,
        othersRemain,
      ),
    ),
    ...edit(CLASS_DATA_PATH, 'forget them', (existing) => forgetEntities(existing, names)),
    ...edit(CLIENT_COLLECTION_PATH, 'remove their requests from the API-client collection', (existing) => forgetFolders(existing, names)),
  ];
}

/** Which of the files the registrations edit the project has: a patch cannot leave a missing file missing. */
function presentFiles(root: string, fs: ProjectFs): { present: Set<string>; diagnostics: Diagnostic[] } {
  const reads = REGISTRATION_FILES.map((path) => ({ path, read: readProjectText(root, path, fs) }));
  return {
    present: new Set(reads.filter(({ read }) => read.status === 'read').map(({ path }) => path)),
    diagnostics: reads.flatMap(({ read }) => (read.status === 'failed' ? [read.diagnostic] : [])),
  };
}

/** Once per run: a database that ran the removed migrations keeps their tables, and nothing will drop them now. */
function tablesLeft(changes: readonly FileChange[], doomed: readonly Entity[], model: CheckedModel, dryRun: boolean): Diagnostic[] {
  const removed = new Set(changes.filter((change) => change.action === 'deleted').map((change) => change.path));
  const migrations = [...removed].filter((path) => path.startsWith(MIGRATIONS_FOLDER)).map((path) => path.slice(MIGRATIONS_FOLDER.length));
  if (migrations.length === 0) return [];
  const tables = [...doomed.map((entity) => entity.naming.table), ...model.pivots.map((pivot) => pivot.table)].filter((table) => {
    const { creating, addingColumns } = tableMigrationPaths(table, migrations);
    return creating.length + addingColumns.length > 0;
  });
  const fate = dryRun ? 'would be deleted' : 'were deleted';
  const listed = tables.length === 0 ? 'its tables' : `the table${tables.length === 1 ? '' : 's'} ${tables.join(', ')}`;
  return [
    warning(
      'table_left_in_database',
      `The migrations of ${listed} ${fate}, but a database that already ran them still has ${tables.length === 1 ? 'it' : 'them'}. ` +
        'To drop them, run php artisan migrate:rollback before deleting (when those migrations are the last batch); once they are deleted, drop them in a new migration, or in development rebuild the database with php artisan migrate:fresh.',
    ),
  ];
}
