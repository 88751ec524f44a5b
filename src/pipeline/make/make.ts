import { error, hasErrors, sortDiagnostics, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { nearestWord } from '../../diagnostics/nearest-word.js';
import { jsonApiReservedFields, jsonApiUnavailable } from '../../emit/laravel/values/json-api.js';
import type { CheckedModel, GenerationOptions, SourceModel } from '../../ir/ir.generated.js';
import { checkModel } from '../../passes/check.js';
import { studly } from '../../passes/naming/str.js';
import { ARTIFACT_NAMES, type ArtifactName, type PlanEntry } from '../../plan/file-plan.js';
import { writerOrder } from '../../project/resolve/resolve-plan.js';
import { nodeFs, type ProjectFs } from '../../project/fs/project-fs.js';
import { leftoverWarnings, type Leftover } from '../../project/write/leftovers.js';
import { WRITING_ACTIONS, type FileChange } from '../../plan/file-change.js';
import { applyChanges } from '../../project/write/apply-changes.js';
import { keptFilesOutOfDate } from '../../project/resolve/kept-files.js';
import { absoluteProjectPath } from '../../project/fs/project-path.js';
import type { FrontEnds } from '../input/front-ends.js';
import { readMakeInput, type InputReading, type InputText } from '../input/input.js';
import type { CommandOutcome } from '../outcome.js';
import type { MakeRequest } from './make-request.js';
import { newMakeMemory, withOptions, type CheckOutcome, type MakeMemory } from './make-memory.js';
import { readForMake, type MakeReading } from './settled-make.js';
import { inputSourceText, parseInput, readRecord, sourceText } from '../input/source.js';
import { type LoadedSource } from '../input/loaded-source.js';
import { planGeneration } from './plan-generation.js';
import { CLASS_DATA_PATH } from '../../emit/records/class-data.js';
import { MANIFEST_PATH } from '../../project/write/manifest.js';
import { BASE_INDEX_PATH } from '../../project/write/base-store.js';
import { readProjectText } from '../../project/fs/project-file.js';
import { missingPackages, missingTokensTable } from './required-packages.js';


/**
 * `fullapi make`: front end -> passes -> emitters -> plan -> writer. Every stage reports all it finds;
 * the project is written only when no stage found an error, and then all or nothing. A project that a run of
 * the same input left settled, and that is still as that run left it, is reported unchanged with no stage
 * run at all (settled-make.ts); `reading` is that first part, when the caller has done it.
 */
export function runMake(request: MakeRequest, fs?: ProjectFs, reading: MakeReading = readForMake(request, fs)): CommandOutcome {
  if (reading.settled !== undefined) return reading.settled;
  // A run outside a watch session keeps what it computes for itself: the same code runs either way.
  const memory = request.memory ?? newMakeMemory(false);
  memory.nextRun();
  const only = parseOnly(request.only);
  const { project, identity } = reading;
  const { source, checked, before } = checkedSource(reading.input, request.frontEnds, memory, request.options);
  const diagnostics = [...only.diagnostics, ...source.diagnostics, ...project.diagnostics, ...checked.diagnostics];
  const failed = (found: Diagnostic[]): CommandOutcome => ({ ok: false, changes: [], diagnostics: sortDiagnostics(found), texts: source.texts });
  if (hasErrors(diagnostics) || project.snapshot === undefined || checked.model === undefined) {
    return failed(diagnostics);
  }
  const snapshot = project.snapshot;
  const packages = missingPackages(checked.model, snapshot.facts, request.options);
  if (hasErrors(packages)) return failed([...diagnostics, ...packages]);
  diagnostics.push(...missingTokensTable(checked.model, snapshot.facts, request.options));
  const generation = planGeneration({
    model: checked.model,
    ...(source.planned === undefined ? {} : { planned: source.planned }),
    ...(source.addition === undefined ? {} : { addition: source.addition }),
    ...(before === undefined ? {} : { before }),
    migrations: {
      existingMigrations: snapshot.existingMigrations,
      ...(request.databaseMigrations === undefined ? {} : { databaseMigrations: request.databaseMigrations }),
      fresh: request.fresh === true,
      allowDataLoss: request.allowDataLoss === true,
    },
    snapshot,
    now: request.now,
    memory: memory.emit,
  });
  diagnostics.push(
    ...generation.diagnostics,
    ...jsonApiUnavailable(generation.model.entities, snapshot.facts, request.options?.jsonApi === true),
    ...jsonApiReservedFields(generation.model.entities, snapshot.facts),
  );
  if (hasErrors(diagnostics)) return failed(diagnostics);

  const plan = selectArtifacts(generation.plan, only.artifacts);
  // Only a plan of the whole input, found with nothing to say about it, can leave the project settled.
  const settles = only.artifacts === undefined && diagnostics.length === project.diagnostics.length;
  const resolveOptions = { force: request.force, merge: request.merge ?? 'keep', ...(settles && identity !== undefined ? { settle: identity } : {}) };
  const resolved = memory.resolutions.resolve(plan, snapshot, { ...resolveOptions, contentHashes: memory.contentHashes, baseIndexes: memory.baseIndexes }, reading.projectFs ?? fs ?? nodeFs);
  for (const diagnostic of resolved.diagnostics) diagnostics.push(diagnostic);
  if (hasErrors(diagnostics)) return failed(diagnostics);
  diagnostics.push(...keptFilesOutOfDate(resolved.changes, snapshot.manifest, entityNames(generation.model)));
  // A dry run leaves an interrupted run's leftovers alone, and says what a run would do with them.
  if (request.dryRun) diagnostics.push(...leftoverWarnings(snapshot.leftovers, true));
  else diagnostics.push(...applyAndRemember(snapshot.root, writerOrder(resolved), fs, snapshot.leftovers, memory));
  // A write that failed was undone: the plan's files were not written, and listing them would say they were.
  if (hasErrors(diagnostics)) return failed(diagnostics);
  const entities = generation.model.entities.map((entity) => entity.naming.className);
  return { ok: true, changes: resolved.changes, diagnostics: sortDiagnostics(diagnostics), texts: source.texts, entities };
}

/**
 * The writer checks each file it replaces against the disk, not the session's memory of it; what it wrote is
 * forgotten, and after a failure, as the memory may be what made the plan wrong, everything is; so is it
 * after leftovers of an interrupted run were dealt with, which moves files the plan does not name. After
 * a success, the files found unchanged are remembered as such.
 */
function applyAndRemember(root: string, changes: readonly FileChange[], fs: ProjectFs | undefined, leftovers: readonly Leftover[], memory: MakeMemory): Diagnostic[] {
  const outcome = applyChanges(root, changes, fs, leftovers);
  // A single run's memory has no next run to tell.
  if (!memory.session) return outcome;
  const failed = hasErrors(outcome);
  if (failed || leftovers.length > 0) memory.files.forgetAll();
  for (const change of changes) {
    const absolute = WRITING_ACTIONS.includes(change.action) ? absoluteProjectPath(root, change.path) : undefined;
    if (absolute === undefined) continue;
    if (change.action === 'deleted') memory.files.changed(absolute);
    else memory.files.wrote(absolute);
  }
  if (!failed) memory.resolutions.applied(root, changes);
  return outcome;
}

/**
 * Reads and checks a watch session's input ahead of its run, while the writes of a save settle (see watch.ts):
 * the run finds that work done when it reads the same text.
 */
export function prepareMake(request: MakeRequest): void {
  // Without a session's memory, nothing would keep the work for the run.
  if (request.memory === undefined) return;
  checkedSource(readMakeInput(request.input, { ...request, nothingGiven: PREPARING }), request.frontEnds, request.memory, request.options);
}

/**
 * In a watch session, what a run wrote is what the next save's run reads first: the record of entities, which
 * it compares its entities with, the manifest and the index of bases. They are read (and the record checked)
 * now, while the session waits, rather than after that save; the run finds them done when the files still
 * hold these texts.
 */
export function prepareNextRun(request: MakeRequest, outcome: CommandOutcome): void {
  const { memory } = request;
  if (memory === undefined || !outcome.ok) return;
  const writtenText = (path: string): string | undefined => outcome.changes.find((change) => change.path === path && change.action !== 'deleted')?.after;
  const record = writtenText(CLASS_DATA_PATH);
  if (record !== undefined && request.frontEnds.record !== undefined) memory.checks({ ...sourceText(request.frontEnds, 'record', CLASS_DATA_PATH, record), options: undefined });
  const manifest = writtenText(MANIFEST_PATH);
  if (manifest !== undefined) memory.manifests(manifest);
  // The store's writes go unreported: its index is read back from the disk.
  const index = readProjectText(request.projectRoot, BASE_INDEX_PATH, nodeFs);
  if (index.status === 'read') memory.baseIndexes(index.text);
}

/** A run ahead of time reports nothing: the run itself says what is missing. */
const PREPARING = { missing: 'no input', span: { flag: '<file>' }, hint: '' };

/**
 * The input through its front end and the passes; and `before`, the record of the last generation checked
 * likewise, for what the run takes away from the entities it regenerates (none when the record does not check).
 */
function checkedSource(input: InputReading, frontEnds: FrontEnds, memory: MakeMemory, options: GenerationOptions | undefined): { source: LoadedSource; checked: CheckOutcome; before?: CheckedModel } {
  if (input.text === undefined || hasErrors(input.diagnostics)) {
    return { source: { diagnostics: input.diagnostics, texts: new Map() }, checked: { diagnostics: [] } };
  }
  const record = readRecord(input.record, frontEnds, memory.sources);
  const loaded = parseInput(input.text, frontEnds, memory.sources, record);
  const source = loaded.model === undefined ? loaded : { ...loaded, model: withOptions(loaded.model, options) };
  const checked = source.model === undefined ? { diagnostics: [] } : checkInput(input.text, source.model, frontEnds, memory, options);
  const recorded = record?.read.model;
  const compared = record !== undefined && recorded !== undefined && !hasErrors(record.read.diagnostics) && recordsAny(recorded, source.model);
  const before = compared ? memory.checks({ ...sourceText(frontEnds, 'record', record.record.path, record.record.text), options: undefined }).model : undefined;
  return { source, checked, ...(before === undefined ? {} : { before }) };
}

/** The passes over the input's model: a file's outcome is kept by its text and the options; the command line's entity and a database's tables are checked anew. */
function checkInput(input: InputText, model: SourceModel, frontEnds: FrontEnds, memory: MakeMemory, options: GenerationOptions | undefined): CheckOutcome {
  const text = inputSourceText(input, frontEnds);
  return text === undefined ? checkModel(model) : memory.checks({ ...text, options });
}

/** Whether the record holds any entity of the input: the record of a project is checked only when it may matter. */
function recordsAny(record: SourceModel, input: SourceModel | undefined): boolean {
  const recorded = new Set(record.entities.map((entity) => studly(entity.name)));
  return input?.entities.some((entity) => recorded.has(studly(entity.name))) ?? false;
}

/** The names an entity's generated files spell as strings: fields, relations and their columns. */
function entityNames(model: CheckedModel): Set<string> {
  return new Set(
    model.entities.flatMap((entity) => [
      ...entity.fields.map((field) => field.name),
      ...entity.relations.map((relation) => relation.name),
      ...entity.foreignKeys.map((key) => key.column),
      ...entity.morphs.flatMap((morph) => [`${morph}_type`, `${morph}_id`]),
    ]),
  );
}

function parseOnly(only: string | undefined): { artifacts?: ReadonlySet<ArtifactName>; diagnostics: Diagnostic[] } {
  if (only === undefined) return { diagnostics: [] };
  const artifacts = new Set<ArtifactName>();
  const diagnostics: Diagnostic[] = [];
  let column = 1;
  for (const raw of only.split(',')) {
    const name = raw.trim();
    const known = ARTIFACT_NAMES.find((artifact) => artifact.toLowerCase() === name.toLowerCase());
    if (known === undefined) {
      const suggestion = nearestWord(name, ARTIFACT_NAMES);
      diagnostics.push(
        error(
          'unknown_artifact',
          `"${name}" is not an artifact name${suggestion === undefined ? '' : `; did you mean "${suggestion}"?`}`,
          { flag: '--only', column, endColumn: column + Math.max(raw.length, 1) },
          `one of ${ARTIFACT_NAMES.join(', ')}`,
        ),
      );
    } else {
      artifacts.add(known);
    }
    column += raw.length + 1;
  }
  return { artifacts, diagnostics };
}

/** `--only` keeps the listed artifacts' files and edits; edits owned by no artifact (the record) always run. */
function selectArtifacts(plan: PlanEntry[], artifacts: ReadonlySet<ArtifactName> | undefined): PlanEntry[] {
  if (artifacts === undefined) return plan;
  return plan.filter((entry) => entry.artifact === null || artifacts.has(entry.artifact));
}

