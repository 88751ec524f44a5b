import type { FileChange } from '../../plan/file-change.js';
import { packsToCompact } from './base-compaction.js';
import { baseIndexFromJson, serializeBaseIndex, type BaseIndex, type PackRecord } from './base-index.js';
import { isPackId, newPack, packedBytes, packedContent, parsePack, type BaseContent, type NewPack, type PackedBase, type ParsedPack } from './base-pack.js';
import { compareCodeUnits, contentHash } from './manifest.js';
import { readProjectText } from '../fs/project-file.js';
import { absoluteProjectPath } from '../fs/project-path.js';
import type { DirectoryEntry, ProjectFs } from '../fs/project-fs.js';

/**
 * `.fullapi/base/`: the content fullapi last wrote to each generated file, the base of the three-way merge when
 * the file has been edited by hand since (merge-file.ts). A run that writes generated files writes their bases
 * as one pack, `<id>.pack` (base-pack.ts), and `index.json` says which pack holds each path (base-index.ts):
 * a first run of a large project writes two files here, not one per generated file. A base is good only
 * while its hash is the one the manifest records for the path; any other (older, or edited) is not used.
 * Before packs, each base was a plain copy `.fullapi/base/<path>`: one is still a base when no pack holds the
 * path, and a run that writes the store moves it into its pack or deletes it.
 */
export const BASE_FOLDER = '.fullapi/base';
export const BASE_INDEX_PATH = `${BASE_FOLDER}/index.json`;
const INDEX_NAME = 'index.json';
const PACK_SUFFIX = '.pack';

export function packPath(id: string): string {
  return `${BASE_FOLDER}/${id}${PACK_SUFFIX}`;
}

/** Where the fullapi before packs kept the base of `path`. */
export function plainCopyPath(path: string): string {
  return `${BASE_FOLDER}/${path}`;
}

export function isBasePath(path: string): boolean {
  return path.startsWith(`${BASE_FOLDER}/`);
}

/**
 * The store as one run reads it: the index once, each pack at most once, and only when a base it holds is
 * wanted. A store that cannot be read is no store: a base is a help to merges, never a reason for a run to fail.
 */
export interface BaseStore {
  /** The base of a generated file, when the store holds what the manifest says fullapi last wrote there. */
  base(path: string, recordedHash: string): string | undefined;
  /**
   * The writes that leave the store holding `copies` as the bases of their paths, and for every other path
   * the base it holds whose hash `recorded` (the manifest after the run) still records, the plain copies of
   * `forgotten` paths gone: none when there is nothing to change. New pack first, the index, then deletions,
   * so that a run killed half-way leaves an index naming only packs that are there.
   */
  changes(copies: ReadonlyMap<string, BaseContent>, recorded: ReadonlyMap<string, string>, forgotten: readonly string[]): FileChange[];
}

interface IndexRead {
  /** False when the index is there but cannot be read: then the run leaves the store alone. */
  readable: boolean;
  text?: string;
  index: BaseIndex;
}

/** An index's text, read: the index, or none when it is not one this fullapi can trust. A watch session keeps these by text. */
export type BaseIndexReadings = (text: string) => BaseIndex;

export function baseIndexOfText(text: string): BaseIndex {
  return baseIndexFromJson(parsedJson(text)) ?? new Map();
}

export function openBaseStore(root: string, fs: ProjectFs, indexes: BaseIndexReadings = baseIndexOfText): BaseStore {
  let indexRead: IndexRead | undefined;
  let holders: Map<string, string> | undefined;
  const packs = new Map<string, ParsedPack | undefined>();
  const readIndexOnce = (): IndexRead => (indexRead ??= readIndex(root, fs, indexes));
  const holderOf = (path: string): string | undefined => (holders ??= holdersOf(readIndexOnce().index)).get(path);
  const packOf = (id: string): ParsedPack | undefined => {
    if (!packs.has(id)) packs.set(id, readPack(root, id, fs));
    return packs.get(id);
  };
  return {
    base(path, recordedHash) {
      const id = holderOf(path);
      const packed = id === undefined ? undefined : packOf(id);
      return (packed === undefined ? undefined : packedContent(packed, path, recordedHash)) ?? plainCopy(root, path, recordedHash, fs);
    },
    changes(copies, recorded, forgotten) {
      // A base of another hash than the manifest's is no base: left for the next run that writes the store.
      if (copies.size === 0 && forgotten.length === 0) return [];
      const read = readIndexOnce();
      if (!read.readable) return [];
      const unchanged = unstored(copies, read.index).size === 0 && !hasDeadBases(read.index, copies, recorded);
      if (unchanged && !forgotten.some((path) => hasPlainCopy(root, path, fs))) return [];
      const folder = listBaseFolder(root, fs);
      if (folder === undefined) return [];
      const index = new Map([...read.index].filter(([id]) => folder.packs.has(id)));
      return storeChanges(root, { index, text: read.text, folder, copies: unstored(copies, index), recorded, packOf }, fs);
    },
  };
}

function readIndex(root: string, fs: ProjectFs, indexes: BaseIndexReadings): IndexRead {
  const read = readProjectText(root, BASE_INDEX_PATH, fs);
  if (read.status === 'missing') return { readable: true, index: new Map() };
  if (read.status === 'failed') return { readable: false, index: new Map() };
  return { readable: true, text: read.text, index: indexes(read.text) };
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function holdersOf(index: BaseIndex): Map<string, string> {
  const holders = new Map<string, string>();
  for (const [id, record] of index) for (const path of record.files.keys()) holders.set(path, id);
  return holders;
}

function readPack(root: string, id: string, fs: ProjectFs): ParsedPack | undefined {
  const absolute = absoluteProjectPath(root, packPath(id));
  if (absolute === undefined) return undefined;
  try {
    return parsePack(fs.readBytes(absolute));
  } catch {
    return undefined;
  }
}

function plainCopy(root: string, path: string, recordedHash: string, fs: ProjectFs): string | undefined {
  const read = readProjectText(root, plainCopyPath(path), fs);
  return read.status === 'read' && contentHash(read.text) === recordedHash ? read.text : undefined;
}

function hasPlainCopy(root: string, path: string, fs: ProjectFs): boolean {
  const absolute = absoluteProjectPath(root, plainCopyPath(path));
  try {
    return absolute !== undefined && fs.entryKind(absolute) !== undefined;
  } catch {
    return false;
  }
}

/** The copies the index does not already have as they are, in a pack: those a run packs. */
function unstored(copies: ReadonlyMap<string, BaseContent>, index: BaseIndex): Map<string, BaseContent> {
  const packs = [...index.values()];
  return new Map([...copies].filter(([path, copy]) => !packs.some((record) => record.files.get(path)?.hash === copy.hash)));
}

/** Whether a base the index lists is superseded (the run copies its path anew) or no longer recorded. */
function hasDeadBases(index: BaseIndex, copies: ReadonlyMap<string, BaseContent>, recorded: ReadonlyMap<string, string>): boolean {
  for (const record of index.values()) for (const [path, base] of record.files) if (!isLive(path, base, copies, recorded)) return true;
  return false;
}

function isLive(path: string, base: PackedBase, copies: ReadonlyMap<string, BaseContent>, recorded: ReadonlyMap<string, string>): boolean {
  return recorded.get(path) === base.hash && copies.get(path)?.hash !== base.hash;
}

/** What is in `.fullapi/base/`: the packs by id, and the plain copies of the fullapi before packs, by the path they copy. */
interface BaseFolder {
  packs: ReadonlySet<string>;
  plainCopies: readonly string[];
}

/** Undefined when the folder is there but cannot be listed: the run then leaves the store alone. */
function listBaseFolder(root: string, fs: ProjectFs): BaseFolder | undefined {
  const absolute = absoluteProjectPath(root, BASE_FOLDER);
  if (absolute === undefined) return undefined;
  let top: DirectoryEntry[];
  try {
    top = fs.readdir(absolute);
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? { packs: new Set(), plainCopies: [] } : undefined;
  }
  const packs = new Set<string>();
  const plainCopies: string[] = [];
  const visit = (folder: string, entries: readonly DirectoryEntry[]): void => {
    for (const entry of entries) {
      const path = folder === '' ? entry.name : `${folder}/${entry.name}`;
      if (entry.kind === 'directory') visit(path, entriesOf(`${absolute}/${path}`, fs));
      else if (folder === '' && entry.name.endsWith(PACK_SUFFIX) && isPackId(entry.name.slice(0, -PACK_SUFFIX.length))) packs.add(entry.name.slice(0, -PACK_SUFFIX.length));
      else if (path !== INDEX_NAME) plainCopies.push(path);
    }
  };
  visit('', top);
  return { packs, plainCopies: plainCopies.sort(compareCodeUnits) };
}

/** A folder below the store that cannot be listed keeps its plain copies: they are no base, and harm nothing. */
function entriesOf(folder: string, fs: ProjectFs): DirectoryEntry[] {
  try {
    return fs.readdir(folder);
  } catch {
    return [];
  }
}

interface StoreState {
  /** The index, without the packs that are not on disk. */
  index: BaseIndex;
  /** The index's text on disk, when there is one. */
  text: string | undefined;
  folder: BaseFolder;
  /** The bases the run packs, none of them already in a pack as they are. */
  copies: ReadonlyMap<string, BaseContent>;
  recorded: ReadonlyMap<string, string>;
  packOf(id: string): ParsedPack | undefined;
}

/**
 * The store after the run, against the disk. Each pack keeps its live bases; a plain copy the manifest still
 * records and no pack holds joins the run's pack; packs to compact (base-compaction.ts) give it their live
 * bases too, those they do not hold as the index says being no bases. A pack left with no live base is
 * deleted, as is every plain copy.
 */
function storeChanges(root: string, state: StoreState, fs: ProjectFs): FileChange[] {
  const live = liveRecords(state.index, state.copies, state.recorded);
  const isHeld = (path: string): boolean => [...live.values()].some((record) => record.files.has(path));
  const packing = new Map(state.copies);
  for (const path of state.folder.plainCopies) {
    const hash = state.recorded.get(path);
    const content = hash === undefined || packing.has(path) || isHeld(path) ? undefined : plainCopy(root, path, hash, fs);
    if (content !== undefined && hash !== undefined) packing.set(path, { content, hash });
  }
  const weights = [...live].map(([id, record]) => ({ id, size: record.size, live: liveBytes(record.files) }));
  const compacted = packsToCompact(weights, liveBytes(packedBases(packing)));
  for (const id of compacted) {
    const pack = state.packOf(id);
    for (const [path, { hash }] of live.get(id)?.files ?? []) {
      const content = pack === undefined ? undefined : packedContent(pack, path, hash);
      if (content !== undefined) packing.set(path, { content, hash });
    }
  }
  const after = new Map([...live].filter(([id]) => !compacted.has(id)));
  const changes: FileChange[] = [];
  if (packing.size > 0) {
    const pack = newPack(packing);
    after.set(pack.id, { size: pack.size, files: packedBases(packing) });
    changes.push(...newPackChange(root, pack, state.folder, fs));
  }
  changes.push(...indexChange(after, state.text));
  const doomedPacks = [...state.folder.packs].filter((id) => !after.has(id)).sort(compareCodeUnits);
  for (const id of doomedPacks) changes.push({ path: packPath(id), action: 'deleted', source: 'base' });
  for (const path of state.folder.plainCopies) changes.push({ path: plainCopyPath(path), action: 'deleted', source: 'base' });
  return changes;
}

/** Each pack with the bases of it still live after the run; a pack with none is left out. */
function liveRecords(index: BaseIndex, copies: ReadonlyMap<string, BaseContent>, recorded: ReadonlyMap<string, string>): Map<string, PackRecord> {
  const live = new Map<string, PackRecord>();
  for (const [id, record] of index) {
    // Loops, not arrays of entries: a first run's pack lists every generated file of the project.
    const files = new Map<string, PackedBase>();
    for (const [path, base] of record.files) if (isLive(path, base, copies, recorded)) files.set(path, base);
    if (files.size > 0) live.set(id, { size: record.size, files });
  }
  return live;
}

function packedBases(contents: ReadonlyMap<string, BaseContent>): Map<string, PackedBase> {
  return new Map([...contents].map(([path, { content, hash }]) => [path, { hash, length: Buffer.byteLength(content) }]));
}

function liveBytes(files: ReadonlyMap<string, PackedBase>): number {
  let sum = 0;
  for (const [path, base] of files) sum += packedBytes(path, base);
  return sum;
}

/** A pack named by its content that is already there (left by a run killed after writing it) needs no write. */
function newPackChange(root: string, pack: NewPack, folder: BaseFolder, fs: ProjectFs): FileChange[] {
  const change = { path: packPath(pack.id), afterPieces: pack.pieces, source: 'base' } as const;
  if (!folder.packs.has(pack.id)) return [{ ...change, action: 'created' }];
  const current = readProjectText(root, packPath(pack.id), fs);
  if (current.status !== 'read') return [{ ...change, action: 'updated' }];
  return current.text === pack.pieces.join('') ? [] : [{ ...change, action: 'updated', before: current.text }];
}

function indexChange(after: BaseIndex, before: string | undefined): FileChange[] {
  const change = { path: BASE_INDEX_PATH, source: 'base' } as const;
  if (after.size === 0) return before === undefined ? [] : [{ ...change, action: 'deleted', before }];
  const text = serializeBaseIndex(after);
  if (before === undefined) return [{ ...change, action: 'created', after: text }];
  return before === text ? [] : [{ ...change, action: 'updated', after: text, before }];
}
