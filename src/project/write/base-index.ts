import { isPlainObject } from '../fs/project-file.js';
import { isProjectRelativePath } from '../fs/project-path.js';
import { isPackId, type PackedBase } from './base-pack.js';
import { compareCodeUnits } from './manifest.js';

/**
 * `.fullapi/base/index.json`: which pack holds the base of each path (base-store.ts), and what each pack
 * weighs, so that a run finds a base by reading one pack, and tells which packs to compact without reading
 * any. The file is
 *
 *   { "version": 1,
 *     "packs": { "<pack id>": { "size": <bytes>, "files": { "<path>": { "hash": "sha256:<hex>", "length": <bytes> }, ... } }, ... } }
 *
 * with keys sorted and no timestamps, so the same store gives the same bytes.
 */
const INDEX_VERSION = 1;
const HASH_PATTERN = /^sha256:[0-9a-f]{64}$/;

export interface PackRecord {
  /** The pack's length in bytes. */
  size: number;
  /** The bases it holds that are still live: path -> hash and length. */
  files: ReadonlyMap<string, PackedBase>;
}

/** Pack id -> its record. */
export type BaseIndex = ReadonlyMap<string, PackRecord>;

/** Written by hand, like the manifest, so keys stay in code-unit order. */
export function serializeBaseIndex(index: BaseIndex): string {
  const packs = [...index].sort(([a], [b]) => compareCodeUnits(a, b)).map(([id, record]) => `    ${JSON.stringify(id)}: ${serializePack(record)}`);
  return `{\n  "version": ${INDEX_VERSION},\n  "packs": ${packs.length === 0 ? '{}' : `{\n${packs.join(',\n')}\n  }`}\n}\n`;
}

function serializePack({ size, files }: PackRecord): string {
  const lines = [...files]
    .sort(([a], [b]) => compareCodeUnits(a, b))
    .map(([path, { hash, length }]) => `        ${JSON.stringify(path)}: { "hash": ${JSON.stringify(hash)}, "length": ${length} }`);
  return `{\n      "size": ${size},\n      "files": ${lines.length === 0 ? '{}' : `{\n${lines.join(',\n')}\n      }`}\n    }`;
}

/**
 * The index in a parsed JSON value, or undefined when it is not one: an index of another shape holds no base
 * this fullapi can trust, and the next run that writes the store writes a new one.
 */
export function baseIndexFromJson(value: unknown): BaseIndex | undefined {
  if (!isPlainObject(value) || value.version !== INDEX_VERSION || !isPlainObject(value.packs)) return undefined;
  const index = new Map<string, PackRecord>();
  for (const [id, record] of Object.entries(value.packs)) {
    if (!isPackId(id) || !isPlainObject(record) || !isByteCount(record.size) || !isPlainObject(record.files)) return undefined;
    const files = new Map<string, PackedBase>();
    for (const [path, base] of Object.entries(record.files)) {
      if (!isProjectRelativePath(path) || !isPlainObject(base) || typeof base.hash !== 'string' || !HASH_PATTERN.test(base.hash) || !isByteCount(base.length)) return undefined;
      files.set(path, { hash: base.hash, length: base.length });
    }
    index.set(id, { size: record.size, files });
  }
  return index;
}

function isByteCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}
