import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SYNTAX_DIAGRAMS_DIR, syntaxDiagramPages } from '../../../grammar/syntax-diagrams.js';
import { repoRoot } from '../../support/repo-root.js';

test('the railroad diagrams in docs/grammar/ are those of the grammars (npm run grammar:diagrams)', () => {
  for (const page of syntaxDiagramPages()) {
    const path = join(repoRoot(), SYNTAX_DIAGRAMS_DIR, page.file);
    assert.ok(existsSync(path), `${path} is missing`);
    assert.ok(readFileSync(path, 'utf8') === page.html, `${SYNTAX_DIAGRAMS_DIR}/${page.file} is stale: run npm run grammar:diagrams`);
  }
});

test('every rule of each grammar is drawn', () => {
  for (const page of syntaxDiagramPages()) {
    const rules = [...page.html.matchAll(/"type": "Rule",\s*"name": "(\w+)"/g)].map((match) => match[1]);
    assert.ok(rules.includes('diagram'), `${page.file} draws ${rules.join(', ')}`);
    assert.ok(rules.length >= 5, `${page.file} draws only ${rules.length} rules`);
  }
});

test.run();
