import { isMap, parseDocument, YAMLMap } from 'yaml';
import { boundWords, fieldFlagWords, typeText, type FieldAnswer, type RelationAnswer, type WizardAnswers } from './answers.js';

/**
 * The answers as an entity of an api-schema file, so that the next change is an edit of that file. Written in
 * the shorthand the schema-files page teaches (`status: enum(draft,published) default=draft`), and merged into the
 * file's text through the YAML library's document model, which keeps every comment and the order of keys;
 * an entity of the same name is replaced.
 */

const OPTION_KEYS = { auth: 'auth', clientCollection: 'client_collection', expressiveTests: 'pest', queryBuilder: 'query_builder', jsonApi: 'json_api', simplePagination: 'simple_pagination' } as const;

/** The entity as the file holds it, keys in the order the schema-files page writes them. */
export function schemaEntity(answers: WizardAnswers): Record<string, unknown> {
  const entity: Record<string, unknown> = {};
  if (answers.softDeletes) entity['soft_deletes'] = true;
  for (const [option, key] of Object.entries(OPTION_KEYS)) {
    if (answers.options[option as keyof typeof OPTION_KEYS] === true) entity[key] = true;
  }
  entity['fields'] = Object.fromEntries(answers.fields.map((field) => [field.name, fieldShorthand(field)]));
  if (answers.relations.length > 0) entity['relations'] = Object.fromEntries(answers.relations.map((relation) => [relation.name, relationEntry(relation)]));
  return entity;
}

function fieldShorthand(field: FieldAnswer): string {
  const words = [typeText(field), ...fieldFlagWords(field), ...boundWords(field)];
  if (field.defaultWord !== undefined) words.push(`default=${defaultWord(field.defaultWord)}`);
  return words.join(' ');
}

/** A default of several words is quoted, as the shorthand splits on spaces; a quoted one stays as typed. */
function defaultWord(word: string): string {
  if (/^(['"]).*\1$/s.test(word) || !/\s/.test(word)) return word;
  return word.includes("'") ? `"${word}"` : `'${word}'`;
}

/** The shorthand, or the mapping of an owner, which the shorthand has no word for. */
function relationEntry(relation: RelationAnswer): string | Record<string, unknown> {
  if (relation.owner === true) return { kind: relation.kind, target: relation.target, owner: true };
  return [relation.kind, ...(relation.target === undefined ? [] : [relation.target]), ...(relation.kind === 'belongsTo' && relation.nullable ? ['nullable'] : [])].join(' ');
}

/** A new api-schema.yaml holding the entity, with a word on what it is. */
export function newSchemaText(answers: WizardAnswers): string {
  const document = parseDocument('entities: {}\n');
  document.commentBefore = ' Written by fullapi make --interactive. `fullapi make` generates every entity below; edit it and run that again.';
  return withEntityInDocument(document, answers);
}

/**
 * The YAML text with the answers' entity under `entities:`, every comment and other key kept; a problem when
 * the text does not parse (the file is then left as it is).
 */
export function mergedSchemaText(text: string, answers: WizardAnswers): { text: string } | { problem: string } {
  const document = parseDocument(text);
  const parseError = document.errors[0];
  if (parseError !== undefined) return { problem: `it does not parse as YAML (${parseError.message.split('\n')[0]})` };
  if (document.contents !== null && !isMap(document.contents)) return { problem: 'its top level is not a mapping' };
  const entities = document.get('entities');
  if (entities !== undefined && entities !== null && !isMap(entities)) return { problem: 'its entities: is not a mapping' };
  return { text: withEntityInDocument(document, answers) };
}

/** The same merge for an api-schema.json, which has no comments to keep. */
export function mergedSchemaJson(text: string, answers: WizardAnswers): { text: string } | { problem: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (cause) {
    return { problem: `it does not parse as JSON (${cause instanceof Error ? cause.message : String(cause)})` };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { problem: 'its top level is not an object' };
  const root = parsed as Record<string, unknown>;
  const entities = root['entities'] ?? {};
  if (typeof entities !== 'object' || entities === null || Array.isArray(entities)) return { problem: 'its "entities" is not an object' };
  root['entities'] = { ...entities, ...Object.fromEntries(savedEntities(answers)) };
  return { text: `${JSON.stringify(root, null, 2)}\n` };
}

/** Every entity the answers make: the new targets of its relations, then the entity. */
function savedEntities(answers: WizardAnswers): [string, Record<string, unknown>][] {
  const targets = answers.newTargets.map((target): [string, Record<string, unknown>] => [
    target.entity,
    { fields: Object.fromEntries(target.fields.map((field) => [field.name, fieldShorthand(field)])) },
  ]);
  return [...targets, [answers.entity, schemaEntity(answers)]];
}

function withEntityInDocument(document: ReturnType<typeof parseDocument>, answers: WizardAnswers): string {
  let entities = document.get('entities');
  if (!isMap(entities)) {
    entities = new YAMLMap();
    document.set('entities', entities);
  }
  if (!isMap(entities)) return document.toString();
  // A `{}` written for an empty section would keep the flow style for everything added to it.
  if (entities.items.length === 0) entities.flow = false;
  for (const [name, entity] of savedEntities(answers)) entities.set(name, document.createNode(entity));
  return document.toString();
}
