import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyExampleProject, readTree, runCli } from '../support/project-tree.js';

const SCHEMA = `entities:
  Country:
    fields:
      code: string primary
      name: string
  Category:
    fields:
      name: string unique
    relations:
      posts: { kind: hasMany, target: Post, on_delete: cascade }
  Post:
    soft_deletes: true
    fields:
      title: string
    relations:
      country: belongsTo Country nullable
      tags: belongsToMany Tag
  Tag:
    fields:
      name: string
`;

test('class_data.json records enough to regenerate a schema without morphs (delete rules included), byte for byte', async () => {
  const project = copyExampleProject('laravel-12');
  writeFileSync(join(project, 'api-schema.yaml'), SCHEMA);
  assert.is((await runCli(['make'], project)).exitCode, 0);
  rmSync(join(project, 'api-schema.yaml'));
  const generated = readTree(project);

  const again = await runCli(['make', '--json'], project);
  const report = JSON.parse(again.stdout) as { ok: boolean; files: { path: string; action: string }[] };
  assert.ok(report.ok, again.stdout);
  assert.equal(report.files.filter((file) => file.action !== 'unchanged'), []);
  assert.equal(readTree(project), generated);
  assert.ok(String(generated.get('class_data.json')).includes('"on_delete": "cascade"'));
});

test('a diagram with inheritance is recorded with its parents, and regenerates from the record byte for byte', async () => {
  const project = copyExampleProject('laravel-12');
  const diagram = ['classDiagram', '  class Product {', '    +String name', '  }', '  class Book {', '    +int pages', '  }', '  Product <|-- Book', '  Book "1" --> "*" Review', '  class Review {', '    +text body', '  }'];
  writeFileSync(join(project, 'shop.mmd'), diagram.join('\n'));
  assert.is((await runCli(['make', '--mermaid=shop.mmd'], project)).exitCode, 0);
  const recorded = JSON.parse(readTree(project).get('class_data.json') ?? '[]') as { name: string; parent?: string }[];
  assert.equal(recorded.map((entry) => [entry.name, entry.parent]), [['Product', undefined], ['Book', 'Product'], ['Review', undefined]]);
  rmSync(join(project, 'shop.mmd'));
  const generated = readTree(project);
  const again = JSON.parse((await runCli(['make', '--json'], project)).stdout) as { ok: boolean; files: { path: string; action: string }[] };
  assert.ok(again.ok);
  assert.equal(again.files.filter((file) => file.action !== 'unchanged'), []);
  assert.equal(readTree(project), generated);
});

test('an entity regenerated from --fields keeps its recorded relations, in the record and in its code, and generates no other entity', async () => {
  const project = copyExampleProject('laravel-12');
  const recorded = [
    { name: 'Author', attributes: [{ name: 'name', _type: 'string' }] },
    { name: 'Post', attributes: [{ name: 'title', _type: 'string' }], manyToOneRelationships: [{ role: 'author', comodel: 'Author' }] },
  ];
  writeFileSync(join(project, 'class_data.json'), JSON.stringify(recorded));
  assert.is((await runCli(['make', 'Post', '--fields=title:string,body:text'], project)).exitCode, 0);
  const tree = readTree(project);
  const entry = (JSON.parse(tree.get('class_data.json') ?? '[]') as Record<string, unknown>[])[1];
  assert.equal(entry?.['manyToOneRelationships'], [{ role: 'author', comodel: 'Author' }]);
  assert.equal(entry?.['attributes'], [
    { name: 'title', _type: 'string' },
    { name: 'body', _type: 'text' },
  ]);
  assert.match(tree.get('app/Models/Post.php') ?? '', 'public function author(): BelongsTo');
  assert.ok([...tree.keys()].some((path) => path.endsWith('_create_posts_table.php')));
  assert.not.ok([...tree.keys()].some((path) => path.includes('Author')), 'Author is there for the relation, not generated');
});

test.run();
