import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { repoRoot } from '../support/repo-root.js';

/**
 * The folders of src/ are the pipeline's layers (ARCHITECTURE.md): a layer imports only the layers below it, the
 * folders of one layer never import each other, and no module reaches itself through its imports. Imports are
 * read from the sources: static, type-only and dynamic alike, since a lazy import is still a dependency.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['ir'],
  ['diagnostics'],
  ['php', 'text', 'plan', 'grammar'],
  ['passes'],
  ['frontends', 'project', 'emit'],
  ['pipeline'],
  ['cli', 'mcp', 'lsp'],
];

/** `fullapi mcp` and `fullapi lsp` are the command line starting the MCP face and the language server: the only imports between faces. */
const FACE_LAUNCHES: readonly string[] = ['src/cli/commands/mcp-command.ts -> src/mcp/server.ts', 'src/cli/commands/lsp-command.ts -> src/lsp/server.ts'];

const root = repoRoot();

function layerOf(folder: string): number {
  const index = LAYERS.findIndex((layer) => layer.includes(folder));
  if (index === -1) throw new Error(`src/${folder} belongs to no layer: add it to LAYERS and to ARCHITECTURE.md's picture`);
  return index;
}

/** `src/emit/...` is in `emit`; `grammar/...`, outside src/, is a library of its own. */
function folderOf(path: string): string {
  const parts = path.split('/');
  return (parts[0] === 'src' ? parts[1] : parts[0]) ?? path;
}

const SPECIFIERS = [/\bfrom\s+(['"])(\.[^'"]+)\1/g, /\bimport\s*\(\s*(['"])(\.[^'"]+)\1/g, /^\s*import\s+(['"])(\.[^'"]+)\1/gm];

function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const targets = SPECIFIERS.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[2] ?? ''));
  return [...new Set(targets)].map((specifier) => relative(root, resolve(dirname(join(root, file)), specifier)).replace(/\.js$/, '.ts'));
}

function sourceFiles(): string[] {
  return readdirSync(join(root, 'src'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
}

const graph = new Map(sourceFiles().map((file) => [file, importsOf(file).filter((target) => !target.endsWith('.json'))]));

test('every import goes down the layers, or stays in its folder', () => {
  const wrong: string[] = [];
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    for (const target of targets) {
      const to = folderOf(target);
      if (to === from || layerOf(to) < layerOf(from) || FACE_LAUNCHES.includes(`${file} -> ${target}`)) continue;
      wrong.push(`${file} -> ${target}`);
    }
  }
  assert.equal(wrong, []);
});

test('no module reaches itself through its imports', () => {
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (file: string, path: string[]): void => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open') {
      cycles.push([...path.slice(path.indexOf(file)), file].join(' -> '));
      return;
    }
    state.set(file, 'open');
    for (const target of graph.get(file) ?? []) if (graph.has(target)) visit(target, [...path, file]);
    state.set(file, 'done');
  };
  for (const file of graph.keys()) visit(file, []);
  assert.equal(cycles, []);
});

test('the rule reads the imports it checks', () => {
  // A guard against a reader that silently finds nothing: the CLI's entry imports main.ts; the command table, lazily, the commands.
  assert.ok(graph.get('src/cli/bin.ts')?.includes('src/cli/main.ts'));
  assert.ok(graph.get('src/cli/command-table.ts')?.includes('src/cli/commands/make-command.ts'));
  assert.ok(graph.size > 200);
});

test.run();
