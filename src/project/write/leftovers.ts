import { basename, dirname, join } from 'node:path';
import { warning, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { compareCodeUnits } from './manifest.js';
import type { DirectoryEntry, ProjectFs } from '../fs/project-fs.js';

/** What the writer puts beside a file it replaces: the new content first, then the original moved aside. */
export type SiblingPurpose = 'tmp' | 'backup';

/** A temp file or backup that a killed run left beside the file it was made for. */
export interface Leftover {
  /** Project-relative path of the leftover. */
  path: string;
  /** Project-relative path of the file it was made for. */
  original: string;
  purpose: SiblingPurpose;
  /**
   * A backup whose original is missing holds the user's file, moved aside by a run killed before it put the
   * new one in place: it is renamed back. Every other leftover is removed.
   */
  restore: boolean;
}

/** A leftover's path, or its original's, on disk; both come from listing folders, so they need no checking. */
export function absoluteLeftoverPath(root: string, path: string): string {
  return join(root, ...path.split('/'));
}

/** `.<name>.fullapi-<purpose>`, then `-1`, `-2`, ... while taken. */
export function siblingName(name: string, purpose: SiblingPurpose, n: number): string {
  return `.${name}.fullapi-${purpose}${n === 0 ? '' : `-${n}`}`;
}

const SIBLING_NAME = /^\.(.+)\.fullapi-(tmp|backup)(?:-([1-9]\d*))?$/;

/**
 * The folders below the root that fullapi writes into, searched whole; of the root itself only its own
 * files (class_data.json). All of them rather than those of this run's plan: the leftovers must be known
 * before the project is read, as a restored original changes what the plan is made from, and a killed run
 * of another command may have written elsewhere.
 */
export const WRITTEN_FOLDERS: readonly string[] = ['.fullapi', 'app', 'bootstrap', 'config', 'database', 'routes', 'tests'];

interface Found {
  path: string;
  original: string;
  purpose: SiblingPurpose;
  n: number;
}

/**
 * Every leftover of an interrupted run, sorted by path, and what to do with it. Reads only. Links are
 * not followed, so all it finds lies inside the project. A folder that cannot be listed is skipped: what
 * the run must read or write there reports its own error.
 */
export function findLeftovers(root: string, fs: ProjectFs): Leftover[] {
  const found: Found[] = [];
  const visit = (folder: string, descendInto: (entry: DirectoryEntry) => boolean): void => {
    for (const entry of entriesOf(absoluteLeftoverPath(root, folder), fs)) {
      const path = folder === '' ? entry.name : `${folder}/${entry.name}`;
      if (entry.kind === 'directory') {
        if (descendInto(entry)) visit(path, () => true);
        continue;
      }
      const match = SIBLING_NAME.exec(entry.name);
      if (match === null || (entry.kind !== 'file' && entry.kind !== 'link')) continue;
      const [, name = '', purpose, n] = match;
      found.push({ path, original: folder === '' ? name : `${folder}/${name}`, purpose: purpose as SiblingPurpose, n: Number(n ?? 0) });
    }
  };
  visit('', (entry) => WRITTEN_FOLDERS.includes(entry.name));
  return decide(root, found, fs).sort((a, b) => compareCodeUnits(a.path, b.path));
}

function entriesOf(folder: string, fs: ProjectFs): DirectoryEntry[] {
  try {
    return fs.readdir(folder);
  } catch {
    return [];
  }
}

/**
 * Temp files go. Of the backups of one file, the one with the highest number is the newest (a run takes the
 * lowest free number); it is restored when the file is missing, and the rest go. A backup whose file cannot
 * be looked at is left alone, as removing it could lose the user's file.
 */
function decide(root: string, found: readonly Found[], fs: ProjectFs): Leftover[] {
  const leftovers: Leftover[] = [];
  const backups = new Map<string, Found[]>();
  for (const item of found) {
    if (item.purpose === 'tmp') leftovers.push(leftover(item, false));
    else backups.set(item.original, [...(backups.get(item.original) ?? []), item]);
  }
  for (const [original, group] of backups) {
    let missing: boolean;
    try {
      missing = fs.entryKind(absoluteLeftoverPath(root, original)) === undefined;
    } catch {
      continue;
    }
    for (const item of [...group].sort((a, b) => b.n - a.n)) {
      leftovers.push(leftover(item, missing));
      missing = false;
    }
  }
  return leftovers;
}

function leftover({ path, original, purpose }: Found, restore: boolean): Leftover {
  return { path, original, purpose, restore };
}

/**
 * The project as it is once the leftovers are dealt with, for reading: a restored file reads as its backup,
 * and leftovers are not there. The plan is made from this view, so it is right for the project the writer
 * leaves behind; the writer then restores and removes for real, in the same all-or-nothing run.
 */
export function recoveredView(root: string, fs: ProjectFs, leftovers: readonly Leftover[]): ProjectFs {
  if (leftovers.length === 0) return fs;
  const hidden = new Set(leftovers.map((item) => absoluteLeftoverPath(root, item.path)));
  const restored = new Map(
    leftovers.filter((item) => item.restore).map((item) => [absoluteLeftoverPath(root, item.original), absoluteLeftoverPath(root, item.path)]),
  );
  return {
    ...fs,
    readFile: (path) => fs.readFile(restored.get(path) ?? path),
    readBytes: (path) => fs.readBytes(restored.get(path) ?? path),
    exists: (path) => restored.has(path) || (!hidden.has(path) && fs.exists(path)),
    readdir: (folder) => [
      ...fs.readdir(folder).filter((entry) => !hidden.has(join(folder, entry.name))),
      ...[...restored]
        .filter(([original]) => dirname(original) === folder)
        .map(([original, backup]) => ({ name: basename(original), kind: fs.entryKind(backup) ?? 'file' })),
    ],
  };
}

/** What was done with each leftover, or with `dryRun` what a run would do; every one is named. */
export function leftoverWarnings(leftovers: readonly Leftover[], dryRun: boolean): Diagnostic[] {
  return leftovers.map((item) => warning('leftover_removed', describeLeftover(item, dryRun), item.path));
}

function describeLeftover({ path, original, purpose, restore }: Leftover, dryRun: boolean): string {
  if (restore) {
    return `${dryRun ? 'Would restore' : 'Restored'} ${original} from ${path}, where an interrupted fullapi run had moved it aside.`;
  }
  const what = purpose === 'tmp' ? `a temp file for ${original}` : `an old backup of ${original}`;
  return `${dryRun ? 'Would remove' : 'Removed'} ${path}, ${what} left by an interrupted fullapi run.`;
}
