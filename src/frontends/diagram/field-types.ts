import { error, warningAt, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { nearestWord } from '../../diagnostics/nearest-word.js';
import { SIZE_ARGUMENTS, TEXT_SIZE_SPELLINGS } from '../../ir/column-sizes.js';
import type { ColumnSize, FieldType, Span } from '../../ir/ir.generated.js';
import { parseFieldType, TYPE_SPELLINGS } from '../fields.js';
import { subSpan } from './positions.js';

/**
 * The type words of diagrams: fullapi's own (`string`, `bigint`, ...), common SQL spellings, and the Java or
 * C# class names class diagrams use. Looked up in lower case, without a size in parentheses.
 */
const DIAGRAM_TYPE_WORDS: Readonly<Record<string, FieldType>> = {
  ...TYPE_SPELLINGS,
  str: 'string',
  varchar: 'string',
  nvarchar: 'string',
  char: 'string',
  nchar: 'string',
  character: 'string',
  citext: 'string',
  tinytext: 'text',
  clob: 'text',
  bit: 'boolean',
  smallint: 'integer',
  tinyint: 'integer',
  mediumint: 'integer',
  int2: 'integer',
  int4: 'integer',
  short: 'integer',
  int8: 'bigint',
  long: 'bigint',
  real: 'float',
  float4: 'float',
  float8: 'float',
  numeric: 'decimal',
  money: 'decimal',
  bigdecimal: 'decimal',
  jsonb: 'json',
  localdate: 'date',
  datetime2: 'datetime',
  localdatetime: 'datetime',
  timestamptz: 'timestamp',
  instant: 'timestamp',
  guid: 'uuid',
  uniqueidentifier: 'uuid',
};

/** Collections, whose values a JSON column holds: `List~string~`, `Map~string, int~`. */
const COLLECTION_WORDS = ['list', 'array', 'arraylist', 'set', 'collection', 'map', 'dictionary', 'hashmap', 'iterable'];

/** The length Laravel's `string()` columns get, which `varchar(255)` asks for anyway. */
const STRING_LENGTH = '255';

export interface DiagramFieldType {
  type: FieldType;
  enumValues?: string[];
  size?: ColumnSize;
}

export interface TypeReading {
  typed?: DiagramFieldType;
  diagnostics: Diagnostic[];
}

/**
 * A diagram's type word at `span` (one line, the word exactly): `varchar(255)`, `int[]`, `List~string~`,
 * and fullapi's extension `enum~draft,published~` for enum values, which plain Mermaid accepts since a
 * generic may hold commas (`enum(draft,published)` may not: Mermaid refuses commas in type words).
 */
export function readDiagramType(word: string, span: Span): TypeReading {
  const generic = /^([^~]*)~(.*)~$/s.exec(word);
  if (generic !== null) return genericType(generic[1] ?? '', generic[2] ?? '', word, span);
  if (endsInBrackets(word)) return { typed: { type: 'json' }, diagnostics: [] };
  const textSize = TEXT_SIZE_SPELLINGS[word.toLowerCase()];
  if (textSize !== undefined) return { typed: { type: 'text', size: { text: textSize } }, diagnostics: [] };
  const sized = /^([^(]+)\((.*)\)$/.exec(word);
  const base = sized?.[1] ?? word;
  const type = DIAGRAM_TYPE_WORDS[base.toLowerCase()];
  if (type === undefined || base.toLowerCase() === 'enum') return { diagnostics: [unknownType(word, base, span)] };
  const size = sized?.[2];
  if (size === undefined || (type === 'string' && size.trim() === STRING_LENGTH)) return { typed: { type }, diagnostics: [] };
  if (SIZE_ARGUMENTS[type] !== undefined) return sizedType(type, base, size, span);
  const column = type === 'string' ? 'string columns hold 255 characters' : `a ${type} column has no size here`;
  return {
    typed: { type },
    diagnostics: [warningAt('diagram_element_ignored', `the size (${size}) of ${word} is ignored: ${column}`, subSpan(span, base.length, size.length + 2))],
  };
}

/**
 * `int[]`, `string[10]`: what `/\[[^\]]*\]$/` tells, looked up: the regex tries every `[` and reads to the
 * next `]` from each, quadratic in a word of many.
 */
function endsInBrackets(word: string): boolean {
  return word.endsWith(']') && word.lastIndexOf('[', word.length - 2) > word.lastIndexOf(']', word.length - 2);
}

function genericType(base: string, inner: string, word: string, span: Span): TypeReading {
  if (base.toLowerCase() === 'enum') {
    // `enum~a,b~` has the shape and the offsets of `enum(a,b)`: the --fields reader checks the values.
    const parsed = parseFieldType({ text: `${base}(${inner})`, start: 0 }, (piece) => subSpan(span, piece.start, piece.text.length));
    if ('diagnostic' in parsed) return { diagnostics: [parsed.diagnostic] };
    return { typed: { type: 'enum', enumValues: parsed.enumValues ?? [] }, diagnostics: [] };
  }
  if (COLLECTION_WORDS.includes(base.toLowerCase())) return { typed: { type: 'json' }, diagnostics: [] };
  // `decimal~8,2~`: Mermaid refuses the comma of decimal(8,2) in a type word, not in a generic.
  const sizedBase = DIAGRAM_TYPE_WORDS[base.toLowerCase()];
  if (sizedBase !== undefined && SIZE_ARGUMENTS[sizedBase] !== undefined) return sizedType(sizedBase, base, inner, span);
  return { diagnostics: [unknownType(word, base, span)] };
}

/**
 * `varchar(100)`, `numeric(8)`, `decimal~8,2~`: the size read by the --fields reader as `string(100)` or
 * `decimal(8,2)`, its pieces placed back where the diagram writes them (after `base` and one bracket).
 */
function sizedType(type: FieldType, base: string, inner: string, span: Span): TypeReading {
  const shift = base.length - type.length;
  const parsed = parseFieldType({ text: `${type}(${inner})`, start: 0 }, (piece) => subSpan(span, piece.start === 0 ? 0 : piece.start + shift, piece.text.length));
  if ('diagnostic' in parsed) return { diagnostics: [parsed.diagnostic] };
  return { typed: parsed.size === undefined ? { type: parsed.type } : { type: parsed.type, size: parsed.size }, diagnostics: [] };
}

function unknownType(word: string, base: string, span: Span): Diagnostic {
  const lower = base.toLowerCase();
  if (lower === 'enum') {
    return error('bad_enum_values', `${word} has no values: write them in the generic, like enum~draft,published~`, span);
  }
  const suggestion = nearestWord(lower, Object.keys(DIAGRAM_TYPE_WORDS));
  return error(
    'unknown_field_type',
    `unknown type "${word}"${suggestion === undefined ? '' : `; did you mean "${suggestion}"?`}`,
    subSpan(span, 0, base.length),
    'types: string, text, mediumtext, longtext, boolean, integer, bigint, float, decimal, json, date, datetime, timestamp, uuid, enum~a,b~, string(100), decimal~8,2~ (and SQL spellings such as varchar, int, bool, numeric, jsonb)',
  );
}
