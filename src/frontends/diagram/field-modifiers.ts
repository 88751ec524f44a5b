import { FIELD_FLAGS, type FieldFlag } from '../../ir/field-flags.js';
import { BOUND_PREFIXES, boundOfWord, type FieldBound } from '../../ir/field-bounds.js';
import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { nearestWord } from '../../diagnostics/nearest-word.js';
import type { DefaultValue, OnDelete, Span } from '../../ir/ir.generated.js';
import { MAX_REPORTED_ERRORS } from '../../../grammar/errors.js';
import { checkedDefault, defaultFromWord } from '../schema/default-value.js';
import type { DiagramFieldType } from './field-types.js';
import { subSpan } from './positions.js';

/**
 * The field modifiers of schema files' shorthand, which diagrams take too: in an erDiagram attribute's
 * comment (`string summary "nullable"`), after a class diagram member (`+string slug unique`).
 */
const MODIFIERS = FIELD_FLAGS;
const DEFAULT_PREFIX = 'default=';
const RENAMED_FROM_PREFIX = 'renamed_from=';
/**
 * The words of a foreign key column, for the belongsTo whose column it is: its delete rule, as a schema file's
 * `on_delete`, and `owner` (the authenticated user's rows), as a schema file's `owner: true`.
 */
const ON_DELETE_PREFIX = 'on_delete=';
const OWNER = 'owner';
const DELETE_RULES: readonly OnDelete[] = ['cascade', 'restrict', 'set_null'];
const VALUED_PREFIXES = [DEFAULT_PREFIX, RENAMED_FROM_PREFIX, ON_DELETE_PREFIX, ...BOUND_PREFIXES];
const FLAG_WORDS: readonly string[] = [...MODIFIERS, OWNER];
export const MODIFIER_HINT = `modifiers: ${FIELD_FLAGS.join(', ')}, default=<value>, renamed_from=<old name>, min=<number>, max=<number>; on a foreign key column: on_delete=${DELETE_RULES.join('|')}, owner`;

export interface FieldModifiers extends Record<FieldFlag, boolean> {
  defaultWord?: { text: string; span: Span };
  /** The field's old name, as written (a class diagram's member names are turned into columns by lower-class.ts). */
  renamedFromWord?: { text: string; span: Span };
  /** `on_delete=<rule>` on a foreign key column: the delete rule of the belongsTo whose column it is. */
  onDelete?: { rule: OnDelete; span: Span };
  /** Where `owner` is written on a foreign key column: its belongsTo is to the authenticated user's model. */
  ownerSpan?: Span;
  /** The numbers of `min=` and `max=`, as written (assemble.ts checks them against the field's type). */
  boundWords?: Partial<Record<FieldBound, { text: string; span: Span }>>;
}

/** A fresh set of flags, none of them written. */
export const NO_MODIFIERS = (): FieldModifiers => Object.fromEntries(FIELD_FLAGS.map((flag) => [flag, false])) as Record<FieldFlag, boolean>;

export interface Word {
  text: string;
  /** Characters from the start of the text the words were split from. */
  offset: number;
}

/** Words separated by spaces or commas; a quoted default (`default='a b'`) is one word. */
export function modifierWords(text: string): Word[] {
  return [...text.matchAll(/[^\s,'"]*=(['"])[^'"]*\1|[^\s,]+/g)].map((match) => ({ text: match[0], offset: match.index }));
}

export function isModifierWord(word: string): boolean {
  const lower = word.toLowerCase();
  return FLAG_WORDS.includes(lower) || VALUED_PREFIXES.some((prefix) => lower.startsWith(prefix));
}

/** The nearest modifier to a misspelt word, if any is near. */
export function nearestModifier(word: string): string | undefined {
  const lower = word.toLowerCase();
  // A valued modifier is compared up to its "=": the value says nothing of the spelling.
  const valued = VALUED_PREFIXES.find((prefix) => lower.startsWith(prefix.slice(0, -1)));
  const spelling = valued ?? (lower.includes('=') ? lower.slice(0, lower.indexOf('=') + 1) : lower);
  return nearestWord(spelling, [...FLAG_WORDS, ...VALUED_PREFIXES]);
}

/** Reads modifier words placed in `span` (the text they were split from starts at its column). */
export function readModifiers(words: readonly Word[], span: Span, fieldName: string): { modifiers: FieldModifiers; diagnostics: Diagnostic[] } {
  const modifiers: FieldModifiers = NO_MODIFIERS();
  const diagnostics: Diagnostic[] = [];
  for (const word of words) {
    const at = subSpan(span, word.offset, word.text.length);
    const lower = word.text.toLowerCase();
    const modifier = MODIFIERS.find((known) => known === lower);
    const bound = boundOfWord(lower);
    if (bound !== undefined) {
      if (modifiers.boundWords?.[bound] !== undefined) diagnostics.push(error('invalid_bounds', `field "${fieldName}" has two ${bound}=`, at));
      modifiers.boundWords = { ...modifiers.boundWords, [bound]: valueOf(word, `${bound}=`, span) };
    } else if (modifier !== undefined) {
      modifiers[modifier] = true;
    } else if (lower === OWNER) {
      modifiers.ownerSpan = at;
    } else if (lower.startsWith(ON_DELETE_PREFIX)) {
      const rule = valueOf(word, ON_DELETE_PREFIX, span);
      const known = DELETE_RULES.find((candidate) => candidate === rule.text.toLowerCase());
      if (modifiers.onDelete !== undefined) diagnostics.push(error('invalid_relation', `column "${fieldName}" has two on_delete`, at));
      else if (known === undefined) diagnostics.push(error('invalid_relation', `"${rule.text}" is no delete rule (on column "${fieldName}")`, rule.span, `on_delete=${DELETE_RULES.join(', on_delete=')}`));
      else modifiers.onDelete = { rule: known, span: at };
    } else if (lower.startsWith(DEFAULT_PREFIX)) {
      if (modifiers.defaultWord !== undefined) diagnostics.push(error('invalid_default', `field "${fieldName}" has two defaults`, at));
      modifiers.defaultWord = valueOf(word, DEFAULT_PREFIX, span);
    } else if (lower.startsWith(RENAMED_FROM_PREFIX)) {
      if (modifiers.renamedFromWord !== undefined) diagnostics.push(error('invalid_rename', `field "${fieldName}" has two renamed_from`, at));
      const renamedFrom = valueOf(word, RENAMED_FROM_PREFIX, span);
      if (renamedFrom.text === '') diagnostics.push(error('invalid_rename', `renamed_from of field "${fieldName}" needs the field's old name`, at, 'e.g. renamed_from=title'));
      else modifiers.renamedFromWord = renamedFrom;
    } else if (diagnostics.length <= MAX_REPORTED_ERRORS) {
      // A diagram reports no more errors than that (index.ts): a member of thousands of words needs no more messages.
      const suggestion = nearestModifier(word.text);
      const didYouMean = suggestion === undefined ? '' : `; did you mean "${suggestion}"?`;
      diagnostics.push(error('unknown_field_modifier', `unknown modifier "${word.text}" on field "${fieldName}"${didYouMean}`, at, MODIFIER_HINT));
    }
  }
  return { modifiers, diagnostics };
}

/** The value of a `<prefix><value>` word, placed after the prefix. */
function valueOf(word: Word, prefix: string, span: Span): { text: string; span: Span } {
  return { text: word.text.slice(prefix.length), span: subSpan(span, word.offset + prefix.length, word.text.length - prefix.length) };
}

/** A `default=<value>` checked against its field, as schema files check theirs. */
export function readDefault(
  defaultWord: { text: string; span: Span },
  field: { name: string; nullable: boolean } & DiagramFieldType,
): { defaultValue?: DefaultValue; diagnostics: Diagnostic[] } {
  const value = defaultFromWord(field.type, defaultWord.text);
  if (value !== null && typeof value === 'object') return { diagnostics: [error('invalid_default', value.problem, defaultWord.span)] };
  const checked = checkedDefault(field, value);
  if ('problem' in checked) return { diagnostics: [error('invalid_default', checked.problem, defaultWord.span, checked.hint)] };
  return { defaultValue: checked, diagnostics: [] };
}
