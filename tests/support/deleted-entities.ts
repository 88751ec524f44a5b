import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as assert from 'uvu/assert';
import { BASE_FOLDER } from '../../src/project/write/base-store.js';
import { basesIn } from './base-store.js';
import { copyExampleProject, runCli, type Tree } from './project-tree.js';

/** Projects for the tests of `fullapi delete`. */

/** Post, Comment (belongsTo Post) and Tag, which nothing relates to; Tag has an enum field and soft deletes (restore and force-delete routes). */
export const POST = { name: 'Post', attributes: [{ name: 'title', _type: 'string' }] };
export const COMMENT = { name: 'Comment', attributes: [{ name: 'body', _type: 'text' }], manyToOneRelationships: [{ role: 'post', comodel: 'Post' }] };
export const TAG = {
  name: 'Tag',
  attributes: [
    { name: 'label', _type: 'string' },
    { name: 'color', _type: 'enum(red,blue)' },
  ],
  softDeletes: true,
};

export interface JsonReport {
  ok: boolean;
  files: { path: string; action: string }[];
  warnings: { code: string; message: string; path?: string }[];
  errors: { code: string; message: string; source?: { file?: string; flag?: string; line?: number; column?: number } }[];
}

/** A Laravel 12 project where `fullapi make` generated the entities of a record holding `entries`. */
export async function generated(entries: readonly object[]): Promise<string> {
  const project = copyExampleProject('laravel-12');
  writeFileSync(join(project, 'class_data.json'), `${JSON.stringify(entries, null, 4)}\n`);
  const made = await runCli(['make'], project);
  assert.is(made.exitCode, 0, made.stderr);
  return project;
}

export async function deleting(args: readonly string[], project: string): Promise<{ exitCode: number; report: JsonReport }> {
  const run = await runCli(['delete', ...args, '--json'], project);
  return { exitCode: run.exitCode, report: JSON.parse(run.stdout) as JsonReport };
}

/**
 * The project as `make` leaves it, but for the manifest, whose settled record says which run wrote it, the
 * timestamps of migrations, which follow the order of every table a run creates, and the packs of the store of
 * bases, which follow the runs that wrote them: the store is given as the bases it holds, `.fullapi/base/<path>`.
 */
export function withoutRunHistory(tree: Tree): Tree {
  const bases = [...basesIn(tree)].map(([path, content]) => [`${BASE_FOLDER}/${path}`, content] as const);
  const files = [...tree].filter(([path]) => path !== '.fullapi/manifest.json' && !path.startsWith(`${BASE_FOLDER}/`));
  return new Map([...files, ...bases].map(([path, text]) => [path.replace(/\/\d{4}_\d{2}_\d{2}_\d{6}_/, '/<timestamp>_'), text] as const).sort(([a], [b]) => a.localeCompare(b)));
}

/** `make` from the record agrees with what delete left: it changes no file but the manifest, which it settles. */
export async function assertMakeChangesOnlyTheManifest(project: string): Promise<void> {
  const again = JSON.parse((await runCli(['make', '--json'], project)).stdout) as JsonReport;
  assert.equal(
    again.files.filter((file) => file.action !== 'unchanged').map((file) => file.path),
    ['.fullapi/manifest.json'],
  );
}
