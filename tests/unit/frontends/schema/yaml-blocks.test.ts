import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readYaml } from '../../../../src/frontends/schema/read-yaml.js';
import { readYamlBlock, readYamlInBlocks, type YamlBlock } from '../../../../src/frontends/schema/yaml-blocks.js';
import { locator } from '../../../../src/text/positions.js';
import { sampleProject } from '../../../../bench/sample-project.js';
import { repoRoot } from '../../../support/repo-root.js';

/** Reads in blocks with a memory of its own, counting the blocks it had to read. */
function blockReader(): { reads: (text: string) => YamlBlock; read: string[] } {
  const kept = new Map<string, YamlBlock>();
  const read: string[] = [];
  return {
    read,
    reads: (text) => {
      let block = kept.get(text);
      if (block === undefined) {
        read.push(text);
        kept.set(text, (block = readYamlBlock(text)));
      }
      return block;
    },
  };
}

/** What reading in blocks gives, which must be readYaml's tree for the whole text, or nothing. */
function sameAsWhole(text: string, reads: (text: string) => YamlBlock = readYamlBlock): boolean {
  const locate = locator('api-schema.yaml', text);
  const inBlocks = readYamlInBlocks(text, locate, reads);
  if (inBlocks === undefined) return false;
  const whole = readYaml(text, locate);
  assert.equal(whole.diagnostics, [], `read in blocks, though the whole text has problems:\n${text}`);
  assert.equal(inBlocks.root, whole.root, `the trees differ for:\n${text}`);
  return true;
}

const FIXTURES = [
  'examples/api-schema.yaml',
  ...['pest', 'auth', 'simple-pagination', 'legacy-tables', 'owners', 'legacy-tables-13', 'published-3x-stubs', 'schema-blog', 'php-generator-stubs', 'json-api', 'existing-user-13', 'field-choices'].map(
    (name) => `tests/fixtures/${name}/project/api-schema.yaml`,
  ),
];

test('the schema files of the examples and fixtures read in blocks as they read whole', () => {
  for (const path of FIXTURES) assert.ok(sameAsWhole(readFileSync(join(repoRoot(), path), 'utf8')), `${path} was not read in blocks`);
});

test("a save of one entity of fifty reads that entity's text again, and no other", () => {
  const sample = sampleProject(50);
  const reader = blockReader();
  assert.ok(sameAsWhole(sample.apiSchemaYaml.text(), reader.reads));
  // The last entity is read with the rest of the file, which is read again on every save.
  assert.is(reader.read.length, 49);
  const leaf = sample.leafEntities.find((name) => name !== sample.entityNames.at(-1)) ?? '';
  assert.ok(sameAsWhole(sample.apiSchemaYaml.text(new Map([[leaf, 2]])), reader.reads));
  assert.is(reader.read.length, 50);
  assert.match(reader.read[49] ?? '', new RegExp(`^  ${leaf}:\\n`));
});

test('a file a block could mean something else in is read whole', () => {
  const refused = [
    ['anchors', 'entities:\n  Post:\n    fields: &f\n      title: string\n  Tag:\n    fields: *f\n'],
    ['a document marker', '---\nentities:\n  Post:\n    fields:\n      title: string\n'],
    ['tabs', 'entities:\n  Post:\n    fields:\n\t  title: string\n'],
    ['carriage returns', 'entities:\r\n  Post:\r\n    fields:\r\n      title: string\r\n'],
    ['entities in flow style', 'entities: { Post: { fields: { title: string } } }\n'],
    ['a line less indented than the first entity', 'entities:\n    Post:\n      fields:\n        title: string\n  Tag:\n      fields:\n        name: string\n'],
    ['a broken entity', 'entities:\n  Post:\n    fields:\n      title: [string\n  Tag:\n    fields:\n      name: string\n'],
    ['no entities', 'options:\n  soft_deletes: true\n'],
    ['entities twice', 'entities:\n  Post:\n    fields:\n      title: string\nentities:\n  Tag:\n    fields:\n      name: string\n'],
  ];
  for (const [what, text = ''] of refused) assert.not.ok(readYamlInBlocks(text, locator('api-schema.yaml', text), readYamlBlock), what);
});

/** Lines of an entity's block: fields of every spelling YAML allows, comments, blank lines, multi-line values. */
const fieldLine = fc.constantFrom(
  '      title: string',
  "      'quoted': string nullable",
  '      "double": integer',
  '      tags: { type: json, nullable: true }',
  '      body: >\n        folded text\n        on two lines',
  '      note: |\n        kept\n\n        lines',
  '      plain: a value\n        that goes on',
  '      flow: [a,\n        b]',
  '      # a comment',
  '',
  '    # a comment at the fields level',
  '  # a comment at the entities level',
  '# a comment at the root',
  '      odd: "quoted\n  across lines"',
  '  stray line',
  '      empty:',
);
const entityBlock = fc.record({ name: fc.constantFrom('Post', 'Tag', 'Comment', "'Quoted'", 'Post'), trailing: fc.constantFrom('', ' # note', ' {}'), lines: fc.array(fieldLine, { maxLength: 5 }) }).map(
  ({ name, trailing, lines }) => [`  ${name}:${trailing === ' {}' ? '' : trailing}`, ...(trailing === ' {}' ? [] : ['    fields:', ...lines])].join('\n'),
);
const section = fc.constantFrom('options:\n  soft_deletes: true', 'options:', '# only a comment', 'version: 1');
const schemaText = fc.record({ before: fc.array(section, { maxLength: 2 }), comment: fc.constantFrom('', ' # the entities', '  '), entities: fc.array(entityBlock, { minLength: 1, maxLength: 5 }), after: fc.array(section, { maxLength: 2 }), end: fc.constantFrom('\n', '', '\n\n', '\n# end\n') }).map(
  ({ before, comment, entities, after, end }) => [...before, `entities:${comment}`, ...entities, ...after].join('\n') + end,
);

test('random schema files: read in blocks, the tree is the whole text\'s, or the whole text is read', () => {
  let inBlocks = 0;
  fc.assert(
    fc.property(schemaText, (text) => {
      if (sameAsWhole(text)) inBlocks++;
    }),
    { numRuns: 2000 },
  );
  // Many of these files are plain enough to be read in blocks: the comparison above is not vacuous.
  assert.ok(inBlocks > 500, `${inBlocks} of 2000 read in blocks`);
});

test.run();
