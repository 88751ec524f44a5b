import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoRoot } from '../support/repo-root.js';

/**
 * The PHP files of the golden cases (tests/fixtures/<case>/expected/), generated or edited (routes, seeders,
 * bootstrap), for the PHP checks: many cases write the same file (the same model, the same bootstrap/app.php),
 * and a content PHP accepts once it accepts everywhere, so each content is checked once, under the first path
 * that holds it.
 */

export const fixturesDir = join(repoRoot(), 'tests', 'fixtures');

export interface GoldenPhp {
  /** Absolute. */
  path: string;
  content: string;
}

function expectedPhpFiles(): GoldenPhp[] {
  return readdirSync(fixturesDir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.php') && entry.parentPath.includes('/expected'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
    .map((path) => ({ path, content: readFileSync(path, 'utf8') }));
}

/** A file written with conflict markers (`--merge=markers`) is not PHP until its owner resolves it. */
function hasConflictMarkers(file: GoldenPhp): boolean {
  return /^<<<<<<< yours$/m.test(file.content);
}

/** The fixture-relative paths of the files left out for their conflict markers. */
export function conflictMarkedFiles(): string[] {
  return expectedPhpFiles()
    .filter(hasConflictMarkers)
    .map((file) => relative(fixturesDir, file.path));
}

/** Each distinct content of the PHP files to check once, with the first path holding it; `where` picks the paths. */
export function distinctPhpFiles(where: (fixturePath: string) => boolean = () => true): GoldenPhp[] {
  const seen = new Set<string>();
  return expectedPhpFiles().filter((file) => {
    if (hasConflictMarkers(file) || !where(relative(fixturesDir, file.path))) return false;
    const hash = createHash('sha256').update(file.content).digest('hex');
    if (seen.has(hash)) return false;
    seen.add(hash);
    return true;
  });
}
