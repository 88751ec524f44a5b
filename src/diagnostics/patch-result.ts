import type { Diagnostic } from './diagnostic.js';

/**
 * What an edit of a text gives: the new text, or everything wrong with the edit (one made for several
 * entities says what is wrong for each). An edit that went through may warn about what it left as it found it.
 */
export type PatchResult = { ok: true; content: string; warnings?: Diagnostic[] } | { ok: false; diagnostics: Diagnostic[] };
