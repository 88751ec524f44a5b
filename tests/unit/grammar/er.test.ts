import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseErDiagram } from '../../../grammar/er/index.js';
import { repoRoot } from '../../support/repo-root.js';

/** The body of every fenced mermaid block holding an erDiagram, fence length respected (docs nest fences). */
function erBlocks(markdown: string): string[] {
  const blocks = [...markdown.matchAll(/^(`{3,})mermaid(?:-example)?\n([\s\S]*?)^\1$/gm)].map((match) => match[2] ?? '');
  return blocks.filter((block) => block.includes('erDiagram'));
}

const parse = (text: string) => parseErDiagram(text);

test('every erDiagram example of the Mermaid documentation parses with no error', () => {
  const docs = readFileSync(join(repoRoot(), 'tests/unit/grammar/fixtures/er-docs.md'), 'utf8');
  const blocks = erBlocks(docs);
  assert.ok(blocks.length >= 16, `only ${blocks.length} examples found`);
  for (const block of blocks) {
    const result = parse(block);
    assert.equal(result.errors, [], block);
    assert.ok(result.diagram, block);
  }
});

test('symbolic cardinalities: fromCardinality is the marker next to the first entity', () => {
  const result = parse('erDiagram\n  CUSTOMER ||--o{ ORDER : places\n  ORDER }|..|o "LINE ITEM" : "is in"\n  A}o--|{B:x');
  assert.equal(result.diagram, {
    kind: 'erDiagram',
    entities: [
      { name: 'CUSTOMER', attributes: [] },
      { name: 'ORDER', attributes: [] },
      { name: 'LINE ITEM', attributes: [] },
      { name: 'A', attributes: [] },
      { name: 'B', attributes: [] },
    ],
    relationships: [
      { from: 'CUSTOMER', to: 'ORDER', fromCardinality: 'exactlyOne', toCardinality: 'zeroOrMore', identifying: true, label: 'places' },
      { from: 'ORDER', to: 'LINE ITEM', fromCardinality: 'oneOrMore', toCardinality: 'zeroOrOne', identifying: false, label: 'is in' },
      { from: 'A', to: 'B', fromCardinality: 'zeroOrMore', toCardinality: 'oneOrMore', identifying: true, label: 'x' },
    ],
  });
});

test('word cardinalities and lines, case-insensitive', () => {
  const lines = [
    'erDiagram',
    'A one or zero to ZERO OR ONE B : r1',
    'A one or more optionally to one or many B : r2',
    'A many(1) to 1+ B : r3',
    'A zero or more to zero or many B : r4',
    'A many(0) to 0+ B : r5',
    'A many to only one B : r6',
    'A 1--1 B : r7',
  ];
  const relationships = parse(lines.join('\n')).diagram?.relationships.map((r) => [r.fromCardinality, r.toCardinality, r.identifying]);
  assert.equal(relationships, [
    ['zeroOrOne', 'zeroOrOne', true],
    ['oneOrMore', 'oneOrMore', false],
    ['oneOrMore', 'oneOrMore', true],
    ['zeroOrMore', 'zeroOrMore', true],
    ['zeroOrMore', 'zeroOrMore', true],
    ['zeroOrMore', 'exactlyOne', true],
    ['exactlyOne', 'exactlyOne', true],
  ]);
});

test('aliases, quoted names, keys, comments, generics and merged blocks', () => {
  const text = [
    'erDiagram',
    '  p[Person] { string name }',
    '  "Customer Account"["Account of a customer"] {',
    '    uuid id PK "the key"',
    '    Map~string, int~ prefs',
    '    string[] tags',
    '    varchar(255) email UK,fk',
    '    int *owner PK, FK ""',
    '  }',
    '  p { int age }',
    '  p ||--o| "Customer Account" : has',
  ].join('\n');
  assert.equal(parse(text).diagram?.entities, [
    { name: 'p', alias: 'Person', attributes: [{ type: 'string', name: 'name', keys: [] }, { type: 'int', name: 'age', keys: [] }] },
    {
      name: 'Customer Account',
      alias: 'Account of a customer',
      attributes: [
        { type: 'uuid', name: 'id', keys: ['PK'], comment: 'the key' },
        { type: 'Map~string, int~', name: 'prefs', keys: [] },
        { type: 'string[]', name: 'tags', keys: [] },
        { type: 'varchar(255)', name: 'email', keys: ['UK', 'FK'] },
        { type: 'int', name: '*owner', keys: ['PK', 'FK'], comment: '' },
      ],
    },
  ]);
});

test('statements without a view: direction, styles, classes, accessibility', () => {
  const text = [
    'erDiagram',
    '  direction LR',
    '  accTitle: Shop',
    '  accDescr: The shop schema',
    '  accDescr {',
    '    several lines',
    '  }',
    '  style A fill:#f9f,stroke:#333',
    '  classDef hot,cold fill:#f96;',
    '  class A,B hot',
    '  A:::hot ||--|| B:::cold,hot : owns',
    '  ONE_TIME CLASSROOM',
  ].join('\n');
  const result = parse(text);
  assert.equal(result.errors, []);
  assert.equal(result.diagram?.entities.map((entity) => entity.name), ['A', 'B', 'ONE_TIME', 'CLASSROOM']);
});

test('fences, front matter and %% lines are stripped with line numbers kept', () => {
  const text = ['# Shop', '', '```mermaid', '---', 'title: Shop', '---', '%% a comment', 'erDiagram', '  A ||--o{ : x', '```'].join('\n');
  assert.equal(parse(text).errors, [
    { message: 'expected a name or a quoted text after `o{`, found `:`', line: 9, column: 12, endColumn: 12 },
  ]);
});

test('every syntax error is reported in one run, with its position', () => {
  const text = [
    'erDiagram',
    '  USER --o{ POST : writes',
    '  POST ||--o{ COMMENT',
    '  TAG }|--|{ POST : tags',
    '  p[Person] ||--o{ POST : x',
    '  POST { string }',
    '  A ; B',
  ].join('\n');
  assert.equal(parse(text), {
    errors: [
      { message: 'expected a cardinality like `||--o{` after `USER`, found `--`', line: 2, column: 8, endColumn: 9 },
      { message: 'expected a label like `: places` after `COMMENT`', line: 3, column: 22 },
      { message: 'an alias `[...]` is only allowed on an entity declaration, not in a relationship', line: 5, column: 4, endColumn: 11 },
      { message: 'expected an attribute type or name after `string`, found `}`', line: 6, column: 17, endColumn: 17 },
      { message: 'unexpected character `;`', line: 7, column: 5, endColumn: 5 },
    ],
  });
});

test('non-ASCII entity names and a plain hint for keys without a comma', () => {
  assert.equal(parse('erDiagram\n École ||--o{ Ünï-x : a').diagram?.entities.map((entity) => entity.name), ['École', 'Ünï-x']);
  assert.equal(parse('erDiagram\n A { int x PK FK }').errors, [
    { message: 'separate keys with a comma, like `PK, FK`', line: 2, column: 15, endColumn: 16 },
  ]);
});

test('reserved words are not entity names, as in Mermaid', () => {
  assert.ok(parse('erDiagram\n  ONE').errors.length > 0);
  assert.ok(parse('erDiagram\n  TO-DO').errors.length > 0);
});

test('a diagram must start with erDiagram', () => {
  assert.equal(parse('classDiagram\n').errors[0]?.message, 'a diagram must start with `erDiagram`, found `classDiagram`');
});

test.run();
