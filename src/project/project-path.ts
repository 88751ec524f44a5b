import { join } from 'node:path';
import { error, type Diagnostic } from '../diagnostics/diagnostic.js';

/**
 * The absolute path of a project-relative one, or undefined when it could leave the project:
 * absolute paths, drive letters, backslashes, and `.`/`..`/empty segments are all refused, so a
 * plan can only name files below the root, spelled one way.
 */
export function absoluteProjectPath(root: string, relative: string): string | undefined {
  if (relative === '' || relative.startsWith('/') || relative.includes('\\') || /^[A-Za-z]:/.test(relative)) {
    return undefined;
  }
  const segments = relative.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..' || segment.includes('\0'))) {
    return undefined;
  }
  return join(root, ...segments);
}

export function pathOutsideProject(relative: string): Diagnostic {
  return {
    ...error('internal_error', `Refusing to touch \`${relative}\`: plan paths must be project-relative, with '/' and no '.' or '..' segments.`),
    path: relative,
  };
}
