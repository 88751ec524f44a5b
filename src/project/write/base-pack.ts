import { createHash } from 'node:crypto';
import { compareCodeUnits, contentHash } from './manifest.js';
import { isProjectRelativePath } from '../fs/project-path.js';

/**
 * A pack of bases (base-store.ts): the contents fullapi wrote to several generated files, in one text file a
 * reviewer can read.
 *
 *   fullapi base pack 1
 *   file <path> sha256:<64 hex digits> <length in UTF-8 bytes>
 *   <the content, exactly that many bytes>
 *   file <path> ...
 *
 * Each content is followed by one newline, so the next header starts a line whatever the content ends with.
 * Entries are sorted by path, each path once. A pack is named by its content (packId), so the same bases
 * give the same file, and a run that writes none writes no pack.
 */
const FIRST_LINE = 'fullapi base pack 1';
const HEADER = /^file (.+) (sha256:[0-9a-f]{64}) (0|[1-9]\d*)$/;
const NEWLINE = 0x0a;
const ID_LENGTH = 16;

/** What the index knows of one base in a pack: the hash of its content and its length in UTF-8 bytes. */
export interface PackedBase {
  hash: string;
  length: number;
}

/** A base to pack: its content, and the hash the run already has of it. */
export interface BaseContent {
  content: string;
  hash: string;
}

/** A pack of bases: its id, its text as pieces (its headers, and the contents themselves), its size in bytes. */
export interface NewPack {
  id: string;
  pieces: readonly string[];
  size: number;
}

/**
 * The pack of `bases` (path -> content), sorted by path. It is kept in pieces, hashed and counted piece by
 * piece: a first run's pack holds every file it generates, and as one text would hold all of them twice.
 */
export function newPack(bases: ReadonlyMap<string, BaseContent>): NewPack {
  const pieces = [`${FIRST_LINE}\n`];
  for (const [path, { content, hash }] of [...bases].sort(([a], [b]) => compareCodeUnits(a, b))) {
    pieces.push(entryHeader(path, { hash, length: Buffer.byteLength(content) }), content, '\n');
  }
  const digest = createHash('sha256');
  let size = 0;
  for (const piece of pieces) {
    digest.update(piece, 'utf8');
    size += Buffer.byteLength(piece);
  }
  return { id: digest.digest('hex').slice(0, ID_LENGTH), pieces, size };
}

function entryHeader(path: string, { hash, length }: PackedBase): string {
  return `file ${path} ${hash} ${length}\n`;
}

/** The bytes a base takes in its pack, its header line included: what compacting its pack rewrites. */
export function packedBytes(path: string, base: PackedBase): number {
  return Buffer.byteLength(entryHeader(path, base)) + base.length + 1;
}

/** The bytes of a pack's first line, which no base accounts for. */
export const PACK_OVERHEAD = Buffer.byteLength(`${FIRST_LINE}\n`);

/** The name of a pack of this text: the first hex digits of its SHA-256. */
export function packId(text: string): string {
  return contentHash(text).slice('sha256:'.length, 'sha256:'.length + ID_LENGTH);
}

export function isPackId(id: string): boolean {
  return /^[0-9a-f]{16}$/.test(id);
}

/** A pack as read: where each base lies in its bytes. */
export interface ParsedPack {
  bytes: Uint8Array;
  entries: ReadonlyMap<string, PackedBase & { start: number }>;
}

/**
 * The pack in `bytes`, or undefined when they are not one, strictly: the first line, then entries whose
 * headers parse, paths project-relative and sorted, each content the length it says and followed by a
 * newline, nothing after the last. A content's hash is checked when it is read (packedContent), so that
 * finding one base in a large pack does not hash them all.
 */
export function parsePack(bytes: Uint8Array): ParsedPack | undefined {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const firstEnd = buffer.indexOf(NEWLINE);
  if (firstEnd < 0 || buffer.toString('utf8', 0, firstEnd) !== FIRST_LINE) return undefined;
  const entries = new Map<string, PackedBase & { start: number }>();
  let previous: string | undefined;
  let position = firstEnd + 1;
  while (position < buffer.length) {
    const headerEnd = buffer.indexOf(NEWLINE, position);
    if (headerEnd < 0) return undefined;
    const header = HEADER.exec(buffer.toString('utf8', position, headerEnd));
    if (header === null) return undefined;
    const [, path = '', hash = '', length = ''] = header;
    if (!isProjectRelativePath(path) || (previous !== undefined && compareCodeUnits(previous, path) >= 0)) return undefined;
    const start = headerEnd + 1;
    const end = start + Number(length);
    if (end >= buffer.length || buffer[end] !== NEWLINE) return undefined;
    entries.set(path, { hash, length: Number(length), start });
    previous = path;
    position = end + 1;
  }
  return { bytes, entries };
}

/** The content the pack holds for the path, when its header and its bytes both have the hash `hash`. */
export function packedContent(pack: ParsedPack, path: string, hash: string): string | undefined {
  const entry = pack.entries.get(path);
  if (entry?.hash !== hash) return undefined;
  const bytes = pack.bytes.subarray(entry.start, entry.start + entry.length);
  return contentHash(bytes) === hash ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8') : undefined;
}
