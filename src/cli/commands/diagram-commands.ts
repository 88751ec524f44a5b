import { runExportDiagram } from '../../pipeline/export-diagram.js';
import { loadFrontEnds } from '../../pipeline/input/front-ends.js';
import { readCommandFile } from '../../pipeline/openapi-input.js';
import { runParse } from '../../pipeline/parse.js';
import type { CliIo } from '../io.js';
import { humanDiagnostics, palette } from '../output/report.js';

/** `fullapi parse <file...> [--json]`: exit 0 when every file parses, 1 otherwise. */
export function parseCommand(files: readonly string[], flags: { json?: boolean }, io: CliIo): number {
  if (files.length === 0) {
    io.stderr('fullapi parse: name the diagrams to parse, e.g. fullapi parse docs/schema.mmd\n');
    return 2;
  }
  const outcome = runParse({ files, cwd: io.cwd, readStdin: io.readStdin });
  const allParsed = outcome.files.every((file) => file.ok);
  if (flags.json === true) {
    io.stdout(`${JSON.stringify(outcome.files, null, 2)}\n`);
    return allParsed ? 0 : 1;
  }
  const colors = palette(io.colors);
  const problems = humanDiagnostics(outcome.diagnostics, outcome.texts, colors);
  if (problems.length > 0) io.stderr(`${problems.join('\n')}\n`);
  const summaries = outcome.files.flatMap(({ file, diagram }) => {
    if (diagram === undefined) return [];
    const counts =
      diagram.kind === 'erDiagram'
        ? [count(diagram.entities.length, 'entity', 'entities'), count(diagram.relationships.length, 'relationship', 'relationships')]
        : [count(diagram.classes.length, 'class', 'classes'), count(diagram.relations.length, 'relation', 'relations')];
    return [`${file}: ${diagram.kind}, ${counts.join(', ')}.`];
  });
  if (summaries.length > 0) io.stdout(`${summaries.join('\n')}\n`);
  return allParsed ? 0 : 1;
}

/** `fullapi diagram --from <file>`: the erDiagram on stdout; warnings and errors on stderr. */
export async function diagramCommand(flags: { from?: string }, io: CliIo): Promise<number> {
  if (flags.from === undefined || flags.from === '') {
    io.stderr('fullapi diagram: give the schema to draw, e.g. fullapi diagram --from api-schema.yaml > schema.mmd\n');
    return 2;
  }
  const input = await readCommandFile({ path: flags.from, flag: '--from', cwd: io.cwd, projectRoot: io.cwd, readStdin: io.readStdin });
  const outcome = runExportDiagram({ input, cwd: io.cwd, readStdin: io.readStdin }, await loadFrontEnds([input.kind]));
  const colors = palette(io.colors);
  const problems = humanDiagnostics(outcome.diagnostics, outcome.texts, colors);
  if (problems.length > 0) io.stderr(`${problems.join('\n')}\n`);
  if (outcome.text !== undefined) io.stdout(outcome.text);
  return outcome.ok ? 0 : 1;
}

function count(amount: number, one: string, many: string): string {
  return `${amount} ${amount === 1 ? one : many}`;
}
