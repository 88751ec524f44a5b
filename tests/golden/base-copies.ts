import { createHash } from 'node:crypto';
import type { Tree } from '../support/project-tree.js';

/**
 * A run writes `.fullapi/base/<path>` beside each generated file, a copy of the generation: byte for byte the
 * file itself unless the file was merged, kept or patched. A golden case stores only the copies that differ
 * from their file; the others are implied, so that a change of a stub shows once in a golden diff, not twice.
 */

const BASE_FOLDER = '.fullapi/base/';
const MANIFEST = '.fullapi/manifest.json';

function sha256(content: string): string {
  return `sha256:${createHash('sha256').update(content).digest('hex')}`;
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
