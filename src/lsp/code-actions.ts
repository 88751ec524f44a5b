import { CodeActionKind, type CodeAction, type Diagnostic as LspDiagnostic, type TextEdit } from 'vscode-languageserver';
import type { SourceModel } from '../ir/ir.generated.js';
import type { Analysis } from './analysis.js';
import { jsonEntityEdits } from './json-entity.js';
import { isJsonSchema } from './json-flavour.js';
import { lspDiagnostic, type DiagnosticData } from './lsp-diagnostics.js';
import { lineAt } from './ranges.js';
import { renamedFromEdit } from './renamed-from.js';

/**
 * The quick fixes the diagnostics' own words give: the word a "did you mean" names in place of the one at
 * fault; an entity declared for a relation that names one the document lacks; `renamed_from` on a field new to
 * a migrated table whose column a change would drop (`recorded`: the project's class_data.json).
 */
export function codeActions(analysis: Analysis, diagnostics: readonly LspDiagnostic[], recorded: SourceModel | undefined): CodeAction[] {
  // A client may send a diagnostic back in other units than it received it (Neovim 0.7 gives byte columns): the
  // server's own, found by its code, message and line, has the range in UTF-16, which the edits are written in.
  const own = analysis.diagnostics.map(lspDiagnostic);
  const located = (sent: LspDiagnostic): LspDiagnostic =>
    own.find((diagnostic) => diagnostic.code === sent.code && diagnostic.message === sent.message && diagnostic.range.start.line === sent.range.start.line) ?? sent;
  return diagnostics.filter((diagnostic) => diagnostic.source === 'fullapi').map(located).flatMap((diagnostic) => [
    ...suggestionFix(analysis, diagnostic),
    ...missingEntityFix(analysis, diagnostic),
    ...renamedFromFixes(analysis, diagnostic, recorded),
  ]);
}

function fix(analysis: Analysis, title: string, diagnostic: LspDiagnostic, edits: TextEdit[], preferred = false): CodeAction {
  return { title, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], edit: { changes: { [analysis.uri]: edits } }, ...(preferred ? { isPreferred: true } : {}) };
}

/** `unknown modifier "nullabel"; did you mean "nullable"?`: the suggestion replaces the word the diagnostic points at. */
function suggestionFix(analysis: Analysis, diagnostic: LspDiagnostic): CodeAction[] {
  const message = typeof diagnostic.message === 'string' ? diagnostic.message : diagnostic.message.value;
  const suggestion = /did you mean "?([^"?\s]+)"?\?/.exec(message)?.[1];
  if (suggestion === undefined) return [];
  return [fix(analysis, `Replace with ${suggestion}`, diagnostic, [{ range: diagnostic.range, newText: suggestion }], true)];
}

/** A relation to an entity the schema file does not declare: declare it, with one field to fill in. */
function missingEntityFix(analysis: Analysis, diagnostic: LspDiagnostic): CodeAction[] {
  // A diagram declares every class it draws: only a schema file names an entity it lacks.
  if (diagnostic.code !== 'unknown_entity' || analysis.kind !== 'schema') return [];
  const name = lineAt(analysis.text, diagnostic.range.start.line).slice(diagnostic.range.start.character, diagnostic.range.end.character);
  if (!/^[A-Za-z_]\w*$/.test(name)) return [];
  const edits = isJsonSchema(analysis) ? jsonEntityEdits(analysis.uri, analysis.text, name) : yamlEntityEdits(analysis.text, name);
  return edits.length === 0 ? [] : [fix(analysis, `Declare the entity ${name}`, diagnostic, edits)];
}

/** At the end of the `entities:` mapping of a YAML schema file, indented as its first entity is. */
function yamlEntityEdits(text: string, name: string): TextEdit[] {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => /^entities\s*:\s*$/.test(line.replace(/\r$/, '')));
  if (start === -1) return [];
  const following = lines.slice(start + 1);
  const block = following.findIndex((line) => /^\S/.test(line));
  const end = block === -1 ? lines.length : start + 1 + block;
  const last = lastWritten(lines.slice(0, end));
  const indent = /^\s+/.exec(following.find((line) => line.trim() !== '') ?? '')?.[0] ?? '  ';
  const declaration = [`${indent}${name}:`, `${indent}${indent}fields:`, `${indent}${indent}${indent}name: string`].join('\n');
  const after = { line: last, character: lines[last]?.replace(/\r$/, '').length ?? 0 };
  return [{ range: { start: after, end: after }, newText: `\n${declaration}` }];
}

/**
 * `make` refuses to drop a migrated column (data_loss), saying to write `renamed_from: <column>` on the field it
 * became: one fix per field of the entity that the project's record does not have yet.
 */
function renamedFromFixes(analysis: Analysis, diagnostic: LspDiagnostic, recorded: SourceModel | undefined): CodeAction[] {
  const hint = (diagnostic.data as DiagnosticData | undefined)?.hint ?? '';
  const dropped = /write renamed_from: (\w+) on the field it became/.exec(hint)?.[1];
  if (dropped === undefined || analysis.source === undefined) return [];
  const line = diagnostic.range.start.line;
  const entity = analysis.source.entities.find((candidate) => (candidate.span.line ?? 0) - 1 === line);
  const before = recorded?.entities.find((candidate) => candidate.name === entity?.name);
  if (entity === undefined || before === undefined) return [];
  return entity.fields
    .filter((field) => field.renamedFrom === undefined && !before.fields.some((known) => known.name === field.name))
    .map((field) => fix(analysis, `Write renamed_from: ${dropped} on ${field.name}`, diagnostic, [renamedFromEdit(analysis.text, analysis.kind, (field.span.line ?? 1) - 1, dropped)]));
}

/** The index of the last line that is not blank. */
function lastWritten(lines: readonly string[]): number {
  let index = lines.length - 1;
  while (index > 0 && (lines[index] ?? '').trim() === '') index--;
  return index;
}
