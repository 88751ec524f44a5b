import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { baseIndexFromJson, serializeBaseIndex } from '../../src/project/write/base-index.js';
import { newPack, packedContent, packId, parsePack, type BaseContent } from '../../src/project/write/base-pack.js';
import { BASE_FOLDER, BASE_INDEX_PATH, packPath } from '../../src/project/write/base-store.js';
import { contentHash } from '../../src/project/write/manifest.js';

/**
 * The store of bases (src/project/write/base-store.ts) as tests read and make it. Reading checks the store
 * whole, and throws at the first thing wrong: a pack not named by its content, a size the index gets wrong,
 * a base the index lists that its pack does not hold as the index says.
 */

/** The text of the pack of `bases`, as the writer writes its pieces. */
export function packTextOf(bases: ReadonlyMap<string, BaseContent>): string {
  return newPack(bases).pieces.join('');
}

/** The files of a store holding `bases` (path -> content) in one pack. */
export function storeFiles(bases: Readonly<Record<string, string>>): Record<string, string> {
  const contents = new Map(Object.entries(bases).map(([path, content]) => [path, { content, hash: contentHash(content) }]));
  const text = packTextOf(contents);
  const files = new Map([...contents].map(([path, { content, hash }]) => [path, { hash, length: Buffer.byteLength(content) }]));
  const index = serializeBaseIndex(new Map([[packId(text), { size: Buffer.byteLength(text), files }]]));
  return { [packPath(packId(text))]: text, [BASE_INDEX_PATH]: index };
}

/** The files of the store in a project: the index and the packs, project-relative path -> text. */
export function storeFilesOf(root: string): Map<string, string> {
  const folder = join(root, BASE_FOLDER);
  if (!existsSync(folder)) return new Map();
  const names = readdirSync(folder, { withFileTypes: true }).filter((entry) => entry.isFile() && (entry.name === 'index.json' || entry.name.endsWith('.pack')));
  return new Map(names.map((entry) => [`${BASE_FOLDER}/${entry.name}`, readFileSync(join(folder, entry.name), 'utf8')] as const).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** The packs of a tree (path -> text), by id. */
export function packsIn(tree: ReadonlyMap<string, string>): string[] {
  return [...tree.keys()].filter((path) => path.startsWith(`${BASE_FOLDER}/`) && path.endsWith('.pack')).map((path) => path.slice(BASE_FOLDER.length + 1, -'.pack'.length));
}

/** The bases one pack holds, path -> content; throws when the text is not a pack, or holds a base of bytes of another hash. */
export function basesInPack(text: string): Map<string, string> {
  const pack = parsePack(Buffer.from(text));
  if (pack === undefined) throw new Error('not a pack');
  return new Map(
    [...pack.entries].map(([path, { hash }]) => {
      const content = packedContent(pack, path, hash);
      if (content === undefined) throw new Error(`the pack holds ${path} with bytes of another hash`);
      return [path, content];
    }),
  );
}

/** Every base the store of a tree holds, path -> content, checked as said above; none without an index. */
export function basesIn(tree: ReadonlyMap<string, string>): Map<string, string> {
  const bases = new Map<string, string>();
  const indexText = tree.get(BASE_INDEX_PATH);
  for (const id of packsIn(tree)) {
    if (packId(tree.get(packPath(id)) ?? '') !== id) throw new Error(`${packPath(id)} is not named by its content`);
  }
  if (indexText === undefined) return bases;
  const index = baseIndexFromJson(JSON.parse(indexText));
  if (index === undefined) throw new Error(`${BASE_INDEX_PATH} is not an index`);
  for (const [id, record] of index) {
    const text = tree.get(packPath(id));
    if (text === undefined) throw new Error(`the index names ${packPath(id)}, which is not there`);
    if (Buffer.byteLength(text) !== record.size) throw new Error(`the index gives ${packPath(id)} ${record.size} bytes; it has ${Buffer.byteLength(text)}`);
    const pack = parsePack(Buffer.from(text));
    if (pack === undefined) throw new Error(`${packPath(id)} is not a pack`);
    for (const [path, base] of record.files) {
      const content = packedContent(pack, path, base.hash);
      if (content === undefined || Buffer.byteLength(content) !== base.length) throw new Error(`${packPath(id)} does not hold ${path} as the index says`);
      if (bases.has(path)) throw new Error(`the index lists ${path} in two packs`);
      bases.set(path, content);
    }
  }
  return bases;
}

/** Every base the store of a project holds. */
export function basesOf(root: string): Map<string, string> {
  return basesIn(storeFilesOf(root));
}
