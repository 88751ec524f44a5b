import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { FieldType, GenerationOptions, RelationKind, SourceEntity, SourceField, SourceRelation, Span } from '../../ir/ir.generated.js';
import { FIELD_BOUNDS, type FieldBound } from '../../ir/field-bounds.js';
import { FIELD_FLAGS, type FieldFlag } from '../../ir/field-flags.js';
import { GENERATION_OPTIONS } from '../../ir/generation-options.js';
import { OPTION_FLAGS } from '../../ir/options.js';
import { isSecretName } from '../../passes/secrets.js';
import { validateNames } from '../../passes/validate-names.js';
import { parseFields } from '../fields.js';
import { checkedDefault, defaultFromWord } from '../schema/default-value.js';

/**
 * The wizard's front end: what a person answered, lowered into the IR the way `--fields` is. The fields go
 * through the `--fields` parser itself (their text is what `fieldsText` prints), so a wizard's field and the
 * same field on the command line are one thing, with one set of messages. The questions are asked elsewhere
 * (src/cli/commands/wizard-command.ts): this module never sees a terminal.
 */

export interface FieldAnswer {
  name: string;
  type: FieldType;
  /** For an enum field, its values in order. */
  enumValues?: string[];
  /** The type with the size answered, as `--fields` writes it (`string(100)`, `decimal(8,2)`, `mediumtext`); absent: the type's usual size. */
  sizedType?: string;
  /** A number field's least and greatest value, as typed (`min=` and `max=`). */
  bounds?: Partial<Record<FieldBound, string>>;
  nullable: boolean;
  unique: boolean;
  /** Answered a secret (hidden); a secret by its name is one without being asked. */
  hidden?: true;
  /** Checked among the fields that get an index of their own. */
  index?: true;
  /** Checked among the fields the index may filter on, when not all of them were (none marked: every field). */
  filterable?: true;
  /** Checked among the fields the index may sort on, as filterable. */
  sortable?: true;
  /** The default as typed, read as a schema file's `default=<word>` (absent: none). */
  defaultWord?: string;
}

export interface RelationAnswer {
  name: string;
  kind: RelationKind;
  /** The related entity; absent for morphTo. */
  target?: string;
  /** belongsTo: the parent may be missing. */
  nullable: boolean;
  /** belongsTo User: each row belongs to the signed-in user who creates it (needs auth). */
  owner?: true;
}

export interface WizardAnswers {
  entity: string;
  fields: FieldAnswer[];
  relations: RelationAnswer[];
  softDeletes: boolean;
  options: GenerationOptions;
  /** Entities a relation targets that the project does not have: asked for their fields, generated in the same run. */
  newTargets: NewTarget[];
}

export interface NewTarget {
  entity: string;
  fields: FieldAnswer[];
}

/** Where the wizard's IR nodes come from: the wizard's answers, named by the flag that started it. */
export const WIZARD_SPAN: Span = { flag: '--interactive' };

/** The `--fields` text of the fields answered: `name:type[:nullable][:unique][:hidden][:index][:filterable][:sortable]`, commas between. */
export function fieldsText(fields: readonly FieldAnswer[]): string {
  return fields.map(fieldText).join(',');
}

export function fieldText(field: FieldAnswer): string {
  return [field.name, typeText(field), ...fieldFlagWords(field), ...boundWords(field)].join(':');
}

/** The field's type as `--fields` and a schema file's shorthand write it: with its values or its size. */
export function typeText(field: Pick<FieldAnswer, 'type' | 'enumValues' | 'sizedType'>): string {
  return field.type === 'enum' ? `enum(${(field.enumValues ?? []).join(',')})` : (field.sizedType ?? field.type);
}

/** `min=<n>` and `max=<n>`, the bounds answered. */
export function boundWords(field: Pick<FieldAnswer, 'bounds'>): string[] {
  return FIELD_BOUNDS.flatMap((bound) => {
    const value = field.bounds?.[bound];
    return value === undefined ? [] : [`${bound}=${value}`];
  });
}

/**
 * The command that makes the same entity without questions. `--fields` has no syntax for defaults and
 * relations: `beyondFields` names those the answers have, which only a schema file holds.
 */
export function equivalentCommand(answers: WizardAnswers): { command: string; beyondFields: string[] } {
  const targets = answers.newTargets.map((target) => ['fullapi', 'make', target.entity, `--fields=${shellQuoted(fieldsText(target.fields))}`].join(' '));
  const main = mainCommand(answers);
  const targetDefaults = answers.newTargets.flatMap((target) => target.fields.filter((field) => field.defaultWord !== undefined).map((field) => `the default of ${target.entity}.${field.name}`));
  return { command: [...targets, main.command].join(' && '), beyondFields: [...targetDefaults, ...main.beyondFields] };
}

function mainCommand(answers: WizardAnswers): { command: string; beyondFields: string[] } {
  const flags = [
    `--fields=${shellQuoted(fieldsText(answers.fields))}`,
    ...(answers.softDeletes ? ['--soft-deletes'] : []),
    ...GENERATION_OPTIONS.filter((option) => answers.options[option] === true).map((option) => OPTION_FLAGS[option]),
  ];
  const beyondFields = [
    ...answers.fields.filter((field) => field.defaultWord !== undefined).map((field) => `the default of ${field.name}`),
    ...answers.relations.map((relation) => `the relation ${relation.name} (${relation.kind}${relation.target === undefined ? '' : ` ${relation.target}`})`),
  ];
  return { command: ['fullapi', 'make', answers.entity, ...flags].join(' '), beyondFields };
}

/** A word for a POSIX shell: in double quotes as the docs write them, in single quotes when those would expand something. */
function shellQuoted(text: string): string {
  return /[$`"\\!]/.test(text) ? `'${text.replaceAll("'", `'\\''`)}'` : `"${text}"`;
}

/** The answers as a source entity, with everything the fields parser and the defaults' rules found wrong. */
export function lowerAnswers(answers: WizardAnswers): { entities?: SourceEntity[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const fields = lowerFields(answers.fields, diagnostics);
  const targets = answers.newTargets.map((target): SourceEntity => ({ name: target.entity, fields: lowerFields(target.fields, diagnostics) ?? [], relations: [], softDeletes: false, span: WIZARD_SPAN }));
  if (fields === undefined || diagnostics.length > 0) return { diagnostics };
  const relations = answers.relations.map(lowerRelation);
  const entity: SourceEntity = { name: answers.entity, fields, relations, softDeletes: answers.softDeletes, span: WIZARD_SPAN };
  const options = GENERATION_OPTIONS.filter((option) => answers.options[option] === true);
  if (options.length > 0) entity.options = Object.fromEntries(options.map((option) => [option, true]));
  return { entities: [entity, ...targets], diagnostics };
}

/** Fields through the `--fields` parser, with their defaults; undefined when the parser refuses them. */
function lowerFields(answered: readonly FieldAnswer[], diagnostics: Diagnostic[]): SourceField[] | undefined {
  const parsed = parseFields(fieldsText(answered));
  if (parsed.diagnostics.length > 0) {
    diagnostics.push(...parsed.diagnostics);
    return undefined;
  }
  return parsed.fields.map((field, index): SourceField => {
    const word = answered[index]?.defaultWord;
    const withSpan = { ...field, span: WIZARD_SPAN };
    if (word === undefined) return withSpan;
    const checked = defaultOf(withSpan, word);
    if ('problem' in checked) {
      diagnostics.push(error('invalid_default', checked.problem, WIZARD_SPAN, checked.hint));
      return withSpan;
    }
    return { ...withSpan, defaultValue: checked };
  });
}

function lowerRelation(answer: RelationAnswer): SourceRelation {
  return {
    name: answer.name,
    kind: answer.kind,
    ...(answer.target === undefined ? {} : { target: answer.target }),
    ...(answer.kind === 'belongsTo' && answer.nullable ? { nullable: true } : {}),
    ...(answer.owner === true ? { owner: true } : {}),
    span: WIZARD_SPAN,
  };
}

function defaultOf(field: SourceField, word: string): ReturnType<typeof checkedDefault> {
  const value = defaultFromWord(field.type, word);
  return typeof value === 'object' && value !== null ? value : checkedDefault(field, value);
}

/** What is wrong with an entity name, as `make <Entity>` would say it; undefined when nothing is. */
export function entityNameProblem(name: string): string | undefined {
  if (name.trim() === '') return 'the entity name is empty';
  return firstMessage(validateNames({ entities: [{ name: name.trim(), fields: [], relations: [], softDeletes: false, span: WIZARD_SPAN }] }));
}

/**
 * What is wrong with a field, as `--fields` would say it: its name and type through the fields parser and the
 * name rules, and a name the entity already has. `typeText` is the type as `--fields` spells it.
 */
export function fieldProblem(name: string, typeText: string, earlier: readonly FieldAnswer[]): string | undefined {
  const parsed = parseFields(`${name.trim()}:${typeText}`);
  const syntax = firstMessage(parsed.diagnostics);
  if (syntax !== undefined) return syntax;
  const field = parsed.fields[0];
  if (field === undefined) return 'the field has no name';
  const earlierFields = parseFields(fieldsText(earlier)).fields;
  const entity: SourceEntity = { name: 'Wizard', fields: [...earlierFields, field], relations: [], softDeletes: false, span: WIZARD_SPAN };
  // The earlier fields passed these rules when they were answered: whatever is found now is the new field's.
  return firstMessage(validateNames({ entities: [entity] }));
}

/** What is wrong with a default for a field answered so far; undefined when it fits. */
export function defaultProblem(field: Omit<FieldAnswer, 'defaultWord'>, word: string): string | undefined {
  const checked = defaultOf({ ...field, primary: false, span: WIZARD_SPAN }, word);
  return 'problem' in checked ? checked.problem : undefined;
}

function firstMessage(diagnostics: readonly Diagnostic[]): string | undefined {
  const first = diagnostics.find((diagnostic) => diagnostic.severity === 'error');
  return first === undefined ? undefined : `[${first.code}] ${first.message}`;
}

/** The modifiers of an answered field, as `--fields` and a schema file's shorthand write them. */
export function fieldFlagWords(field: FieldAnswer): string[] {
  return FIELD_FLAGS.filter((flag): flag is Exclude<FieldFlag, 'primary'> => flag !== 'primary' && field[flag] === true);
}

/** What a field answered so far is to the index: a secret is neither filtered nor sorted on, a json column cannot be. */
function queryable(field: FieldAnswer): boolean {
  return field.hidden !== true && !isSecretName(field.name) && field.type !== 'json';
}

/** The fields that may be given an index of their own: a unique one has its unique index already. */
export function indexCandidates(fields: readonly FieldAnswer[]): FieldAnswer[] {
  return fields.filter((field) => queryable(field) && !field.unique);
}

/** The fields the index could filter or sort on, among which the wizard asks which it may. */
export function queryCandidates(fields: readonly FieldAnswer[]): FieldAnswer[] {
  return fields.filter(queryable);
}

/** The names checked in each of the entity's questions about its index. */
export interface IndexChoices {
  indexed: readonly string[];
  filterable: readonly string[];
  sortable: readonly string[];
}

/**
 * The fields with the choices as marks. Checking every candidate, or none, marks none: the index then filters (or
 * sorts) on every field, as a schema file with no mark says (src/passes/index-query.ts).
 */
export function withIndexChoices(fields: readonly FieldAnswer[], choices: IndexChoices): FieldAnswer[] {
  const candidates = queryCandidates(fields).length;
  const marked = (names: readonly string[]) => new Set(names.length === candidates ? [] : names);
  const filterable = marked(choices.filterable);
  const sortable = marked(choices.sortable);
  return fields.map((field) => ({
    ...field,
    ...(choices.indexed.includes(field.name) ? { index: true } : {}),
    ...(filterable.has(field.name) ? { filterable: true } : {}),
    ...(sortable.has(field.name) ? { sortable: true } : {}),
  }));
}
