import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { modulesLoadedBy } from '../support/loaded-modules.js';
import { copyExampleProject } from '../support/project-tree.js';

/**
 * Each parser fullapi bundles costs more to load than a small run costs to do, so a command loads only those
 * its input needs: the built command, run as users run it, is watched for what it loads. Each parser is told
 * by a name that only its code has.
 */
const PARSERS = {
  chevrotain: 'createTokenInstance',
  yaml: 'YAMLParseError',
  'php-parser': 'read_top_statement',
} as const;

type Parser = keyof typeof PARSERS;

function parsersLoadedBy(args: readonly string[], cwd: string): Parser[] {
  const texts = [...modulesLoadedBy(args, cwd).values()];
  return (Object.keys(PARSERS) as Parser[]).filter((parser) => texts.some((text) => text.includes(PARSERS[parser])));
}

const SCHEMA = 'entities:\n  Post:\n    fields:\n      title: string\n';
const DIAGRAM = 'erDiagram\n  Post {\n    string title\n  }\n';

test('--help and --version load no parser', () => {
  const project = copyExampleProject('laravel-12');
  try {
    assert.equal(parsersLoadedBy(['--help'], project), []);
    assert.equal(parsersLoadedBy(['--version'], project), []);
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});

test('validate loads the parser of the kind of file it reads, and no other', () => {
  const project = copyExampleProject('laravel-12');
  try {
    writeFileSync(join(project, 'api-schema.yaml'), SCHEMA);
    writeFileSync(join(project, 'model.mmd'), DIAGRAM);
    assert.equal(parsersLoadedBy(['validate', 'api-schema.yaml'], project), ['yaml']);
    assert.equal(parsersLoadedBy(['validate', 'model.mmd'], project), ['chevrotain']);
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});

test('make from a schema file needs no diagram grammar, from a diagram no YAML, from --fields neither', () => {
  for (const [args, file, expected] of [
    [['make'], { name: 'api-schema.yaml', text: SCHEMA }, ['yaml', 'php-parser']],
    [['make', '--mermaid', 'model.mmd'], { name: 'model.mmd', text: DIAGRAM }, ['chevrotain', 'php-parser']],
    [['make', 'Post', '--fields=title:string'], undefined, ['php-parser']],
  ] as const) {
    const project = copyExampleProject('laravel-12');
    try {
      if (file !== undefined) writeFileSync(join(project, file.name), file.text);
      assert.equal(parsersLoadedBy(args, project), [...expected], args.join(' '));
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  }
});

test('make <Entity> regenerated from class_data.json, with --fields or without, loads neither YAML nor a diagram grammar', () => {
  const record = `${JSON.stringify([{ name: 'Post', attributes: [{ name: 'title', _type: 'string' }] }])}\n`;
  for (const args of [
    ['make', 'Post', '--soft-deletes'],
    ['make', 'Post', '--fields=title:string,body:text'],
  ]) {
    const project = copyExampleProject('laravel-12');
    try {
      writeFileSync(join(project, 'class_data.json'), record);
      assert.equal(parsersLoadedBy(args, project), ['php-parser'], args.join(' '));
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  }
});

test('delete reads class_data.json without YAML or a diagram grammar', () => {
  const project = copyExampleProject('laravel-12');
  try {
    writeFileSync(join(project, 'class_data.json'), '[{"name": "Post", "attributes": [{"name": "title", "_type": "string"}]}]');
    assert.equal(parsersLoadedBy(['delete', '--dry-run'], project), ['php-parser']);
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});

test('clean-routes loads the PHP parser and no schema or diagram grammar', () => {
  const project = copyExampleProject('laravel-12');
  try {
    assert.equal(parsersLoadedBy(['clean-routes', '--dry-run'], project), ['php-parser']);
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});

test.run();
