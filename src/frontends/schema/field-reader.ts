import { FIELD_FLAGS, fieldFlags, type FieldFlag } from '../../ir/field-flags.js';
import { BOUND_PREFIXES, boundOfWord, boundsProblem, boundValue, FIELD_BOUNDS, type FieldBound } from '../../ir/field-bounds.js';
import { nearestWord } from '../../diagnostics/nearest-word.js';
import type { SourceField } from '../../ir/ir.generated.js';
import { parseFieldType, type ParsedFieldType, type Piece } from '../fields.js';
import type { FieldMapping } from './api-schema.generated.js';
import { booleanAt, entryOf, isString, keyOf, type DocNode, type MapNode, type Range, type ScalarValue, type StringNode } from '../../text/doc-node.js';
import { checkedDefault, defaultFromWord } from './default-value.js';
import { report, type Lowering } from './lowering.js';
import { verbatimWord, wordsOf, type Word } from './words.js';

const MODIFIERS = FIELD_FLAGS;
type Modifier = FieldFlag;
const DEFAULT_PREFIX = 'default=';
const RENAMED_FROM_PREFIX = 'renamed_from=';
const SHORTHAND_HINT = `a field is <type> ${FIELD_FLAGS.map((flag) => `[${flag}]`).join(' ')} [default=<value>] [renamed_from=<old name>] [min=<number>] [max=<number>]`;

/** `title: string unique default='Untitled'`: the type word, then modifiers in any order. */
export function fieldFromShorthand(name: string, nameRange: Range, node: StringNode, lowering: Lowering): SourceField | undefined {
  const [typeWord, ...modifierWords] = wordsOf(node);
  if (typeWord === undefined) {
    report(lowering, 'missing_field_type', `field "${name}" has no type`, node.range, SHORTHAND_HINT);
    return undefined;
  }
  const before = lowering.diagnostics.length;
  const typed = fieldType(typeWord, node, lowering);
  const modifiers = new Set<Modifier>();
  let defaultWord: Word | undefined;
  let renamedFromWord: Word | undefined;
  const boundWords = new Map<FieldBound, Word>();
  for (const word of modifierWords) {
    const lower = word.text.toLowerCase();
    const modifier = MODIFIERS.find((known) => known === lower);
    const bound = boundOfWord(lower);
    if (bound !== undefined) {
      if (boundWords.has(bound)) report(lowering, 'invalid_bounds', `field "${name}" has two ${bound}=`, word.range);
      boundWords.set(bound, { text: word.text.slice(bound.length + 1), range: afterPrefix(word, `${bound}=`, node) });
    } else if (modifier !== undefined) {
      modifiers.add(modifier);
    } else if (lower.startsWith(DEFAULT_PREFIX)) {
      if (defaultWord !== undefined) report(lowering, 'invalid_default', `field "${name}" has two defaults`, word.range);
      defaultWord = { text: word.text.slice(DEFAULT_PREFIX.length), range: afterPrefix(word, DEFAULT_PREFIX, node) };
    } else if (lower.startsWith(RENAMED_FROM_PREFIX)) {
      if (renamedFromWord !== undefined) report(lowering, 'invalid_rename', `field "${name}" has two renamed_from`, word.range);
      renamedFromWord = { text: word.text.slice(RENAMED_FROM_PREFIX.length), range: afterPrefix(word, RENAMED_FROM_PREFIX, node) };
    } else {
      const suggestion = nearestWord(/=/.test(lower) ? lower.slice(0, lower.indexOf('=') + 1) : lower, [...MODIFIERS, DEFAULT_PREFIX, RENAMED_FROM_PREFIX, ...BOUND_PREFIXES]);
      const didYouMean = suggestion === undefined ? '' : `; did you mean "${suggestion}"?`;
      report(lowering, 'unknown_field_modifier', `unknown modifier "${word.text}" on field "${name}"${didYouMean}`, word.range, SHORTHAND_HINT);
    }
  }
  if (typed === undefined) return undefined;
  const field = newField(name, nameRange, typed, modifiers, lowering);
  if (defaultWord !== undefined) {
    const value = defaultFromWord(field.type, defaultWord.text);
    if (value !== null && typeof value === 'object') report(lowering, 'invalid_default', value.problem, defaultWord.range);
    else setDefault(field, value, defaultWord.range, lowering);
  }
  if (renamedFromWord !== undefined) setRenamedFrom(field, renamedFromWord.text, renamedFromWord.range, lowering);
  const bounds = [...boundWords].map(([bound, word]) => ({ bound, value: boundValue(word.text), range: word.range }));
  for (const { bound, value, range } of bounds) {
    if (value === undefined) report(lowering, 'invalid_bounds', `${bound}= of field "${name}" needs a number, e.g. ${bound}=0`, range);
  }
  setBounds(field, bounds, lowering);
  return lowering.diagnostics.length === before ? field : undefined;
}

/** `slug: { type: string, unique: true }`; keys of the wrong shape are the JSON Schema's to report. */
export function fieldFromMapping(name: string, nameRange: Range, map: MapNode, lowering: Lowering): SourceField | undefined {
  const key = keyOf<FieldMapping>;
  const typeNode = entryOf(map, key('type'))?.value;
  if (!isString(typeNode)) return undefined;
  const before = lowering.diagnostics.length;
  const typed = fieldType(verbatimWord(typeNode), typeNode, lowering);
  if (typed === undefined) return undefined;
  const modifiers = new Set(MODIFIERS.filter((modifier) => booleanAt(map, key(modifier)) === true));
  const field = newField(name, nameRange, typed, modifiers, lowering);
  readDefaultAndRules(field, map, lowering);
  readBounds(field, map, lowering);
  const renamedFrom = entryOf(map, key('renamed_from'))?.value;
  if (isString(renamedFrom)) {
    const oldName = verbatimWord(renamedFrom);
    setRenamedFrom(field, oldName.text, oldName.range, lowering);
  }
  return lowering.diagnostics.length === before ? field : undefined;
}

/** The `default` and `rules` keys of a field's mapping (a schema file's, or a class_data.json attribute). */
export function readDefaultAndRules(field: SourceField, map: MapNode, lowering: Lowering): void {
  const key = keyOf<FieldMapping>;
  const defaultNode = entryOf(map, key('default'))?.value;
  if (defaultNode?.kind === 'scalar') setDefault(field, defaultNode.value, defaultNode.range, lowering);
  const rules = rulesOf(entryOf(map, key('rules'))?.value);
  if (rules.length > 0) field.rules = rules;
}

/** The `min` and `max` keys of a field's mapping (a schema file's, or a class_data.json attribute); a value that is no number is the JSON Schema's to report. */
export function readBounds(field: SourceField, map: MapNode, lowering: Lowering): void {
  const bounds = FIELD_BOUNDS.flatMap((bound) => {
    const node = entryOf(map, bound)?.value;
    return node?.kind === 'scalar' && typeof node.value === 'number' ? [{ bound, value: node.value, range: node.range }] : [];
  });
  setBounds(field, bounds, lowering);
}

/** Bounds that fit the field's type (boundsProblem), reported at the last one written. */
function setBounds(field: SourceField, bounds: readonly { bound: FieldBound; value: number | undefined; range: Range }[], lowering: Lowering): void {
  const written = bounds.filter((entry): entry is { bound: FieldBound; value: number; range: Range } => entry.value !== undefined);
  const last = written[written.length - 1];
  if (last === undefined) return;
  const values = Object.fromEntries(written.map(({ bound, value }) => [bound, value])) as Partial<Record<FieldBound, number>>;
  const problem = boundsProblem(field.type, values);
  if (problem !== undefined) report(lowering, 'invalid_bounds', `field "${field.name}": ${problem}`, last.range);
  else Object.assign(field, values);
}

export type FieldTypeResult = ParsedFieldType;

/**
 * A type word, read by the --fields reader's own table. `inside` is the string holding it: its columns
 * are exact only when the string is written verbatim.
 */
export function fieldType(word: Word, inside: StringNode, lowering: Lowering): FieldTypeResult | undefined {
  const verbatim = inside.textStart !== undefined;
  const spanOf = (piece: Piece) =>
    lowering.locate(verbatim ? { start: piece.start, end: piece.start + Math.max(1, piece.text.length) } : inside.range);
  const parsed = parseFieldType({ text: word.text, start: word.range.start }, spanOf);
  if ('diagnostic' in parsed) {
    lowering.diagnostics.push(parsed.diagnostic);
    return undefined;
  }
  return parsed;
}

export function newField(name: string, nameRange: Range, typed: FieldTypeResult, modifiers: ReadonlySet<string>, lowering: Lowering): SourceField {
  const field: SourceField = { name, type: typed.type, ...fieldFlags(modifiers), span: lowering.locate(nameRange) };
  if (typed.enumValues !== undefined) field.enumValues = typed.enumValues;
  if (typed.size !== undefined) field.size = typed.size;
  return field;
}

function setDefault(field: SourceField, value: ScalarValue, range: Range, lowering: Lowering): void {
  const checked = checkedDefault(field, value);
  if ('problem' in checked) report(lowering, 'invalid_default', checked.problem, range, checked.hint);
  else field.defaultValue = checked;
}

/** The old name of a field; whether it is a name that fits is the passes' to say (validate-names.ts). */
function setRenamedFrom(field: SourceField, oldName: string, range: Range, lowering: Lowering): void {
  if (oldName === '') {
    report(lowering, 'invalid_rename', `renamed_from of field "${field.name}" needs the field's old name`, range, 'e.g. headline: string renamed_from=title');
    return;
  }
  field.renamedFrom = oldName;
  field.renamedFromSpan = lowering.locate(range);
}

/** The value part of `default=<value>` or `renamed_from=<name>`, placed after the prefix (on the whole word when empty). */
function afterPrefix(word: Word, prefix: string, node: StringNode): Range {
  const start = word.range.start + prefix.length;
  return node.textStart === undefined || start >= word.range.end ? word.range : { start, end: word.range.end };
}

/** `'min:0|max:9'` or a list; entries that are not strings are the JSON Schema's to report. */
function rulesOf(node: DocNode | undefined): string[] {
  if (isString(node)) return node.value.split('|').map((rule) => rule.trim()).filter((rule) => rule !== '');
  if (node?.kind !== 'list') return [];
  return node.items.filter(isString).map((item) => item.value.trim()).filter((rule) => rule !== '');
}
