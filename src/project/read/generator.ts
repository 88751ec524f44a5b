import { dirname, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeFs, type ProjectFs } from '../fs/project-fs.js';
import { findPackageRoot, packageVersion } from '../fs/package-root.js';

/**
 * What identifies the fullapi that runs, for telling whether a project it settled was settled by the same
 * generator. An installed package is identified by its version: its files are what the registry holds for
 * that version, whether npm installed them (`node_modules/`) or Composer (`vendor/`, the Composer package's
 * copy of the bundle), and each teammate's install writes them at another time. A build from sources keeps its version while its code changes, so it is identified by when
 * this module was last written too: every build (`npm run compile`, a bundle) writes every module again.
 * Hashing all of the code instead would cost a small run more than all else it does. Undefined when the
 * running code cannot be told apart from another (its package or, built from sources, this module's file is
 * gone): such a run neither takes a project as settled nor records one.
 */
export function generatorIdentity(fs: ProjectFs = nodeFs, moduleFile = fileURLToPath(import.meta.url)): string | undefined {
  const packageRoot = findPackageRoot(fs, dirname(moduleFile));
  if (packageRoot === undefined) return undefined;
  const version = `fullapi ${packageVersion(fs, packageRoot) ?? 'of no version'}`;
  const folders = packageRoot.split(sep);
  if (folders.includes('node_modules') || folders.includes('vendor')) return version;
  try {
    return `${version}, built ${new Date(fs.modifiedTime(moduleFile)).toISOString()}`;
  } catch {
    return undefined;
  }
}
