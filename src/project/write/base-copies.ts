import type { FileChange } from '../../plan/file-change.js';
import { contentHash } from './manifest.js';
import { absentFiles } from '../fs/folder-listings.js';
import { readProjectText, type TextRead } from '../fs/project-file.js';
import { absoluteProjectPath } from '../fs/project-path.js';
import type { ProjectFs } from '../fs/project-fs.js';

/**
 * `.fullapi/base/<path>`: the content fullapi last wrote to each generated file, the base of the three-way
 * merge when the file has been edited by hand since (merge-file.ts). A plain copy, so that a reviewer can
 * read it and git stores it once: a copy identical to its file is the same blob. A copy is good only while
 * its hash is the one the manifest records for the path; any other (older, or edited) is not used.
 */
export const BASE_FOLDER = '.fullapi/base';

export function basePath(path: string): string {
  return `${BASE_FOLDER}/${path}`;
}

export function isBasePath(path: string): boolean {
  return path.startsWith(`${BASE_FOLDER}/`);
}

/** The base of a generated file: its copy, when the copy holds what the manifest says fullapi last wrote there. */
export function readBase(root: string, path: string, recordedHash: string, fs: ProjectFs): string | undefined {
  const read = readProjectText(root, basePath(path), fs);
  return read.status === 'read' && contentHash(read.text) === recordedHash ? read.text : undefined;
}

/**
 * The writes that leave each path's copy as given (undefined: no copy), against the disk: a copy already so
 * needs none. A copy that cannot be read is left alone, its hash no longer the manifest's: a base is a help
 * to merges, never a reason for a run to fail.
 */
export function baseCopyChanges(root: string, wanted: ReadonlyMap<string, string | undefined>, fs: ProjectFs): FileChange[] {
  const changes: FileChange[] = [];
  // A first run copies thousands of files, none there yet: one listing per folder says so.
  const isAbsent = absentFiles(fs);
  for (const [path, content] of wanted) {
    const absolute = absoluteProjectPath(root, basePath(path));
    const current: TextRead = absolute !== undefined && isAbsent(absolute) ? { status: 'missing' } : readProjectText(root, basePath(path), fs);
    const copy = { path: basePath(path), source: 'base' } as const;
    if (current.status === 'missing') {
      if (content !== undefined) changes.push({ ...copy, action: 'created', after: content });
    } else if (current.status === 'read' && current.text !== content) {
      const before = current.text;
      changes.push(content === undefined ? { ...copy, action: 'deleted', before } : { ...copy, action: 'updated', after: content, before });
    }
  }
  return changes;
}
