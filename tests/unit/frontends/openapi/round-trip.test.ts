import { join } from 'node:path';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { hasErrors, type Diagnostic } from '../../../../src/diagnostics/diagnostic.js';
import { openApiDocument } from '../../../../src/emit/openapi/document.js';
import { documentText } from '../../../../src/emit/openapi/document-text.js';
import { readOpenApiFile } from '../../../../src/frontends/openapi/index.js';
import type { CheckedModel, Entity, Field, Relation, SourceModel } from '../../../../src/ir/ir.generated.js';
import { checkModel } from '../../../../src/passes/check.js';
import { lowerIntoProject } from '../../../../src/pipeline/make/plan-generation.js';
import { readProject } from '../../../../src/project/read/read-project.js';
import { repoRoot } from '../../../support/repo-root.js';
import { sourceModel } from './round-trip-models.js';

/**
 * The round trip: the document `fullapi openapi` writes for a model, read back by the OpenAPI front end, is the
 * same model. Models are drawn from a fixed seed (FULLAPI_ROUNDTRIP_SEED draws from another; fast-check prints
 * the seed, the path and the shrunk model of a failure), checked, lowered into the example project and written
 * as `fullapi openapi` writes them; the document's text is read back and checked, and both checked models are
 * compared by what an entity is: its fields, key, soft deletes, timestamps, relations and morphs.
 */

const DOCUMENT_PATH = '/virtual/openapi.json';
const RUNS = 300;
/** The schemas of the answers to errors, which the generated API writes itself: not entities. */
const ERROR_BODIES = ['DeletionRefused', 'ErrorMessage', 'ValidationErrors'];

const project = readProject(join(repoRoot(), 'examples', 'laravel-12')).snapshot;

function checked(model: SourceModel, what: string): CheckedModel {
  const result = checkModel(model);
  if (result.model === undefined || hasErrors(result.diagnostics)) throw new Error(`${what} does not check: ${messages(result.diagnostics)}`);
  return result.model;
}

function messages(diagnostics: readonly Diagnostic[]): string {
  return diagnostics.map((diagnostic) => `${diagnostic.code}: ${diagnostic.message}`).join('\n');
}

/** What `fullapi openapi` prints for the model: the checked model lowered into the project, then the emitter. */
function writtenDocument(model: CheckedModel): string {
  if (project === undefined) throw new Error('the example project does not read');
  const lowered = lowerIntoProject(model, project);
  if (hasErrors(lowered.diagnostics)) throw new Error(messages(lowered.diagnostics));
  return documentText(openApiDocument(lowered.model.entities, project.facts), DOCUMENT_PATH);
}

function byName<T extends { name: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** A field as an entity has it; the order of the columns is the resource's, not the input's. */
function fieldFacts(field: Field): Record<string, unknown> {
  return {
    name: field.name,
    type: field.type,
    nullable: field.nullable,
    unique: field.unique,
    secret: field.secret === true,
    default: field.defaultValue,
    size: field.type === 'enum' ? undefined : field.size,
    values: field.type === 'enum' ? field.enumClass.cases.map((enumCase) => enumCase.value) : undefined,
  };
}

/** A relation as an entity has it; a key to the entity's own table is nullable, said or not (a first row references none). */
function relationFacts(relation: Relation, owner: string): Record<string, unknown> {
  return {
    name: relation.name,
    kind: relation.kind,
    target: relation.kind === 'morphTo' ? relation.morphName : relation.target,
    nullable: relation.kind === 'belongsTo' ? relation.nullable === true || relation.target === owner : undefined,
    onDelete: relation.kind === 'belongsTo' || relation.kind === 'hasOne' || relation.kind === 'hasMany' ? relation.onDelete : undefined,
    pivot: relation.kind === 'belongsToMany' ? relation.pivotTable : undefined,
  };
}

function entityFacts(entity: Entity): Record<string, unknown> {
  return {
    name: entity.naming.className,
    primaryKey: entity.primaryKey,
    softDeletes: entity.softDeletes,
    timestamps: entity.timestamps !== false,
    fields: byName(entity.fields).map(fieldFacts),
    relations: byName(entity.relations).map((relation) => relationFacts(relation, entity.naming.className)),
    morphs: entity.morphs,
  };
}

function modelFacts(model: CheckedModel): Record<string, unknown>[] {
  return model.entities.map(entityFacts).sort((a, b) => String(a['name']).localeCompare(String(b['name'])));
}

async function roundTrip(model: SourceModel): Promise<void> {
  const original = checked(model, 'the drawn model');
  const text = writtenDocument(original);
  const read = await readOpenApiFile(DOCUMENT_PATH, text, () => {
    throw new Error('the document is one file');
  });
  const unexpected = read.diagnostics.filter((diagnostic) => !ERROR_BODIES.some((name) => diagnostic.code === 'openapi_schema_skipped' && diagnostic.message.startsWith(`schema ${name} `)));
  assert.equal(messages(unexpected), '', 'the document read back with diagnostics');
  assert.ok(read.model, 'no model read back');
  assert.equal(modelFacts(checked(read.model, 'the model read back')), modelFacts(original));
}

/** A fixed seed, as every property test here has, so that a run is the run before; FULLAPI_ROUNDTRIP_SEED draws others. */
const SEED = Number(process.env['FULLAPI_ROUNDTRIP_SEED'] ?? 20261129);

test(`the document fullapi openapi writes reads back as the model it was written for (${RUNS} models)`, async () => {
  try {
    await fc.assert(fc.asyncProperty(sourceModel(), roundTrip), { seed: SEED, numRuns: RUNS });
  } catch (failure) {
    // fast-check's message names the seed and the shrunk model; its cause, uvu's assertion, shows what differed.
    const cause = (failure as Error).cause;
    if (!(cause instanceof Error)) throw failure;
    cause.message = `${(failure as Error).message}\n${cause.message}`;
    throw cause;
  }
});

test.run();
