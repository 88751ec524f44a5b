import { FIELD_FLAGS, fieldFlags, type FieldFlag } from '../ir/field-flags.js';
import { error, type Diagnostic } from '../diagnostics/diagnostic.js';
import { nearestWord } from '../diagnostics/nearest-word.js';
import { BOUND_PREFIXES, boundOfWord, boundsProblem, boundValue, type FieldBound } from '../ir/field-bounds.js';
import { LARGEST_SIZE, SIZE_ARGUMENTS, TEXT_SIZE_SPELLINGS } from '../ir/column-sizes.js';
import type { ColumnSize, FieldType, SourceField, Span } from '../ir/ir.generated.js';

/**
 * The `--fields` front end: `name:type[:modifier...]` pairs separated by commas, where commas inside
 * `enum(...)` belong to the enum. Knows the syntax only; names are judged by the passes.
 * `:primary` is the spec's; `:nullable` and `:unique` are ours (the spec leaves them to schema files and
 * the wizard), so that one command line can describe any field.
 */

/** Every spelling the inline syntax and schema files accept, and the type it means. */
export const TYPE_SPELLINGS: Readonly<Record<string, FieldType>> = {
  string: 'string',
  text: 'text',
  boolean: 'boolean',
  bool: 'boolean',
  integer: 'integer',
  int: 'integer',
  bigint: 'bigint',
  biginteger: 'bigint',
  float: 'float',
  double: 'float',
  decimal: 'decimal',
  json: 'json',
  date: 'date',
  datetime: 'datetime',
  timestamp: 'timestamp',
  uuid: 'uuid',
};


/** Type words that ask for a relation (Laravel's column methods for one, or a relation's kind), lower-cased. */
const RELATION_WORDS: ReadonlySet<string> = new Set([
  'foreignid', 'foreignuuid', 'foreignulid', 'foreign', 'foreignkey', 'fk', 'references',
  'belongsto', 'hasone', 'hasmany', 'belongstomany', 'morphto', 'morphone', 'morphmany', 'morphs', 'relation',
]);

export interface FieldsResult {
  fields: SourceField[];
  diagnostics: Diagnostic[];
}

/**
 * A slice of the user's text and where it starts: a 1-based column of the flag value here, an offset into
 * the file in schema files. Positions only ever get added to, so the unit is the caller's.
 */
export interface Piece {
  text: string;
  start: number;
}

export function parseFields(value: string, flag = '--fields'): FieldsResult {
  if (value.trim() === '') {
    return { fields: [], diagnostics: [error('empty_fields', `${flag} is empty: give name:type pairs, e.g. ${flag}="title:string,body:text"`, { flag })] };
  }
  const fields: SourceField[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const pair of splitTopLevel(value, ',', 1)) {
    const parsed = parsePair(trimPiece(pair), flag);
    if ('diagnostic' in parsed) diagnostics.push(parsed.diagnostic);
    else fields.push(parsed.field);
  }
  return { fields, diagnostics };
}

function parsePair(pair: Piece, flag: string): { field: SourceField } | { diagnostic: Diagnostic } {
  const spanOf = (piece: Piece): Span => spanIn(flag, piece);
  const span = spanOf(pair);
  if (pair.text === '') {
    return { diagnostic: error('empty_field_name', 'empty field: two commas in a row, or a comma at an end', span) };
  }
  const [namePiece, typePiece, ...modifierPieces] = splitTopLevel(pair.text, ':', pair.start).map(trimPiece);
  if (namePiece === undefined || namePiece.text === '') {
    return { diagnostic: error('empty_field_name', `field "${pair.text}" has no name before its ":"`, span) };
  }
  if (typePiece === undefined || typePiece.text === '') {
    return {
      diagnostic: error('missing_field_type', `field "${namePiece.text}" has no type: write ${namePiece.text}:<type>`, span, `types: ${typeList()}`),
    };
  }
  const typed = parseFieldType(typePiece, spanOf);
  if ('diagnostic' in typed) return typed;
  const modifiers = new Set<FieldFlag>();
  const bounds: Partial<Record<FieldBound, number>> = {};
  let lastBound: Piece | undefined;
  for (const modifier of modifierPieces) {
    const bound = boundOfWord(modifier.text);
    if (bound !== undefined) {
      const valuePiece = trimPiece({ text: modifier.text.slice(bound.length + 1), start: modifier.start + bound.length + 1 });
      const value = boundValue(valuePiece.text);
      if (value === undefined || bounds[bound] !== undefined) {
        const problem = value === undefined ? `${bound}= of field "${namePiece.text}" needs a number, e.g. ${bound}=0` : `field "${namePiece.text}" has two ${bound}=`;
        return { diagnostic: error('invalid_bounds', problem, spanOf(value === undefined ? valuePiece : modifier)) };
      }
      bounds[bound] = value;
      lastBound = modifier;
      continue;
    }
    const known = FIELD_FLAGS.find((m) => m === modifier.text.toLowerCase());
    if (known === undefined) {
      const suggestion = nearestWord(modifier.text.toLowerCase(), [...FIELD_FLAGS, ...BOUND_PREFIXES]);
      return {
        diagnostic: error(
          'unknown_field_modifier',
          `unknown modifier "${modifier.text}" on field "${namePiece.text}"${suggestion === undefined ? '' : `; did you mean "${suggestion}"?`}`,
          spanOf(modifier),
          `modifiers: ${[...FIELD_FLAGS, ...BOUND_PREFIXES.map((prefix) => `${prefix}<number>`)].map((m) => `:${m}`).join(', ')}; a default value needs a schema file (title: string default=Untitled)`,
        ),
      };
    }
    modifiers.add(known);
  }
  const boundsError = boundsProblem(typed.type, bounds);
  if (boundsError !== undefined && lastBound !== undefined) {
    return { diagnostic: error('invalid_bounds', `field "${namePiece.text}": ${boundsError}`, spanOf(lastBound)) };
  }
  const field: SourceField = { name: namePiece.text, type: typed.type, ...fieldFlags(modifiers), span: spanOf(namePiece) };
  if (typed.enumValues !== undefined) field.enumValues = typed.enumValues;
  if (typed.size !== undefined) field.size = typed.size;
  Object.assign(field, bounds);
  return { field };
}

/** A field's type as the inputs write it: the type, an enum's values, a size beyond the type's default. */
export interface ParsedFieldType {
  type: FieldType;
  enumValues?: string[];
  size?: ColumnSize;
}

/**
 * A type word: a spelling of TYPE_SPELLINGS, a text size (mediumtext), a sized type (string(100), decimal(8,2))
 * or enum(a,b,...). `spanOf` places a piece in the user's text.
 */
export function parseFieldType(piece: Piece, spanOf: (piece: Piece) => Span): ParsedFieldType | { diagnostic: Diagnostic } {
  const unclosed = unclosedParenthesis(piece.text);
  if (unclosed !== undefined) {
    return {
      diagnostic: error(
        'invalid_syntax',
        `"${piece.text.slice(0, unclosed + 1)}" is never closed: add ")" after its values`,
        spanOf({ text: '(', start: piece.start + unclosed }),
      ),
    };
  }
  const enumMatch = /^enum\s*\((.*)\)$/is.exec(piece.text);
  if (enumMatch !== null) {
    const inner = enumMatch[1] ?? '';
    const innerStart = piece.start + piece.text.indexOf('(') + 1;
    const values = splitTopLevel(inner, ',', innerStart).map(trimPiece);
    const empty = values.find((v) => v.text === '');
    if (empty !== undefined) {
      return { diagnostic: error('bad_enum_values', 'enum(...) needs comma-separated values, none of them empty', spanOf(piece)) };
    }
    const seen = new Set<string>();
    for (const value of values) {
      if (seen.has(value.text)) {
        return { diagnostic: error('bad_enum_values', `enum value "${value.text}" is listed twice`, spanOf(value)) };
      }
      seen.add(value.text);
    }
    return { type: 'enum', enumValues: values.map((v) => v.text) };
  }
  const sized = /^(\w+)\s*\((.*)\)$/s.exec(piece.text);
  if (sized !== null) return sizedType(piece, sized[1] ?? '', sized[2] ?? '', spanOf);
  const textSize = TEXT_SIZE_SPELLINGS[piece.text.toLowerCase()];
  if (textSize !== undefined) return { type: 'text', size: { text: textSize } };
  const type = TYPE_SPELLINGS[piece.text.toLowerCase()];
  if (type === undefined && RELATION_WORDS.has(piece.text.toLowerCase())) {
    return {
      diagnostic: error(
        'unknown_field_type',
        `unknown type "${piece.text}": a relation is not a field type`,
        spanOf(piece),
        'a relation goes under an entity\'s relations: in a schema file (author: belongsTo Author, whose column is author_id) or in a Mermaid diagram (AUTHOR ||--o{ POST : writes); --fields gives columns only',
      ),
    };
  }
  if (type === undefined) {
    const suggestion = nearestSpelling(piece.text.toLowerCase());
    return {
      diagnostic: error(
        'unknown_field_type',
        `unknown type "${piece.text}"${suggestion === undefined ? '' : `; did you mean "${suggestion}"?`}`,
        spanOf(piece),
        `types: ${typeList()}`,
      ),
    };
  }
  return { type };
}

/** `string(100)`, `decimal(8,2)`, `decimal(8)` (no decimals): numbers within what every database holds. */
function sizedType(piece: Piece, base: string, inner: string, spanOf: (piece: Piece) => Span): ParsedFieldType | { diagnostic: Diagnostic } {
  const type = TYPE_SPELLINGS[base.toLowerCase()];
  const named = SIZE_ARGUMENTS[type ?? 'enum'];
  if (type === undefined || named === undefined) {
    const typed = parseFieldType({ text: base, start: piece.start }, spanOf);
    if ('diagnostic' in typed) return typed;
    return {
      diagnostic: error(
        'invalid_column_size',
        `type "${base}" takes no size in parentheses`,
        spanOf(piece),
        'sizes: string(<length>), decimal(<precision>,<scale>); text sizes are the types mediumtext and longtext',
      ),
    };
  }
  const innerStart = piece.start + piece.text.indexOf('(') + 1;
  const argumentPieces = splitTopLevel(inner, ',', innerStart).map(trimPiece);
  const usage = type === 'string' ? 'string(<length>), e.g. string(100)' : 'decimal(<precision>,<scale>), e.g. decimal(8,2)';
  if (argumentPieces.length > named.length) {
    return { diagnostic: error('invalid_column_size', `${base} takes at most ${named.length} number${named.length === 1 ? '' : 's'} in parentheses`, spanOf(piece), usage) };
  }
  const size: ColumnSize = {};
  for (const [index, argument] of argumentPieces.entries()) {
    const name = named[index] ?? 'length';
    const value = /^\d{1,6}$/.test(argument.text) ? Number(argument.text) : Number.NaN;
    const least = name === 'scale' ? 0 : 1;
    if (!Number.isInteger(value) || value < least || value > LARGEST_SIZE[name]) {
      return {
        diagnostic: error('invalid_column_size', `the ${name} of ${piece.text} must be a whole number from ${least} to ${LARGEST_SIZE[name]}`, spanOf(argument), usage),
      };
    }
    size[name] = value;
  }
  if (type === 'decimal') size.scale ??= 0;
  if (size.scale !== undefined && size.precision !== undefined && size.scale > size.precision) {
    const scalePiece = argumentPieces[1] ?? piece;
    return {
      diagnostic: error('invalid_column_size', `the scale of ${piece.text} is above its precision: a decimal keeps no more digits after the point than it has in all`, spanOf(scalePiece), usage),
    };
  }
  return { type, size };
}

/**
 * Where the first "(" of a type that has no ")" for it is. Pieces are split outside parentheses, so an unclosed
 * one has taken the rest of the text (`enum(a,b` or `enum(a,b,title:string`), which is not a type name to
 * look up and suggest for.
 */
function unclosedParenthesis(text: string): number | undefined {
  const opening = text.indexOf('(');
  if (opening === -1) return undefined;
  let depth = 0;
  for (let i = opening; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return undefined;
  }
  return opening;
}

/** Splits on `separator` outside parentheses, keeping where each piece starts. */
function splitTopLevel(text: string, separator: string, startAt: number): Piece[] {
  const pieces: Piece[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '(') depth++;
    else if (char === ')') depth = Math.max(0, depth - 1);
    else if (char === separator && depth === 0) {
      pieces.push({ text: text.slice(start, i), start: startAt + start });
      start = i + 1;
    }
  }
  pieces.push({ text: text.slice(start), start: startAt + start });
  return pieces;
}

function trimPiece(piece: Piece): Piece {
  const leading = piece.text.length - piece.text.trimStart().length;
  return { text: piece.text.trim(), start: piece.start + leading };
}

function spanIn(flag: string, piece: Piece): Span {
  return { flag, column: piece.start, endColumn: piece.start + Math.max(piece.text.length, 1) };
}

function typeList(): string {
  return [...Object.keys(TYPE_SPELLINGS), ...Object.keys(TEXT_SIZE_SPELLINGS), 'string(<length>)', 'decimal(<precision>,<scale>)', 'enum(a,b,...)'].join(', ');
}

function nearestSpelling(word: string): string | undefined {
  return nearestWord(word, [...Object.keys(TYPE_SPELLINGS), ...Object.keys(TEXT_SIZE_SPELLINGS), 'enum']);
}
