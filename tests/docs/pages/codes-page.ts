import { CODE_GROUPS, DIAGNOSTIC_CODES, type CodeEntry, type CodeGroup } from '../../../src/diagnostics/codes.js';
import { cell, page, table, vPre } from './markdown.js';

const SEVERITY_WORDS: Record<CodeEntry['severity'], string> = { error: 'error', warning: 'warning', either: 'error or warning' };

function groupSection(group: CodeGroup): string[] {
  const rows = Object.entries(DIAGNOSTIC_CODES)
    .filter(([, entry]) => entry.group === group)
    .map(([code, entry]) => [`\`${code}\``, SEVERITY_WORDS[entry.severity], cell(entry.meaning)]);
  return [`## ${CODE_GROUPS[group]}`, '', ...vPre(table(['Code', 'Severity', 'Meaning'], rows)), ''];
}

/** docs/reference/codes.md: every diagnostic code of src/diagnostics/codes.ts, by topic. */
export function codesPage(): string {
  const count = Object.keys(DIAGNOSTIC_CODES).length;
  const intro = [
    `Every problem fullapi reports carries one of these ${count} codes, in its terminal output and in the \`code\` of the \`--json\` document.`,
    'An error makes the command fail, with nothing written (exit code 1, or 70 for `internal_error`); a warning is reported and the command goes on.',
    'Codes are stable: scripts and CI may match on them.',
  ].join(' ');
  return page('Diagnostic codes', intro, (Object.keys(CODE_GROUPS) as CodeGroup[]).flatMap(groupSection));
}
