import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyExampleProject, runCli } from '../support/project-tree.js';

/**
 * class_data.json holds what an entity was generated with, so that regenerating from it alone gives the same
 * files: defaults, extra rules, morph relations, a named table without timestamps, a table the database has.
 */

const SCHEMA = `entities:
  Post:
    fields:
      title: string
      status: enum(draft, live) default=draft
      views: { type: integer, default: 0, rules: 'min:0' }
    relations:
      comments: morphMany Comment
  Comment:
    fields:
      body: text
    relations:
      commentable: morphTo
  Customer:
    table: tbl_customer
    timestamps: false
    table_exists: true
    fields:
      code: string primary
      name: string
`;

interface Report {
  ok: boolean;
  files: { path: string; action: string }[];
}

test('a bare make from class_data.json alone, after a schema file made the entities, changes no file', async () => {
  const project = copyExampleProject('laravel-12');
  writeFileSync(join(project, 'api-schema.yaml'), SCHEMA);
  const first = JSON.parse((await runCli(['make', '--json'], project)).stdout) as Report;
  assert.ok(first.ok);
  assert.not.ok(first.files.some((file) => file.path.includes('create_tbl_customer')), 'no migration for a table the database has');
  rmSync(join(project, 'api-schema.yaml'));
  const again = JSON.parse((await runCli(['make', '--json'], project)).stdout) as Report;
  assert.ok(again.ok);
  const changed = again.files.filter((file) => file.action !== 'unchanged' && file.path !== '.fullapi/manifest.json');
  assert.equal(changed, []);
});

test('make <Entity> regenerates a recorded entity with its table, its morph relation and its defaults', async () => {
  const project = copyExampleProject('laravel-12');
  writeFileSync(join(project, 'api-schema.yaml'), SCHEMA);
  await runCli(['make', '--json'], project);
  for (const entity of ['Customer', 'Post', 'Comment']) {
    const run = JSON.parse((await runCli(['make', entity, '--json'], project)).stdout) as Report;
    assert.ok(run.ok, entity);
    assert.equal(run.files.filter((file) => file.action !== 'unchanged' && file.path !== '.fullapi/manifest.json'), [], entity);
  }
});

test.run();
