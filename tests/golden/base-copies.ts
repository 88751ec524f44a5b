import { createHash } from 'node:crypto';
import { packId } from '../../src/project/write/base-pack.js';
import { basesInPack, packsIn } from '../support/base-store.js';
import type { Tree } from '../support/project-tree.js';

/**
 * A run writes the base of each generated file it writes, the generation, into one pack of the store, with the
 * store's index (src/project/write/base-store.ts): a base is byte for byte the file itself unless the file was
 * merged, kept or patched. A golden case stores the index as written, and the pack unpacked (`unpacked`): each
 * base as `.fullapi/base/<path>`, and only those that differ from their file; the others are implied, so that
 * a change of a stub shows once in a golden diff, not twice. The pack's bytes are pinned all the same: the
 * index names the pack by its content.
 */

const BASE_FOLDER = '.fullapi/base/';
const MANIFEST = '.fullapi/manifest.json';

function sha256(content: string): string {
  return `sha256:${createHash('sha256').update(content).digest('hex')}`;
}

/**
 * The written files with each pack replaced by its bases, as `.fullapi/base/<path>`. Throws when a pack is not
 * named by its content, or is not one (basesInPack).
 */
export function unpacked(written: Tree): Tree {
  const tree = new Map(written);
  for (const id of packsIn(written)) {
    const path = `${BASE_FOLDER}${id}.pack`;
    const text = written.get(path) ?? '';
    if (packId(text) !== id) throw new Error(`${path} is not named by its content`);
    tree.delete(path);
    for (const [base, content] of basesInPack(text)) tree.set(`${BASE_FOLDER}${base}`, content);
  }
  return new Map([...tree].sort(([a], [b]) => a.localeCompare(b)));
}

/** The base copy of each file whose content is the generation the tree's manifest records for it. */
export function impliedBaseCopies(tree: Tree): Tree {
  const manifest = tree.get(MANIFEST);
  if (manifest === undefined) return new Map();
  const recorded = (JSON.parse(manifest) as { files: Record<string, string> }).files;
  const generations = [...tree].filter(([path, content]) => !path.startsWith('.fullapi/') && recorded[path] === sha256(content));
  return new Map(generations.map(([path, content]) => [`${BASE_FOLDER}${path}`, content]));
}

/** What a golden case stores of the files a run wrote: all but the base copies they imply. */
export function storedForm(written: Tree): Tree {
  const implied = impliedBaseCopies(written);
  return new Map([...written].filter(([path, content]) => implied.get(path) !== content));
}

/** The files a golden case expects: those it stores, and the base copies they imply where none is stored. */
export function withImpliedBaseCopies(stored: Tree): Tree {
  const all = new Map([...impliedBaseCopies(stored), ...stored]);
  return new Map([...all].sort(([a], [b]) => a.localeCompare(b)));
}

/** Stored base copies that the other files imply anyway: a case refreshed before copies were left out. */
export function redundantBaseCopies(stored: Tree): string[] {
  const implied = impliedBaseCopies(stored);
  return [...stored].filter(([path, content]) => implied.get(path) === content).map(([path]) => path);
}
