import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseFields } from '../../../src/frontends/fields.js';
import {
  defaultProblem,
  entityNameProblem,
  equivalentCommand,
  fieldProblem,
  fieldsText,
  indexCandidates,
  lowerAnswers,
  queryCandidates,
  withIndexChoices,
  type FieldAnswer,
  type WizardAnswers,
} from '../../../src/frontends/wizard/answers.js';
import { mergedSchemaText, newSchemaText } from '../../../src/frontends/wizard/schema-entity.js';

const POST: WizardAnswers = {
  entity: 'Post',
  fields: [
    { name: 'title', type: 'string', nullable: false, unique: true },
    { name: 'status', type: 'enum', enumValues: ['draft', 'published'], nullable: false, unique: false, defaultWord: 'draft' },
    { name: 'summary', type: 'text', nullable: true, unique: false },
  ],
  relations: [{ name: 'author', kind: 'belongsTo', target: 'Author', nullable: true }],
  softDeletes: true,
  options: { queryBuilder: true },
  newTargets: [],
};

test('the answers as --fields text, which the --fields parser reads back to the same fields', () => {
  const text = fieldsText(POST.fields);
  assert.is(text, 'title:string:unique,status:enum(draft,published),summary:text:nullable');
  const lowered = lowerAnswers(POST);
  const withoutSpans = (fields: readonly object[]) => fields.map((field) => ({ ...field, span: undefined, defaultValue: undefined }));
  assert.equal(withoutSpans(lowered.entities?.[0]?.fields ?? []), withoutSpans(parseFields(text).fields));
});

test('the index choices as marks: every candidate checked, or none, marks none; secrets and json are no candidates', () => {
  const fields: FieldAnswer[] = [
    { name: 'number', type: 'string', nullable: false, unique: true },
    { name: 'status', type: 'string', nullable: false, unique: false },
    { name: 'meta', type: 'json', nullable: true, unique: false },
    { name: 'pin_code', type: 'string', nullable: false, unique: false, hidden: true },
  ];
  assert.equal(indexCandidates(fields).map((field) => field.name), ['status']);
  assert.equal(queryCandidates(fields).map((field) => field.name), ['number', 'status']);
  const some = withIndexChoices(fields, { indexed: ['status'], filterable: ['status'], sortable: ['number', 'status'] });
  assert.is(fieldsText(some), 'number:string:unique,status:string:index:filterable,meta:json:nullable,pin_code:string:hidden');
  assert.is(fieldsText(withIndexChoices(fields, { indexed: [], filterable: [], sortable: ['number'] })), 'number:string:unique:sortable,status:string,meta:json:nullable,pin_code:string:hidden');
});

test('the answers lowered: defaults typed by the field, relations, soft deletes and options', () => {
  const { entities, diagnostics } = lowerAnswers(POST);
  const entity = entities?.[0];
  assert.equal(diagnostics, []);
  assert.equal(entity?.fields[1]?.defaultValue, { value: 'draft' });
  assert.equal(entity?.relations.map((relation) => [relation.name, relation.kind, relation.target, relation.nullable]), [['author', 'belongsTo', 'Author', true]]);
  assert.is(entity?.softDeletes, true);
  assert.equal(entity?.options, { queryBuilder: true });
});

test('the equivalent command, and what --fields cannot say', () => {
  const { command, beyondFields } = equivalentCommand(POST);
  assert.is(command, 'fullapi make Post --fields="title:string:unique,status:enum(draft,published),summary:text:nullable" --soft-deletes --query-builder');
  assert.equal(beyondFields, ['the default of status', 'the relation author (belongsTo Author)']);
  const quoted = equivalentCommand({ ...POST, fields: [{ name: 'price', type: 'enum', enumValues: ['$1', 'two'], nullable: false, unique: false }], relations: [] });
  assert.match(quoted.command, `--fields='price:enum($1,two)'`);
});

test('answers are checked with the messages of --fields and make', () => {
  assert.match(entityNameProblem('Po st') ?? '', '[invalid_entity_name] "Po st" is not a valid PHP class name');
  assert.is(entityNameProblem('Post'), undefined);
  assert.match(fieldProblem('provided', 'string', []) ?? '', '[reserved_field]');
  assert.match(fieldProblem('Title', 'string', POST.fields) ?? '', '[duplicate_field]');
  assert.match(fieldProblem('status', 'enum(a,a)', []) ?? '', '[bad_enum_values] enum value "a" is listed twice');
  assert.is(fieldProblem('body', 'text', POST.fields), undefined);
  // The size and bounds questions are checked the same way, as `--fields` text.
  assert.match(fieldProblem('price', 'decimal(8,2):min=5:max=1', []) ?? '', '[invalid_bounds]');
  assert.match(fieldProblem('name', 'string(0)', []) ?? '', '[invalid_column_size]');
  assert.is(fieldProblem('price', 'decimal(8,2):min=0', []), undefined);
  assert.match(defaultProblem({ name: 'views', type: 'integer', nullable: false, unique: false }, 'many') ?? '', 'must be a whole number');
  assert.match(defaultProblem({ name: 'status', type: 'enum', enumValues: ['draft'], nullable: false, unique: false }, 'drat') ?? '', 'did you mean "draft"');
  assert.is(defaultProblem({ name: 'views', type: 'integer', nullable: false, unique: false }, '0'), undefined);
});

test('a relation to a new entity: its fields asked too, generated and saved with the entity, its command first', () => {
  const answers: WizardAnswers = { ...POST, newTargets: [{ entity: 'Author', fields: [{ name: 'name', type: 'string', nullable: false, unique: false }] }] };
  assert.equal(lowerAnswers(answers).entities?.map((entity) => [entity.name, entity.fields.map((field) => field.name)]), [['Post', ['title', 'status', 'summary']], ['Author', ['name']]]);
  assert.match(equivalentCommand(answers).command, /^fullapi make Author --fields="name:string" && fullapi make Post /);
  const saved = newSchemaText(answers);
  assert.match(saved, 'entities:\n  Author:\n    fields:\n      name: string\n  Post:\n');
});

test('an owner answered: lowered as owner, saved as the mapping the shorthand has no word for, read back the same', () => {
  const answers: WizardAnswers = { ...POST, relations: [{ name: 'customer', kind: 'belongsTo', target: 'User', nullable: false, owner: true }], options: { auth: true } };
  assert.equal(lowerAnswers(answers).entities?.[0]?.relations.map((relation) => [relation.name, relation.target, relation.owner]), [['customer', 'User', true]]);
  assert.match(newSchemaText(answers), '    relations:\n      customer:\n        kind: belongsTo\n        target: User\n        owner: true\n');
});

test('a bad default found at lowering is invalid_default', () => {
  const { diagnostics } = lowerAnswers({ ...POST, fields: [{ name: 'views', type: 'integer', nullable: false, unique: false, defaultWord: 'x' }] });
  assert.equal(diagnostics.map((diagnostic) => diagnostic.code), ['invalid_default']);
});

test('saved into an existing api-schema.yaml: comments and other entities kept, the entity added in shorthand', () => {
  const existing = '# my blog\noptions:\n  soft_deletes: false # none by default\nentities:\n  # people who write\n  Author:\n    fields:\n      name: string # shown on posts\n';
  const merged = mergedSchemaText(existing, POST);
  assert.ok('text' in merged);
  if (!('text' in merged)) return;
  for (const kept of ['# my blog', '# none by default', '# people who write', '# shown on posts']) assert.match(merged.text, kept);
  assert.match(
    merged.text,
    '  Post:\n    soft_deletes: true\n    query_builder: true\n    fields:\n      title: string unique\n      status: enum(draft,published) default=draft\n      summary: text nullable\n    relations:\n      author: belongsTo Author nullable\n',
  );
  const again = mergedSchemaText(merged.text, { ...POST, fields: [{ name: 'title', type: 'string', nullable: false, unique: false }] });
  assert.ok('text' in again && again.text.match(/Post:/g)?.length === 1, 'an entity saved again is replaced');
});

test('a new schema file, and a file that does not parse is left alone', () => {
  assert.match(newSchemaText(POST), 'entities:\n  Post:\n');
  assert.not.match(newSchemaText(POST), '{}');
  const broken = mergedSchemaText('entities: [\n', POST);
  assert.ok('problem' in broken);
});

test.run();
