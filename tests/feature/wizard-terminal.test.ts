import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyExampleProject, readTree, runCli, type Tree } from '../support/project-tree.js';
import { repoRoot } from '../support/repo-root.js';
import { startTerminalSession } from '../support/terminal-session.js';

/**
 * `make --interactive` as a person uses it: the bundled binary in a tmux pseudo-terminal, each answer typed
 * once its question is on the screen, the screen read back.
 */

const BINARY = join(repoRoot(), 'dist/cli/fullapi.mjs');

const startSession = (project: string) => startTerminalSession(project, `node ${BINARY} make --interactive`);

/** A project that has an Author already, which the relation targets. */
async function projectWithAuthor(): Promise<string> {
  const project = copyExampleProject('laravel-12');
  const made = await runCli(['make', 'Author', '--fields=name:string'], project);
  assert.is(made.exitCode, 0, made.stderr);
  return project;
}

/** Migration names hold the minute of the run: the two runs compared are not made at the same one. */
function withoutTimestamps(tree: Tree): Map<string, string> {
  const stamp = /\d{4}_\d{2}_\d{2}_\d{6}_/g;
  return new Map([...tree].map(([path, content]) => [path.replace(stamp, 'TIMESTAMP_'), content.replace(stamp, 'TIMESTAMP_')]));
}

test('a whole entity answered on the terminal: preview, confirm, the files of the same --fields run, and the answers saved', async () => {
  const project = await projectWithAuthor();
  const session = startSession(project);
  try {
    await session.answer(/Entity name/, 'Po st', 'Enter');
    await session.waitFor(/\[invalid_entity_name\] "Po st" is not a valid PHP class name/);
    await session.answer(/Entity name/, ...Array(5).fill('BSpace'), 'Post', 'Enter');
    await session.answer(/Field name:/, 'title', 'Enter');
    await session.answer(/Type of title/, 'Enter');
    await session.answer(/Length of title/, 'Enter');
    await session.answer(/May title be empty/, 'Enter');
    await session.answer(/Must title be unique/, 'Enter');
    await session.answer(/Is title a secret/, 'Enter');
    await session.answer(/Default of title/, 'Enter');
    await session.answer(/Next field name/, 'status', 'Enter');
    await session.answer(/Type of status/, 'Up', 'Enter');
    await session.answer(/Values of status/, 'draft,published', 'Enter');
    await session.answer(/May status be empty/, 'Enter');
    await session.answer(/Must status be unique/, 'Enter');
    await session.answer(/Is status a secret/, 'Enter');
    await session.answer(/Default of status/, 'Enter');
    await session.answer(/Next field name/, 'summary', 'Enter');
    await session.answer(/Type of summary/, 'Down', 'Enter');
    await session.answer(/Size of summary/, 'Enter');
    await session.answer(/May summary be empty/, 'y', 'Enter');
    await session.answer(/Must summary be unique/, 'Enter');
    await session.answer(/Is summary a secret/, 'Enter');
    await session.answer(/Default of summary/, 'Enter');
    await session.answer(/Next field name/, 'Enter');
    await session.answer(/Fields with an index/, 'Enter');
    await session.answer(/Fields the index may filter on/, 'Enter');
    await session.answer(/Fields the index may sort by/, 'Enter');
    await session.answer(/Add a relationship/, 'y', 'Enter');
    await session.answer(/Kind/, 'Enter');
    await session.answer(/Related entity/, 'Enter');
    await session.answer(/Relation name/, 'Enter');
    await session.answer(/May a Post have no Author/, 'Enter');
    await session.answer(/Add another relationship/, 'Enter');
    await session.answer(/Options/, 'Enter');
    const preview = await session.waitFor(/Write these files\?/);
    assert.match(preview, /created\s+app\/Models\/Post\.php/);
    assert.match(preview, /created\s+app\/Enums\/PostStatus\.php/);
    assert.match(preview, /updated\s+routes\/api\.php/);
    assert.match(preview, /\+\s+\$table->foreignId\('author_id'\)/);
    assert.match(preview, /Dry run, nothing written/);
    assert.not.ok(readTree(project).has('app/Models/Post.php'), 'the preview wrote nothing');
    await session.answer(/Write these files/, 'Enter');
    await session.answer(/Save the answers/, 'Enter');
    const end = await session.waitFor(/EXIT=\d+/);
    assert.match(end, /EXIT=0/);
    assert.match(end, /fullapi make Post --fields="title:string,status:enum\(draft,published\),summary:text:nullable"/);
    assert.match(end, /the relation author \(belongsTo Author\)/);
  } finally {
    session.close();
  }
  const saved = readFileSync(join(project, 'api-schema.yaml'), 'utf8');
  assert.match(saved, /Post:\n\s+fields:\n\s+title: string\n\s+status: enum\(draft,published\)\n\s+summary: text nullable\n\s+relations:\n\s+author: belongsTo Author/);

  // The same entity without questions, in a project that had the same Author: --fields has no syntax for
  // the relation, so the run is that of the saved schema file, whose fields are the printed --fields text.
  const twin = await projectWithAuthor();
  cpSync(join(project, 'api-schema.yaml'), join(twin, 'api-schema.yaml'));
  const schemaWithAuthor = `${readFileSync(join(twin, 'api-schema.yaml'), 'utf8')}  Author:\n    fields:\n      name: string\n`;
  const flagsRun = await runCli(['make', '--schema=-'], twin, new Date(), schemaWithAuthor);
  assert.is(flagsRun.exitCode, 0, flagsRun.stderr);
  const wizardFiles = withoutTimestamps(readTree(project));
  const flagsFiles = withoutTimestamps(readTree(twin));
  // The wizard regenerates Post alone, as make Post does; the schema run regenerates Author too (its posts inverse).
  const postFiles = [...wizardFiles.keys()].filter((path) => /Post|posts_table|routes\/api\.php/.test(path));
  assert.ok(postFiles.length >= 14, postFiles.join(', '));
  for (const path of postFiles) {
    assert.is(flagsFiles.get(path), wizardFiles.get(path), path);
  }
});

test('Ctrl-C half-way writes nothing and exits 130', async () => {
  const project = await projectWithAuthor();
  const before = readTree(project);
  const session = startSession(project);
  try {
    await session.answer(/Entity name/, 'Comment', 'Enter');
    await session.answer(/Field name:/, 'body', 'Enter');
    await session.answer(/Type of body/, 'Down', 'Enter');
    await session.answer(/Size of body/, 'C-c');
    const end = await session.waitFor(/EXIT=\d+/);
    assert.match(end, /Cancelled: nothing was written/);
    assert.match(end, /EXIT=130/);
  } finally {
    session.close();
  }
  assert.equal(readTree(project), before);
});

test('without a terminal: an error saying so, exit 2', async () => {
  const project = mkdtempSync(join(tmpdir(), 'fullapi-wizard-'));
  const run = await runCli(['make', '--interactive'], project);
  assert.is(run.exitCode, 2);
  assert.match(run.stderr, 'asks its questions on a terminal');
});

test.run();
