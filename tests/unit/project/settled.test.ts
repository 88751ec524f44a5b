import { cpSync, mkdirSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runMake } from '../../../src/pipeline/make/make.js';
import { type MakeInput } from '../../../src/pipeline/input/input.js';
import { type CommandOutcome } from '../../../src/pipeline/outcome.js';
import { inputIdentity, readMakeInput } from '../../../src/pipeline/input/input.js';
import { generatorIdentity } from '../../../src/project/read/generator.js';
import { readProject } from '../../../src/project/read/read-project.js';
import { nodeFs } from '../../../src/project/fs/project-fs.js';
import { contentHash, MANIFEST_PATH } from '../../../src/project/write/manifest.js';
import type { ProjectSnapshot } from '../../../src/project/read/read-project.js';
import { settledChanges, type RunIdentity } from '../../../src/project/resolve/settled.js';
import { copyExampleProject, FIXED_NOW, readTree, runCli } from '../../support/project-tree.js';
import { repoRoot } from '../../support/repo-root.js';
import { temporaryTree } from './tree.js';
import { EVERY_FRONT_END } from '../../../src/pipeline/input/every-front-end.js';

/**
 * A project a run left settled is taken as such by the next run of the same input, which then plans nothing;
 * whatever a plan is made from, changed, makes the next run plan in full again (settled.ts). Each input of a
 * plan is changed here in turn, and the run after it must do what a full run does.
 */

const SCHEMA = `entities:
  Post:
    fields:
      title: string
      status: enum(draft,published)
    relations:
      tags: belongsToMany Tag
  Tag:
    fields:
      name: string unique
`;

const SCHEMA_INPUT: MakeInput = { kind: 'schema' };

interface MakeOptions {
  input?: MakeInput;
  only?: string;
  force?: boolean;
  dryRun?: boolean;
}

function make(root: string, options: MakeOptions = {}): CommandOutcome {
  return runMake({
    input: options.input ?? SCHEMA_INPUT,
    frontEnds: EVERY_FRONT_END,
    ...(options.only === undefined ? {} : { only: options.only }),
    force: options.force === true,
    dryRun: options.dryRun === true,
    projectRoot: root,
    cwd: root,
    readStdin: () => '',
    now: FIXED_NOW,
  });
}

function write(root: string, path: string, content: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
}

const read = (root: string, path: string) => readFileSync(join(root, path), 'utf8');
const actionOf = (outcome: CommandOutcome, path: string) => outcome.changes.find((change) => change.path === path)?.action;
const codes = (outcome: CommandOutcome) => outcome.diagnostics.map((diagnostic) => diagnostic.code);
const written = (outcome: CommandOutcome) => outcome.changes.filter((change) => change.action !== 'unchanged').map((change) => [change.path, change.action]);

/** What make finds before it plans anything: whether it would take the project as settled. */
function identityOf(root: string, input: MakeInput = SCHEMA_INPUT): RunIdentity {
  const { text, record } = readMakeInput(input, { cwd: root, projectRoot: root, readStdin: () => '', nothingGiven: { missing: 'no input', span: { flag: '<entity>' }, hint: '' } });
  const generator = generatorIdentity();
  if (text === undefined || generator === undefined) throw new Error('no input, or no generator');
  return { generator, ...inputIdentity(text, record) };
}

function snapshotOf(root: string): ProjectSnapshot {
  const { snapshot, diagnostics } = readProject(root);
  if (snapshot === undefined) throw new Error(JSON.stringify(diagnostics));
  return snapshot;
}

function isSettled(root: string, input: MakeInput = SCHEMA_INPUT): boolean {
  return settledChanges(snapshotOf(root), identityOf(root, input)) !== undefined;
}

/** The example application after a first run of SCHEMA, as the second run finds it. */
function settledProject(input: MakeInput = SCHEMA_INPUT): string {
  const root = copyExampleProject('laravel-12');
  write(root, 'api-schema.yaml', SCHEMA);
  const first = make(root, { input });
  assert.ok(first.ok, JSON.stringify(first.diagnostics));
  assert.ok(isSettled(root, input), 'the first run leaves the project settled');
  return root;
}

test('a second run takes the project as settled: what a full run reports, in its order, and nothing written', () => {
  const root = settledProject();
  const tree = readTree(root);
  const second = make(root);
  const full = make(root, { force: true });
  const report = (outcome: CommandOutcome) => outcome.changes.map(({ path, action, source }) => [path, action, source]);
  assert.ok(second.ok);
  assert.equal(report(second), report(full));
  assert.ok(second.changes.every((change) => change.action === 'unchanged'));
  assert.equal(second.diagnostics, full.diagnostics);
  assert.equal(readTree(root), tree);
});

test('the command line prints what a full run prints: human, --json, --dry-run and --diff', async () => {
  const root = settledProject();
  const tree = readTree(root);
  for (const argv of [['make'], ['make', '--json'], ['make', '--dry-run'], ['make', '--dry-run', '--diff'], ['make', '--dry-run', '--json']]) {
    const settled = await runCli(argv, root);
    // --force plans in full (and on a settled project has nothing to rewrite).
    const full = await runCli([...argv, '--force'], root);
    assert.is(settled.exitCode, 0);
    assert.equal([settled.exitCode, settled.stdout, settled.stderr], [full.exitCode, full.stdout, full.stderr], argv.join(' '));
  }
  assert.match((await runCli(['make'], root)).stdout, /\d+ unchanged\.\n$/);
  assert.equal(readTree(root), tree);
});

test('what reading the project says, a settled run says too', () => {
  const root = copyExampleProject('laravel-12');
  write(root, 'composer.json', '{ "require": { "php": "^8.2" } }\n');
  write(root, 'api-schema.yaml', SCHEMA);
  assert.equal(codes(make(root)), ['framework_version_assumed']);
  assert.ok(isSettled(root));
  const second = make(root);
  assert.ok(second.ok);
  assert.equal(second.diagnostics, make(root, { force: true }).diagnostics);
  assert.equal(codes(second), ['framework_version_assumed']);
});

test('a hand edit of a generated file is still found: kept, with its warning, until --force rewrites it', () => {
  const root = settledProject();
  const edited = `${read(root, 'app/Models/Post.php')}// mine\n`;
  write(root, 'app/Models/Post.php', edited);
  const kept = make(root);
  assert.equal(written(kept), [['app/Models/Post.php', 'kept']]);
  assert.equal(codes(kept), ['modified_file_kept']);
  assert.is(read(root, 'app/Models/Post.php'), edited);
  assert.not.ok(isSettled(root));

  assert.equal(written(make(root, { force: true })), [['app/Models/Post.php', 'updated']]);
  assert.ok(isSettled(root));
});

test('a generated file that is gone is generated again', () => {
  const root = settledProject();
  rmSync(join(root, 'app/Http/Resources/TagResource.php'));
  assert.equal(written(make(root)), [['app/Http/Resources/TagResource.php', 'created']]);
  assert.ok(isSettled(root));
});

test('each file the run edits, edited by hand, is edited again: routes, bootstrap, seeder, record', () => {
  const example = join(repoRoot(), 'examples', 'laravel-12');
  const handEdits: Record<string, (root: string) => string> = {
    'routes/api.php': () => '<?php\n',
    'bootstrap/app.php': () => readFileSync(join(example, 'bootstrap/app.php'), 'utf8'),
    'database/seeders/DatabaseSeeder.php': () => readFileSync(join(example, 'database/seeders/DatabaseSeeder.php'), 'utf8'),
    'class_data.json': (root) => read(root, 'class_data.json').replace('"name": "title"', '"name": "heading"'),
  };
  for (const [path, edit] of Object.entries(handEdits)) {
    const root = settledProject();
    const generated = read(root, path);
    write(root, path, edit(root));
    assert.not.ok(isSettled(root), path);
    const again = make(root);
    // Edited back to what the record holds, so the record stays as it was.
    assert.equal(written(again), [[path, 'updated']], path);
    assert.is(read(root, path), generated, path);
    assert.ok(isSettled(root), `${path}: settled again`);
  }

  // Left with a line of the user's, the file is another text, which the run records as it writes it.
  const root = settledProject();
  write(root, 'routes/api.php', '<?php\n\n// mine\n');
  assert.equal(written(make(root)), [['routes/api.php', 'updated'], [MANIFEST_PATH, 'updated']]);
  assert.match(read(root, 'routes/api.php'), '// mine');
  assert.ok(isSettled(root));
});

test('the input: a changed schema is generated; a comment alone plans in full and, changing no file, writes nothing', () => {
  const root = settledProject();
  write(root, 'api-schema.yaml', SCHEMA.replace('name: string unique', 'name: string unique\n      rank: integer'));
  assert.not.ok(isSettled(root));
  const again = make(root);
  assert.equal(actionOf(again, 'app/Models/Tag.php'), 'updated');
  assert.ok(isSettled(root));

  const commented = copyExampleProject('laravel-12');
  write(commented, 'api-schema.yaml', SCHEMA);
  make(commented);
  write(commented, 'api-schema.yaml', `# the blog\n${SCHEMA}`);
  assert.not.ok(isSettled(commented));
  const tree = readTree(commented);
  assert.equal(written(make(commented)), []);
  assert.equal(readTree(commented), tree, 'the record of the last run that wrote is kept');
});

test('the input: the same text under another name, or found in another file, is another input', () => {
  const root = settledProject();
  write(root, 'copy.yaml', SCHEMA);
  assert.not.ok(isSettled(root, { kind: 'schema', path: 'copy.yaml' }));

  const recorded = copyExampleProject('laravel-12');
  write(recorded, 'class_data.json', `${JSON.stringify([{ name: 'Post', attributes: [{ name: 'title', _type: 'string' }] }], null, 4)}\n`);
  assert.ok(make(recorded).ok);
  assert.ok(isSettled(recorded));
  assert.ok(isSettled(recorded, { kind: 'schema', path: 'class_data.json' }), 'named, the file found at the root is the same input');
  // class_data.json is found only when there is no api-schema file: with one, that file is the input.
  write(recorded, 'api-schema.yaml', 'entities:\n  Note:\n    fields:\n      body: text\n');
  assert.not.ok(isSettled(recorded));
  assert.is(actionOf(make(recorded), 'app/Models/Note.php'), 'created');
});

test('the input: class_data.json, which the run rewrites as it records, is settled as the run leaves it', () => {
  const root = copyExampleProject('laravel-12');
  write(root, 'class_data.json', JSON.stringify([{ name: 'Post', attributes: [{ name: 'title', _type: 'string' }] }]));
  const first = make(root);
  assert.ok(first.ok);
  assert.is(actionOf(first, 'class_data.json'), 'updated');
  assert.ok(isSettled(root));
});

test('the input: --fields, the entity and --soft-deletes', () => {
  const post = (fields: string, softDeletes = false, entity = 'Post'): MakeInput => ({ kind: 'fields', entity, fields, softDeletes });
  const root = copyExampleProject('laravel-12');
  assert.ok(make(root, { input: post('title:string') }).ok);
  assert.ok(isSettled(root, post('title:string')));
  assert.not.ok(isSettled(root, post('title:text')));
  assert.is(actionOf(make(root, { input: post('title:text') }), 'database/migrations/2026_01_02_030405_create_posts_table.php'), 'updated');
  assert.is(actionOf(make(root, { input: post('title:text', true) }), 'app/Models/Post.php'), 'updated');
  assert.is(actionOf(make(root, { input: post('title:text', true, 'Note') }), 'app/Models/Note.php'), 'created');
});

test('the input: an entity regenerated from class_data.json is settled by the record as the run leaves it', () => {
  const fromRecord: MakeInput = { kind: 'fields', entity: 'Post', softDeletes: true };
  const root = copyExampleProject('laravel-12');
  assert.ok(make(root, { input: { ...fromRecord, fields: 'title:string', softDeletes: false } }).ok);
  const first = make(root, { input: fromRecord });
  assert.ok(first.ok);
  assert.is(actionOf(first, 'class_data.json'), 'updated');
  assert.match(read(root, 'app/Models/Post.php'), "'title',");
  assert.ok(isSettled(root, fromRecord));
  write(root, 'class_data.json', read(root, 'class_data.json').replace('"_type": "string"', '"_type": "text"'));
  assert.not.ok(isSettled(root, fromRecord));
  const again = make(root, { input: fromRecord });
  assert.match(read(root, 'database/migrations/2026_01_02_030405_create_posts_table.php'), "$table->text('title');");
  assert.equal(codes(again), [], 'the record is both the source and the last generation: it changes nothing it does not say');
  assert.ok(isSettled(root, fromRecord));
});

test('the project facts: the framework major and the page sizes', () => {
  const thirteen = settledProject();
  write(thirteen, 'composer.json', read(thirteen, 'composer.json').replace('"^12.0"', '"^13.0"'));
  assert.not.ok(isSettled(thirteen));
  assert.is(actionOf(make(thirteen), 'app/Models/Post.php'), 'updated');

  const paged = settledProject();
  write(paged, 'config/api-generator.php', "<?php\n\nreturn [\n    'per_page' => 25,\n];\n");
  assert.not.ok(isSettled(paged));
  assert.is(actionOf(make(paged), 'app/Services/PostService.php'), 'updated');
});

test('the stubs: one published, or a built-in one changed', () => {
  const root = settledProject();
  const builtIn = readFileSync(join(repoRoot(), 'stubs', 'policy.stub'), 'utf8');
  write(root, 'stubs/vendor/fullapi/policy.stub', `{{-- ours --}}\n${builtIn}`);
  assert.not.ok(isSettled(root));
  assert.is(actionOf(make(root), 'app/Policies/TagPolicy.php'), 'updated');

  const project = settledProject();
  const packageRoot = temporaryTree({ 'package.json': '{ "name": "laravel-fullapi" }\n' });
  cpSync(join(repoRoot(), 'stubs'), join(packageRoot, 'stubs'), { recursive: true });
  const settledWith = () => readProject(project, nodeFs, { packageRoot }).snapshot;
  const same = settledWith();
  assert.ok(same !== undefined && settledChanges(same, identityOf(project)) !== undefined, 'the same stubs elsewhere');
  writeFileSync(join(packageRoot, 'stubs', 'policy.stub'), `${builtIn}\n`);
  const changed = settledWith();
  assert.ok(changed !== undefined && settledChanges(changed, identityOf(project)) === undefined);
});

test('the generator: its version, and the build of one built from sources', () => {
  const root = settledProject();
  assert.not.ok(settledChanges(snapshotOf(root), { ...identityOf(root), generator: `${identityOf(root).generator} ` }) !== undefined);
  // Settled by another fullapi, the project is settled again by this one, though no other file changes.
  write(root, MANIFEST_PATH, read(root, MANIFEST_PATH).replace(/"generator": "[^"]*"/, '"generator": "fullapi 0.0.1"'));
  assert.not.ok(isSettled(root));
  assert.equal(written(make(root)), [[MANIFEST_PATH, 'updated']]);
  assert.ok(isSettled(root));

  const installed = temporaryTree({
    'node_modules/laravel-fullapi/package.json': '{ "name": "laravel-fullapi", "version": "1.2.3" }\n',
    'node_modules/laravel-fullapi/dist/generator.js': '',
  });
  assert.is(generatorIdentity(nodeFs, join(installed, 'node_modules/laravel-fullapi/dist/generator.js')), 'fullapi 1.2.3');
  const required = temporaryTree({
    'vendor/fullapi/laravel-fullapi/resources/cli/package.json': '{ "name": "laravel-fullapi", "version": "1.2.3" }\n',
    'vendor/fullapi/laravel-fullapi/resources/cli/dist/cli/fullapi.mjs': '',
  });
  assert.is(
    generatorIdentity(nodeFs, join(required, 'vendor/fullapi/laravel-fullapi/resources/cli/dist/cli/fullapi.mjs')),
    'fullapi 1.2.3',
    "the Composer package's copy, written at each teammate's install, is the release's",
  );

  const checkout = temporaryTree({ 'package.json': '{ "name": "laravel-fullapi", "version": "1.2.3" }\n', 'dist/generator.js': '' });
  const module = join(checkout, 'dist/generator.js');
  utimesSync(module, new Date('2026-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z'));
  const before = generatorIdentity(nodeFs, module);
  assert.match(before ?? '', /^fullapi 1\.2\.3, built /);
  utimesSync(module, new Date('2026-01-01T00:00:01Z'), new Date('2026-01-01T00:00:01Z'));
  assert.is.not(generatorIdentity(nodeFs, module), before, 'a new build is another generator');
  rmSync(module);
  assert.is(generatorIdentity(nodeFs, module), undefined, 'a build under way is no generator to settle with');
});

test('the folders the emitters look into: migrations, enums, requests', () => {
  const unrelated = settledProject();
  write(unrelated, 'database/migrations/2030_01_01_000000_add_votes_to_users_table.php', '<?php\n');
  assert.not.ok(isSettled(unrelated));
  const tree = readTree(unrelated);
  assert.equal(written(make(unrelated)), []);
  assert.equal(readTree(unrelated), tree);

  // Regeneration reuses the first migration of a table: the user's, renamed to come earlier, is now the table's.
  const earlier = copyExampleProject('laravel-12');
  write(earlier, 'api-schema.yaml', SCHEMA);
  write(earlier, 'database/migrations/2030_01_01_000000_add_rank_to_tags_table.php', '<?php\n// mine\n');
  make(earlier);
  assert.ok(isSettled(earlier));
  renameSync(join(earlier, 'database/migrations/2030_01_01_000000_add_rank_to_tags_table.php'), join(earlier, 'database/migrations/2000_01_01_000000_create_tags_table.php'));
  assert.not.ok(isSettled(earlier));
  const again = make(earlier);
  assert.equal(written(again), [['database/migrations/2000_01_01_000000_create_tags_table.php', 'kept']]);
  // The user's file is no migration of the table: it lacks what the generated one has.
  assert.equal(codes(again), ['modified_file_kept', 'kept_file_out_of_date']);

  const legacyEnum = settledProject();
  write(legacyEnum, 'app/Enums/Status.php', '<?php\n');
  assert.equal(codes(make(legacyEnum)), ['legacy_enum']);

  const legacyRequest = settledProject();
  write(legacyRequest, 'app/Http/Requests/PostRequest.php', '<?php\n');
  assert.equal(codes(make(legacyRequest)), ['legacy_request']);
});

test('a run with something to say does not settle the project: the next one says it again', () => {
  const root = settledProject();
  write(root, 'app/Http/Requests/PostRequest.php', '<?php\n');
  write(root, 'api-schema.yaml', SCHEMA.replace('name: string unique', 'name: string unique\n      rank: integer'));
  const warned = make(root);
  assert.is(actionOf(warned, 'app/Models/Tag.php'), 'updated');
  assert.equal(codes(warned), ['legacy_request']);
  assert.not.ok(isSettled(root));
  assert.equal(codes(make(root)), ['legacy_request']);
});

test('the manifest: rewritten in another layout it is written again; a hash changed in it is no record', () => {
  const reformatted = settledProject();
  write(reformatted, MANIFEST_PATH, JSON.stringify(JSON.parse(read(reformatted, MANIFEST_PATH))));
  assert.not.ok(isSettled(reformatted));
  assert.equal(written(make(reformatted)), [[MANIFEST_PATH, 'updated']]);
  assert.ok(isSettled(reformatted));

  // A hand edit whose hash is written into the manifest passes for fullapi's own output, but not for the settled project.
  const tampered = settledProject();
  const edited = `${read(tampered, 'app/Models/Post.php')}// mine\n`;
  write(tampered, 'app/Models/Post.php', edited);
  write(tampered, MANIFEST_PATH, read(tampered, MANIFEST_PATH).replace(/("app\/Models\/Post\.php": ")sha256:[0-9a-f]{64}/, `$1${contentHash(edited)}`));
  assert.not.ok(isSettled(tampered));
  assert.equal(written(make(tampered)), [['app/Models/Post.php', 'updated'], [MANIFEST_PATH, 'updated']]);
});

test('the leftovers of an interrupted run are dealt with, not passed by', () => {
  const root = settledProject();
  write(root, 'app/Models/.Post.php.fullapi-tmp', 'half a model');
  assert.not.ok(isSettled(root));
  const again = make(root);
  assert.equal(codes(again), ['leftover_removed']);
  assert.ok(isSettled(root));
});

test('--only plans its artifacts in full and keeps the record; --dry-run of a changed input writes nothing', () => {
  const root = settledProject();
  const tree = readTree(root);
  const only = make(root, { only: 'Model' });
  assert.equal(
    only.changes.map((change) => [change.path, change.action]),
    [
      ['app/Models/Post.php', 'unchanged'],
      ['app/Enums/PostStatus.php', 'unchanged'],
      // Whatever --only says: the rate limiter goes with throttleApi(), the morph map with the models.
      ['app/Providers/AppServiceProvider.php', 'unchanged'],
      ['class_data.json', 'unchanged'],
      ['app/Models/Tag.php', 'unchanged'],
      [MANIFEST_PATH, 'unchanged'],
    ],
  );
  assert.equal(readTree(root), tree);
  assert.ok(isSettled(root));

  // What --only leaves out of a changed input is still to be generated by the next whole run.
  const partial = settledProject();
  write(partial, 'api-schema.yaml', SCHEMA.replace('name: string unique', 'name: string unique\n      rank: integer'));
  assert.is(actionOf(make(partial, { only: 'Model' }), 'app/Models/Tag.php'), 'updated');
  assert.not.ok(isSettled(partial));
  assert.is(actionOf(make(partial), 'app/Http/Requests/StoreTagRequest.php'), 'updated');

  const changed = SCHEMA.replace('title: string', 'title: string\n      body: text');
  write(root, 'api-schema.yaml', changed);
  const dry = make(root, { dryRun: true });
  assert.is(actionOf(dry, 'app/Models/Post.php'), 'updated');
  assert.equal(readTree(root), new Map(tree).set('api-schema.yaml', changed));
});

test.run();
