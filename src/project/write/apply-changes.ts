import { basename, dirname, join, relative } from 'node:path';
import { error, warning, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { WRITING_ACTIONS, type FileChange } from '../../plan/file-change.js';
import { absoluteLeftoverPath, leftoverWarnings, siblingName, type Leftover, type SiblingPurpose } from './leftovers.js';
import { outsideProjectErrors, projectBoundary, type EscapingWrite } from '../fs/project-boundary.js';
import { describeOsError, nodeFs, type ProjectFs } from '../fs/project-fs.js';
import { absoluteProjectPath, pathOutsideProject } from '../fs/project-path.js';

/** A run gives up looking for a free temp or backup name after this many taken ones. */
const MAX_SIBLING_NUMBER = 100;

/** One file's progress through the two phases; rollback undoes exactly what these fields say happened. */
interface Step {
  change: FileChange;
  target: string;
  /** A staged temp file that still exists (not yet renamed over the target). */
  temp?: string;
  /** Where the original file was moved aside to, while it sits there. */
  backup?: string;
  /** The new content is at the target. */
  placed: boolean;
}

interface StepFailure {
  path: string;
  reason: string;
}

/**
 * Writes all changes or none. First it refuses any write that a symbolic link would carry out of the
 * project. Phase one renames back the originals an interrupted run left moved aside (`leftovers`, which the
 * plan was made from) and stages every new content in a temp file beside its target (creating
 * directories); phase two moves each original aside and the temp file into place. Any failure undoes all
 * of it. Only after success are the backups and the other leftovers removed, as a removal cannot be undone.
 */
export function applyChanges(
  root: string,
  changes: readonly FileChange[],
  fs: ProjectFs = nodeFs,
  leftovers: readonly Leftover[] = [],
): Diagnostic[] {
  const steps: Step[] = [];
  const targets = new Set<string>();
  for (const change of changes.filter((c) => WRITING_ACTIONS.includes(c.action))) {
    const target = absoluteProjectPath(root, change.path);
    if (target === undefined) return [pathOutsideProject(change.path)];
    if (targets.has(target)) {
      return [{ ...error('internal_error', `${change.path} appears twice among the changes to apply.`), path: change.path }];
    }
    targets.add(target);
    steps.push({ change, target, placed: false });
  }

  const escapes: EscapingWrite[] = [];
  const escapingLinkOf = projectBoundary(root, fs);
  const unresolvable = firstFailure(steps, (step) => {
    const escape = escapingLinkOf(step.change.path);
    if (escape !== undefined) escapes.push({ path: step.change.path, escape });
  });
  if (unresolvable !== undefined) return [writeFailed(root, unresolvable, [])];
  if (escapes.length > 0) return outsideProjectErrors(escapes);

  const restored: Leftover[] = [];
  const directories: Directories = { created: [], known: new Set([root]) };
  const failure =
    firstFailure(leftovers.filter((leftover) => leftover.restore), (leftover) => restore(root, leftover, restored, fs)) ??
    firstFailure(steps, (step) => stage(root, step, directories, fs)) ??
    firstFailure(steps, (step) => commit(step, fs));
  if (failure !== undefined) return [writeFailed(root, failure, rollBack(root, steps, restored, directories.created, fs))];
  return [...steps.flatMap((step) => dropBackup(step, fs)), ...leftovers.flatMap((leftover) => settleLeftover(root, leftover, fs))];
}

/** Runs `action` on each item until one throws; the exception becomes the failure of that item's file. */
function firstFailure<T extends { change: FileChange } | Leftover>(items: readonly T[], action: (item: T) => void): StepFailure | undefined {
  for (const item of items) {
    try {
      action(item);
    } catch (cause) {
      return { path: 'change' in item ? item.change.path : item.original, reason: describeOsError(cause) };
    }
  }
  return undefined;
}

/** Renames a backup an interrupted run left back to its original name, unless something took that name since. */
function restore(root: string, leftover: Leftover, restored: Leftover[], fs: ProjectFs): void {
  const original = absoluteLeftoverPath(root, leftover.original);
  if (fs.entryKind(original) !== undefined) throw new Error('the file appeared on disk after the plan was made');
  fs.rename(absoluteLeftoverPath(root, leftover.path), original);
  restored.push(leftover);
}

/** The directories a run created, in order (rollback removes them), and those it knows to exist. */
interface Directories {
  created: string[];
  known: Set<string>;
}

function stage(root: string, step: Step, directories: Directories, fs: ProjectFs): void {
  const { change, target } = step;
  if (change.action !== 'created') assertStillAsResolved(change, target, fs);
  if (change.action === 'deleted') return;
  const content = change.afterPieces ?? change.after;
  if (content === undefined) throw new Error(`no content to write for a ${change.action} file`);
  createMissingDirectories(root, dirname(target), directories, fs);
  // An edited file keeps its permissions (a 0600 bootstrap/app.php stays 0600); a new one gets the default.
  const mode = change.action === 'created' ? undefined : fs.fileMode(target);
  step.temp = createTempFile(target, content, mode, fs);
}

/**
 * Creates the temp file under the first free name. Exclusive creation is what makes a name free: a name
 * anything has (a planted link included) is skipped, never written through.
 */
function createTempFile(target: string, content: string | readonly string[], mode: number | undefined, fs: ProjectFs): string {
  for (let n = 0; n <= MAX_SIBLING_NUMBER; n++) {
    const candidate = join(dirname(target), siblingName(basename(target), 'tmp', n));
    try {
      fs.createFile(candidate, content, mode);
      return candidate;
    } catch (cause) {
      if ((cause as NodeJS.ErrnoException).code !== 'EEXIST') throw cause;
    }
  }
  throw noFreeName(target, 'tmp');
}

/** The plan was made from what was on disk; if the file changed since, writing over it would lose that. */
function assertStillAsResolved(change: FileChange, target: string, fs: ProjectFs): void {
  if (change.before !== undefined && fs.readFile(target) !== change.before) {
    throw new Error('the file changed on disk after the plan was made');
  }
}

function commit(step: Step, fs: ProjectFs): void {
  const { change, target } = step;
  if (change.action === 'created' && fs.exists(target)) {
    throw new Error('the file appeared on disk after the plan was made');
  }
  if (change.action !== 'created') {
    const backup = freeBackupName(target, fs);
    fs.rename(target, backup);
    step.backup = backup;
  }
  if (step.temp !== undefined) {
    fs.rename(step.temp, target);
    delete step.temp;
    step.placed = true;
  }
}

/**
 * Undoes steps newest first, then moves restored leftovers aside again, then removes created directories
 * deepest first; returns what it could not undo.
 */
function rollBack(root: string, steps: readonly Step[], restored: readonly Leftover[], createdDirectories: readonly string[], fs: ProjectFs): string[] {
  const leftovers: string[] = [];
  const undo = (what: string, action: () => void): void => {
    try {
      action();
    } catch (cause) {
      leftovers.push(`${what} (${describeOsError(cause)})`);
    }
  };
  for (const step of [...steps].reverse()) {
    const { temp, backup, target } = step;
    if (step.placed) undo(`remove new ${target}`, () => fs.unlink(target));
    if (backup !== undefined) undo(`restore ${target} from ${backup}`, () => fs.rename(backup, target));
    if (temp !== undefined) undo(`remove temp file ${temp}`, () => fs.unlink(temp));
  }
  for (const leftover of [...restored].reverse()) {
    const original = absoluteLeftoverPath(root, leftover.original);
    const backup = absoluteLeftoverPath(root, leftover.path);
    undo(`move ${original} back to ${backup}`, () => fs.rename(original, backup));
  }
  for (const directory of [...createdDirectories].reverse()) {
    undo(`remove directory ${directory}`, () => fs.rmdir(directory));
  }
  return leftovers;
}

/** After success the backups only take space; one that will not go away is worth a warning, not a failure. */
function dropBackup(step: Step, fs: ProjectFs): Diagnostic[] {
  const backup = step.backup;
  if (backup === undefined) return [];
  try {
    fs.unlink(backup);
    return [];
  } catch (cause) {
    return [
      warning('write_failed', `${step.change.path} was written, but its backup ${backup} could not be removed (${describeOsError(cause)}); delete it by hand.`, step.change.path),
    ];
  }
}

/** Says what was done with a leftover; one that will not go away is worth a warning, not a failure. */
function settleLeftover(root: string, leftover: Leftover, fs: ProjectFs): Diagnostic[] {
  if (leftover.restore) return leftoverWarnings([leftover], false);
  try {
    fs.unlink(absoluteLeftoverPath(root, leftover.path));
    return leftoverWarnings([leftover], false);
  } catch (cause) {
    return [
      warning('write_failed', `${leftover.path}, left by an interrupted fullapi run, could not be removed (${describeOsError(cause)}); delete it by hand.`, leftover.path),
    ];
  }
}

/** Most files of a run share their directories: each is looked at once, and its parents not at all after that. */
function createMissingDirectories(root: string, directory: string, directories: Directories, fs: ProjectFs): void {
  if (directories.known.has(directory)) return;
  const segments = relative(root, directory).split(/[\\/]/).filter((segment) => segment !== '');
  for (let depth = 1; depth <= segments.length; depth++) {
    const path = join(root, ...segments.slice(0, depth));
    if (directories.known.has(path)) continue;
    if (!fs.exists(path)) {
      fs.mkdir(path);
      directories.created.push(path);
    }
    directories.known.add(path);
  }
}

/**
 * The first name for a backup beside the target that nothing has, not even a dangling link (which a rename
 * would replace): same file system, so the rename is atomic.
 */
function freeBackupName(target: string, fs: ProjectFs): string {
  for (let n = 0; n <= MAX_SIBLING_NUMBER; n++) {
    const candidate = join(dirname(target), siblingName(basename(target), 'backup', n));
    if (fs.entryKind(candidate) === undefined) return candidate;
  }
  throw noFreeName(target, 'backup');
}

function noFreeName(target: string, purpose: SiblingPurpose): Error {
  return new Error(`no free ${purpose} name beside it: ${siblingName(basename(target), purpose, 0)} and its ${MAX_SIBLING_NUMBER} numbered variants are all taken`);
}

function writeFailed(root: string, failure: StepFailure, leftovers: readonly string[]): Diagnostic {
  const outcome =
    leftovers.length === 0
      ? 'No file was changed.'
      : `Restoring the project was incomplete; check by hand in ${root}: ${leftovers.join('; ')}.`;
  return { ...error('write_failed', `Could not write ${failure.path}: ${failure.reason}. ${outcome}`), path: failure.path };
}
