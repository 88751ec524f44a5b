/**
 * What may be written at the cursor: a field's type or modifiers, a relation's kind or target, an entity's
 * name, or a key of the object at `path` other than those it holds already (`present`).
 */
export type Slot = { kind: 'type' | 'modifier' | 'kind' | 'entity' } | { kind: 'key'; path: readonly string[]; present: readonly string[] };

/**
 * The slot of a value in a schema file, by its path from the document's root (`entities.Post.fields.title`)
 * and the words of its string finished before the cursor: a field's shorthand is `<type> [modifiers]`, a
 * relation's `<kind> <Entity>` (morphTo names no entity); a mapping-form field has its type under `type`, a
 * relation its kind and target.
 */
export function valueSlot(path: readonly string[], finished: readonly string[]): Slot | undefined {
  const [section, , group, , property] = path;
  const written = finished.length;
  if (section !== 'entities' || path.length < 4 || path.length > 5) return undefined;
  if (group === 'fields') {
    if (path.length === 4) return { kind: written === 0 ? 'type' : 'modifier' };
    return property === 'type' && written === 0 ? { kind: 'type' } : undefined;
  }
  if (group !== 'relations') return undefined;
  if (path.length === 5) return written !== 0 ? undefined : property === 'kind' ? { kind: 'kind' } : property === 'target' ? { kind: 'entity' } : undefined;
  if (written === 0) return { kind: 'kind' };
  return written === 1 && finished[0] !== 'morphTo' ? { kind: 'entity' } : undefined;
}

/** The words finished before the cursor: the one it is in the middle of is still being written. */
export function wordsFinished(text: string): string[] {
  const words = text.split(/\s+/).filter((word) => word !== '');
  return /\S$/.test(text) ? words.slice(0, -1) : words;
}
