import { nearestWord } from '../../diagnostics/nearest-word.js';
import type { DefaultValue, FieldType, SourceField } from '../../ir/ir.generated.js';
import type { ScalarValue } from '../../text/doc-node.js';

const INTEGER_TYPES: readonly FieldType[] = ['integer', 'bigint'];
const NUMBER_TYPES: readonly FieldType[] = [...INTEGER_TYPES, 'float', 'decimal'];
const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/**
 * The value of a shorthand `default=<word>`, typed by the field: `default=0` is the number 0 on an
 * integer and the string "0" on a string; a quoted word is always a string; `null` is null.
 */
export function defaultFromWord(type: FieldType, word: string): ScalarValue | { problem: string } {
  const quoted = /^(['"]).*\1$/s.exec(word);
  if (quoted !== null) return word.slice(1, -1);
  if (/^['"]/.test(word)) return { problem: `the quote of default=${word} is not closed` };
  if (word === '') return { problem: `default= needs a value; write default='' for an empty string` };
  if (word.toLowerCase() === 'null') return null;
  if (NUMBER_TYPES.includes(type) && NUMBER.test(word)) return Number(word);
  if (type === 'boolean' && /^(true|false)$/i.test(word)) return word.toLowerCase() === 'true';
  return word;
}

/** A default checked against its field: the right kind of value, a listed enum value, null only when nullable. */
export function checkedDefault(
  field: Pick<SourceField, 'name' | 'type' | 'nullable' | 'enumValues'>,
  value: ScalarValue,
): DefaultValue | { problem: string; hint?: string } {
  if (value === null) {
    return field.nullable ? { value } : { problem: `default null on "${field.name}", which is not nullable`, hint: 'add nullable, or choose another default' };
  }
  if (INTEGER_TYPES.includes(field.type)) {
    return Number.isInteger(value) ? { value } : { problem: `the default of ${field.type} field "${field.name}" must be a whole number, not ${shown(value)}` };
  }
  if (NUMBER_TYPES.includes(field.type)) {
    return typeof value === 'number' ? { value } : { problem: `the default of ${field.type} field "${field.name}" must be a number, not ${shown(value)}` };
  }
  if (field.type === 'boolean') {
    return typeof value === 'boolean' ? { value } : { problem: `the default of boolean field "${field.name}" must be true or false, not ${shown(value)}` };
  }
  // Every other type is stored from a string; 5 or true written for one means its text.
  const text = String(value);
  if (field.enumValues !== undefined && !field.enumValues.includes(text)) {
    const suggestion = nearestWord(text, field.enumValues);
    return {
      problem: `default ${shown(text)} is not a value of the enum of "${field.name}"${suggestion === undefined ? '' : `; did you mean "${suggestion}"?`}`,
      hint: `values: ${field.enumValues.join(', ')}`,
    };
  }
  return { value: text };
}

function shown(value: ScalarValue): string {
  return typeof value === 'string' ? `"${value}"` : String(value);
}
