import { mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { newFileMemory, type FileMemory } from '../../../src/project/file-memory.js';
import { watchProject } from '../../../src/project/watch-project.js';
import { waitFor } from '../../support/watch-session.js';
import { temporaryTree } from './tree.js';

/** A memory whose reads count, reading what `disk` says. */
function counting(memory: FileMemory, disk: Map<string, string>) {
  let reads = 0;
  const read = (path: string): string =>
    memory.text(path, () => {
      reads++;
      return disk.get(path) ?? '';
    });
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

test('the project watcher: a change anywhere in the folders fullapi writes is heard, new folders included; links are not followed', async () => {
  const root = temporaryTree({ 'app/Models/Post.php': 'post', 'class_data.json': '[]', 'vendor/x.php': 'x' });
  const outside = temporaryTree({ 'Linked.php': 'linked' });
  symlinkSync(outside, join(root, 'app/Linked'));
  const memory = newFileMemory();
  const heard: string[] = [];
  const listening: FileMemory = { ...memory, changed: (path) => (heard.push(path), memory.changed(path)) };
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

test.run();
