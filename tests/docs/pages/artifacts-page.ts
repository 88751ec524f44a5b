import { ARTIFACT_TABLE } from '../../../src/emit/artifact-table.js';
import { cell, GENERATED } from './markdown.js';

const INTRO = [
  'Each kind of file fullapi writes: per entity, or once for a whole run.',
  '`make --only Model,Migration` rewrites only the kinds with those names in the `--only` column; the Stubs column names the templates each kind is rendered from ([Stubs](./stubs)).',
].join(' ');

/** docs/reference/artifacts.md: what fullapi writes, from src/emit/artifact-table.ts. */
export function artifactsPage(): string {
  const lines = ['# What fullapi writes', '', GENERATED, '', INTRO, '', '| Kind | `--only` | Written | Stubs | What it is |', '|---|---|---|---|---|'];
  for (const [kind, row] of Object.entries(ARTIFACT_TABLE)) {
    const stubs = row.stubs.map((stub) => `\`${stub}.stub\``).join(', ');
    lines.push(`| ${kind} | ${row.artifact === null ? 'none' : `\`${row.artifact}\``} | ${row.scope === 'entity' ? 'per entity' : 'once per run'} | ${stubs} | ${cell(row.describe)} |`);
  }
  return `${lines.join('\n')}\n`;
}
