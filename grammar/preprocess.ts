/**
 * Text clean-up shared by every diagram grammar, done before lexing.
 *
 * Mermaid itself strips front matter and `%%` lines before its parser runs; we also
 * strip a Markdown fence so a diagram pasted from a README parses as is. Every removed
 * line is replaced by an empty line, so line and column numbers in errors still point
 * into the original file.
 */

const FENCE_OPEN = /^\s*(`{3,}|~{3,})\s*mermaid(?:-example)?\s*$/;

/** Keeps only the first fenced mermaid block, if the text has one. */
function keepFirstMermaidFence(lines: string[]): string[] {
  const open = lines.findIndex((line) => FENCE_OPEN.test(line));
  if (open < 0) return lines;
  const fence = FENCE_OPEN.exec(lines[open] ?? '')?.[1] ?? '```';
  const closeOffset = lines.slice(open + 1).findIndex((line) => line.trim() === fence);
  const close = closeOffset < 0 ? lines.length : open + 1 + closeOffset;
  return lines.map((line, index) => (index > open && index < close ? line : ''));
}

/** Blanks a YAML front matter block (`---` ... `---`) at the start of the diagram. */
function blankFrontMatter(lines: string[]): string[] {
  const first = lines.findIndex((line) => line.trim() !== '');
  if (first < 0 || lines[first]?.trim() !== '---') return lines;
  const closeOffset = lines.slice(first + 1).findIndex((line) => line.trim() === '---');
  if (closeOffset < 0) return lines;
  const close = first + 1 + closeOffset;
  return lines.map((line, index) => (index >= first && index <= close ? '' : line));
}

/** Mermaid deletes every line whose first non-blank characters are `%%` (comments and directives). */
function blankCommentLines(lines: string[]): string[] {
  return lines.map((line) => (line.trimStart().startsWith('%%') ? '' : line));
}

export function preprocessDiagram(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  return blankCommentLines(blankFrontMatter(keepFirstMermaidFence(lines))).join('\n');
}
