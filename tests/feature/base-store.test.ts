import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { basesOf, packsIn, storeFilesOf } from '../support/base-store.js';
import { changedFiles, copyExampleProject, readTree, runCli } from '../support/project-tree.js';

// The store of bases as `make` leaves it: one pack per run that has bases to write, and the index.

const ENTITIES = ['Post', 'Tag', 'Comment', 'Author', 'Shelf'];
const schemaOf = (extra = '') => ['entities:', ...ENTITIES.flatMap((entity) => [`  ${entity}:`, '    fields:', '      title: string', ...(entity === 'Post' ? [extra] : [])]), ''].filter((line) => line !== '').join('\n');
const MODEL = 'app/Models/Post.php';
const HEADLINE = '    public function headline(): string\n    {\n        return mb_strtoupper($this->title);\n    }\n';

interface Report {
  ok: boolean;
  files: { path: string; action: string }[];
  warnings: { code: string }[];
}

async function make(project: string, schema: string): Promise<Report> {
  writeFileSync(join(project, 'api-schema.yaml'), `${schema}\n`);
  return JSON.parse((await runCli(['make', '--schema', 'api-schema.yaml', '--json'], project)).stdout) as Report;
}

const recorded = (project: string): Record<string, string> => (JSON.parse(readFileSync(join(project, '.fullapi/manifest.json'), 'utf8')) as { files: Record<string, string> }).files;
const read = (project: string, path: string) => readFileSync(join(project, path), 'utf8');

test('a first make writes each generated file once, and its bases as one pack and the index: not a copy per file', async () => {
  const project = copyExampleProject('laravel-12');
  const before = readTree(project);
  const report = await make(project, schemaOf());
  assert.ok(report.ok);
  const written = changedFiles(before, readTree(project));
  const generated = Object.keys(recorded(project));
  assert.ok(generated.length >= ENTITIES.length * 10, `${generated.length} generated files`);
  const store = [...written.keys()].filter((path) => path.startsWith('.fullapi/base/'));
  assert.equal(store, [...packsIn(written).map((id) => `.fullapi/base/${id}.pack`), '.fullapi/base/index.json']);
  assert.is(store.length, 2);
  const others = [...written.keys()].filter((path) => !path.startsWith('.fullapi/'));
  assert.ok(written.size <= others.length + 3, `${written.size} files written for ${generated.length} generated: ${[...written.keys()].join(', ')}`);
  const bases = basesOf(project);
  assert.equal([...bases.keys()].sort(), [...generated].sort());
  for (const path of generated) assert.is(bases.get(path), written.get(path), path);
});

test('a hand edit merges cleanly after a run that changes the generation, and again after the next; the store keeps one live base per file', async () => {
  const project = copyExampleProject('laravel-12');
  await make(project, schemaOf());
  writeFileSync(join(project, MODEL), read(project, MODEL).replace('    use HasFactory;\n', `    use HasFactory;\n\n${HEADLINE}`));

  const first = await make(project, schemaOf('      summary: text'));
  assert.is(first.files.find((file) => file.path === MODEL)?.action, 'merged');
  assert.equal(first.warnings, []);
  const afterFirst = storeFilesOf(project);
  assert.is(packsIn(afterFirst).length, 2, 'the first pack keeps the bases of the other entities; the run adds one');
  assert.not.match(basesOf(project).get(MODEL) ?? '', 'headline', 'the base is the generation, without the hand edit');

  const second = await make(project, schemaOf('      summary: text\n      subtitle: string'));
  assert.is(second.files.find((file) => file.path === MODEL)?.action, 'merged');
  const model = read(project, MODEL);
  assert.match(model, HEADLINE);
  assert.match(model, "'subtitle'");
  assert.match(basesOf(project).get(MODEL) ?? '', "'subtitle'");
  assert.is(packsIn(storeFilesOf(project)).length, 2, "the first run's pack of Post is left with no live base, and deleted");
  assert.equal([...basesOf(project).keys()].sort(), Object.keys(recorded(project)).sort());

  const settled = readTree(project);
  const again = await make(project, schemaOf('      summary: text\n      subtitle: string'));
  assert.ok(again.files.every((file) => file.action === 'unchanged' || (file.action === 'kept' && file.path === MODEL)), JSON.stringify(again.files));
  assert.equal(readTree(project), settled, 'a run that changes nothing writes no pack and leaves the index as it was');
});

test('a project written before packs: its plain copies are still bases, and the next run that writes the store moves them into its pack', async () => {
  const project = copyExampleProject('laravel-12');
  await make(project, schemaOf());
  // The store as the fullapi before packs left it: a plain copy of each generated file, no pack, no index.
  const bases = basesOf(project);
  for (const path of storeFilesOf(project).keys()) rmSync(join(project, path));
  for (const [path, content] of bases) writeFile(project, `.fullapi/base/${path}`, content);
  writeFileSync(join(project, MODEL), read(project, MODEL).replace('    use HasFactory;\n', `    use HasFactory;\n\n${HEADLINE}`));

  const report = await make(project, schemaOf('      summary: text'));
  assert.is(report.files.find((file) => file.path === MODEL)?.action, 'merged', 'the plain copy was the base');
  const left = [...readTree(project).keys()].filter((path) => path.startsWith('.fullapi/base/'));
  assert.equal(left, [...packsIn(readTree(project)).map((id) => `.fullapi/base/${id}.pack`), '.fullapi/base/index.json'], 'no plain copy is left');
  assert.equal([...basesOf(project).keys()].sort(), Object.keys(recorded(project)).sort(), 'every base is in the pack');
});

function writeFile(project: string, path: string, content: string): void {
  mkdirSync(dirname(join(project, path)), { recursive: true });
  writeFileSync(join(project, path), content);
}

test.run();
