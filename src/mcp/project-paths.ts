import { join, relative, resolve, sep } from 'node:path';
import { error, type Diagnostic } from '../diagnostics/diagnostic.js';
import { projectBoundary } from '../project/fs/project-boundary.js';
import { describeOsError, type ProjectFs } from '../project/fs/project-fs.js';
import { isProjectRelativePath } from '../project/fs/project-path.js';

/**
 * The edge of the MCP server: every path a client names is checked here once, against the project the server
 * was started on. A path is refused when it leaves the project as written (`..`, another absolute folder) or
 * through a symbolic link on its way that leads out of the project's real root.
 */

/** A file of the project, as diagnostics name it (project-relative) and as it is opened. */
export interface ProjectFile {
  relative: string;
  absolute: string;
}

export function projectFile(root: string, given: string, argument: string, fs: ProjectFs): { file?: ProjectFile; diagnostics: Diagnostic[] } {
  const inside = relative(root, resolve(root, given)).split(sep).join('/');
  if (given === '' || !isProjectRelativePath(inside)) return { diagnostics: [outside(given, argument, 'it is not a file inside the project')] };
  try {
    const escape = projectBoundary(root, fs)(inside);
    if (escape !== undefined) return { diagnostics: [outside(given, argument, `${escape.link} is a symbolic link to ${escape.leadsTo}, outside the project`)] };
  } catch (cause) {
    return { diagnostics: [error('unreadable_project_file', `cannot tell where ${given} leads: ${describeOsError(cause)}`, { flag: argument })] };
  }
  return { file: { relative: inside, absolute: join(root, ...inside.split('/')) }, diagnostics: [] };
}

function outside(given: string, argument: string, reason: string): Diagnostic {
  return error('path_outside_project', `${argument} "${given}" is refused: ${reason}; the MCP server reads only the project it was started on`, { flag: argument });
}
