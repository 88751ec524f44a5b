import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { main } from '../../src/cli/main.js';
import { PromptCancelled, type Terminal } from '../../src/cli/terminal/terminal.js';
import { copyExampleProject, FIXED_NOW, readTree, runCli } from '../support/project-tree.js';

/**
 * The wizard's run with answers given in order (the keys of a terminal are tested in wizard-terminal.test.ts):
 * each question takes the next answer, after checking it with the question's own rule.
 */
function scripted(answers: unknown[]): { terminal: Terminal; asked: string[] } {
  const asked: string[] = [];
  const next = (message: string): unknown => {
    asked.push(message);
    if (answers.length === 0) throw new Error(`no answer left for "${message}"`);
    const answer = answers.shift();
    if (answer instanceof PromptCancelled) throw answer;
    return answer;
  };
  const terminal: Terminal = {
    input: async ({ message, default: defaultValue, validate }) => {
      const given = next(message) as string | undefined;
      const value = given ?? defaultValue ?? '';
      const problem = validate?.(value);
      if (problem !== undefined) throw new Error(`"${value}" refused at "${message}": ${problem}`);
      return value;
    },
    select: async ({ message, choices }) => {
      const wanted = next(message);
      const choice = choices.find((candidate) => candidate.value === wanted || candidate.name === wanted);
      if (choice === undefined) throw new Error(`${String(wanted)} is not offered at "${message}"`);
      return choice.value;
    },
    confirm: async ({ message }) => next(message) as boolean,
    checkbox: async ({ message }) => next(message) as never,
  };
  return { terminal, asked };
}

async function wizard(argv: string[], project: string, answers: unknown[]): Promise<{ exitCode: number; stdout: string; stderr: string; asked: string[] }> {
  const { terminal, asked } = scripted(answers);
  let stdout = '';
  let stderr = '';
  const exitCode = await main(['make', '--interactive', ...argv], {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    readStdin: () => '',
    cwd: project,
    colors: false,
    now: () => FIXED_NOW,
    terminal: async () => terminal,
  });
  return { exitCode, stdout, stderr, asked };
}

/** Tag with one field, no relation, no option: each answer in the order asked. */
const TAG = ['Tag', 'name', 'string', undefined, false, true, false, undefined, undefined];

test('a field answered a secret is hidden in the command it prints; a secret by its name is not asked about', async () => {
  const project = copyExampleProject('laravel-12');
  const answers = ['Vault', 'code', 'string', undefined, false, false, true, undefined, 'password', 'string', undefined, false, false, undefined, undefined, false, [], false];
  const run = await wizard([], project, answers);
  assert.is(run.exitCode, 0, run.stderr);
  assert.match(run.stdout, 'fullapi make Vault --fields="code:string:hidden,password:string"');
  assert.equal(
    run.asked.filter((question) => question.includes('a secret')),
    ['Is code a secret (never answered, filtered or sorted on)?'],
  );
});

test('once the fields are answered: which get an index, and which the index may filter and sort on, in the command it prints', async () => {
  const project = copyExampleProject('laravel-12');
  const fields = ['Order', 'number', 'string', undefined, false, true, false, undefined, 'status', 'string', undefined, false, false, false, undefined, 'placed_at', 'datetime', false, false, false, undefined, 'token', 'string', undefined, false, false, true, undefined, undefined];
  const choices = [['status', 'placed_at'], ['status'], ['number', 'status', 'placed_at']];
  const run = await wizard(['--dry-run'], project, [...fields, ...choices, false, []]);
  assert.is(run.exitCode, 0, run.stderr);
  assert.match(run.stdout, 'fullapi make Order --fields="number:string:unique,status:string:index:filterable,placed_at:datetime:index,token:string:hidden"');
  const checkboxes = run.asked.filter((question) => question.startsWith('Fields'));
  assert.equal(checkboxes, [
    'Fields with an index of their own, for filters and sorts on a large table (space toggles, Enter accepts):',
    'Fields the index may filter on (space toggles, Enter accepts):',
    'Fields the index may sort by (space toggles, Enter accepts):',
  ]);
});

test('sizes and bounds: a length, digits, a text size and min,max, in the command it prints and the schema it saves', async () => {
  const project = copyExampleProject('laravel-12');
  const fields = [
    ...['Product', 'name', 'string', '100', false, false, false, undefined],
    ...['price', 'decimal', '8,2', '0,', false, false, false, undefined],
    ...['stock', 'integer', '0,1000', false, false, false, undefined],
    ...['notes', 'text', 'mediumtext', false, false, false, undefined],
    undefined,
  ];
  const run = await wizard([], project, [...fields, [], [], [], false, [], true, true]);
  assert.is(run.exitCode, 0, run.stderr);
  assert.match(run.stdout, 'fullapi make Product --fields="name:string(100),price:decimal(8,2):min=0,stock:integer:min=0:max=1000,notes:mediumtext"');
  assert.match(readFileSync(join(project, 'api-schema.yaml'), 'utf8'), 'name: string(100)\n      price: decimal(8,2) min=0\n      stock: integer min=0 max=1000\n      notes: mediumtext\n');
  const migration = [...readTree(project)].find(([path]) => path.endsWith('_create_products_table.php'))?.[1] ?? '';
  assert.match(migration, "$table->decimal('price', 8, 2)");
  assert.match(migration, "$table->mediumText('notes')");
});

test('declining the preview writes nothing; --dry-run stops after the preview', async () => {
  const project = copyExampleProject('laravel-12');
  const before = readTree(project);
  const declined = await wizard([], project, [...TAG, false, [], false]);
  assert.is(declined.exitCode, 0, declined.stderr);
  assert.match(declined.stdout, 'created    app/Models/Tag.php');
  assert.match(declined.stdout, 'Nothing was written.');
  assert.match(declined.stdout, 'fullapi make Tag --fields="name:string:unique"');
  const dryRun = await wizard(['--dry-run'], project, [...TAG, false, ['softDeletes']]);
  assert.is(dryRun.exitCode, 0, dryRun.stderr);
  assert.match(dryRun.stdout, 'fullapi make Tag --fields="name:string:unique" --soft-deletes');
  assert.not.match(dryRun.asked.join('\n'), 'Write these files?');
  assert.equal(readTree(project), before);
});

test('the same files as make <Entity> --fields, and the answers merged into api-schema.yaml with its comments', async () => {
  const project = copyExampleProject('laravel-12');
  writeFileSync(join(project, 'api-schema.yaml'), '# our API\nentities:\n  # labels\n  Label:\n    fields:\n      name: string\n');
  const run = await wizard([], project, [...TAG, false, ['clientCollection'], true, true]);
  assert.is(run.exitCode, 0, run.stderr);
  const saved = readFileSync(join(project, 'api-schema.yaml'), 'utf8');
  assert.match(saved, '# our API\nentities:\n  # labels\n  Label:\n    fields:\n      name: string\n  Tag:\n    client_collection: true\n    fields:\n      name: string unique\n');
  const twin = copyExampleProject('laravel-12');
  const flags = await runCli(['make', 'Tag', '--fields=name:string:unique', '--client-collection'], twin);
  assert.is(flags.exitCode, 0, flags.stderr);
  const wizardFiles = readTree(project);
  wizardFiles.delete('api-schema.yaml');
  const flagsFiles = readTree(twin);
  flagsFiles.delete('api-schema.yaml');
  assert.equal([...wizardFiles.keys()], [...flagsFiles.keys()]);
  // The manifest's fingerprint of the run's input differs (answers, not flags); the hashes of the files do not.
  const MANIFEST = '.fullapi/manifest.json';
  const hashes = (text: string | undefined) => (JSON.parse(text ?? '{}') as { files: unknown }).files;
  assert.equal(hashes(wizardFiles.get(MANIFEST)), hashes(flagsFiles.get(MANIFEST)));
  for (const [path, content] of flagsFiles) if (path !== MANIFEST) assert.is(wizardFiles.get(path), content, path);
});

test('a relation to a new entity asks for its fields and generates both in one run', async () => {
  const project = copyExampleProject('laravel-12');
  // Each ends with the entity's question of which fields get an index: none.
  const post = ['Post', 'title', 'string', undefined, false, false, false, undefined, undefined, []];
  const writer = ['name', 'string', undefined, false, false, false, undefined, undefined, []];
  const run = await wizard([], project, [...post, true, 'belongsTo', '\u0000other', 'Writer', ...writer, undefined, false, false, [], true, true]);
  assert.is(run.exitCode, 0, run.stderr);
  assert.ok(run.asked.includes('Writer (new): Field name:'), run.asked.join('\n'));
  const files = readTree(project);
  assert.ok(files.has('app/Models/Writer.php'));
  const migration = [...files].find(([path]) => path.endsWith('_create_posts_table.php'))?.[1] ?? '';
  assert.match(migration, "$table->foreignId('writer_id')");
  assert.match(files.get('api-schema.yaml') ?? '', 'entities:\n  Writer:\n    fields:\n      name: string\n  Post:\n');
  assert.match(run.stdout, 'fullapi make Writer --fields="name:string" && fullapi make Post --fields="title:string"');
});

test('an entity the passes refuse is an error of the preview: exit 1, nothing written', async () => {
  const project = copyExampleProject('laravel-12');
  const before = readTree(project);
  const run = await wizard([], project, ['Post', 'writer', 'string', undefined, false, false, false, undefined, undefined, [], true, 'belongsTo', 'Post', 'writer', false, false, []]);
  assert.is(run.exitCode, 1);
  assert.match(run.stderr, 'error[duplicate_relation] --interactive: the relation Post.writer has the name of the field writer');
  assert.match(run.stderr, 'Nothing was written.');
  assert.not.ok(run.asked.includes('Write these files?'));
  assert.equal(readTree(project), before);
});

test('Ctrl-C after the files were written leaves the schema file alone and says so', async () => {
  const project = copyExampleProject('laravel-12');
  const run = await wizard([], project, [...TAG, false, [], true, new PromptCancelled()]);
  assert.is(run.exitCode, 130);
  assert.match(run.stderr, 'the files above were written; the schema file was left as it was');
  assert.ok(existsSync(join(project, 'app/Models/Tag.php')));
  assert.not.ok(existsSync(join(project, 'api-schema.yaml')));
});

test('flags that give the entity another way do not go with --interactive: exit 2', async () => {
  const project = copyExampleProject('laravel-12');
  const run = await wizard(['--json'], project, []);
  assert.is(run.exitCode, 2);
  assert.match(run.stderr, '[invalid_option]');
});

test.run();
