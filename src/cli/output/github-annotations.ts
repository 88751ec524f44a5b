import type { Diagnostic } from '../../diagnostics/diagnostic.js';

/**
 * GitHub Actions workflow commands (`::error file=...,line=...,col=...::message`), so a CI step's problems
 * appear on the lines of the pull request. Values are escaped as the runner's command parser expects.
 */
export function githubAnnotation(diagnostic: Diagnostic): string {
  const span = diagnostic.span;
  const properties: string[] = [];
  const file = span?.file ?? diagnostic.path;
  if (file !== undefined) properties.push(`file=${escapeProperty(file)}`);
  if (span?.line !== undefined) properties.push(`line=${span.line}`);
  if (span?.line !== undefined && span.column !== undefined) properties.push(`col=${span.column}`);
  if (span?.line !== undefined && span.endColumn !== undefined) properties.push(`endColumn=${span.endColumn}`);
  properties.push(`title=${escapeProperty(diagnostic.code)}`);
  return `::${diagnostic.severity} ${properties.join(',')}::${escapeData(diagnostic.message)}`;
}

function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
