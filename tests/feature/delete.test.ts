import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { main } from '../../src/cli/main.js';
import { PROVIDER_PATH } from '../../src/emit/laravel/edits/morph-map.js';
import { defineApiRateLimiter } from '../../src/emit/laravel/edits/rate-limiter.js';
import { planDelete } from '../../src/pipeline/delete/delete.js';
import { nodeFs, type ProjectFs } from '../../src/project/fs/project-fs.js';
import { copyExampleProject, FIXED_NOW, readTree, runCli } from '../support/project-tree.js';
import { assertMakeChangesOnlyTheManifest, COMMENT, deleting, generated, POST, TAG, withoutRunHistory } from '../support/deleted-entities.js';

test('a leaf entity: the project is as if it had never been generated, byte for byte', async () => {
  const project = await generated([POST, COMMENT, TAG]);
  const without = await generated([POST, COMMENT]);
  try {
    const { exitCode, report } = await deleting(['Tag'], project);
    assert.is(exitCode, 0, JSON.stringify(report));
    assert.equal(withoutRunHistory(readTree(project)), withoutRunHistory(readTree(without)));
    const actions = new Map(report.files.map((file) => [file.path, file.action]));
    for (const path of ['app/Models/Tag.php', 'app/Enums/TagColor.php', 'app/Http/Controllers/TagController.php', 'tests/Unit/TagServiceTest.php']) {
      assert.is(actions.get(path), 'deleted', path);
    }
    assert.is(actions.get('routes/api.php'), 'updated');
    assert.is(actions.get('database/seeders/DatabaseSeeder.php'), 'updated');
    assert.is(actions.get('class_data.json'), 'updated');
    const manifest = JSON.parse(readFileSync(join(project, '.fullapi/manifest.json'), 'utf8')) as { files: Record<string, string> };
    assert.not.ok(
      Object.keys(manifest.files).some((path) => path.includes('Tag')),
      'the manifest forgets the deleted files',
    );
    assert.equal(
      report.warnings.map((warning) => warning.code),
      ['table_left_in_database'],
    );
    assert.match(report.warnings[0]?.message ?? '', 'the table tags were deleted');
    // make from the record agrees with what delete left: it changes no file but the manifest, which it settles.
    await assertMakeChangesOnlyTheManifest(project);
  } finally {
    rmSync(project, { recursive: true, force: true });
    rmSync(without, { recursive: true, force: true });
  }
});

test("every entity when none is named: Laravel's skeleton files as they were, and a second run knows none", async () => {
  const skeleton = copyExampleProject('laravel-12');
  const project = await generated([POST, COMMENT, TAG]);
  try {
    const run = await runCli(['delete'], project);
    assert.is(run.exitCode, 0, run.stderr);
    assert.match(run.stdout, /^ {2}deleted {4}app\/Models\/Post\.php$/m);
    assert.match(run.stdout, /^ {2}updated {4}routes\/api\.php$/m);
    for (const path of ['database/seeders/DatabaseSeeder.php', 'routes/web.php']) {
      assert.is(readFileSync(join(project, path), 'utf8'), readFileSync(join(skeleton, path), 'utf8'), path);
    }
    // The api rate limiter stays with bootstrap/app.php's throttleApi(), which names it for the project's other routes.
    const limited = defineApiRateLimiter(readFileSync(join(skeleton, PROVIDER_PATH), 'utf8'));
    assert.ok(limited.ok);
    assert.is(readFileSync(join(project, PROVIDER_PATH), 'utf8'), limited.content);
    assert.is(readFileSync(join(project, 'routes/api.php'), 'utf8'), '<?php\n');
    assert.is(readFileSync(join(project, 'class_data.json'), 'utf8'), '[]\n');
    assert.equal(
      [...readTree(project).keys()].filter((path) => /Post|Comment|Tag|_table\.php$/.test(path) && !readTree(skeleton).has(path)),
      [],
    );
    const again = await deleting(['Post'], project);
    assert.is(again.exitCode, 1);
    assert.equal(
      again.report.errors.map((error) => error.code),
      ['unknown_entity'],
    );
  } finally {
    rmSync(skeleton, { recursive: true, force: true });
    rmSync(project, { recursive: true, force: true });
  }
});

test('a file edited by hand is kept and named, unless --force', async () => {
  const project = await generated([TAG]);
  try {
    const service = join(project, 'app/Services/TagService.php');
    const edited = readFileSync(service, 'utf8').replace('class TagService\n{\n', 'class TagService\n{\n    // mine\n');
    writeFileSync(service, edited);
    const { exitCode, report } = await deleting(['Tag', '--dry-run'], project);
    assert.is(exitCode, 0);
    assert.ok(report.files.some((file) => file.path === 'app/Services/TagService.php' && file.action === 'kept'));
    assert.ok(report.warnings.some((warning) => warning.code === 'modified_file_kept' && warning.path === 'app/Services/TagService.php'));
    const kept = await deleting(['Tag'], project);
    assert.is(kept.exitCode, 0);
    assert.is(readFileSync(service, 'utf8'), edited);
    assert.not.ok(existsSync(join(project, 'app/Models/Tag.php')));
    // Forgotten by the record and the manifest: the kept file is the user's now, and a second delete knows no Tag.
    assert.is((await deleting(['Tag'], project)).report.errors[0]?.code, 'unknown_entity');
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
  const forced = await generated([TAG]);
  try {
    const service = join(forced, 'app/Services/TagService.php');
    writeFileSync(service, `${readFileSync(service, 'utf8')}// mine\n`);
    const { exitCode } = await deleting(['Tag', '--force'], forced);
    assert.is(exitCode, 0);
    assert.not.ok(existsSync(service));
  } finally {
    rmSync(forced, { recursive: true, force: true });
  }
});

test('a write that fails half-way leaves the project as it was: deletions and edits are one plan', async () => {
  const project = await generated([POST, COMMENT, TAG]);
  try {
    const before = readTree(project);
    let renames = 0;
    // The tenth move of a file (its deletion, or an edited file into place) is refused, as a full disk or a lock would.
    const failing: ProjectFs = {
      ...nodeFs,
      rename: (from, to) => {
        if (++renames === 10) throw Object.assign(new Error('EIO: i/o error'), { code: 'EIO' });
        nodeFs.rename(from, to);
      },
    };
    const planned = planDelete({ projectRoot: project, entities: ['Tag'], force: false, dryRun: false, now: FIXED_NOW }, failing);
    const written = planned.write?.();
    assert.is(written?.ok, false);
    assert.equal(
      written?.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').map((diagnostic) => diagnostic.code),
      ['write_failed'],
    );
    assert.match(written?.diagnostics[0]?.message ?? '', 'No file was changed.');
    assert.equal(readTree(project), before);
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});

test('--dry-run lists the plan and writes nothing', async () => {
  const project = await generated([POST, COMMENT, TAG]);
  try {
    const before = readTree(project);
    const run = await runCli(['delete', 'Tag', '--dry-run'], project);
    assert.is(run.exitCode, 0, run.stderr);
    assert.match(run.stdout, /^ {2}deleted {4}app\/Models\/Tag\.php$/m);
    assert.match(run.stdout, 'Dry run, nothing written:');
    assert.match(run.stderr, 'would be deleted');
    assert.equal(readTree(project), before);
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});

test('an unknown entity and an entity named twice are errors at their column; nothing is written', async () => {
  const project = await generated([POST, COMMENT, TAG]);
  try {
    const before = readTree(project);
    const { exitCode, report } = await deleting(['Tga', 'Tag', 'tag'], project);
    assert.is(exitCode, 1);
    assert.equal(
      report.errors.map((error) => [error.code, error.source?.flag, error.source?.column]),
      [
        ['unknown_entity', '<entity>', 1],
        ['duplicate_entity', '<entity>', 9],
      ],
    );
    const human = await runCli(['delete', 'Tga'], project);
    assert.match(human.stderr, 'did you mean Tag?');
    assert.equal(readTree(project), before);
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});

test('a routes file that does not parse is a positioned error, and nothing is written', async () => {
  const project = await generated([TAG]);
  try {
    writeFileSync(join(project, 'routes/web.php'), "<?php\n\nRoute::get('/x', [A::class 'b']);\n");
    const before = readTree(project);
    const { exitCode, report } = await deleting(['Tag'], project);
    assert.is(exitCode, 1);
    assert.equal(
      report.errors.map((error) => [error.code, error.source?.file, error.source?.line]),
      [['unparsable_php', 'routes/web.php', 3]],
    );
    assert.equal(readTree(project), before);
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});

test("3.x files: the entity's own Request and a field's enum no remaining entity shares; fullapi never recorded them, so --force", async () => {
  const ORDER = { name: 'Order', attributes: [{ name: 'state', _type: 'enum(open,closed)' }] };
  const ITEM = {
    name: 'Item',
    attributes: [
      { name: 'color', _type: 'enum(red,blue)' },
      { name: 'state', _type: 'enum(new,used)' },
    ],
  };
  const project = await generated([ORDER, ITEM]);
  try {
    const legacy = ['app/Http/Requests/ItemRequest.php', 'app/Enums/Color.php', 'app/Enums/State.php'];
    for (const path of legacy) writeFileSync(join(project, path), '<?php\n');
    const kept = await deleting(['Item', '--dry-run'], project);
    assert.equal(
      kept.report.warnings.filter((warning) => warning.code === 'modified_file_kept').map((warning) => warning.path),
      ['app/Enums/Color.php', 'app/Http/Requests/ItemRequest.php'],
      "State is Order's 3.x enum as much as Item's",
    );
    const { exitCode, report } = await deleting(['Item', '--force'], project);
    assert.is(exitCode, 0, JSON.stringify(report));
    assert.not.ok(existsSync(join(project, 'app/Enums/Color.php')));
    assert.not.ok(existsSync(join(project, 'app/Http/Requests/ItemRequest.php')));
    assert.ok(existsSync(join(project, 'app/Enums/State.php')));
    assert.ok(existsSync(join(project, 'app/Enums/OrderState.php')));
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});

test('no class_data.json: a clear error', async () => {
  const project = copyExampleProject('laravel-12');
  try {
    const { exitCode, report } = await deleting([], project);
    assert.is(exitCode, 1);
    assert.equal(
      report.errors.map((error) => error.code),
      ['no_class_data'],
    );
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});

/** The CLI on a terminal: the question is asked and answered. */
async function onTerminal(args: readonly string[], project: string, answer: string): Promise<{ exitCode: number; stdout: string; questions: string[] }> {
  let stdout = '';
  const questions: string[] = [];
  const exitCode = await main(['delete', ...args], {
    stdout: (text) => (stdout += text),
    stderr: () => undefined,
    readStdin: () => '',
    cwd: project,
    colors: false,
    now: () => FIXED_NOW,
    ask: (question) => {
      questions.push(question);
      return Promise.resolve(answer);
    },
  });
  return { exitCode, stdout, questions };
}

test('on a terminal it lists the files and asks; anything but yes removes nothing; --force asks nothing', async () => {
  const project = await generated([TAG]);
  try {
    const before = readTree(project);
    const declined = await onTerminal(['Tag'], project, '');
    assert.is(declined.exitCode, 0);
    assert.equal(declined.questions, ['Remove these 14 files? [y/N] ']);
    assert.match(declined.stdout, /^ {2}deleted {4}app\/Models\/Tag\.php$/m);
    assert.match(declined.stdout, 'Nothing was removed.');
    assert.equal(readTree(project), before);
    const accepted = await onTerminal(['Tag'], project, 'y');
    assert.is(accepted.exitCode, 0);
    assert.not.ok(existsSync(join(project, 'app/Models/Tag.php')));
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
  const forced = await generated([TAG]);
  try {
    const run = await onTerminal(['Tag', '--force'], forced, '');
    assert.equal(run.questions, []);
    assert.not.ok(existsSync(join(forced, 'app/Models/Tag.php')));
  } finally {
    rmSync(forced, { recursive: true, force: true });
  }
});

test.run();
