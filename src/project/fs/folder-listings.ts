import { basename, dirname } from 'node:path';
import type { ProjectFs } from './project-fs.js';

/** A folder's entries, by name in a form that matches however a file system compares names; or why there are none. */
type Listing = ReadonlySet<string> | 'no folder' | 'unlisted';

/**
 * Tells, from one listing of each folder, which files are surely not there. A first run plans thousands of
 * files that do not exist yet, and reading each to be told so by an exception costs more than writing it.
 * A name listed in any case counts as there (a case-insensitive file system would open it); a folder that
 * cannot be listed tells nothing, and its files are read as usual.
 */
export function absentFiles(fs: ProjectFs): (absolutePath: string) => boolean {
  const listings = new Map<string, Listing>();
  const listingOf = (folder: string): Listing => {
    let listing = listings.get(folder);
    if (listing === undefined) {
      listing = list(folder, fs);
      listings.set(folder, listing);
    }
    return listing;
  };
  return (absolutePath) => {
    const listing = listingOf(dirname(absolutePath));
    if (listing === 'unlisted') return false;
    return listing === 'no folder' || !listing.has(comparable(basename(absolutePath)));
  };
}

function list(folder: string, fs: ProjectFs): Listing {
  try {
    return new Set(fs.readdir(folder).map((entry) => comparable(entry.name)));
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    // Reading a file below a missing folder, or below a file, fails the same way: nothing is there.
    return code === 'ENOENT' || code === 'ENOTDIR' ? 'no folder' : 'unlisted';
  }
}

/** Case-insensitive file systems also fold Unicode normalization (macOS stores é as e + accent). */
function comparable(name: string): string {
  return name.normalize('NFC').toLowerCase();
}
