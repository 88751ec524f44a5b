import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ProjectFs } from './project-fs.js';

/** The name in fullapi's own package.json: `fullapi` on npm is another package, and the command keeps that name. */
export const PACKAGE_NAME = 'laravel-fullapi';

/**
 * The directory holding fullapi's own package.json. Found by walking up from this module, because
 * it runs from `src/project/` (tsx), from `dist/src/project/` (compiled) and from the bundled
 * command in `dist/cli/`.
 */
export function findPackageRoot(fs: ProjectFs, startDirectory = dirname(fileURLToPath(import.meta.url))): string | undefined {
  for (let directory = startDirectory; ; directory = dirname(directory)) {
    if (isFullapiPackage(join(directory, 'package.json'), fs)) return directory;
    if (dirname(directory) === directory) return undefined;
  }
}

function isFullapiPackage(manifestPath: string, fs: ProjectFs): boolean {
  if (!fs.exists(manifestPath)) return false;
  try {
    const manifest: unknown = JSON.parse(fs.readFile(manifestPath));
    return typeof manifest === 'object' && manifest !== null && (manifest as { name?: unknown }).name === PACKAGE_NAME;
  } catch {
    // Another package's broken package.json on the way up is not ours; keep walking.
    return false;
  }
}


/** fullapi's own version, from its package.json; undefined when that cannot be read or holds none. */
export function packageVersion(fs: ProjectFs, packageRoot = findPackageRoot(fs)): string | undefined {
  if (packageRoot === undefined) return undefined;
  try {
    const manifest: unknown = JSON.parse(fs.readFile(join(packageRoot, 'package.json')));
    const version = typeof manifest === 'object' && manifest !== null ? (manifest as { version?: unknown }).version : undefined;
    return typeof version === 'string' ? version : undefined;
  } catch {
    // findPackageRoot has just read it: a file that vanished since tells nothing more than no version.
    return undefined;
  }
}
