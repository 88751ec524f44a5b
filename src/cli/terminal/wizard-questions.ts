import {
  boundWords,
  defaultProblem,
  entityNameProblem,
  fieldProblem,
  indexCandidates,
  queryCandidates,
  withIndexChoices,
  type FieldAnswer,
  type NewTarget,
  type RelationAnswer,
  type WizardAnswers,
} from '../../frontends/wizard/answers.js';
import { BOUNDED_TYPES, type FieldBound } from '../../ir/field-bounds.js';
import { GENERATION_OPTIONS, type GenerationOption } from '../../ir/generation-options.js';
import type { FieldType, GenerationOptions, RelationKind } from '../../ir/ir.generated.js';
import { camel, plural, studly } from '../../passes/naming/str.js';
import { isSecretName } from '../../passes/secrets.js';
import type { Terminal } from './terminal.js';

/**
 * The questions of `make --interactive`, in order: the entity, its fields one at a time, its relations, its
 * options. Each answer is checked as it is typed, with the messages `--fields` gives.
 */

/** What the command line already says: the defaults of the questions. */
export interface WizardStart {
  entity?: string;
  softDeletes: boolean;
  options: GenerationOptions;
  /** The entities the project records, which relations are offered to. */
  knownEntities: readonly string[];
}

const FIELD_TYPES: readonly FieldType[] = ['string', 'text', 'integer', 'bigint', 'boolean', 'decimal', 'float', 'json', 'date', 'datetime', 'timestamp', 'uuid', 'enum'];

const RELATION_KINDS: readonly { kind: RelationKind; name: string }[] = [
  { kind: 'belongsTo', name: 'belongsTo (this entity holds the foreign key)' },
  { kind: 'hasMany', name: 'hasMany' },
  { kind: 'hasOne', name: 'hasOne' },
  { kind: 'belongsToMany', name: 'belongsToMany (a pivot table)' },
  { kind: 'morphTo', name: 'morphTo (belongs to any of several entities)' },
  { kind: 'morphMany', name: 'morphMany' },
  { kind: 'morphOne', name: 'morphOne' },
];

const OPTION_NAMES: Readonly<Record<GenerationOption, string>> = {
  auth: 'token authentication (--auth)',
  clientCollection: 'API-client collection (--client-collection)',
  expressiveTests: 'Pest tests (--pest)',
  queryBuilder: 'spatie query builder on the index (--query-builder)',
  jsonApi: 'JSON:API resources (--json-api)',
  simplePagination: 'pages without counting the rows (--simple-pagination)',
};

export async function askAnswers(terminal: Terminal, start: WizardStart): Promise<WizardAnswers> {
  const entity = studly(
    (
      await terminal.input({ message: 'Entity name (e.g. Post):', ...(start.entity === undefined ? {} : { default: start.entity }), validate: entityNameProblem })
    ).trim(),
  );
  const fields = await askFields(terminal);
  const newTargets: NewTarget[] = [];
  const relations = await askRelations(terminal, entity, start.knownEntities, newTargets);
  const owned = relations.some((relation) => relation.owner === true);
  const { softDeletes, options } = await askOptions(terminal, owned ? { ...start, options: { ...start.options, auth: true } } : start);
  // An owner is a signed-in user: unticking auth would only end in invalid_owner.
  return { entity, fields, relations, softDeletes, options: owned ? { ...options, auth: true } : options, newTargets };
}

async function askFields(terminal: Terminal, of = ''): Promise<FieldAnswer[]> {
  const fields: FieldAnswer[] = [];
  for (;;) {
    const name = (
      await terminal.input({
        message: fields.length === 0 ? `${of}Field name:` : `${of}Next field name (Enter when done):`,
        validate: (value) => (value.trim() === '' ? (fields.length === 0 ? 'an entity needs at least one field' : undefined) : fieldProblem(value, 'string', fields)),
      })
    ).trim();
    if (name === '') return askIndexChoices(terminal, fields, of);
    const type = await terminal.select({ message: `Type of ${name}:`, choices: FIELD_TYPES.map((value) => ({ name: value, value })) });
    const enumValues =
      type === 'enum'
        ? (await terminal.input({ message: `Values of ${name}, comma-separated:`, validate: (value) => fieldProblem(name, `enum(${value})`, fields) }))
            .split(',')
            .map((value) => value.trim())
        : undefined;
    const sizedType = await askSize(terminal, name, type, fields);
    const bounds = BOUNDED_TYPES.includes(type) ? await askBounds(terminal, name, sizedType ?? type, fields) : undefined;
    const nullable = await terminal.confirm({ message: `May ${name} be empty (nullable)?`, default: false });
    const unique = await terminal.confirm({ message: `Must ${name} be unique?`, default: false });
    // A password or an api_key is a secret by its name already: nothing to ask.
    const hidden = !isSecretName(name) && (await terminal.confirm({ message: `Is ${name} a secret (never answered, filtered or sorted on)?`, default: false }));
    const field: Omit<FieldAnswer, 'defaultWord'> = {
      name,
      type,
      ...(enumValues === undefined ? {} : { enumValues }),
      ...(sizedType === undefined ? {} : { sizedType }),
      ...(bounds === undefined ? {} : { bounds }),
      nullable,
      unique,
      ...(hidden ? { hidden: true } : {}),
    };
    const defaultWord = await terminal.input({
      message: `Default of ${name} (Enter for none):`,
      validate: (value) => (value.trim() === '' ? undefined : defaultProblem(field, value.trim())),
    });
    fields.push(defaultWord.trim() === '' ? field : { ...field, defaultWord: defaultWord.trim() });
  }
}

/**
 * Once per entity, after its fields: which get an index, and which the index may filter and sort on. Each question
 * is asked only where it chooses something (a field to index; two fields to choose among), and Enter keeps what
 * the command line does: no index, every field filtered and sorted on.
 */
async function askIndexChoices(terminal: Terminal, fields: FieldAnswer[], of: string): Promise<FieldAnswer[]> {
  const indexable = indexCandidates(fields);
  const queried = queryCandidates(fields);
  const indexed =
    indexable.length === 0
      ? []
      : await terminal.checkbox({
          message: `${of}Fields with an index of their own, for filters and sorts on a large table (space toggles, Enter accepts):`,
          choices: indexable.map((field) => ({ name: field.name, value: field.name, checked: false })),
        });
  const ask = async (verb: string): Promise<string[]> =>
    queried.length < 2
      ? []
      : terminal.checkbox({
          message: `${of}Fields the index may ${verb} (space toggles, Enter accepts):`,
          choices: queried.map((field) => ({ name: field.name, value: field.name, checked: true })),
        });
  const filterable = await ask('filter on');
  const sortable = await ask('sort by');
  return withIndexChoices(fields, { indexed, filterable, sortable });
}

/** What a text field may hold, as the type names that ask for it. */
const TEXT_SIZES: readonly { name: string; value: string }[] = [
  { name: 'text (64 KB on MySQL)', value: 'text' },
  { name: 'mediumtext (16 MB)', value: 'mediumtext' },
  { name: 'longtext (4 GB)', value: 'longtext' },
];

/**
 * The size of a string (its length), a decimal (its digits) or a text; Enter keeps the size `--fields` gives the
 * bare type. Answered as `--fields` writes it, and checked by its parser.
 */
async function askSize(terminal: Terminal, name: string, type: FieldType, earlier: readonly FieldAnswer[]): Promise<string | undefined> {
  if (type === 'text') {
    const size = await terminal.select({ message: `Size of ${name}:`, choices: TEXT_SIZES });
    return size === 'text' ? undefined : size;
  }
  const asked = type === 'string' ? `Length of ${name} (Enter for 255):` : type === 'decimal' ? `Digits of ${name}, in all and after the point (Enter for 10,2):` : undefined;
  if (asked === undefined) return undefined;
  const answer = (await terminal.input({ message: asked, validate: (value) => (value.trim() === '' ? undefined : fieldProblem(name, `${type}(${value.trim()})`, earlier)) })).trim();
  return answer === '' ? undefined : `${type}(${answer})`;
}

/** `min,max` of a number field, either side left empty for none: `0,100`, `0,`, `,100`. */
function boundsOf(answer: string): Partial<Record<FieldBound, string>> | undefined {
  const [min, max, ...rest] = answer.split(',').map((part) => part.trim());
  if (rest.length > 0 || max === undefined) return undefined;
  return { ...(min === '' || min === undefined ? {} : { min }), ...(max === '' ? {} : { max }) };
}

async function askBounds(terminal: Terminal, name: string, typeWord: string, earlier: readonly FieldAnswer[]): Promise<Partial<Record<FieldBound, string>> | undefined> {
  const validate = (value: string): string | undefined => {
    if (value.trim() === '') return undefined;
    const bounds = boundsOf(value);
    return bounds === undefined ? 'write the least and the greatest value as min,max: 0,100, or 0, or ,100' : fieldProblem(name, [typeWord, ...boundWords({ bounds })].join(':'), earlier);
  };
  const answer = (await terminal.input({ message: `Least and greatest value of ${name}, as min,max (Enter for none):`, validate })).trim();
  const bounds = answer === '' ? undefined : boundsOf(answer);
  return bounds === undefined || Object.keys(bounds).length === 0 ? undefined : bounds;
}

/** The model of the signed-in user, the only one that can own rows. */
const OWNER_MODEL = 'User';

/** The target list: the project's entities, the entity itself, and any other name typed. */
const OTHER_TARGET = '\u0000other';

async function askRelations(terminal: Terminal, entity: string, known: readonly string[], newTargets: NewTarget[]): Promise<RelationAnswer[]> {
  const relations: RelationAnswer[] = [];
  while (await terminal.confirm({ message: relations.length === 0 ? 'Add a relationship?' : 'Add another relationship?', default: false })) {
    const kind = await terminal.select({ message: 'Kind:', choices: RELATION_KINDS.map(({ kind: value, name }) => ({ name, value })) });
    const target = kind === 'morphTo' ? undefined : await askTarget(terminal, entity, [...known, ...newTargets.map((created) => created.entity)]);
    if (target !== undefined && target !== entity && !known.includes(target) && !newTargets.some((created) => created.entity === target)) {
      // A new entity is generated in the same run; it needs fields of its own.
      newTargets.push({ entity: target, fields: await askFields(terminal, `${target} (new): `) });
    }
    const taken = new Set(relations.map((relation) => relation.name));
    const name = (
      await terminal.input({
        message: 'Relation name:',
        default: relationName(kind, target),
        validate: (value) => (taken.has(value.trim()) ? `the relation "${value.trim()}" is already declared` : fieldProblem(value, 'string', [])),
      })
    ).trim();
    // Only the signed-in user can own a row (src/passes/owners.ts), and one user at most.
    const owner =
      kind === 'belongsTo' && target === OWNER_MODEL && !relations.some((relation) => relation.owner === true)
        ? await terminal.confirm({ message: `Does each ${entity} belong to the signed-in ${OWNER_MODEL} who creates it (only they see and change it; turns on --auth)?`, default: false })
        : false;
    const nullable = kind === 'belongsTo' && !owner ? await terminal.confirm({ message: `May a ${entity} have no ${target ?? name} (nullable)?`, default: false }) : false;
    relations.push({ name, kind, ...(target === undefined ? {} : { target }), nullable, ...(owner ? { owner: true } : {}) });
  }
  return relations;
}

async function askTarget(terminal: Terminal, entity: string, known: readonly string[]): Promise<string> {
  const names = [...new Set([...known, entity])].sort();
  const chosen = await terminal.select({
    message: 'Related entity:',
    choices: [...names.map((name) => ({ name, value: name })), { name: 'another entity (type its name)', value: OTHER_TARGET }],
  });
  if (chosen !== OTHER_TARGET) return chosen;
  return studly((await terminal.input({ message: 'Related entity name:', validate: entityNameProblem })).trim());
}

/** Laravel's usual method name: `author` for a belongsTo Author, `comments` for a hasMany Comment. */
function relationName(kind: RelationKind, target: string | undefined): string {
  if (target === undefined) return 'owner';
  const single = camel(target);
  return kind === 'hasMany' || kind === 'belongsToMany' || kind === 'morphMany' ? plural(single) : single;
}

async function askOptions(terminal: Terminal, start: WizardStart): Promise<Pick<WizardAnswers, 'softDeletes' | 'options'>> {
  const chosen = await terminal.checkbox<GenerationOption | 'softDeletes'>({
    message: 'Options (space toggles, Enter accepts):',
    choices: [
      { name: 'soft deletes (--soft-deletes)', value: 'softDeletes', checked: start.softDeletes },
      ...GENERATION_OPTIONS.map((option) => ({ name: OPTION_NAMES[option], value: option, checked: start.options[option] === true })),
    ],
  });
  const options = Object.fromEntries(GENERATION_OPTIONS.filter((option) => chosen.includes(option)).map((option) => [option, true]));
  return { softDeletes: chosen.includes('softDeletes'), options };
}
