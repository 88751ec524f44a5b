/**
 * `.fullapi/manifest.json`: the hash of every file fullapi wrote, so a later run can tell its own
 * untouched output (safe to replace) from a hand edit (kept). The file is
 *
 *   { "version": 1, "files": { "<project-relative path>": "sha256:<64 hex digits>" } }
 *
 * with keys sorted and no timestamps, so an unchanged project gives a byte-identical manifest.
 */
import * as crypto from 'node:crypto';
import { error, type Diagnostic } from '../diagnostics/diagnostic.js';
import { isPlainObject, readProjectJson } from './project-file.js';
import type { ProjectFs } from './project-fs.js';
import { isProjectRelativePath } from './project-path.js';

export const MANIFEST_PATH = '.fullapi/manifest.json';
const MANIFEST_VERSION = 1;
const HASH_PATTERN = /^sha256:[0-9a-f]{64}$/;

export interface Manifest {
  /** Project-relative path -> `sha256:<hex>` of the content fullapi last wrote there. */
  files: ReadonlyMap<string, string>;
}

const EMPTY_MANIFEST: Manifest = { files: new Map() };

export function contentHash(content: string): string {
  return `sha256:${sha256Hex(content)}`;
}

/** One call per text where Node has it (20.12 and later): a file's worth of text needs no Hash object. */
const sha256Hex: (text: string) => string =
  typeof crypto.hash === 'function' ? (text) => crypto.hash('sha256', text, 'hex') : (text) => crypto.createHash('sha256').update(text, 'utf8').digest('hex');

/** A missing manifest is an empty one: the project has no fullapi output yet. */
export function readManifest(root: string, fs: ProjectFs): { manifest?: Manifest; diagnostics: Diagnostic[] } {
  const read = readProjectJson(root, MANIFEST_PATH, fs, 'invalid_manifest');
  if (read.status === 'missing') return { manifest: EMPTY_MANIFEST, diagnostics: [] };
  if (read.status === 'failed') return { diagnostics: [read.diagnostic] };
  const parsed = manifestFromJson(read.value);
  if (typeof parsed === 'string') {
    return {
      diagnostics: [
        error('invalid_manifest', `${MANIFEST_PATH} ${parsed}`, { file: MANIFEST_PATH }, 'Fix the file, or delete it to treat every existing file as hand-written.'),
      ],
    };
  }
  return { manifest: parsed, diagnostics: [] };
}

/** The manifest in a parsed JSON value, or the reason it is not one. */
export function manifestFromJson(value: unknown): Manifest | string {
  if (!isPlainObject(value)) return 'must be a JSON object.';
  if (value.version !== MANIFEST_VERSION) return `has version ${JSON.stringify(value.version)}; this fullapi reads version ${MANIFEST_VERSION}.`;
  if (!isPlainObject(value.files)) return 'must have a "files" object.';
  const files = new Map<string, string>();
  for (const [path, hash] of Object.entries(value.files)) {
    if (!isProjectRelativePath(path)) return `lists "${path}", which is not a project-relative path.`;
    if (typeof hash !== 'string' || !HASH_PATTERN.test(hash)) return `has an invalid hash for "${path}": expected "sha256:" and 64 hex digits.`;
    files.set(path, hash);
  }
  return { files };
}

/** Written by hand rather than through an object so keys stay in code-unit order even when numeric. */
export function serializeManifest(manifest: Manifest): string {
  const paths = [...manifest.files.keys()].sort(compareCodeUnits);
  if (paths.length === 0) return `{\n  "version": ${MANIFEST_VERSION},\n  "files": {}\n}\n`;
  const lines = paths.map((path) => `    ${JSON.stringify(path)}: ${JSON.stringify(manifest.files.get(path))}`);
  return `{\n  "version": ${MANIFEST_VERSION},\n  "files": {\n${lines.join(',\n')}\n  }\n}\n`;
}

/** Locale-independent ordering, so every machine writes the same bytes. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
