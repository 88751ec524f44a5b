import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CommandOutcome } from '../../src/pipeline/outcome.js';
import type { MakeRequest } from '../../src/pipeline/make/make-request.js';
import { DEBOUNCE_MILLISECONDS, startWatch, type WatchReport } from '../../src/pipeline/watch/watch.js';
import { watchFile, type WatchedFileEvent } from '../../src/project/watch/watch-file.js';
import { basesIn, packsIn } from '../support/base-store.js';
import { copyExampleProject, readTree, runCli, type Tree } from '../support/project-tree.js';
import { completedRuns, FakeTimers, startWatchCli, waitFor, withWatchCli } from '../support/watch-session.js';

// The loop, with fake timers, a fake file and a fake make.

const OK: CommandOutcome = { ok: true, changes: [], diagnostics: [] };
const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

interface LoopHarness {
  timers: FakeTimers;
  reports: WatchReport[];
  /** Calls of make so far. */
  started: () => number;
  /** Times the loop told the file it was about to be read. */
  reads: () => number;
  emit(event: WatchedFileEvent): void;
  closed: () => boolean;
}

async function loop(
  make: (call: number) => CommandOutcome | Promise<CommandOutcome> = () => OK,
  prepare?: (request: MakeRequest) => void,
  prepareNext?: (request: MakeRequest, outcome: CommandOutcome) => void,
) {
  const timers = new FakeTimers();
  const reports: WatchReport[] = [];
  let listener: ((event: WatchedFileEvent) => void) | undefined;
  let calls = 0;
  let reads = 0;
  let closed = false;
  const session = await startWatch({
    file: {
      start: async (onEvent) => {
        listener = onEvent;
      },
      noteRead: () => {
        reads++;
      },
      close: async () => {
        closed = true;
      },
    },
    timers,
    request: () => ({ now: new Date(calls) }) as MakeRequest,
    make: () => make(++calls),
    ...(prepare === undefined ? {} : { prepare }),
    ...(prepareNext === undefined ? {} : { prepareNext }),
    report: (report) => reports.push(report),
  });
  await settle();
  const harness: LoopHarness = {
    timers,
    reports,
    started: () => calls,
    reads: () => reads,
    emit: (event) => listener?.(event),
    closed: () => closed,
  };
  return { harness, session };
}

/** A promise the test resolves when it chooses, to hold a run open. */
function deferred(): { promise: Promise<CommandOutcome>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<CommandOutcome>((done) => (resolve = () => done(OK)));
  return { promise, resolve };
}

const WINDOW = DEBOUNCE_MILLISECONDS;

test('loop: one run at start, then one per burst of changes, once the burst has been quiet for the window', async () => {
  const { harness, session } = await loop();
  assert.is(harness.started(), 1, 'the first generation');
  harness.emit({ kind: 'changed' });
  harness.timers.advance(WINDOW - 2);
  harness.emit({ kind: 'changed' });
  harness.timers.advance(WINDOW - 2);
  harness.emit({ kind: 'changed' });
  harness.timers.advance(WINDOW - 1);
  await settle();
  assert.is(harness.started(), 1, 'each change restarts the window');
  harness.timers.advance(1);
  await settle();
  assert.is(harness.started(), 2);
  harness.timers.advance(1000);
  await settle();
  assert.is(harness.started(), 2, 'no change, no run');
  assert.equal(harness.reports.map((report) => report.kind), ['run', 'run']);
  assert.is(harness.reads(), 2, 'each run marks the file as read first');
  await session.stop();
});

test('loop: runs never overlap; changes during a run give exactly one more run after it', async () => {
  const held = [deferred(), deferred()];
  let running = 0;
  let mostAtOnce = 0;
  const { harness, session } = await loop(async (call) => {
    running++;
    mostAtOnce = Math.max(mostAtOnce, running);
    if (call >= 2) await held[call - 2]?.promise;
    running--;
    return OK;
  });
  harness.emit({ kind: 'changed' });
  harness.timers.advance(WINDOW);
  await settle();
  assert.is(harness.started(), 2, 'the run of the first save is under way');
  for (let save = 0; save < 3; save++) {
    harness.emit({ kind: 'changed' });
    harness.timers.advance(WINDOW);
    await settle();
  }
  assert.is(harness.started(), 2, 'saves during a run wait for it');
  held[0]?.resolve();
  await settle();
  assert.is(harness.started(), 3, 'one more run for all the saves made during the first');
  held[1]?.resolve();
  await settle();
  harness.timers.advance(1000);
  await settle();
  assert.is(harness.started(), 3);
  assert.is(mostAtOnce, 1);
  await session.stop();
});

test('loop: a file that stays missing is reported once; one that comes back within the window is just a change', async () => {
  const { harness, session } = await loop();
  harness.emit({ kind: 'removed' });
  harness.timers.advance(WINDOW - 1);
  harness.emit({ kind: 'changed' });
  harness.timers.advance(WINDOW);
  await settle();
  assert.equal(harness.reports.map((report) => report.kind), ['run', 'run'], 'an atomic save');

  harness.emit({ kind: 'removed' });
  harness.timers.advance(WINDOW);
  harness.emit({ kind: 'removed' });
  harness.timers.advance(WINDOW);
  await settle();
  assert.equal(harness.reports.map((report) => report.kind), ['run', 'run', 'missing']);
  assert.is(harness.started(), 2, 'nothing to generate from');
  harness.emit({ kind: 'changed' });
  harness.timers.advance(WINDOW);
  await settle();
  assert.equal(harness.reports.map((report) => report.kind), ['run', 'run', 'missing', 'run']);
  await session.stop();
});

test('loop: stop waits for the run under way, closes the watcher, and no run starts after it', async () => {
  const held = deferred();
  const { harness, session } = await loop((call) => (call === 2 ? held.promise : OK));
  harness.emit({ kind: 'changed' });
  harness.timers.advance(WINDOW);
  await settle();
  let stopped = false;
  const stopping = session.stop().then(() => (stopped = true));
  harness.emit({ kind: 'changed' });
  harness.timers.advance(100);
  await settle();
  assert.not.ok(stopped, 'the run under way is finished first');
  held.resolve();
  await stopping;
  assert.ok(harness.closed());
  assert.is(harness.started(), 2);
  assert.is(harness.reports.length, 2, 'the last run is still reported');
});

test('loop: a make that throws is reported as an internal error, and watching goes on', async () => {
  const { harness, session } = await loop((call) => {
    if (call === 2) throw new Error('boom');
    return OK;
  });
  harness.emit({ kind: 'changed' });
  harness.timers.advance(WINDOW);
  await settle();
  harness.emit({ kind: 'failed', message: 'EMFILE: too many open files' });
  harness.emit({ kind: 'changed' });
  harness.timers.advance(WINDOW);
  await settle();
  const [, failed, watcher, recovered] = harness.reports;
  assert.ok(failed?.kind === 'run' && !failed.outcome.ok);
  assert.equal(failed.kind === 'run' ? failed.outcome.diagnostics.map((d) => [d.code, d.message]) : [], [['internal_error', 'fullapi failed: boom']]);
  assert.equal(watcher, { kind: 'watcher_failed', message: 'EMFILE: too many open files' });
  assert.ok(recovered?.kind === 'run' && recovered.outcome.ok);
  await session.stop();
});

test('loop: the first change of a burst has the run prepared while the burst settles, unless a run is under way; a throw there is left to the run', async () => {
  const held = deferred();
  const prepared: number[] = [];
  let failPreparing = false;
  const { harness, session } = await loop(
    (call) => (call === 3 ? held.promise : OK),
    (request) => {
      prepared.push(request.now.getTime());
      if (failPreparing) throw new Error('boom');
    },
  );
  assert.equal(prepared, [], 'the first generation starts at once');
  harness.emit({ kind: 'changed' });
  harness.emit({ kind: 'changed' });
  harness.timers.advance(WINDOW - 1);
  harness.emit({ kind: 'changed' });
  assert.is(prepared.length, 1, 'once per burst, at its first change');
  harness.timers.advance(WINDOW);
  await settle();
  assert.is(harness.started(), 2);

  harness.emit({ kind: 'changed' });
  harness.timers.advance(WINDOW);
  await settle();
  assert.is(harness.started(), 3, 'a run held open');
  harness.emit({ kind: 'changed' });
  assert.is(prepared.length, 2, 'not while a run is under way: the run after it reads anew');
  held.resolve();
  await settle();
  harness.timers.advance(WINDOW);
  await settle();

  harness.emit({ kind: 'removed' });
  harness.timers.advance(WINDOW);
  await settle();
  assert.is(prepared.length, 2, 'nothing to prepare from a file gone');
  failPreparing = true;
  harness.emit({ kind: 'changed' });
  harness.timers.advance(WINDOW);
  await settle();
  assert.is(prepared.length, 3);
  assert.ok(harness.reports.at(-1)?.kind === 'run', 'the run still runs');
  await session.stop();
});

test('loop: once a run has reported, the next is prepared from its request and outcome; a throw there is left to the next run', async () => {
  const after: [number, CommandOutcome][] = [];
  const failed: CommandOutcome = { ok: false, changes: [], diagnostics: [] };
  const { harness, session } = await loop(
    (call) => (call === 2 ? failed : OK),
    undefined,
    (request, outcome) => {
      after.push([request.now.getTime(), outcome]);
      throw new Error('boom');
    },
  );
  harness.emit({ kind: 'changed' });
  harness.timers.advance(WINDOW);
  await settle();
  harness.emit({ kind: 'changed' });
  harness.timers.advance(WINDOW);
  await settle();
  assert.equal(after.map(([now]) => now), [0, 1, 2], 'the request each run was made with');
  const outcomes = harness.reports.map((report) => (report.kind === 'run' ? report.outcome : undefined));
  assert.ok(after.length === outcomes.length && after.every(([, outcome], index) => outcome === outcomes[index]), 'the outcome each run reported');
  assert.is(harness.started(), 3, 'watching goes on');
  await session.stop();
});

// The file watcher and the remembering file system, on a real disk.

function folderWithFile(name: string, content: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'fullapi-watch-'));
  writeFileSync(join(dir, name), content);
  return join(dir, name);
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

test('watchFile: a save made in two writes 10 ms apart is reported after the second, though chokidar drops its event', async () => {
  const path = folderWithFile('schema.yaml', 'a: 1\n');
  const file = watchFile(path);
  const reports: { kind: string; at: number }[] = [];
  await file.start((event) => reports.push({ kind: event.kind, at: performance.now() }));
  file.noteRead();
  writeFileSync(path, 'a: 2\n');
  await waitFor(() => reports.length > 0, 'the first write to be reported');
  await pause(10);
  writeFileSync(path, 'a: 22\n');
  const secondWrite = performance.now();
  await pause(150);
  await file.close();
  assert.ok(reports.every((report) => report.kind === 'changed'));
  assert.ok((reports.at(-1)?.at ?? 0) > secondWrite, `reports at ${reports.map((report) => report.at.toFixed(0)).join(', ')}; second write at ${secondWrite.toFixed(0)}`);
});

test('watchFile: deleted, then back; a file as it was when last read is not news', async () => {
  const path = folderWithFile('schema.yaml', 'a: 1\n');
  const file = watchFile(path);
  const kinds: string[] = [];
  await file.start((event) => kinds.push(event.kind));
  file.noteRead();
  unlinkSync(path);
  await waitFor(() => kinds.includes('removed'), 'the unlink to be reported');
  writeFileSync(path, 'a: 1\n');
  await waitFor(() => kinds.at(-1) === 'changed', 'the file coming back to be reported');
  file.noteRead();
  const before = kinds.length;
  await pause(150);
  await file.close();
  assert.is(kinds.length, before, `late events after the read: ${kinds.slice(before).join(', ')}`);
});

// The command, in a copy of examples/laravel-12, with the real file watcher.

const SCHEMA = `entities:
  Post:
    fields:
      title: string
      body: text
    relations:
      comments: hasMany Comment
  Comment:
    fields:
      body: text
  Tag:
    fields:
      name: string unique
`;

function projectWithSchema(schema = SCHEMA): string {
  const project = copyExampleProject('laravel-12');
  writeFileSync(join(project, 'api-schema.yaml'), schema);
  return project;
}

/** Each file's content and modification time: a file written again with the same bytes still shows. */
function snapshot(project: string): Map<string, { content: string; mtimeMs: number }> {
  const tree: Tree = readTree(project);
  return new Map([...tree].map(([path, content]) => [path, { content, mtimeMs: statSync(join(project, path)).mtimeMs }]));
}

/** The files a run wrote: those whose content or modification time moved, the input aside. */
function touched(before: ReturnType<typeof snapshot>, after: ReturnType<typeof snapshot>): string[] {
  return [...after]
    .filter(([path, file]) => path !== INPUT && (before.get(path)?.content !== file.content || before.get(path)?.mtimeMs !== file.mtimeMs))
    .map(([path]) => path)
    .sort();
}

const RECORDS = ['.fullapi/manifest.json', 'class_data.json'];
const INPUT = 'api-schema.yaml';

test('watch: generates, regenerates only what a save changes, survives a bad save, keeps hand edits, exits 0 on Ctrl-C', async () => {
  const project = projectWithSchema();
  const schemaPath = join(project, 'api-schema.yaml');
  await withWatchCli(['watch', 'api-schema.yaml'], project, async (watch) => {
    await watch.waitForRuns(1, 'the first generation');
    assert.match(watch.stdout(), /^\d\d:\d\d:\d\d \d+ created, \d+ updated \(\d+ ms\)$/m);
    assert.ok(existsSync(join(project, 'app/Models/Tag.php')));
    const generated = snapshot(project);

    // A field added to Tag: Tag's files and the records change, nothing else is even written.
    writeFileSync(schemaPath, SCHEMA.replace('      name: string unique\n', '      name: string unique\n      color: string\n'));
    await watch.waitForRuns(2, 'the run after adding a field');
    const afterEdit = snapshot(project);
    // The bases of the files written (which no report lists) are written with them: one new pack, and the index.
    const copies = touched(generated, afterEdit).filter((path) => path.startsWith('.fullapi/base/'));
    const contents = (tree: ReturnType<typeof snapshot>) => new Map([...tree].map(([path, file]) => [path, file.content]));
    const newPacks = packsIn(contents(afterEdit)).filter((id) => !generated.has(`.fullapi/base/${id}.pack`));
    assert.equal(copies, [...newPacks.map((id) => `.fullapi/base/${id}.pack`), '.fullapi/base/index.json'].sort());
    assert.is(newPacks.length, 1);
    assert.is(basesIn(contents(afterEdit)).get('app/Models/Tag.php'), afterEdit.get('app/Models/Tag.php')?.content);
    const rewritten = touched(generated, afterEdit).filter((path) => !copies.includes(path));
    assert.ok(rewritten.every((path) => /Tag|_create_tags_table\.php$/.test(path) || RECORDS.includes(path)), rewritten.join(', '));
    for (const path of ['app/Models/Tag.php', 'app/Http/Requests/StoreTagRequest.php', 'app/Http/Resources/TagResource.php', ...RECORDS]) {
      assert.ok(rewritten.includes(path), `${path} is rewritten`);
    }
    assert.match(afterEdit.get('app/Models/Tag.php')?.content ?? '', "'color'");
    // Neither the controller nor the policy mentions fields: same bytes, so not written at all.
    assert.not.ok(rewritten.includes('app/Http/Controllers/TagController.php'));
    assert.not.ok(rewritten.includes('app/Policies/TagPolicy.php'));
    assert.not.match(watch.stdout(), /^  unchanged /m, 'unchanged files are counted, not listed');
    assert.match(watch.stdout(), /^  updated    app\/Models\/Tag\.php$/m);
    assert.match(watch.stdout(), new RegExp(`^\\d\\d:\\d\\d:\\d\\d ${rewritten.length} updated, \\d+ unchanged \\(\\d+ ms\\)$`, 'm'));

    // A syntax error: reported as make reports it, nothing written, watching goes on.
    const broken = SCHEMA.replace('      title: string\n', '      title: [string\n');
    writeFileSync(schemaPath, broken);
    await watch.waitForRuns(3, 'the run of the broken save');
    assert.equal(touched(afterEdit, snapshot(project)), []);
    const make = await runCli(['make', '--schema', 'api-schema.yaml'], project);
    assert.is(make.exitCode, 1);
    const makeReport = make.stderr.replace('Nothing was written.\n', '');
    assert.match(makeReport, /^error\[invalid_syntax\] api-schema\.yaml:\d+:\d+: /);
    assert.ok(watch.stderr().includes(makeReport), `watch printed:\n${watch.stderr()}\nmake printed:\n${makeReport}`);
    const errors = makeReport.match(/^error\[/gm)?.length ?? 0;
    const closing = new RegExp(`^\\d\\d:\\d\\d:\\d\\d ${errors} errors?, nothing was written \\(\\d+ ms\\); the files of the last good run stay\\.$`, 'm');
    assert.match(watch.stderr(), closing);

    // Fixed, with one more field on Post: generated again.
    writeFileSync(schemaPath, SCHEMA.replace('      body: text\n    relations', '      body: text\n      views: integer\n    relations'));
    await watch.waitForRuns(4, 'the run of the fixed save');
    assert.match(readFileSync(join(project, 'app/Models/Post.php'), 'utf8'), "'views'");
    assert.not.match(readFileSync(join(project, 'app/Models/Tag.php'), 'utf8'), "'color'", 'the file as saved wins');

    // A hand edit of a generated file that the new generation conflicts with is kept, with make's warning.
    const model = join(project, 'app/Models/Post.php');
    const handEdited = readFileSync(model, 'utf8').replace("        'views',\n", "        'views', // mine\n");
    writeFileSync(model, handEdited);
    writeFileSync(schemaPath, SCHEMA.replace('      body: text\n    relations', '      body: text\n      views: integer\n      rating: float\n    relations'));
    await watch.waitForRuns(5, 'the run after a hand edit');
    assert.is(readFileSync(model, 'utf8'), handEdited);
    assert.match(readFileSync(join(project, 'app/Http/Resources/PostResource.php'), 'utf8'), "'rating'");
    assert.match(watch.stderr(), `warning[merge_conflict] app/Models/Post.php was edited by hand, and the edits conflict with the new generation: line 36: yours "'views', // mine"`);
    assert.match(watch.stdout(), /^\d\d:\d\d:\d\d \d+ updated, 1 kept, \d+ unchanged \(\d+ ms\)$/m);

    // The next run, for another entity, warns of the same kept file: the warning is printed once, not on every save.
    const withRating = SCHEMA.replace('      body: text\n    relations', '      body: text\n      views: integer\n      rating: float\n    relations');
    writeFileSync(schemaPath, withRating.replace('      name: string unique\n', '      name: string unique\n      shade: string\n'));
    await watch.waitForRuns(6, 'one more run with the hand edit still there');
    assert.match(readFileSync(join(project, 'app/Http/Resources/TagResource.php'), 'utf8'), "'shade'");
    assert.is(watch.stderr().split('warning[merge_conflict]').length - 1, 1, 'the repeated warning is printed once');

    assert.is(await watch.interrupt(), 0);
    assert.match(watch.stdout(), /Stopped watching api-schema\.yaml\.\n$/);
    const runs = watch.runs();
    writeFileSync(schemaPath, SCHEMA);
    await new Promise((resolve) => setTimeout(resolve, 150));
    assert.is(watch.runs(), runs, 'no run after Ctrl-C');
  });
});

const DIAGRAM = ['erDiagram', '  AUTHOR ||--o{ POST : writes', '  POST {', '    string title', '  }', '  AUTHOR {', '    string name', '  }', '  style POST fill:#f9f', ''].join('\n');

test('watch a diagram: an edit regenerates its entity, a syntax error is reported at its place and writes nothing', async () => {
  const project = copyExampleProject('laravel-12');
  const diagramPath = join(project, 'model.mmd');
  writeFileSync(diagramPath, DIAGRAM);
  await withWatchCli(['watch', 'model.mmd'], project, async (watch) => {
    await watch.waitForRuns(1, 'the first generation');
    assert.match(watch.stderr(), 'warning[diagram_element_ignored] model.mmd:9:3: style line ignored');
    const generated = snapshot(project);
    writeFileSync(diagramPath, DIAGRAM.replace('    string title\n', '    string title\n    int views "default=0"\n'));
    await watch.waitForRuns(2, 'the run of the edit');
    const rewritten = touched(generated, snapshot(project)).filter((path) => path !== 'model.mmd' && !path.startsWith('.fullapi/base/'));
    const store = touched(generated, snapshot(project)).filter((path) => path.startsWith('.fullapi/base/'));
    assert.equal(store.map((path) => path.replace(/[0-9a-f]{16}\.pack$/, '<id>.pack')), ['.fullapi/base/<id>.pack', '.fullapi/base/index.json'], 'one pack of bases, and the index');
    assert.ok(rewritten.length > 0 && rewritten.every((path) => /Post|_create_posts_table\.php$/.test(path) || RECORDS.includes(path)), rewritten.join(', '));
    assert.match(readFileSync(join(project, 'app/Models/Post.php'), 'utf8'), "'views' => 0");
    assert.is(watch.stderr().split('style line ignored').length - 1, 1, 'the same warning is not printed again');

    const good = snapshot(project);
    writeFileSync(diagramPath, DIAGRAM.replace('AUTHOR ||--o{ POST', 'AUTHOR --o{ POST'));
    await watch.waitForRuns(3, 'the run of the broken save');
    assert.match(watch.stderr(), 'error[invalid_syntax] model.mmd:2:10: expected a cardinality like `||--o{` after `AUTHOR`, found `--`\n      AUTHOR --o{ POST : writes\n             ^^');
    assert.equal(touched(good, snapshot(project)).filter((path) => path !== 'model.mmd'), []);
    assert.is(await watch.interrupt(), 0);
  });
});

test('watch: an entity taken out of the file keeps its files, and is named once with the fullapi delete command; put back and taken out again, named again', async () => {
  const project = projectWithSchema();
  const schemaPath = join(project, 'api-schema.yaml');
  const withoutTag = SCHEMA.replace('  Tag:\n    fields:\n      name: string unique\n', '');
  const notice = /^\d\d:\d\d:\d\d Tag is no longer in api-schema\.yaml; its files stay\. To remove it: fullapi delete Tag --project \.$/gm;
  await withWatchCli(['watch', 'api-schema.yaml', '--project', '.'], project, async (watch) => {
    await watch.waitForRuns(1, 'the first generation');
    assert.not.match(watch.stderr(), 'no longer in');
    const tagFiles = [...readTree(project).keys()].filter((path) => /Tag|_create_tags_table\.php$/.test(path));
    assert.ok(tagFiles.length > 10, tagFiles.join(', '));

    writeFileSync(schemaPath, withoutTag);
    await watch.waitForRuns(2, 'the run without Tag');
    assert.is(watch.stderr().match(notice)?.length, 1, watch.stderr());
    for (const path of tagFiles) assert.ok(existsSync(join(project, path)), `${path} stays`);

    writeFileSync(schemaPath, withoutTag.replace('      body: text\n    relations', '      body: text\n      views: integer\n    relations'));
    await watch.waitForRuns(3, 'one more run without Tag');
    assert.is(watch.stderr().match(notice)?.length, 1, 'named once while it stays out');

    writeFileSync(schemaPath, SCHEMA);
    await watch.waitForRuns(4, 'Tag put back');
    writeFileSync(schemaPath, withoutTag);
    await watch.waitForRuns(5, 'Tag taken out again');
    assert.is(watch.stderr().match(notice)?.length, 2, watch.stderr());
    assert.is(await watch.interrupt(), 0);
  });
});

test('watch --force rewrites a hand-edited file', async () => {
  const project = projectWithSchema();
  await runCli(['make'], project);
  const model = join(project, 'app/Models/Tag.php');
  const generated = readFileSync(model, 'utf8');
  writeFileSync(model, `${generated}// mine\n`);
  await withWatchCli(['watch', 'api-schema.yaml', '--force'], project, async (watch) => {
    await watch.waitForRuns(1, 'the first generation');
    assert.is(readFileSync(model, 'utf8'), generated);
    assert.match(watch.stdout(), /^  updated    app\/Models\/Tag\.php$/m);
    assert.is(watch.stderr(), '');
    assert.is(await watch.interrupt(), 0);
  });
});

test('watch: an atomic save (temp file renamed over the input) is a save; a deleted file is reported, then picked up again', async () => {
  const project = projectWithSchema();
  const schemaPath = join(project, 'api-schema.yaml');
  await withWatchCli(['watch', 'api-schema.yaml'], project, async (watch) => {
    await watch.waitForRuns(1, 'the first generation');

    writeFileSync(`${schemaPath}.tmp`, SCHEMA.replace('      body: text\n  Tag', '      body: text\n      likes: integer\n  Tag'));
    renameSync(`${schemaPath}.tmp`, schemaPath);
    await watch.waitForRuns(2, 'the run of the atomic save');
    assert.match(readFileSync(join(project, 'app/Models/Comment.php'), 'utf8'), "'likes'");
    assert.not.match(watch.stderr(), 'missing');

    unlinkSync(schemaPath);
    await waitFor(() => watch.stderr().includes('api-schema.yaml is missing; watching for it to come back.'), 'the missing file to be reported');
    assert.is(watch.runs(), 2);
    writeFileSync(schemaPath, SCHEMA);
    await watch.waitForRuns(3, 'the run after the file came back');
    assert.not.match(readFileSync(join(project, 'app/Models/Comment.php'), 'utf8'), "'likes'");
    assert.is(await watch.interrupt(), 0);
  });
});

test('watch: usage errors', async () => {
  const project = projectWithSchema();
  const missing = startWatchCli(['watch', 'nothing-here.yaml'], project);
  assert.is(await missing.exit, 1);
  assert.match(missing.stderr(), 'error[unreadable_schema_file] <file>: nothing-here.yaml does not exist');
  assert.is((await runCli(['watch', '-'], project)).exitCode, 2);
  assert.is((await runCli(['watch'], project)).exitCode, 2);
  const noInterrupt = await runCli(['watch', 'api-schema.yaml'], project);
  assert.is(noInterrupt.exitCode, 2, 'a caller that cannot send Ctrl-C would wait forever');
});

// The real binary: from dist/tests the bundle users run, dist/cli/fullapi.mjs; under tsx, src/cli/bin.ts run through tsx.

const compiled = import.meta.url.endsWith('.js');
const binary = fileURLToPath(new URL(compiled ? '../../cli/fullapi.mjs' : '../../src/cli/bin.ts', import.meta.url));
const nodeArguments = compiled ? [binary] : ['--import', import.meta.resolve('tsx'), binary];

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  test(`the binary stops cleanly on ${signal}: one line, exit code 0, no stack trace`, async () => {
    const project = projectWithSchema();
    const child = spawn(process.execPath, [...nodeArguments, 'watch', 'api-schema.yaml'], { cwd: project, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await waitFor(() => completedRuns(stdout) >= 1, `the first generation (stdout:\n${stdout}\nstderr:\n${stderr})`, 20000);
      writeFileSync(join(project, 'api-schema.yaml'), SCHEMA.replace('      name: string unique\n', '      name: string unique\n      color: string\n'));
      await waitFor(() => completedRuns(stdout) >= 2, `the run after a save (stdout:\n${stdout}\nstderr:\n${stderr})`);
      child.kill(signal);
      assert.is(await exited, 0, stderr);
    } finally {
      child.kill('SIGKILL');
    }
    assert.is(stderr, '');
    assert.match(stdout, /\(\d+ ms\)\nStopped watching api-schema\.yaml\.\n$/);
    assert.match(readFileSync(join(project, 'app/Models/Tag.php'), 'utf8'), "'color'");
  });
}

test.run();
