import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { planEntities } from '../../src/emit/plan-entities.js';
import { readSchemaFile } from '../../src/frontends/schema/index.js';
import type { CheckedModel, Entity } from '../../src/ir/ir.generated.js';
import { migrationTimestamp } from '../../src/pipeline/make/plan-generation.js';
import { checkModel } from '../../src/passes/check.js';
import { readProject } from '../../src/project/read/read-project.js';
import { copyExampleProject, FIXED_NOW } from '../support/project-tree.js';
import { phpCodeProblems } from '../support/php-tokens.js';

/**
 * The second of the two layers between a name and the generated PHP. The front ends refuse bad names at
 * their place (tests/unit/cli/hostile-input.test.ts); here the validation is taken away: hostile text is put
 * straight into each name of a checked model, and the emitters must either refuse it (a name that PHP reads
 * as code) or escape it so that PHP's tokenizer finds it only inside string literals and comments.
 */

const MARKER = 'pwned';
/** Closes a string, a comment and the PHP block, and calls a function, in each way PHP allows. */
const HOSTILE = `a'.${MARKER}().'*/?><?php ${MARKER}();#\\\n"{\${${MARKER}()}}"`;

const SCHEMA = `entities:
  Category:
    fields:
      name: string unique
    relations:
      posts: hasMany Post
  Post:
    soft_deletes: true
    fields:
      title: { type: string, default: hello, rules: 'min:2' }
      status: enum(draft,published) default=draft
    relations:
      tags: { kind: belongsToMany, target: Tag, pivot: post_labels }
      comments: morphMany Comment
  Tag:
    fields:
      name: string
  Comment:
    fields:
      body: text
    relations:
      commentable: morphTo
`;

function checkedModel(): CheckedModel {
  const read = readSchemaFile('api-schema.yaml', SCHEMA);
  assert.ok(read.model, JSON.stringify(read.diagnostics));
  const checked = checkModel(read.model);
  assert.ok(checked.model, JSON.stringify(checked.diagnostics));
  return checked.model;
}

function entity(model: CheckedModel, className: string): Entity {
  const found = model.entities.find((candidate) => candidate.naming.className === className);
  assert.ok(found, className);
  return found;
}

const project = copyExampleProject('laravel-12');
const projectRead = readProject(project).snapshot;
if (projectRead === undefined) throw new Error('examples/laravel-12 is not readable as a Laravel project');
const snapshot = projectRead;

/** Every PHP file of a plan, generated or edited (routes, seeder, bootstrap), by path. */
function plannedPhp(model: CheckedModel): { files?: Map<string, string>; internalErrors: number } {
  const planned = planEntities(model, {
    project: snapshot.facts,
    stubs: snapshot.stubs,
    migrationTimestamp: migrationTimestamp(FIXED_NOW),
    existingMigrations: [],
  });
  const internalErrors = planned.diagnostics.filter((diagnostic) => diagnostic.code === 'internal_error').length;
  if (planned.diagnostics.length > 0) return { internalErrors };
  const files = new Map<string, string>();
  for (const entry of planned.plan) {
    if (!entry.path.endsWith('.php')) continue;
    if (entry.kind === 'file') {
      files.set(entry.path, entry.content);
      continue;
    }
    const existing = files.get(entry.path) ?? readExisting(entry.path);
    const patched = entry.apply(existing);
    assert.ok(patched.ok, `${entry.path}: ${patched.ok ? '' : patched.diagnostics.map((diagnostic) => diagnostic.message).join('; ')}`);
    files.set(entry.path, patched.content);
  }
  return { files, internalErrors };
}

function readExisting(path: string): string | undefined {
  try {
    return readFileSync(join(project, path), 'utf8');
  } catch {
    return undefined;
  }
}

type Slot = (model: CheckedModel) => void;

/** Names PHP reads as code (classes, methods, properties, variables, cases): the emitters refuse them. */
const CODE_SLOTS: Record<string, Slot> = {
  'an entity class': (model) => void (entity(model, 'Post').naming.className = HOSTILE),
  'a model variable': (model) => void (entity(model, 'Post').naming.modelVariable = HOSTILE),
  'a route parameter': (model) => void (entity(model, 'Post').naming.routeParameter = HOSTILE),
  'a field': (model) => void ((entity(model, 'Post').fields[0] as Entity['fields'][number]).name = HOSTILE),
  'an enum class': (model) => {
    const status = entity(model, 'Post').fields.find((field) => field.type === 'enum');
    if (status?.type === 'enum') status.enumClass.className = HOSTILE;
  },
  'an enum case': (model) => {
    const status = entity(model, 'Post').fields.find((field) => field.type === 'enum');
    if (status?.type === 'enum') status.enumClass.cases[0].caseName = HOSTILE;
  },
  'a relation': (model) => void ((entity(model, 'Post').relations[0] as Entity['relations'][number]).name = HOSTILE),
  'a foreign key column': (model) => void ((entity(model, 'Post').foreignKeys[0] as Entity['foreignKeys'][number]).column = HOSTILE),
  'a morph name': (model) => void (entity(model, 'Comment').morphs[0] = HOSTILE),
  'a primary key column': (model) => void (entity(model, 'Tag').primaryKey.column = HOSTILE),
  'a pivot column': (model) => void ((model.pivots[0]?.sides[0] as { column: string }).column = HOSTILE),
};

/** Names and values PHP sees only inside string literals: the emitters escape them. */
const STRING_SLOTS: Record<string, Slot> = {
  'a table': (model) => void (entity(model, 'Post').naming.table = HOSTILE),
  'a route segment': (model) => void (entity(model, 'Post').naming.routeSegment = HOSTILE),
  'a pivot table': (model) => {
    const pivot = model.pivots[0];
    if (pivot !== undefined) pivot.table = HOSTILE;
    for (const relation of model.entities.flatMap((candidate) => candidate.relations)) {
      if (relation.kind === 'belongsToMany') relation.pivotTable = HOSTILE;
    }
  },
  'an enum value': (model) => {
    const status = entity(model, 'Post').fields.find((field) => field.type === 'enum');
    if (status?.type === 'enum') status.enumClass.cases[0].value = HOSTILE;
  },
  'a string default': (model) => {
    const title = entity(model, 'Post').fields.find((field) => field.name === 'title');
    if (title !== undefined) title.defaultValue = { value: HOSTILE };
  },
  'a validation rule': (model) => {
    const title = entity(model, 'Post').fields.find((field) => field.name === 'title');
    if (title !== undefined) title.rules = [HOSTILE];
  },
};

test('the model used is generated whole, and its PHP holds no marker as code', () => {
  const { files } = plannedPhp(checkedModel());
  assert.ok(files !== undefined && files.size > 40, `${files?.size} PHP files`);
  assert.equal(phpCodeProblems(files, MARKER), []);
});

for (const [slot, put] of Object.entries(CODE_SLOTS)) {
  test(`hostile text as ${slot} is refused by the emitters as fullapi's own bug, with no plan`, () => {
    const model = checkedModel();
    put(model);
    const planned = plannedPhp(model);
    assert.is(planned.files, undefined);
    assert.ok(planned.internalErrors > 0);
  });
}

test('hostile text in every string position is escaped: PHP sees it only inside strings and comments', () => {
  const generated = new Map<string, string>();
  for (const [slot, put] of Object.entries(STRING_SLOTS)) {
    const model = checkedModel();
    put(model);
    const { files } = plannedPhp(model);
    assert.ok(files, slot);
    const hostileFiles = [...files].filter(([, content]) => content.includes(MARKER));
    assert.ok(hostileFiles.length > 0, `${slot} reaches no file`);
    for (const [path, content] of hostileFiles) generated.set(`${slot} ${path}`, content);
  }
  assert.equal(phpCodeProblems(generated, MARKER), []);
});

test.run();
