import { singular } from '../../passes/naming/str.js';

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
