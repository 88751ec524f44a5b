import { ARTIFACT_TABLE, type StubName } from '../../../src/emit/artifact-table.js';
import type { ValueKind } from '../../../src/emit/laravel/values/stub-values/declare.js';
import { stubValueReference, type StubValueReference } from '../../../src/emit/laravel/values/stub-values/registry.js';
import { PUBLISHED_STUBS_DIR } from '../../../src/project/read/stubs.js';
import { cell, page, prose, table, vPre } from './markdown.js';

const KIND_WORDS: Record<ValueKind, string> = {
  text: 'text in a line',
  block: 'block, alone on its line',
  flag: 'flag, in an EJS condition',
  list: 'list, in an EJS loop',
};

/** A value as a stub spells it: a placeholder for text and blocks, an EJS local for flags and lists. */
function spelling(name: string, kind: ValueKind): string {
  return kind === 'text' || kind === 'block' ? `\`{{${name}}}\`` : `\`${name}\``;
}

function artifactOf(stub: StubName): string {
  const [kind, row] = Object.entries(ARTIFACT_TABLE).find(([, candidate]) => (candidate.stubs as readonly string[]).includes(stub)) ?? [];
  if (kind === undefined || row === undefined) return '';
  return row.artifact === null ? `Part of the ${kind} files.` : `Part of the ${kind} files (\`--only ${row.artifact}\`).`;
}

function valueRow(value: StubValueReference['values'][number]): string[] {
  const notes = [...(value.partial === undefined ? [] : [`Rendered from \`${value.partial}.stub\`.`]), ...(value.legacy === true ? ['Placed only by stubs published by the PHP generator 3.x.'] : [])];
  return [spelling(value.name, value.kind), KIND_WORDS[value.kind], cell([value.description, ...notes].join(' '))];
}

function stubSection(reference: StubValueReference): string[] {
  const values = reference.values.length === 0 ? ['It receives no values.'] : table(['Value', 'Used as', 'What it holds'], reference.values.map(valueRow));
  return [`## \`${reference.stub}.stub\``, '', ...vPre([prose(reference.description), '', artifactOf(reference.stub), '', ...values]), ''];
}

/** docs/reference/stubs.md: every stub fullapi renders, with the values it receives (stub-values/registry.ts). */
export function stubsPage(): string {
  const intro = [
    'fullapi writes its PHP from the stub files below, which ship in the package\'s `stubs/` folder.',
    `\`fullapi publish stubs\` copies them into the project's \`${PUBLISHED_STUBS_DIR}/\`, where an edited copy replaces the built-in stub;`,
    '`fullapi validate-stubs` checks the published copies against the values listed here.',
    'A stub is an [EJS](https://ejs.co) template: `{{name}}` places a text value (the same as `<%- name %>`), and a placeholder alone on its line places a block, each of its lines indented like the placeholder and the line dropped when the block is empty.',
    'Flags and lists are EJS locals, read in `<% if %>` and `<% for %>` tags.',
  ].join(' ');
  return page('Stubs', vPre([intro]).join('\n'), stubValueReference().flatMap(stubSection));
}
