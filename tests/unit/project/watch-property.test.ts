import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { prepareMake, runMake } from '../../../src/pipeline/make/make.js';
import { newMakeMemory } from '../../../src/pipeline/make/make-memory.js';
import type { MakeRequest } from '../../../src/pipeline/make/make-request.js';
import { readForMake } from '../../../src/pipeline/make/settled-make.js';
import type { CommandOutcome } from '../../../src/pipeline/outcome.js';
import { EVERY_FRONT_END } from '../../../src/pipeline/input/every-front-end.js';
import { copyExampleProject, readTree, type Tree } from '../../support/project-tree.js';
import { repoRoot } from '../../support/repo-root.js';
import { applyEdit, schemaEdits, schemas, schemaText, type Schema, type SchemaEdit } from '../../support/schema-edits.js';
import { heardProject } from '../../support/watched-memory.js';

/**
 * A watch session's memory never shows, whatever the user does to the schema file: after every save, the
 * project a session's run leaves is, byte for byte (manifest and store of bases included), the project that
 * runs with no memory at all (a fresh process's `make` each) leave, given the same saves from a copy of the
 * same starting project under the same clock; the last of them is a fresh `make` of the final schema. Not a
 * make of the final schema alone on a fresh copy: an entity taken out of the file keeps its files, and the
 * record its entry, by design, so the tree depends on the saves before. Each run reports the same changes
 * and diagnostics too. A key that misses an input (the routes a registration adds, say) fails it, with the
 * saves fast-check shrinks to: a save that changes nothing the key names, then one that changes the input.
 */

const SCHEMA = 'api-schema.yaml';

/** The example application with what every option needs: Laravel's User, Sanctum and its table, the query builder, Pest. */
function startingProject(): string {
  const root = copyExampleProject('laravel-12');
  for (const path of ['app/Models/User.php', 'database/factories/UserFactory.php']) {
    cpSync(join(repoRoot(), 'tests/fixtures/existing-user/project', path), join(root, path));
  }
  const composer = JSON.parse(readFileSync(join(root, 'composer.json'), 'utf8')) as Record<string, Record<string, string>>;
  composer['require'] = { ...composer['require'], 'laravel/sanctum': '^4.0', 'spatie/laravel-query-builder': '^6.0' };
  composer['require-dev'] = { 'pestphp/pest': '^3.0' };
  writeFileSync(join(root, 'composer.json'), `${JSON.stringify(composer, null, 4)}\n`);
  mkdirSync(join(root, 'database/migrations'), { recursive: true });
  writeFileSync(join(root, 'database/migrations/2026_01_01_000000_create_personal_access_tokens_table.php'), "<?php\n\n// Schema::create('personal_access_tokens', ...)\n");
  return root;
}

function request(projectRoot: string, step: number): MakeRequest {
  const now = new Date(Date.UTC(2026, 0, 2, 3, 4, step));
  return { input: { kind: 'schema', path: SCHEMA }, frontEnds: EVERY_FRONT_END, force: false, dryRun: false, projectRoot, cwd: projectRoot, readStdin: () => '', now };
}

/** What a run reports, for comparing two runs. */
const reportOf = (outcome: CommandOutcome) => ({ ok: outcome.ok, changes: outcome.changes.map((change) => `${change.action} ${change.path}`), diagnostics: outcome.diagnostics });

/** The paths where two trees differ, with the first lines that differ. */
function differences(watched: Tree, fresh: Tree): string[] {
  const paths = [...new Set([...watched.keys(), ...fresh.keys()])].sort();
  return paths.flatMap((path) => {
    const [left, right] = [watched.get(path), fresh.get(path)];
    if (left === right) return [];
    if (left === undefined || right === undefined) return [`${path}: only ${left === undefined ? 'fresh' : 'watched'}`];
    const [a, b] = [left.split('\n'), right.split('\n')];
    const line = a.findIndex((text, index) => text !== b[index]);
    return [`${path} line ${line + 1}: watched ${JSON.stringify(a[line])}, fresh ${JSON.stringify(b[line])}`];
  });
}

/** Runs the saves in a watch session and in fresh runs side by side; the first step that differs, if any. */
function firstDifference(start: Schema, edits: readonly SchemaEdit[]): string | undefined {
  const watchedRoot = startingProject();
  const freshRoot = startingProject();
  try {
    const memory = newMakeMemory();
    const heard = heardProject(watchedRoot, memory.files);
    heard.watchFolders();
    let schema = start;
    for (let step = 0; step <= edits.length; step++) {
      const edit = edits[step - 1];
      if (edit !== undefined) schema = applyEdit(schema, edit);
      const text = schemaText(schema);
      // As watch-command.ts runs a save: read ahead while its writes settle, then read the project, then make.
      if (step > 0) prepareMake({ ...request(watchedRoot, step), memory });
      writeFileSync(join(watchedRoot, SCHEMA), text);
      writeFileSync(join(freshRoot, SCHEMA), text);
      heard.hear(SCHEMA);
      const watchedRequest = { ...request(watchedRoot, step), memory };
      prepareMake(watchedRequest);
      const watched = runMake(watchedRequest, undefined, readForMake(watchedRequest));
      const fresh = runMake(request(freshRoot, step));
      heard.watchFolders();
      for (const change of watched.changes) if (change.action !== 'unchanged' && change.action !== 'kept') heard.hear(change.path);
      const what = `after ${step === 0 ? 'the first run' : `edit ${step} (${JSON.stringify(edit)})`}, of:\n${text}`;
      const trees = differences(readTree(watchedRoot), readTree(freshRoot));
      if (trees.length > 0) return `${what}\nthe trees differ:\n${trees.join('\n')}`;
      try {
        assert.equal(reportOf(watched), reportOf(fresh));
      } catch (cause) {
        return `${what}\nthe reports differ: ${(cause as Error).message}`;
      }
    }
    return undefined;
  } finally {
    rmSync(watchedRoot, { recursive: true, force: true });
    rmSync(freshRoot, { recursive: true, force: true });
  }
}

test('random saves of a schema file: a watch session leaves the tree runs without memory leave, save after save', () => {
  const saves = fc.property(schemas, fc.array(schemaEdits, { minLength: 2, maxLength: 8 }), (start, edits) => {
    const difference = firstDifference(start, edits);
    if (difference !== undefined) throw new Error(difference);
  });
  const outcome = fc.check(saves, { numRuns: 10 });
  // fast-check's own report leaves out the error: the difference is what to read first.
  if (outcome.failed) assert.unreachable(`${String(outcome.errorInstance)}\nshrunk ${outcome.numShrinks} times from seed ${outcome.seed}: ${JSON.stringify(outcome.counterexample)}`);
});

test.run();
