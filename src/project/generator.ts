import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isPlainObject } from './project-file.js';
import { nodeFs, type ProjectFs } from './project-fs.js';
import { findPackageRoot } from './stubs.js';

/**
 * What identifies the fullapi that runs, for telling whether a project it settled was settled by the same
 * generator. An installed package is identified by its version: its files are what the registry holds for
 * that version. A build from sources keeps its version while its code changes, so it is identified by when
 * this module was last written too: every build (`npm run compile`, a bundle) writes every module again.
 * Hashing all of the code instead would cost a small run more than all else it does.
 */
export function generatorIdentity(fs: ProjectFs = nodeFs, moduleFile = fileURLToPath(import.meta.url)): string {
  const packageRoot = findPackageRoot(fs, dirname(moduleFile));
  if (packageRoot === undefined) return 'fullapi, package unknown';
  const version = `fullapi ${packageVersion(packageRoot, fs)}`;
  if (packageRoot.split(sep).includes('node_modules')) return version;
  try {
    return `${version}, built ${new Date(fs.modifiedTime(moduleFile)).toISOString()}`;
  } catch {
    // This module is running, so its file was there a moment ago; a build that removed it since changes the code.
    return `${version}, being rebuilt`;
  }
}

function packageVersion(packageRoot: string, fs: ProjectFs): string {
  try {
    const manifest: unknown = JSON.parse(fs.readFile(join(packageRoot, 'package.json')));
    return isPlainObject(manifest) && typeof manifest.version === 'string' ? manifest.version : 'of no version';
  } catch {
    // findPackageRoot has just read it: a file that vanished since tells nothing more than no version.
    return 'of no version';
  }
}
