import { error, warning, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { FilePatch, GeneratedFile, PlanEntry } from '../../plan/file-plan.js';
import type { PatchResult } from '../../diagnostics/patch-result.js';
import type { Memo } from '../../plan/run-memo.js';
import { isBasePath, openBaseStore, type BaseIndexReadings, type BaseStore } from '../write/base-store.js';
import type { BaseContent } from '../write/base-pack.js';
import { WRITING_ACTIONS, type FileChange } from '../../plan/file-change.js';
import { recoveredView } from '../write/leftovers.js';
import { conflictResolution, type MergeMode } from './merge-conflicts.js';
import type { GeneratedResolution } from './resolution.js';
import { mergeGenerated } from './merge-file.js';
import { absentFiles } from '../fs/folder-listings.js';
import { readProjectText, type TextRead } from '../fs/project-file.js';
import { contentHash, MANIFEST_PATH, serializeManifest } from '../write/manifest.js';
import { writesLeavingProject } from '../fs/project-boundary.js';
import { nodeFs, type ProjectFs } from '../fs/project-fs.js';
import { absoluteProjectPath, pathOutsideProject } from '../fs/project-path.js';
import type { ProjectSnapshot } from '../read/read-project.js';
import { settledManifest, type RunIdentity } from './settled.js';

export interface ResolveOptions {
  /** Rewrite files edited by hand, and files fullapi did not write, instead of keeping them. */
  force: boolean;
  /**
   * Given, each generated file the run writes keeps its base (base-store.ts), and a file edited by hand
   * has the new generation merged into it, a conflict handled as the mode says. Absent, neither: the files of
   * `publish` are copies to change, not generations to merge.
   */
  merge?: MergeMode;
  /** The hash of a content, as a run's memory keeps it (make-memory.ts). */
  contentHashes?: Memo<string, string>;
  /** The index of bases read from its text, as a run's memory keeps it. */
  baseIndexes?: BaseIndexReadings;
  /**
   * Given when everything before the plan went without a problem and the plan is the whole of the run's
   * (no `--only`): if resolving finds none either, the manifest records the project as settled (settled.ts).
   */
  settle?: RunIdentity;
}

/**
 * Compares a plan with the disk (as it will be once the snapshot's leftovers are dealt with) and decides
 * each file's action, plus the manifest's. Reads only. A write that a symbolic link would carry out of the
 * project is an error here already, so a dry run reports it too. Changes come back even when there are
 * errors; a caller applies them only when there are none.
 */
export function resolvePlan(plan: readonly PlanEntry[], snapshot: ProjectSnapshot, options: ResolveOptions, baseFs: ProjectFs = nodeFs): Resolution {
  return finishResolution(snapshot, resolveFiles(plan, snapshot, options, baseFs), options, baseFs);
}

/**
 * What a run does to the project: `changes`, the files it reports, the manifest last; `bases`, the writes of the
 * store of bases that go with them (all or nothing, like the manifest), which no report lists.
 */
export interface Resolution {
  changes: FileChange[];
  diagnostics: Diagnostic[];
  bases: FileChange[];
}

/**
 * The changes in the order the writer applies them: the store of bases first, the manifest last. A run killed
 * half-way has then written the manifest only after every base it records, and the next run, which finds
 * a generated file as the manifest it left says, needs to write no base of it.
 */
export function writerOrder(resolution: Resolution): FileChange[] {
  return [...resolution.bases, ...resolution.changes];
}

/** The plan's files resolved against the disk, before the manifest that records them. */
export interface ResolvedFiles {
  changes: FileChange[];
  diagnostics: Diagnostic[];
  /** The manifest's hashes after the run: the snapshot's, updated for each file the run writes as generated. */
  recorded: Map<string, string>;
  /** The bases the run stores: of each generated file whose generation changed or that it writes. */
  copies: Map<string, BaseContent>;
  /** The store as the run read it, for the merges, then for the writes that leave it as the run leaves the manifest. */
  store: BaseStore;
}

/** The first half of resolvePlan: each entry of the plan against the file on disk. */
export function resolveFiles(plan: readonly PlanEntry[], snapshot: ProjectSnapshot, options: ResolveOptions, baseFs: ProjectFs = nodeFs): ResolvedFiles {
  const fs = recoveredView(snapshot.root, baseFs, snapshot.leftovers);
  const changes: FileChange[] = [];
  const diagnostics: Diagnostic[] = [];
  const recorded = new Map(snapshot.manifest.files);
  const copies = new Map<string, BaseContent>();
  const store = openBaseStore(snapshot.root, fs, options.baseIndexes);
  const hashOf = options.contentHashes ?? contentHash;
  const isAbsent = absentFiles(fs);

  for (const [path, entries] of entriesByPath(plan)) {
    const refusal = refusePath(snapshot.root, path, entries);
    if (refusal !== undefined) {
      diagnostics.push(refusal);
      continue;
    }
    const absolute = absoluteProjectPath(snapshot.root, path);
    const current: TextRead = absolute !== undefined && isAbsent(absolute) ? { status: 'missing' } : readProjectText(snapshot.root, path, fs);
    if (current.status === 'failed') {
      diagnostics.push(current.diagnostic);
      continue;
    }
    const before = current.status === 'read' ? current.text : undefined;
    const [first] = entries;
    if (first?.kind === 'file') {
      const recordedHash = recorded.get(path);
      const baseOf = () => (recordedHash === undefined ? undefined : store.base(path, recordedHash));
      const resolved = resolveGeneratedFile(first, before, recordedHash, options, hashOf, baseOf);
      changes.push(resolved.change);
      if (resolved.warning !== undefined) diagnostics.push(resolved.warning);
      if (!resolved.records) continue;
      const hash = hashOf(first.content);
      if (options.merge !== undefined && (hash !== recordedHash || WRITING_ACTIONS.includes(resolved.change.action))) copies.set(path, { content: first.content, hash });
      recorded.set(path, hash);
    } else {
      const patched = resolvePatches(path, entries.filter(isPatch), before);
      diagnostics.push(...patched.diagnostics);
      if (patched.change !== undefined) changes.push(patched.change);
    }
  }
  return { changes, diagnostics, recorded, copies, store };
}

/**
 * The second half: the manifest recording the run, last among the changes, and the check that nothing written
 * leaves the project. `files` must hold the change of every path of the whole plan, in plan order: the record
 * of a settled project lists them.
 */
export function finishResolution(snapshot: ProjectSnapshot, files: ResolvedFiles, options: ResolveOptions, baseFs: ProjectFs = nodeFs): Resolution {
  const fs = recoveredView(snapshot.root, baseFs, snapshot.leftovers);
  const changes = [...files.changes];
  const diagnostics = [...files.diagnostics];
  const manifestChange = resolveManifest(snapshot.root, manifestAfter(snapshot, changes, files.recorded, diagnostics.length === 0 ? options.settle : undefined), fs);
  if ('diagnostic' in manifestChange) diagnostics.push(manifestChange.diagnostic);
  else if (manifestChange.change !== undefined) changes.push(manifestChange.change);
  const forgotten = [...snapshot.manifest.files.keys()].filter((path) => !files.recorded.has(path));
  const bases = files.store.changes(files.copies, files.recorded, forgotten);
  const written = [...changes, ...bases].filter((change) => WRITING_ACTIONS.includes(change.action)).map((change) => change.path);
  diagnostics.push(...writesLeavingProject(snapshot.root, written, baseFs));
  return { changes, diagnostics, bases };
}

function isPatch(entry: PlanEntry): entry is FilePatch {
  return entry.kind === 'patch';
}

/** Plan entries grouped by path in plan order, so several patches of one file apply in sequence. */
function entriesByPath(plan: readonly PlanEntry[]): Map<string, PlanEntry[]> {
  const grouped = new Map<string, PlanEntry[]>();
  for (const entry of plan) {
    const group = grouped.get(entry.path);
    if (group === undefined) grouped.set(entry.path, [entry]);
    else group.push(entry);
  }
  return grouped;
}

/** A path the plan may not write: outside the project, the manifest or the store of bases, or claimed by a generated file twice. */
function refusePath(root: string, path: string, entries: readonly PlanEntry[]): Diagnostic | undefined {
  if (absoluteProjectPath(root, path) === undefined) return pathOutsideProject(path);
  if (path === MANIFEST_PATH || isBasePath(path)) {
    return { ...error('internal_error', `The plan writes ${path}, which only the writer may change.`), path };
  }
  if (entries.length > 1 && entries.some((entry) => entry.kind === 'file')) {
    return { ...error('internal_error', `The plan writes ${path} more than once, and at least one of those writes is a generated file.`), path };
  }
  return undefined;
}


/**
 * A file edited by hand whose base is known has the new generation merged in: the merge, with the hand edits,
 * is written, and the manifest and the base take the new generation as what fullapi generated, so that the
 * file stays a hand edit and the next run merges from there. A merge that conflicts leaves the file to an
 * edit in place when the file has one, then to the mode. A generation that is the base has nothing to merge:
 * the file is kept as it was (or edited in place).
 */
function resolveGeneratedFile(
  file: GeneratedFile,
  before: string | undefined,
  recordedHash: string | undefined,
  options: ResolveOptions,
  hashOf: (content: string) => string,
  baseOf: () => string | undefined,
): GeneratedResolution {
  const base = { path: file.path, after: file.content, source: 'generated' } as const;
  if (before === undefined) return { change: { ...base, action: 'created' }, records: true };
  if (before === file.content) return { change: { ...base, action: 'unchanged', before }, records: true };
  if (options.force || hashOf(before) === recordedHash) return { change: { ...base, action: 'updated', before }, records: true };
  const baseText = options.merge === undefined ? undefined : baseOf();
  const merged = baseText === undefined || baseText === file.content ? undefined : mergeGenerated(file.path, baseText, before, file.content);
  if (merged?.clean === true) return { change: { ...base, action: 'merged', after: merged.text, before }, records: true };
  const edited = recordedHash === undefined ? undefined : file.editInPlace?.(before);
  // The edited file stays the user's: as a patch, the manifest keeps the hash of what fullapi last generated.
  if (edited?.ok === true) return { change: { ...base, source: 'patch', after: edited.content, action: edited.content === before ? 'unchanged' : 'updated', before }, records: true };
  if (merged !== undefined && options.merge !== undefined) return conflictResolution(file, before, merged, options.merge);
  const reason =
    recordedHash === undefined
      ? 'exists and was not written by fullapi'
      : 'was edited by hand since fullapi generated it';
  return {
    change: { ...base, action: 'kept', before },
    warning: warning('modified_file_kept', `${file.path} ${reason}, so it was kept; run with --force to rewrite it.`, file.path),
    records: false,
  };
}

/** Runs every patch of one file in turn; any failure leaves the file alone, but later patches still report theirs, and warnings stand either way. */
function resolvePatches(
  path: string,
  patches: readonly FilePatch[],
  before: string | undefined,
): { change?: FileChange; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const warnings: Diagnostic[] = [];
  let content = before;
  for (const patch of patches) {
    const result = runPatch(patch, content);
    if (!result.ok) {
      diagnostics.push(...result.diagnostics.map((diagnostic) => withPath(diagnostic, path)));
      continue;
    }
    content = result.content;
    warnings.push(...(result.warnings ?? []).map((diagnostic) => withPath(diagnostic, path)));
  }
  if (diagnostics.length > 0 || content === undefined) return { diagnostics: [...diagnostics, ...warnings] };
  const base = { path, after: content, source: 'patch' } as const;
  if (before === undefined) return { change: { ...base, action: 'created' }, diagnostics: warnings };
  return { change: { ...base, action: content === before ? 'unchanged' : 'updated', before }, diagnostics: warnings };
}

/** A patch that throws is a bug in fullapi; it becomes a diagnostic so the other results still get reported. */
function runPatch(patch: FilePatch, existing: string | undefined): PatchResult {
  try {
    return patch.apply(existing);
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    return { ok: false, diagnostics: [error('internal_error', `Patch "${patch.describe}" of ${patch.path} failed: ${reason}`)] };
  }
}

function withPath(diagnostic: Diagnostic, path: string): Diagnostic {
  return diagnostic.span === undefined && diagnostic.path === undefined ? { ...diagnostic, path } : diagnostic;
}

/**
 * The manifest this run leaves: the hashes it records, and the record of the project settled. A run that
 * settles it writes a new record when it writes anything else, or when the record there is none of this
 * generator's (a new fullapi, like a new input, may give other files); but a run that would write nothing
 * but the record, its input having changed and its output not (a comment, another migration beside
 * fullapi's, a route of the user's), leaves the manifest as it found it, as it always has, and the runs
 * after it plan in full until one writes. The record it keeps stays true, since it says only what a run
 * would do to the project in the state it names; so does one kept by a run that does not settle (`--only`,
 * warnings). Undefined when there is nothing to record and no manifest.
 */
function manifestAfter(snapshot: ProjectSnapshot, changes: readonly FileChange[], files: ReadonlyMap<string, string>, settle: RunIdentity | undefined): string | undefined {
  const kept = snapshot.manifest.settled;
  const writes = changes.some((change) => WRITING_ACTIONS.includes(change.action));
  if (settle !== undefined && (writes || kept?.generator !== settle.generator)) return settledManifest(snapshot, settle, changes, files);
  const keeping = serializeManifest(kept === undefined ? { files } : { files, settled: kept });
  if (settle !== undefined && keeping !== snapshot.manifestText) return settledManifest(snapshot, settle, changes, files);
  return files.size === 0 && kept === undefined && snapshot.manifestText === undefined ? undefined : keeping;
}

/** Compared byte for byte, so a run that records nothing new leaves the manifest `unchanged`. */
function resolveManifest(root: string, serialized: string | undefined, fs: ProjectFs): { change?: FileChange } | { diagnostic: Diagnostic } {
  const current = readProjectText(root, MANIFEST_PATH, fs);
  if (current.status === 'failed') return { diagnostic: current.diagnostic };
  if (serialized === undefined) return {};
  const base = { path: MANIFEST_PATH, after: serialized, source: 'manifest' } as const;
  if (current.status === 'missing') return { change: { ...base, action: 'created' } };
  const before = current.text;
  return { change: { ...base, action: before === serialized ? 'unchanged' : 'updated', before } };
}
