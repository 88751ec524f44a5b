import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyExampleProject, readTree, runCli } from '../support/project-tree.js';

function folderWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'fullapi-diagram-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}

const SHOP = 'erDiagram\n  CUSTOMER ||--o{ ORDER : places\n  ORDER {\n    string number UK\n  }\n';
const BROKEN = 'erDiagram\n  CUSTOMER --o{ ORDER : places\n  ORDER {\n    string\n  }\n';
const CLASSES = 'classDiagram\n  class Post {\n    +String title\n    +publish() void\n  }\n';

test('parse --json: one object per file, the grammar view when it parses, every error with its place when not', async () => {
  const dir = folderWith({ 'shop.mmd': SHOP, 'broken.mmd': BROKEN, 'post.md': `# Post\n\n\`\`\`mermaid\n${CLASSES}\`\`\`\n` });
  const run = await runCli(['parse', 'shop.mmd', 'broken.mmd', 'post.md', '--json'], dir);
  assert.is(run.exitCode, 1);
  assert.equal(JSON.parse(run.stdout), [
    {
      file: 'shop.mmd',
      ok: true,
      diagram: {
        kind: 'erDiagram',
        entities: [
          { name: 'CUSTOMER', attributes: [] },
          { name: 'ORDER', attributes: [{ type: 'string', name: 'number', keys: ['UK'] }] },
        ],
        relationships: [{ from: 'CUSTOMER', to: 'ORDER', fromCardinality: 'exactlyOne', toCardinality: 'zeroOrMore', identifying: true, label: 'places' }],
      },
      errors: [],
    },
    {
      file: 'broken.mmd',
      ok: false,
      errors: [
        { message: 'expected a cardinality like `||--o{` after `CUSTOMER`, found `--`', line: 2, column: 12, endColumn: 13 },
        { message: 'expected an attribute type or name after `string`, found `}`', line: 5, column: 3, endColumn: 3 },
      ],
    },
    {
      file: 'post.md',
      ok: true,
      diagram: {
        kind: 'classDiagram',
        classes: [
          {
            name: 'Post',
            annotations: [],
            members: [
              { kind: 'attribute', visibility: '+', text: 'String title' },
              { kind: 'method', visibility: '+', name: 'publish', parameters: '', returnType: 'void' },
            ],
          },
        ],
        relations: [],
      },
      errors: [],
    },
  ]);
});

test('parse without --json: a line per diagram, code frames for errors', async () => {
  const dir = folderWith({ 'shop.mmd': SHOP, 'broken.mmd': BROKEN });
  const run = await runCli(['parse', 'shop.mmd', 'broken.mmd'], dir);
  assert.is(run.exitCode, 1);
  assert.is(run.stdout, 'shop.mmd: erDiagram, 2 entities, 1 relationship.\n');
  assert.match(run.stderr, 'error[invalid_syntax] broken.mmd:2:12: expected a cardinality like `||--o{` after `CUSTOMER`, found `--`\n      CUSTOMER --o{ ORDER : places\n               ^^');
  assert.is((await runCli(['parse'], dir)).exitCode, 2);
});

test('parse: another kind of diagram is an error at its first word, a Markdown file without a mermaid fence says so', async () => {
  const dir = folderWith({ 'flow.mmd': '%% a flowchart\n\n  flowchart LR\n  A --> B\n', 'empty.md': '# Nothing drawn here\n' });
  const run = await runCli(['parse', 'flow.mmd', 'empty.md', '--json'], dir);
  assert.is(run.exitCode, 1);
  assert.equal(JSON.parse(run.stdout), [
    { file: 'flow.mmd', ok: false, errors: [{ message: 'expected a Mermaid `erDiagram` or `classDiagram`, found `flowchart`', line: 3, column: 3, endColumn: 11 }] },
    { file: 'empty.md', ok: false, errors: [{ message: 'this Markdown file has no ```mermaid fence: fullapi reads the diagram from the first one', line: 1, column: 1 }] },
  ]);
});

test('make --mermaid with a Markdown file that has no mermaid fence says so; a bare diagram in a .md file still reads', async () => {
  const project = copyExampleProject('laravel-12');
  writeFileSync(join(project, 'notes.md'), '# Data model\n\nTo be drawn.\n');
  writeFileSync(join(project, 'bare.md'), SHOP);
  const run = await runCli(['make', '--mermaid', 'notes.md'], project);
  assert.is(run.exitCode, 1);
  assert.match(run.stderr, 'error[invalid_syntax] notes.md:1:1: this Markdown file has no ```mermaid fence: fullapi reads the diagram from the first one');
  assert.not.match(run.stderr, 'found `#`');
  assert.is((await runCli(['validate', 'bare.md'], project)).stdout, 'bare.md is valid: 2 entities.\n');
});

test('two classes extending each other: one relation_cycle, not one per class', async () => {
  const run = await runCli(['validate', 'cycle.mmd', '--json'], folderWith({ 'cycle.mmd': 'classDiagram\n  A <|-- B\n  B <|-- A\n' }));
  assert.is(run.exitCode, 1);
  assert.equal((JSON.parse(run.stdout) as { errors: unknown[] }).errors, [
    { code: 'relation_cycle', message: 'A -> B -> A: these entities extend each other', source: { file: 'cycle.mmd', line: 2, column: 3 } },
  ]);
});

test('"../x" as an erDiagram entity is the invalid_entity_name that make ../x is, at the name, and nothing is written', async () => {
  const project = copyExampleProject('laravel-12');
  writeFileSync(join(project, 'model.mmd'), 'erDiagram\n  "../x" {\n    string title\n  }\n');
  const before = readTree(project);
  const fromDiagram = JSON.parse((await runCli(['make', '--mermaid=model.mmd', '--json'], project)).stdout) as { errors: { code: string; source: unknown }[] };
  const fromCommandLine = JSON.parse((await runCli(['make', '../x', '--fields=title:string', '--json'], project)).stdout) as { errors: { code: string }[] };
  assert.equal(fromDiagram.errors.map((e) => [e.code, e.source]), [['invalid_entity_name', { file: 'model.mmd', line: 2, column: 3 }]]);
  assert.equal(fromCommandLine.errors.map((e) => e.code), ['invalid_entity_name']);
  assert.equal(readTree(project), before);
});

test('validate takes several files, schema files and diagrams alike, and reports every error of all of them', async () => {
  const dir = folderWith({ 'shop.mmd': SHOP, 'broken.mmd': BROKEN, 'api-schema.yaml': 'entities:\n  Post:\n    fields:\n      title: strng\n' });
  const run = await runCli(['validate', 'shop.mmd', 'broken.mmd', 'api-schema.yaml'], dir);
  assert.is(run.exitCode, 1);
  assert.is(run.stdout, 'shop.mmd is valid: 2 entities.\n');
  assert.match(run.stderr, 'error[unknown_field_type] api-schema.yaml:4:14');
  assert.match(run.stderr, 'error[invalid_syntax] broken.mmd:2:12');
  assert.match(run.stderr, 'error[invalid_syntax] broken.mmd:5:3');
  const github = await runCli(['validate', 'shop.mmd', 'post.mmd', '--format', 'github'], folderWith({ 'shop.mmd': SHOP, 'post.mmd': CLASSES }));
  assert.is(github.exitCode, 0);
  assert.is(
    github.stdout,
    '::warning file=post.mmd,line=4,col=5,endColumn=20,title=diagram_element_ignored::method publish() of Post ignored: methods are not generated\n' +
      '::warning file=shop.mmd,line=2,col=27,endColumn=33,title=diagram_element_ignored::the label "places" names no relation: a relationship is named after the entities it joins (Customer::orders())\n',
  );
});

test('diagram --from prints the schema as an erDiagram that validates as the same entities, and warns of what it leaves out', async () => {
  const schema = [
    'entities:',
    '  Category:',
    '    fields:',
    '      name: string unique',
    '    relations:',
    '      posts: hasMany Post',
    '  Post:',
    '    soft_deletes: true',
    '    fields:',
    '      title: string',
    "      status: enum(draft,published) default=draft",
    "      views: { type: integer, default: 0, rules: 'min:0' }",
    '    relations:',
    '      comments: morphMany Comment',
    '  Comment:',
    '    fields:',
    '      body: text nullable',
    '',
  ].join('\n');
  const dir = folderWith({ 'api-schema.yaml': schema });
  const run = await runCli(['diagram', '--from', 'api-schema.yaml'], dir);
  assert.is(run.exitCode, 0, run.stderr);
  assert.is(
    run.stdout,
    [
      'erDiagram',
      '    Category {',
      '        string name UK',
      '    }',
      '    Post {',
      '        string title',
      '        enum~draft,published~ status "default=draft"',
      '        integer views "default=0"',
      '        timestamp deleted_at',
      '    }',
      '    Comment {',
      '        text body "nullable"',
      '    }',
      '    Category ||--o{ Post : posts',
      '',
    ].join('\n'),
  );
  assert.match(run.stderr, 'warning[not_expressible_in_diagram] api-schema.yaml:12:7: the rules of Post.views (min:0) are left out');
  assert.match(run.stderr, 'warning[not_expressible_in_diagram] api-schema.yaml:14:7: Post.comments (morphMany) is left out');
  writeFileSync(join(dir, 'blog.mmd'), run.stdout);
  const back = await runCli(['validate', 'blog.mmd'], dir);
  assert.is(back.stdout, 'blog.mmd is valid: 3 entities.\n', back.stderr);
  assert.is((await runCli(['diagram'], dir)).exitCode, 2);
});

test('make --mermaid: a diagram with an error writes nothing; --schema takes a diagram by its extension', async () => {
  const project = copyExampleProject('laravel-12');
  writeFileSync(join(project, 'broken.mmd'), BROKEN);
  writeFileSync(join(project, 'shop.mmd'), SHOP);
  const before = readTree(project);
  const failed = await runCli(['make', '--mermaid=broken.mmd'], project);
  assert.is(failed.exitCode, 1);
  assert.match(failed.stderr, 'Nothing was written.');
  assert.equal(readTree(project), before);
  const refused = await runCli(['make', 'Post', '--mermaid=shop.mmd'], project);
  assert.is(refused.exitCode, 1);
  assert.match(refused.stderr, '--mermaid reads entities from a file');
  const made = JSON.parse((await runCli(['make', '--schema=shop.mmd', '--json'], project)).stdout) as { ok: boolean; files: { path: string }[] };
  assert.ok(made.ok);
  assert.ok(made.files.some((file) => file.path === 'app/Models/Customer.php'));
  const missing = await runCli(['make', '--mermaid=nowhere.mmd', '--json'], project);
  assert.equal((JSON.parse(missing.stdout) as { errors: unknown[] }).errors[0], {
    code: 'unreadable_schema_file',
    message: `cannot read nowhere.mmd: ENOENT: no such file or directory, open '${join(project, 'nowhere.mmd')}'`,
    source: { flag: '--mermaid' },
  });
});

test.run();
