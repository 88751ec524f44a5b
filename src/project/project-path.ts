import { join } from 'node:path';
import { error, type Diagnostic } from '../diagnostics/diagnostic.js';

/**
 * The absolute path of a project-relative one, or undefined when it could leave the project:
 * absolute paths, drive letters, backslashes, and `.`/`..`/empty segments are all refused, so a
 * plan can only name files below the root, spelled one way.
 */
export function absoluteProjectPath(root: string, relative: string): string | undefined {
  // Every segment is a plain name, so joining the path whole gives what joining its segments would.
  return isProjectRelativePath(relative) ? join(root, relative) : undefined;
}

/** The check of absoluteProjectPath alone, for paths that are only compared, not opened (the manifest's). */
export function isProjectRelativePath(relative: string): boolean {
  if (relative === '' || relative.startsWith('/') || relative.includes('\\') || relative.includes('\0') || /^[A-Za-z]:/.test(relative)) return false;
  return relative.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

export function pathOutsideProject(relative: string): Diagnostic {
  return {
    ...error('internal_error', `Refusing to touch \`${relative}\`: plan paths must be project-relative, with '/' and no '.' or '..' segments.`),
    path: relative,
  };
}
