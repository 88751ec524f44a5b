import { error, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { Field, SourceField } from '../ir/ir.generated.js';

/** The two choices of what the index reads: `filter[<field>]` and `sort=<field>`. */
export type QueryChoice = 'filterable' | 'sortable';

const CHOICES: readonly QueryChoice[] = ['filterable', 'sortable'];

/**
 * The one rule for which fields the index filters (or sorts) on: with no field of the entity marked, every field
 * but a secret, as before the marks existed; once one is marked, the marked ones alone. Filters and sorts are
 * chosen independently. The key, the foreign keys and the timestamps are not fields, and stay as they are.
 */
export function chosenFields(fields: readonly Field[], choice: QueryChoice): Field[] {
  const marked = fields.filter((field) => field[choice] === true);
  return marked.length > 0 ? marked : fields.filter((field) => field.secret !== true);
}

/**
 * A mark the index could not honour: a secret would let a client guess it one request at a time, and PostgreSQL
 * has neither equality nor ordering for a json column.
 */
export function queryChoiceProblems(field: SourceField, secret: boolean): Diagnostic[] {
  return CHOICES.flatMap((choice): Diagnostic[] => {
    if (field[choice] !== true) return [];
    const verb = choice === 'filterable' ? 'filtered' : 'sorted';
    if (secret) {
      return [error('field_not_queryable', `${field.name} is a secret, and is never ${verb} on: it cannot be ${choice}`, field.span, `drop ${choice}, or hidden if ${field.name} is no secret`)];
    }
    if (field.type === 'json') {
      return [error('field_not_queryable', `${field.name} is a json column, which PostgreSQL can neither compare nor order: it cannot be ${choice}`, field.span, `drop ${choice}`)];
    }
    return [];
  });
}
