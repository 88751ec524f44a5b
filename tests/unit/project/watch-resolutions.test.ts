import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { prepareNextRun, runMake } from '../../../src/pipeline/make/make.js';
import { type CommandOutcome } from '../../../src/pipeline/outcome.js';
import { newMakeMemory, type MakeMemory } from '../../../src/pipeline/make/make-memory.js';
import { MANIFEST_PATH } from '../../../src/project/write/manifest.js';
import type { ProjectFs } from '../../../src/project/fs/project-fs.js';
import { countingFs } from '../../support/counting-fs.js';
import { copyExampleProject } from '../../support/project-tree.js';
import { heardProject } from '../../support/watched-memory.js';
import { EVERY_FRONT_END } from '../../../src/pipeline/input/every-front-end.js';

// A watch session's runs, driven by hand: after each step, the session's memory is told what the project's
// watcher would have told it.

const SCHEMA = ['entities:', '  Post:', '    fields:', '      title: string', '  Tag:', '    fields:', '      name: string unique', '  Comment:', '    fields:', '      body: text', ''].join('\n');
const withField = (entity: string, field: string): string => SCHEMA.replace(`  ${entity}:\n    fields:\n`, `  ${entity}:\n    fields:\n      ${field}\n`);

interface Session {
  project: string;
  memory: MakeMemory;
  /** One run, through `fs` when given; then the watcher hears of everything the run wrote. */
  run(fs?: ProjectFs): CommandOutcome;
  /** Writes (or with `undefined`, deletes) a project file, as a user would, and the watcher hears of it. */
  edit(path: string, content: string | undefined): void;
}

function session(schema = SCHEMA): Session {
  const project = copyExampleProject('laravel-12');
  writeFileSync(join(project, 'api-schema.yaml'), schema);
  const memory = newMakeMemory();
  const heard = heardProject(project, memory.files);
  heard.watchFolders();
  let second = 0;
  return {
    project,
    memory,
    run(fs) {
      const outcome = runMake(
        { input: { kind: 'schema' }, frontEnds: EVERY_FRONT_END, force: false, dryRun: false, projectRoot: project, cwd: project, readStdin: () => '', now: new Date(Date.UTC(2026, 0, 2, 3, 4, second++)), memory },
        fs,
      );
      heard.watchFolders();
      for (const change of outcome.changes) if (change.action !== 'unchanged' && change.action !== 'kept') heard.hear(change.path);
      return outcome;
    },
    edit(path, content) {
      if (content === undefined) rmSync(join(project, path));
      else writeFileSync(join(project, path), content);
      heard.hear(path);
    },
  };
}


const actions = (outcome: CommandOutcome) => outcome.changes.map((change) => `${change.action} ${change.path}`);

test('the record of entities a run wrote is read and checked before the next save, whose run finds it done', () => {
  const project = copyExampleProject('laravel-12');
  writeFileSync(join(project, 'api-schema.yaml'), SCHEMA);
  const readRecord = EVERY_FRONT_END.record;
  if (readRecord === undefined) throw new Error('no record front end');
  const recordReads: string[] = [];
  const frontEnds = {
    ...EVERY_FRONT_END,
    record: (path: string, text: string) => {
      recordReads.push(text);
      return readRecord(path, text);
    },
  };
  const memory = newMakeMemory();
  const request = (schema: string, second: number) => {
    writeFileSync(join(project, 'api-schema.yaml'), schema);
    return { input: { kind: 'schema' }, frontEnds, force: false, dryRun: false, projectRoot: project, cwd: project, readStdin: () => '', now: new Date(Date.UTC(2026, 0, 2, 3, 4, second)), memory } as const;
  };
  try {
    const first = request(SCHEMA, 0);
    const outcome = runMake(first);
    const written = readFileSync(join(project, 'class_data.json'), 'utf8');
    prepareNextRun(first, outcome);
    assert.equal(recordReads, [written], 'read once, as written, before any save');
    const second = runMake(request(withField('Tag', 'slug: string'), 1));
    assert.ok(second.ok, JSON.stringify(second.diagnostics));
    assert.equal(recordReads, [written], 'the run after the save compares with the record read ahead');
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});

test('a save that changes one entity looks at its files and the records, at no other file of the project, and lists no folder', () => {
  // Enough entities that the project's settings a run looks for (the framework's version in installed.json and
  // composer.lock, the config, both stub folders, ...) stay fewer than one per entity.
  const entities = ['Post', 'Tag', 'Comment', 'Author', 'Category', 'Review', 'Invoice', 'Order', 'Shelf', 'Aisle', 'Depot', 'Brand'];
  const schema = ['entities:', ...entities.flatMap((entity) => [`  ${entity}:`, '    fields:', '      title: string']), ''].join('\n');
  const watch = session(schema);
  assert.ok(watch.run().ok);
  watch.edit('api-schema.yaml', schema.replace('  Tag:\n    fields:\n', '  Tag:\n    fields:\n      color: string\n'));
  assert.ok(watch.run().ok, 'a first edit, after which every folder the first run created has been listed');
  watch.edit('api-schema.yaml', schema.replace('  Tag:\n    fields:\n', '  Tag:\n    fields:\n      color: string\n      shade: string\n'));
  const counted = countingFs();
  const outcome = watch.run(counted.fs);
  assert.ok(outcome.ok);
  const updated = outcome.changes.filter((change) => change.action === 'updated');
  const written = updated.map((change) => change.path);
  assert.ok(written.includes('app/Models/Tag.php') && written.includes(MANIFEST_PATH), written.join(', '));
  const inProject = counted.calls.filter((call) => call.includes(watch.project));
  const others = inProject.filter((call) => entities.some((entity) => entity !== 'Tag' && call.includes(entity)));
  assert.equal(others, [], 'calls naming files of the entities the save did not touch');
  assert.equal(
    inProject.filter((call) => call.startsWith('readdir')),
    [],
    'folders listed',
  );
  // Besides the files it writes (their temp files and backups, the folders on their way): the input, and the
  // project's settings it found missing, which it looks for again.
  const writing = new Set(
    written.flatMap((path) => {
      const [name = '', ...folders] = path.split('/').reverse();
      const folder = folders.reverse();
      return [path, ...['tmp', 'backup'].map((purpose) => [...folder, `.${name}.fullapi-${purpose}`].join('/')), ...folder.map((_, depth) => folder.slice(0, depth + 1).join('/'))];
    }),
  );
  const looked = new Set(inProject.map((call) => call.slice(call.indexOf(watch.project) + watch.project.length + 1)).filter((path) => !writing.has(path)));
  // The bases of the files written go to the store: its folder, its index and packs (and their temp files and
  // backups), not a file per generated file.
  const store = [...looked].filter((path) => path.startsWith('.fullapi/base'));
  assert.ok(
    store.every((path) => /^\.fullapi\/base(?:\/\.?(?:index\.json|[0-9a-f]{16}\.pack)(?:\.fullapi-(?:tmp|backup))?)?$/.test(path)),
    `the store's files looked at:\n${store.join('\n')}`,
  );
  const rest = new Set([...looked].filter((path) => !store.includes(path)));
  assert.ok(rest.size < entities.length, `fewer than one per entity; looked at:\n${[...rest].join('\n')}`);
});

test('the manifest and the index of bases a run wrote are read before the next save, as the texts its run reads', () => {
  const watch = session();
  const lookedUp: { when: string; what: string; text: string }[] = [];
  let when = 'run';
  const { manifests, baseIndexes } = watch.memory;
  watch.memory.manifests = (text) => (lookedUp.push({ when, what: 'manifest', text }), manifests(text));
  watch.memory.baseIndexes = (text) => (lookedUp.push({ when, what: 'index', text }), baseIndexes(text));
  const first = watch.run();
  assert.ok(first.ok);
  when = 'ahead';
  prepareNextRun({ input: { kind: 'schema' }, frontEnds: EVERY_FRONT_END, force: false, dryRun: false, projectRoot: watch.project, cwd: watch.project, readStdin: () => '', now: new Date(), memory: watch.memory }, first);
  when = 'next run';
  watch.edit('api-schema.yaml', withField('Tag', 'slug: string'));
  assert.ok(watch.run().ok);
  for (const what of ['manifest', 'index']) {
    const ahead = lookedUp.filter((lookUp) => lookUp.when === 'ahead' && lookUp.what === what).map((lookUp) => lookUp.text);
    const next = lookedUp.filter((lookUp) => lookUp.when === 'next run' && lookUp.what === what).map((lookUp) => lookUp.text);
    assert.is(ahead.length, 1, `${what} read ahead once`);
    assert.ok(next.length > 0 && next.every((text) => text === ahead[0]), `the next run reads the ${what} read ahead`);
  }
});

test("a session reads fullapi's own stubs once: the package it runs from does not change under it", () => {
  const watch = session();
  const builtInStubReads = (calls: readonly string[]) => calls.filter((call) => call.startsWith('readFile') && !call.includes(watch.project) && call.endsWith('.stub'));
  const first = countingFs();
  assert.ok(watch.run(first.fs).ok);
  assert.ok(builtInStubReads(first.calls).length > 10, first.calls.join('\n'));
  watch.edit('api-schema.yaml', withField('Tag', 'slug: string'));
  const second = countingFs();
  const outcome = watch.run(second.fs);
  assert.ok(outcome.ok, JSON.stringify(outcome.diagnostics));
  assert.ok(actions(outcome).includes('updated app/Models/Tag.php'), actions(outcome).join('\n'));
  assert.equal(builtInStubReads(second.calls), []);
});

test('a hand edit of a generated file made while watching is heard: merged with a new generation, else kept and warned of; never overwritten', () => {
  const watch = session();
  assert.ok(watch.run().ok);
  watch.edit('api-schema.yaml', withField('Post', 'views: integer'));
  assert.ok(watch.run().ok);
  const edited = `${readFileSync(join(watch.project, 'app/Models/Post.php'), 'utf8')}// mine\n`;
  watch.edit('app/Models/Post.php', edited);
  watch.edit('app/Models/Tag.php', `${readFileSync(join(watch.project, 'app/Models/Tag.php'), 'utf8')}// mine too\n`);
  watch.edit('api-schema.yaml', withField('Post', 'views: integer\n      rating: float'));
  const outcome = watch.run();
  assert.ok(outcome.ok);
  assert.ok(actions(outcome).includes('merged app/Models/Post.php'));
  assert.ok(actions(outcome).includes('kept app/Models/Tag.php'), 'a file whose entity did not change is looked at again once heard of');
  const merged = readFileSync(join(watch.project, 'app/Models/Post.php'), 'utf8');
  assert.ok(merged.endsWith('}\n// mine\n') && merged.includes("'rating'"), merged);
  assert.equal(outcome.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.path]), [['modified_file_kept', 'app/Models/Tag.php']]);
  const again = watch.run();
  assert.ok(actions(again).includes('kept app/Models/Post.php') && actions(again).includes('kept app/Models/Tag.php'), 'and on every run after');
});

test('a generated file deleted while watching is written again by the next run', () => {
  const watch = session();
  assert.ok(watch.run().ok);
  assert.ok(watch.run().ok);
  watch.edit('app/Http/Controllers/CommentController.php', undefined);
  const outcome = watch.run();
  assert.ok(actions(outcome).includes('created app/Http/Controllers/CommentController.php'), actions(outcome).join('\n'));
  assert.ok(readFileSync(join(watch.project, 'app/Http/Controllers/CommentController.php'), 'utf8').includes('class CommentController'));
});

test('a manifest changed while watching: what it no longer records is recorded again, as a run without memory would', () => {
  const watch = session();
  assert.ok(watch.run().ok);
  assert.ok(watch.run().ok);
  const manifest = JSON.parse(readFileSync(join(watch.project, MANIFEST_PATH), 'utf8')) as { files: Record<string, string> };
  delete manifest.files['app/Models/Comment.php'];
  watch.edit(MANIFEST_PATH, JSON.stringify(manifest));
  const outcome = watch.run();
  assert.ok(outcome.ok);
  assert.ok(actions(outcome).includes(`updated ${MANIFEST_PATH}`));
  assert.match(readFileSync(join(watch.project, MANIFEST_PATH), 'utf8'), '"app/Models/Comment.php": "sha256:');
});

test.run();
