/**
 * How deep namespaces may nest. The parser and the lowering go one call deeper per namespace, and the stack
 * overflowed at a few hundred levels; a namespace per package level, Mermaid users nest a handful at most. 64
 * leaves room for any real diagram and stays far from the stack's end, with recovered errors on top of it.
 */
import { tokenMatcher, type IToken } from 'chevrotain';
import * as t from './tokens.js';

export const MAX_NAMESPACE_DEPTH = 64;

/** The `namespace` keyword of the first namespace that opens deeper than the limit, if one does. */
export function tooDeepNamespace(tokens: readonly IToken[]): IToken | undefined {
  let depth = 0;
  let keyword: IToken | undefined;
  for (const token of tokens) {
    if (tokenMatcher(token, t.NamespaceKeyword)) keyword = token;
    else if (tokenMatcher(token, t.NamespaceClose)) depth = Math.max(0, depth - 1);
    else if (tokenMatcher(token, t.NamespaceOpen)) {
      depth += 1;
      if (depth > MAX_NAMESPACE_DEPTH) return keyword ?? token;
    }
  }
  return undefined;
}
