import type { PlanEntry } from '../../plan/file-plan.js';
import type { FileChange } from '../../plan/file-change.js';
import type { FileMemory } from './file-memory.js';
import { absoluteProjectPath } from '../fs/project-path.js';
import type { ProjectSnapshot } from '../read/read-project.js';
import { finishResolution, resolveFiles, resolvePlan, type Resolution, type ResolveOptions } from '../resolve/resolve-plan.js';
import type { ProjectFs } from '../fs/project-fs.js';

/**
 * A watch session's plans differ from one save to the next in the few files of the entity that changed, and
 * comparing every other file with the disk again, each the same as last time, would be most of a run's
 * resolving. A generated file the last successful run found unchanged is unchanged again when the plan holds
 * the same content for it, the session's memory still keeps the text that run read (no change of the file
 * was heard since), and the manifest still records its hash; the plan's other entries are resolved as
 * `make` resolves them. The changes are those `resolvePlan` gives for the whole plan, in the same order.
 */
export interface WatchResolutions {
  resolve(plan: readonly PlanEntry[], snapshot: ProjectSnapshot, options: ResolveOptions, fs: ProjectFs): Resolution;
  /** The changes of a run that applied them all: its unchanged files are what the next run may carry over. */
  applied(root: string, changes: readonly FileChange[]): void;
}

interface UnchangedFile {
  absolute: string;
  content: string;
  /** The text read from the disk, as the session's memory keeps it. */
  text: string;
  hash: string;
  change: FileChange;
}

/** `hashOf` is the run's memory of contents' hashes (make-memory.ts): a file found unchanged was hashed as it was resolved. */
export function newWatchResolutions(files: FileMemory, hashOf: (content: string) => string): WatchResolutions {
  let unchanged = new Map<string, UnchangedFile>();

  const stillUnchanged = (entry: PlanEntry, snapshot: ProjectSnapshot, pathCounts: ReadonlyMap<string, number>): FileChange | undefined => {
    if (entry.kind !== 'file' || pathCounts.get(entry.path) !== 1) return undefined;
    const known = unchanged.get(entry.path);
    if (known === undefined || known.content !== entry.content) return undefined;
    return files.kept(known.absolute) === known.text && snapshot.manifest.files.get(entry.path) === known.hash ? known.change : undefined;
  };

  return {
    resolve(plan, snapshot, options, fs) {
      // Leftovers of an interrupted run move files as they are dealt with: everything is looked at again.
      if (unchanged.size === 0 || snapshot.leftovers.length > 0) return resolvePlan(plan, snapshot, options, fs);
      const pathCounts = new Map<string, number>();
      for (const entry of plan) pathCounts.set(entry.path, (pathCounts.get(entry.path) ?? 0) + 1);
      const carried = new Map<string, FileChange>();
      for (const entry of plan) {
        const change = stillUnchanged(entry, snapshot, pathCounts);
        if (change !== undefined) carried.set(entry.path, change);
      }
      const resolved = resolveFiles(
        plan.filter((entry) => !carried.has(entry.path)),
        snapshot,
        options,
        fs,
      );
      const resolvedByPath = new Map(resolved.changes.map((change) => [change.path, change]));
      const changes: FileChange[] = [];
      for (const path of pathCounts.keys()) {
        const change = carried.get(path) ?? resolvedByPath.get(path);
        if (change !== undefined) changes.push(change);
      }
      // The manifest, and the record of a settled project in it, from the changes of the whole plan.
      return finishResolution(snapshot, { ...resolved, changes }, options, fs);
    },
    applied(root, changes) {
      const next = new Map<string, UnchangedFile>();
      for (const change of changes) {
        const { path, before, after } = change;
        if (change.source !== 'generated' || change.action !== 'unchanged' || before === undefined || after === undefined) continue;
        const known = unchanged.get(path);
        if (known?.change === change) {
          next.set(path, known);
          continue;
        }
        const absolute = absoluteProjectPath(root, path);
        if (absolute !== undefined) next.set(path, { absolute, content: after, text: before, hash: hashOf(after), change });
      }
      unchanged = next;
    },
  };
}
