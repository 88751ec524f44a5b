import { stubValueReference } from '../../../src/emit/laravel/values/stub-values/registry.js';
import { copyExampleProject, runCli } from '../../support/project-tree.js';
import { page } from './markdown.js';

const FIELDS = 'title:string,body:text,status:enum(draft,published)';

/** The project files `make` writes besides the entity's own, which no stub renders; plain text, as the tree is a code block. */
const PROJECT_FILE_PURPOSES: Readonly<Record<string, string>> = {
  'routes/api.php': "the API's routes: one Route::apiResource line per entity (the file is created when the project has none)",
  'bootstrap/app.php': 'loads routes/api.php, throttles the API, and answers its errors (a missing row included) as JSON',
  'database/seeders/DatabaseSeeder.php': "calls each entity's seeder",
  'app/Providers/AppServiceProvider.php': 'defines the api rate limiter (60 requests a minute), and the morph map when an entity has morph owners',
  'class_data.json': 'the record of the entities fullapi generated, read by a regeneration, fullapi delete and fullapi openapi',
  '.fullapi/manifest.json': 'a hash of every file fullapi wrote, which tells your hand edits from its own',
};

/** `app/Models/<Class>.php: the Eloquent model.` read as a path pattern and what the file is. */
function stubPurposes(): { pattern: RegExp; purpose: string }[] {
  return stubValueReference().flatMap(({ description }) => {
    const found = /^([\w/.<>-]+\.php): (.*)\.$/.exec(description);
    if (found?.[1] === undefined || found[2] === undefined) return [];
    const pattern = found[1].split(/<\w+>/).map((part) => part.replace(/[.]/g, '\\.')).join('[^/]+');
    return [{ pattern: new RegExp(`^${pattern}$`), purpose: found[2] }];
  });
}

function purposeOf(path: string, purposes: readonly { pattern: RegExp; purpose: string }[]): string {
  const purpose = PROJECT_FILE_PURPOSES[path] ?? purposes.find((candidate) => candidate.pattern.test(path))?.purpose;
  if (purpose === undefined) throw new Error(`${path}: no stub or project file says what it is`);
  return purpose;
}

interface TreeNode {
  children: Map<string, TreeNode>;
  note?: string;
}

function treeOf(files: readonly { path: string; note: string }[]): TreeNode {
  const root: TreeNode = { children: new Map() };
  for (const { path, note } of files) {
    let node = root;
    for (const part of path.split('/')) {
      const next = node.children.get(part) ?? { children: new Map() };
      node.children.set(part, next);
      node = next;
    }
    node.note = note;
  }
  return root;
}

/** Folders first, then files, each by name: the order a file manager shows. */
function sortedEntries(node: TreeNode): [string, TreeNode][] {
  const isFolder = (entry: TreeNode) => entry.children.size > 0;
  return [...node.children].sort(([a, left], [b, right]) => Number(isFolder(right)) - Number(isFolder(left)) || a.localeCompare(b));
}

function treeLines(node: TreeNode, indent: string): { drawn: string; note?: string }[] {
  const entries = sortedEntries(node);
  return entries.flatMap(([name, child], index) => {
    const last = index === entries.length - 1;
    const drawn = `${indent}${last ? '└── ' : '├── '}${name}${child.children.size > 0 ? '/' : ''}`;
    const line = child.note === undefined ? { drawn } : { drawn, note: child.note };
    return [line, ...treeLines(child, `${indent}${last ? '    ' : '│   '}`)];
  });
}

function drawTree(node: TreeNode): string[] {
  const lines = treeLines(node, '');
  const width = Math.max(...lines.map((line) => line.drawn.length)) + 2;
  return lines.map((line) => (line.note === undefined ? line.drawn : `${line.drawn.padEnd(width)}${line.note}`));
}

/** docs/reference/one-entity.md: the files a dry run of one `make` plans in a new Laravel 12 application, as a tree. */
export async function oneEntityPage(): Promise<string> {
  const run = await runCli(['make', 'Post', `--fields=${FIELDS}`, '--dry-run', '--json'], copyExampleProject('laravel-12'));
  const report = JSON.parse(run.stdout) as { ok: boolean; files: { path: string; action: string }[] };
  if (!report.ok) throw new Error(`the dry run failed: ${run.stdout}`);
  const purposes = stubPurposes();
  const files = report.files.map(({ path, action }) => ({ path, note: `${action === 'updated' ? 'edited: ' : ''}${purposeOf(path, purposes)}` }));
  const intro = [
    `One entity with three fields, in a new Laravel 12 application, is ${files.length} files: the tree below is what this command writes (from a dry run of it when this page was generated).`,
    'Each file says what it is; `edited:` marks a file of the application that fullapi changes in place, leaving the rest of it as it was.',
    'A second entity adds its own files and a line to each edited file.',
  ].join(' ');
  return page('What one entity generates', intro, [
    '```sh',
    `fullapi make Post --fields="${FIELDS}"`,
    '```',
    '',
    '```text',
    ...drawTree(treeOf(files)),
    '```',
    '',
    'The table of every kind of file, with the `--only` name that rewrites it, is on [What fullapi writes](./artifacts).',
  ]);
}
