import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { Span } from '../../ir/ir.generated.js';
import { singular } from '../../passes/naming/str.js';

/**
 * The diagram names `modelNameOf` reads: words of letters and digits, apart by spaces, hyphens, underscores or
 * dots (`com.shop.Order`), starting with a letter. Any other character would be dropped on the way to the class
 * name, so that `"../x"` became `X` without a word; such a name is refused as `make ../x` is.
 */
const MODEL_NAME_SOURCE = /^\p{L}[\p{L}\p{N} ._-]*$/u;

/** The model class a diagram name stands for, or the error of a name that can stand for none. */
export function readModelName(diagramName: string, span: Span): { className: string } | { diagnostic: Diagnostic } {
  if (MODEL_NAME_SOURCE.test(diagramName)) return { className: modelNameOf(diagramName) };
  return {
    diagnostic: error(
      'invalid_entity_name',
      `"${diagramName}" cannot name a model: use letters, digits, spaces, hyphens, underscores and dots, starting with a letter (e.g. Post, BLOG_POST, "Blog Post")`,
      span,
    ),
  };
}

/**
 * The model class a diagram's name stands for. Diagrams name entities in every style: `CUSTOMER`,
 * `LINE-ITEM`, `"Line Item"`, `order_items`, `BlogPost`. Words are split on anything but letters and
 * digits and joined in StudlyCase; a name in upper case is a word in upper case (`ORDER_ITEM` gives
 * `OrderItem`, not `ORDERITEM`); a name in lower snake case reads as a table name, which Laravel makes
 * plural, so its last word is made singular (`order_items` gives `OrderItem`). Any other name keeps its
 * number, as the model names Mermaid's own examples use are singular already.
 */
export function modelNameOf(diagramName: string): string {
  const words = diagramName.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');
  if (words.length === 0) return diagramName;
  const inUpperCase = diagramName === diagramName.toUpperCase() && diagramName !== diagramName.toLowerCase();
  const cased = inUpperCase ? words.map((word) => word.toLowerCase()) : words;
  if (/^[a-z][a-z0-9_]*$/.test(diagramName)) cased.push(singular(cased.pop() ?? ''));
  return cased.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}
