import { mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { newFileMemory, rememberingFs, type FileMemory } from '../../../src/project/watch/file-memory.js';
import { watchProject } from '../../../src/project/watch/watch-project.js';
import { countingFs } from '../../support/counting-fs.js';
import { waitFor } from '../../support/watch-session.js';
import { temporaryTree } from './tree.js';

/** A memory whose reads count, reading what `disk` says. */
function counting(memory: FileMemory, disk: Map<string, string>) {
  let reads = 0;
  const read = (path: string): string => {
    const kept = memory.kept(path);
    if (kept !== undefined) return kept;
    reads++;
    const text = disk.get(path) ?? '';
    memory.keep(path, text, () => true);
    return text;
  };
  return { read, reads: () => reads };
}

test('a text is kept only while its folder is watched, and goes when it changes', () => {
  const memory = newFileMemory();
  const disk = new Map([['/p/app/Post.php', 'one'], ['/p/other/Tag.php', 'tag']]);
  const files = counting(memory, disk);
  memory.watching('/p/app');
  assert.is(files.read('/p/app/Post.php'), 'one');
  disk.set('/p/app/Post.php', 'two');
  assert.is(files.read('/p/app/Post.php'), 'one', 'no change heard: the kept text');
  memory.changed('/p/app/Post.php');
  assert.is(files.read('/p/app/Post.php'), 'two');
  files.read('/p/other/Tag.php');
  files.read('/p/other/Tag.php');
  assert.is(files.reads(), 4, 'a file of a folder not watched is read every time');
});

test('a folder that changes, or is no longer watched, takes the texts below it along', () => {
  const memory = newFileMemory();
  const disk = new Map([['/p/app/Models/Post.php', 'post'], ['/p/app/Http/PostController.php', 'controller'], ['/p/apple/Pie.php', 'pie']]);
  const files = counting(memory, disk);
  for (const folder of ['/p/app', '/p/app/Models', '/p/app/Http', '/p/apple']) memory.watching(folder);
  for (const path of disk.keys()) files.read(path);
  memory.changed('/p/app/Models');
  files.read('/p/app/Models/Post.php');
  files.read('/p/app/Http/PostController.php');
  assert.is(files.reads(), 4, 'only the changed folder is read again');
  memory.notWatching('/p/app');
  files.read('/p/app/Http/PostController.php');
  files.read('/p/app/Http/PostController.php');
  files.read('/p/apple/Pie.php');
  assert.is(files.reads(), 6, 'below a folder not watched, every read goes to the disk; a folder named alike is not below it');
  memory.forgetAll();
  files.read('/p/apple/Pie.php');
  assert.is(files.reads(), 7);
});


test('folder listings and entry kinds are kept like texts; nothing found at a path is not kept', () => {
  const root = temporaryTree({ 'app/Models/Post.php': 'post' });
  const memory = newFileMemory();
  const base = countingFs();
  const fs = rememberingFs(base.fs, memory);
  for (const folder of [root, join(root, 'app'), join(root, 'app/Models')]) memory.watching(folder);
  const models = join(root, 'app/Models');
  const post = join(models, 'Post.php');
  for (let look = 0; look < 2; look++) {
    assert.equal(fs.readdir(models).map((entry) => entry.name), ['Post.php']);
    assert.is(fs.entryKind(post), 'file');
    assert.ok(fs.exists(post));
    assert.is(fs.readFile(post), 'post');
    assert.not.ok(fs.exists(join(models, 'Tag.php')));
  }
  assert.equal(base.calls.sort(), [`entryKind ${post}`, `entryKind ${join(models, 'Tag.php')}`, `entryKind ${join(models, 'Tag.php')}`, `readFile ${post}`, `readdir ${models}`]);

  memory.heard(join(models, 'Tag.php'), 'file');
  assert.equal(fs.readdir(models).map((entry) => entry.name).sort(), ['Post.php', 'Tag.php'], 'a file heard of joins the listing');
  memory.heard(post, undefined);
  assert.equal(fs.readdir(models).map((entry) => entry.name), ['Tag.php'], 'a file heard gone leaves it');
  assert.is(base.calls.filter((call) => call.startsWith('readdir')).length, 1, 'a listing kept is updated, not read again');
  memory.changed(join(models, 'Tag.php'));
  fs.readdir(models);
  assert.is(base.calls.filter((call) => call.startsWith('readdir')).length, 2, 'a change of unknown outcome: the folder is listed again');
});

test('what the writer wrote: the file is read again, and it and the folders created for it join the listings kept', () => {
  const root = temporaryTree({ 'app/Models/Post.php': 'post' });
  const memory = newFileMemory();
  const base = countingFs();
  const fs = rememberingFs(base.fs, memory);
  for (const folder of [root, join(root, 'app'), join(root, 'app/Models')]) memory.watching(folder);
  fs.readdir(join(root, 'app'));
  fs.readdir(join(root, 'app/Models'));
  fs.readFile(join(root, 'app/Models/Post.php'));
  writeFileSync(join(root, 'app/Models/Post.php'), 'post, again');
  memory.wrote(join(root, 'app/Models/Post.php'));
  mkdirSync(join(root, 'app/Enums'));
  writeFileSync(join(root, 'app/Enums/PostStatus.php'), 'enum');
  memory.wrote(join(root, 'app/Enums/PostStatus.php'));
  assert.is(fs.readFile(join(root, 'app/Models/Post.php')), 'post, again');
  assert.equal(fs.readdir(join(root, 'app')).map((entry) => [entry.name, entry.kind]).sort(), [['Enums', 'directory'], ['Models', 'directory']]);
  assert.equal(fs.readdir(join(root, 'app/Models')).map((entry) => entry.name), ['Post.php']);
  assert.is(base.calls.filter((call) => call.startsWith('readdir')).length, 2);
});

test('a file reached through a symbolic link is read every time', () => {
  const outside = temporaryTree({ 'Shared.php': 'shared' });
  const root = temporaryTree({ 'app/Models/Post.php': 'post' });
  symlinkSync(join(outside, 'Shared.php'), join(root, 'app/Models/Shared.php'));
  const memory = newFileMemory();
  const base = countingFs();
  const fs = rememberingFs(base.fs, memory);
  memory.watching(join(root, 'app/Models'));
  fs.readFile(join(root, 'app/Models/Shared.php'));
  writeFileSync(join(outside, 'Shared.php'), 'shared, edited');
  assert.is(fs.readFile(join(root, 'app/Models/Shared.php')), 'shared, edited');
  assert.ok(fs.exists(join(root, 'app/Models/Shared.php')));
});

test('the project watcher: a change anywhere in the folders fullapi writes is heard, new folders included; links are not followed', async () => {
  const root = temporaryTree({ 'app/Models/Post.php': 'post', 'class_data.json': '[]', 'vendor/x.php': 'x' });
  const outside = temporaryTree({ 'Linked.php': 'linked' });
  symlinkSync(outside, join(root, 'app/Linked'));
  const memory = newFileMemory();
  const heard: string[] = [];
  const listening: FileMemory = {
    ...memory,
    changed: (path) => (heard.push(path), memory.changed(path)),
    heard: (path, now) => (heard.push(path), memory.heard(path, now)),
  };
  const watcher = watchProject(root, listening);
  try {
    const files = counting(memory, new Map());
    const keptAfterTwoReads = (path: string): boolean => {
      const before = files.reads();
      files.read(path);
      files.read(path);
      return files.reads() === before + 1;
    };
    assert.ok(keptAfterTwoReads(join(root, 'app/Models/Post.php')));
    assert.ok(keptAfterTwoReads(join(root, 'class_data.json')));
    assert.not.ok(keptAfterTwoReads(join(root, 'vendor/x.php')), 'vendor is none of fullapi’s');
    assert.not.ok(keptAfterTwoReads(join(root, 'app/Linked/Linked.php')), 'behind a link');

    writeFileSync(join(root, 'app/Models/Post.php'), 'edited');
    await waitFor(() => heard.includes(join(root, 'app/Models/Post.php')), 'the edit to be heard');
    mkdirSync(join(root, 'app/Http/Controllers'), { recursive: true });
    await waitFor(() => heard.includes(join(root, 'app/Http')), 'the new folder to be heard');
    await waitFor(() => keptAfterTwoReads(join(root, 'app/Http/Controllers/PostController.php')), 'the new folder to be watched');
    writeFileSync(join(root, 'app/Http/Controllers/PostController.php'), 'controller');
    await waitFor(() => heard.includes(join(root, 'app/Http/Controllers/PostController.php')), 'a file of the new folder to be heard');

    renameSync(join(root, 'app/Models'), join(root, 'app/Entities'));
    mkdirSync(join(root, 'app/Models'));
    await waitFor(() => heard.filter((path) => path === join(root, 'app/Models')).length >= 2, 'the folder put in place of another to be heard');
    writeFileSync(join(root, 'app/Models/Tag.php'), 'tag');
    await waitFor(() => heard.includes(join(root, 'app/Models/Tag.php')), 'a file of the folder put in place of another to be heard');
    rmSync(join(root, 'tests'), { recursive: true, force: true });
    mkdirSync(join(root, 'tests/Feature'), { recursive: true });
    writeFileSync(join(root, 'tests/Feature/PostTest.php'), 'test');
    await waitFor(() => keptAfterTwoReads(join(root, 'tests/Feature/PostTest.php')), 'a written folder that appears to be watched');
  } finally {
    watcher.close();
  }
});

test('the project watcher keeps the listings of the folders it watches as they are on disk, without listing them again', async () => {
  const root = temporaryTree({ 'app/Models/Post.php': 'post' });
  const memory = newFileMemory();
  const heard: string[] = [];
  const watcher = watchProject(root, { ...memory, heard: (path, now) => (heard.push(`${path} ${now}`), memory.heard(path, now)) });
  const base = countingFs();
  const fs = rememberingFs(base.fs, memory);
  const models = join(root, 'app/Models');
  const names = (): string[] => fs.readdir(models).map((entry) => `${entry.name} ${entry.kind}`).sort();
  try {
    assert.equal(names(), ['Post.php file']);
    writeFileSync(join(models, 'Tag.php'), 'tag');
    await waitFor(() => heard.includes(`${join(models, 'Tag.php')} file`), 'the new file to be heard');
    assert.equal(names(), ['Post.php file', 'Tag.php file']);
    rmSync(join(models, 'Post.php'));
    mkdirSync(join(models, 'Post.php'));
    await waitFor(() => heard.includes(`${join(models, 'Post.php')} directory`), 'the file replaced by a folder to be heard');
    assert.equal(names(), ['Post.php directory', 'Tag.php file']);
    assert.equal(base.calls.filter((call) => call.startsWith('readdir')), [`readdir ${models}`]);
  } finally {
    watcher.close();
  }
});

test.run();
