/**
 * `.fullapi/manifest.json`: the hash of every file fullapi wrote, so a later run can tell its own
 * untouched output (safe to replace) from a hand edit (kept); and, once a run has left the project settled,
 * what lets the next run see that it has nothing to do (settled.ts). The file is
 *
 *   { "version": 1,
 *     "files": { "<project-relative path>": "sha256:<64 hex digits>", ... },
 *     "settled": { "fingerprint": "sha256:<hex>", "generator": "fullapi <version>", "report": ["<path>", ...],
 *                  "edits": { "<path>": "sha256:<hex>", ... } } }
 *
 * with keys sorted and no timestamps, so an unchanged project gives a byte-identical manifest. `settled` is
 * optional: a fullapi that does not know it reads the rest, and one that finds it malformed ignores it.
 */
import * as crypto from 'node:crypto';
import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { isPlainObject, parseProjectJson, readProjectText } from '../fs/project-file.js';
import type { ProjectFs } from '../fs/project-fs.js';
import { isProjectRelativePath } from '../fs/project-path.js';

export const MANIFEST_PATH = '.fullapi/manifest.json';
const MANIFEST_VERSION = 1;
const HASH_PATTERN = /^sha256:[0-9a-f]{64}$/;

export interface Manifest {
  /** Project-relative path -> `sha256:<hex>` of the content fullapi last wrote there. */
  files: ReadonlyMap<string, string>;
  settled?: SettledRecord;
}

/**
 * A project as a run left it with nothing more to do: a full run on the project in the state the
 * fingerprint names would change no file and report nothing but what reading the project reports.
 */
export interface SettledRecord {
  /** `sha256:<hex>` of everything that run's plan was made from and of every file it reported (settled.ts). */
  fingerprint: string;
  /** The fullapi that made the record (generator.ts), which the fingerprint covers too. */
  generator: string;
  /** The files that run reported, in its order, the manifest aside. */
  report: readonly string[];
  /** Those of them it edited rather than generated (routes, seeders, the record of entities), with their hashes. */
  edits: Readonly<Record<string, string>>;
}

const EMPTY_MANIFEST: Manifest = { files: new Map() };

/** The hash of a text's UTF-8 bytes: of a text, or of the bytes of a file, which match when the file holds that text. */
export function contentHash(content: string | Uint8Array): string {
  return `sha256:${sha256Hex(content)}`;
}

/** One call per text where Node has it (20.12 and later): a file's worth of text needs no Hash object. */
const sha256Hex: (content: string | Uint8Array) => string =
  typeof crypto.hash === 'function'
    ? (content) => crypto.hash('sha256', content, 'hex')
    : (content) => (typeof content === 'string' ? crypto.createHash('sha256').update(content, 'utf8') : crypto.createHash('sha256').update(content)).digest('hex');

/** A manifest's text, read: the manifest, or what is wrong with it. A watch session keeps these by text (make-memory.ts). */
export type ManifestReadings = (text: string) => Manifest | Diagnostic;

/**
 * A missing manifest is an empty one: the project has no fullapi output yet. The text comes too, as read,
 * for telling whether writing the manifest again would give the same bytes.
 */
export function readManifest(root: string, fs: ProjectFs, readings: ManifestReadings = manifestOfText): { manifest?: Manifest; text?: string; diagnostics: Diagnostic[] } {
  const read = readProjectText(root, MANIFEST_PATH, fs);
  if (read.status === 'missing') return { manifest: EMPTY_MANIFEST, diagnostics: [] };
  if (read.status === 'failed') return { diagnostics: [read.diagnostic] };
  const parsed = readings(read.text);
  return 'files' in parsed ? { manifest: parsed, text: read.text, diagnostics: [] } : { diagnostics: [parsed] };
}

export function manifestOfText(text: string): Manifest | Diagnostic {
  const read = parseProjectJson(MANIFEST_PATH, text, 'invalid_manifest');
  if (read.status === 'failed') return read.diagnostic;
  const parsed = manifestFromJson(read.value);
  if (typeof parsed !== 'string') return parsed;
  return error('invalid_manifest', `${MANIFEST_PATH} ${parsed}`, { file: MANIFEST_PATH }, 'Fix the file, or delete it to treat every existing file as hand-written.');
}

/** The manifest in a parsed JSON value, or the reason it is not one. */
export function manifestFromJson(value: unknown): Manifest | string {
  if (!isPlainObject(value)) return 'must be a JSON object.';
  if (value.version !== MANIFEST_VERSION) return `has version ${JSON.stringify(value.version)}; this fullapi reads version ${MANIFEST_VERSION}.`;
  if (!isPlainObject(value.files)) return 'must have a "files" object.';
  const files = new Map<string, string>();
  const listed = value.files;
  for (const path of Object.keys(listed)) {
    const hash = listed[path];
    if (!isProjectRelativePath(path)) return `lists "${path}", which is not a project-relative path.`;
    if (typeof hash !== 'string' || !HASH_PATTERN.test(hash)) return `has an invalid hash for "${path}": expected "sha256:" and 64 hex digits.`;
    files.set(path, hash);
  }
  const settled = settledFromJson(value.settled);
  return settled === undefined ? { files } : { files, settled };
}

/**
 * A record of another shape is one this fullapi cannot trust, so there is none. Its paths are not checked
 * here: a record is used only when the manifest's bytes are those its run wrote, and paths are checked when read.
 */
function settledFromJson(value: unknown): SettledRecord | undefined {
  if (!isPlainObject(value)) return undefined;
  const { fingerprint, generator, report, edits } = value;
  if (typeof fingerprint !== 'string' || !HASH_PATTERN.test(fingerprint) || typeof generator !== 'string' || !Array.isArray(report) || !isPlainObject(edits)) return undefined;
  if (!report.every((path) => typeof path === 'string') || !Object.values(edits).every((hash) => typeof hash === 'string')) return undefined;
  return { fingerprint, generator, report: report as string[], edits: edits as Record<string, string> };
}

/**
 * Where a serialized manifest's fingerprint starts: after the one line at this depth that opens `settled`
 * (newlines inside JSON strings are escaped, so the text before it cannot hold the same).
 */
const FINGERPRINT_LEAD = '\n  "settled": {\n    "fingerprint": "';
const FINGERPRINT_LENGTH = 'sha256:'.length + 64;

/** The text with its fingerprint replaced by `by`, or undefined when the text has no settled record where one is written. */
export function replaceFingerprint(text: string, by: string): string | undefined {
  const start = text.indexOf(FINGERPRINT_LEAD);
  if (start < 0) return undefined;
  const from = start + FINGERPRINT_LEAD.length;
  return `${text.slice(0, from)}${by}${text.slice(from + FINGERPRINT_LENGTH)}`;
}

/** Written by hand rather than through an object so keys stay in code-unit order even when numeric. */
export function serializeManifest(manifest: Manifest): string {
  const paths = [...manifest.files.keys()].sort(compareCodeUnits);
  const lines = paths.map((path) => `    ${JSON.stringify(path)}: ${JSON.stringify(manifest.files.get(path))}`);
  const files = paths.length === 0 ? '{}' : `{\n${lines.join(',\n')}\n  }`;
  const settled = manifest.settled === undefined ? '' : `,\n  "settled": ${serializeSettled(manifest.settled)}`;
  return `{\n  "version": ${MANIFEST_VERSION},\n  "files": ${files}${settled}\n}\n`;
}

function serializeSettled({ fingerprint, generator, report, edits }: SettledRecord): string {
  const block = (open: string, lines: readonly string[], close: string) => (lines.length === 0 ? `${open}${close}` : `${open}\n${lines.join(',\n')}\n    ${close}`);
  const reported = block('[', report.map((path) => `      ${JSON.stringify(path)}`), ']');
  const edited = block('{', Object.keys(edits).sort(compareCodeUnits).map((path) => `      ${JSON.stringify(path)}: ${JSON.stringify(edits[path])}`), '}');
  return `{\n    "fingerprint": ${JSON.stringify(fingerprint)},\n    "generator": ${JSON.stringify(generator)},\n    "report": ${reported},\n    "edits": ${edited}\n  }`;
}

/** Locale-independent ordering, so every machine writes the same bytes. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
