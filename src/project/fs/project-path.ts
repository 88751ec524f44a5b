import { join, sep } from 'node:path';
import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';

/**
 * The absolute path of a project-relative one, or undefined when it could leave the project:
 * absolute paths, drive letters, backslashes, and `.`/`..`/empty segments are all refused, so a
 * plan can only name files below the root, spelled one way.
 */
export function absoluteProjectPath(root: string, relative: string): string | undefined {
  if (!isProjectRelativePath(relative)) return undefined;
  // Every segment is a plain name, so joining the path whole gives what joining its segments would; under a
  // root already in normal form, so does putting a slash between them, without normalizing the whole path
  // again (a run of a thousand entities asks for tens of thousands of these).
  return sep === '/' && NORMAL_POSIX_ROOT.test(root) ? `${root}/${relative}` : join(root, relative);
}

/** An absolute POSIX path in the form `join` gives: no `.` or `..` segment, no empty one, no trailing slash. */
const NORMAL_POSIX_ROOT = /^(?:\/(?!\.\.?(?:\/|$))[^/\0]+)+$/;

/**
 * No drive letter, then segments joined by '/', each neither `.` nor `..` and holding no '/', backslash or NUL:
 * so no leading, trailing or doubled '/'. One expression, as a settled project's run checks every path it reads.
 */
const PROJECT_RELATIVE_PATH = /^(?![A-Za-z]:)(?!\.\.?(?:\/|$))[^/\\\0]+(?:\/(?!\.\.?(?:\/|$))[^/\\\0]+)*$/;

/** The check of absoluteProjectPath alone, for paths that are only compared, not opened (the manifest's). */
export function isProjectRelativePath(relative: string): boolean {
  return PROJECT_RELATIVE_PATH.test(relative);
}

export function pathOutsideProject(relative: string): Diagnostic {
  return {
    ...error('internal_error', `Refusing to touch \`${relative}\`: plan paths must be project-relative, with '/' and no '.' or '..' segments.`),
    path: relative,
  };
}
