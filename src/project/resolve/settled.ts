import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import type { FileChange } from '../../plan/file-change.js';
import { compareCodeUnits, contentHash, MANIFEST_PATH, replaceFingerprint, serializeManifest } from '../write/manifest.js';
import { absoluteProjectPath } from '../fs/project-path.js';
import { nodeFs, type ProjectFs } from '../fs/project-fs.js';
import { LISTED_FOLDERS, type FolderListings, type ProjectSnapshot } from '../read/read-project.js';

/**
 * A run that finds nothing to change should cost no more than reading the files it would compare. A run
 * that settles the project (it planned the whole input without a single problem beyond those of reading the
 * project, so a run on the project as it leaves it would change nothing and say nothing new) records in the
 * manifest a fingerprint of everything its plan was made from, as the project will be once it has written.
 * The next run computes the fingerprint from what it reads; when the two agree and every file the record
 * lists still has its hash, the plan would be the one recorded, and the run reports every file `unchanged`
 * without parsing, checking, emitting or rendering anything. Anything else plans in full.
 *
 * A plan is made from, and the fingerprint covers: the input (the file's text, as the run leaves it, and base
 * name; or the command line's entity and fields); the generator (its version and, built from sources, its
 * build); the project facts (framework major, page sizes: all composer.json, composer.lock and
 * config/api-generator.php give it); every stub's text, published or built-in; the `.php` names in the
 * folders the emitters and warnings look into (migrations, enums, requests); and the manifest byte for byte
 * but for the fingerprint, hence the hash of every file the run generated and, in the record, of every file
 * it edited (routes/api.php, bootstrap/app.php, DatabaseSeeder.php, class_data.json), which are the texts the
 * edits are applied to. The clock names new migrations only, and a settled project has all of its own. The
 * options that do not change the plan are not in it: `--dry-run`, and `--force`, which rewrites only kept
 * files, of which a settled project has none. `--only` plans part of the input, so it neither settles the
 * project nor takes it as settled; `--force` does not take it as settled either, so that a record in doubt
 * can be passed by. When a run that settles the project writes its record: resolve-plan.ts, manifestAfter.
 */

const FORMAT = 'fullapi settled 1';
/** What a manifest's fingerprint is taken to be while the fingerprint, which covers the manifest, is computed. */
const UNKNOWN_FINGERPRINT = `sha256:${'0'.repeat(64)}`;

/** What, besides the project, a run's plan is made from. */
export interface RunIdentity {
  /** `generatorIdentity()`. */
  generator: string;
  /** What the run's input is, as the pipeline writes it down: all its output depends on but the text. */
  input: string;
  text: string;
  /** The absolute path of the file the text was read from, which the run may edit (class_data.json). */
  file?: string;
}

/**
 * What a run on a settled project reports: every file of the record `unchanged`, in its order, then the
 * manifest. Undefined when the project is not as the record says, down to a byte of one file.
 */
export function settledChanges(snapshot: ProjectSnapshot, identity: RunIdentity, fs: ProjectFs = nodeFs): FileChange[] | undefined {
  const { manifest, manifestText } = snapshot;
  const { settled } = manifest;
  if (settled === undefined || manifestText === undefined || snapshot.leftovers.length > 0) return undefined;
  const unsigned = replaceFingerprint(manifestText, UNKNOWN_FINGERPRINT);
  // Everything but the reported files first: a changed input or stub is found before any of them is read.
  if (unsigned === undefined || fingerprint(identity, snapshot, snapshot, unsigned) !== settled.fingerprint) return undefined;
  const changes: FileChange[] = [];
  for (const path of settled.report) {
    const edit = Object.hasOwn(settled.edits, path);
    const expected = edit ? settled.edits[path] : manifest.files.get(path);
    if (expected === undefined || hashOfFile(snapshot.root, path, fs) !== expected) return undefined;
    changes.push({ path, action: 'unchanged', source: edit ? 'patch' : 'generated' });
  }
  changes.push({ path: MANIFEST_PATH, action: 'unchanged', source: 'manifest' });
  return changes;
}

/**
 * The hash of a file's bytes, as they are: a file that holds the text recorded has the recorded hash, so
 * nothing needs decoding. A file that cannot be read has none, and the run plans in full, which says why.
 */
function hashOfFile(root: string, path: string, fs: ProjectFs): string | undefined {
  const absolute = absoluteProjectPath(root, path);
  if (absolute === undefined) return undefined;
  try {
    return contentHash(fs.readBytes(absolute));
  } catch {
    return undefined;
  }
}

/**
 * The manifest a run that settles the project writes: the hashes it will hold, and the record of the changes
 * the run resolved (the manifest's aside), with the folders listed as they will be once those are written.
 */
export function settledManifest(snapshot: ProjectSnapshot, identity: RunIdentity, changes: readonly FileChange[], files: ReadonlyMap<string, string>): string {
  const edits: Record<string, string> = {};
  for (const change of changes) if (change.source !== 'generated') edits[change.path] = contentHash(change.after ?? '');
  const settled = { fingerprint: UNKNOWN_FINGERPRINT, generator: identity.generator, report: changes.map((change) => change.path), edits };
  const draft = serializeManifest({ files, settled });
  // The path ends with the file's name wherever it is joined: most changes are passed by at that first look.
  const input = changes.find(
    (change) => identity.file !== undefined && identity.file.endsWith(posix.basename(change.path)) && absoluteProjectPath(snapshot.root, change.path) === identity.file,
  );
  const after = input?.after === undefined ? identity : { ...identity, text: input.after };
  return replaceFingerprint(draft, fingerprint(after, snapshot, listingsAfter(snapshot, changes), draft)) ?? draft;
}

function listingsAfter(snapshot: FolderListings, changes: readonly FileChange[]): FolderListings {
  // Only a file created or deleted changes what a folder lists.
  const php = changes.filter((change) => (change.action === 'created' || change.action === 'deleted') && change.path.endsWith('.php'));
  const after = (field: keyof typeof LISTED_FOLDERS): string[] => {
    const names = new Set(snapshot[field]);
    for (const change of php) {
      if (posix.dirname(change.path) !== LISTED_FOLDERS[field]) continue;
      const name = posix.basename(change.path);
      if (change.action === 'created') names.add(name);
      else if (change.action === 'deleted') names.delete(name);
    }
    return [...names].sort(compareCodeUnits);
  };
  return { existingMigrations: after('existingMigrations'), existingEnums: after('existingEnums'), existingRequests: after('existingRequests') };
}

/**
 * Covers the manifest byte for byte (given with UNKNOWN_FINGERPRINT in place of its fingerprint), and with it
 * the hash the manifest holds of every reported file. Each part is written with its length first, so that no
 * two different sets of parts run together alike.
 */
function fingerprint(identity: RunIdentity, snapshot: ProjectSnapshot, listings: FolderListings, unsignedManifest: string): string {
  const hash = createHash('sha256');
  const part = (text: string): void => {
    hash.update(`${text.length}:`);
    hash.update(text);
  };
  part(FORMAT);
  part(identity.generator);
  part(identity.input);
  part(identity.text);
  // The tables --add-fields altered are read from the migrations, which the listings and the manifest's hashes
  // cover; the run that adds a migration alters them, and the plan of the next run is still the same.
  part(JSON.stringify({ ...snapshot.facts, alteredTables: undefined }));
  for (const [name, stub] of Object.entries(snapshot.stubs)) {
    part(name);
    part(stub);
  }
  for (const field of Object.keys(LISTED_FOLDERS) as (keyof typeof LISTED_FOLDERS)[]) {
    part(LISTED_FOLDERS[field]);
    part(String(listings[field].length));
    for (const name of listings[field]) part(name);
  }
  part(unsignedManifest);
  return `sha256:${hash.digest('hex')}`;
}
