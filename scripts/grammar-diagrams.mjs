// `npm run grammar:diagrams`: writes the railroad diagrams of the Mermaid grammars to docs/grammar/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SYNTAX_DIAGRAMS_DIR, syntaxDiagramPages } from '../dist/grammar/syntax-diagrams.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = join(root, SYNTAX_DIAGRAMS_DIR);
mkdirSync(dir, { recursive: true });
for (const page of syntaxDiagramPages()) {
  writeFileSync(join(dir, page.file), page.html);
  console.log(`wrote ${SYNTAX_DIAGRAMS_DIR}/${page.file}`);
}
