/**
 * The Markdown every generated reference page is written in. VitePress compiles a page as a Vue template, so text
 * outside code must not hold a raw `<` (an HTML tag to Vue) and mustaches must sit in a `v-pre` container.
 */

export const GENERATED = '<!-- Generated from the code by tests/docs/reference.test.ts: FULLAPI_REFRESH_GOLDEN=1 npm test rewrites it. -->';

/** `# Title`, the generated-file comment, the intro, then the body; one newline at the end. */
export function page(title: string, intro: string, body: readonly string[]): string {
  return `${[`# ${title}`, '', GENERATED, '', intro, '', ...body].join('\n').trimEnd()}\n`;
}

/** Prose with `<` and `>` outside code spans escaped, so Vue reads them as text. */
export function prose(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part) => (part.startsWith('`') ? part : part.replace(/</g, '&lt;').replace(/>/g, '&gt;')))
    .join('');
}

/** Prose fit for a table cell: a `|` would end the cell, even inside a code span. */
export function cell(text: string): string {
  return prose(text).replace(/\|/g, '\\|');
}

export function code(text: string): string {
  return text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``;
}

export function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)];
}

/** Lines Vue must not interpolate: text that holds `{{`, even in code spans. */
export function vPre(lines: readonly string[]): string[] {
  return ['::: v-pre', ...lines, ':::'];
}
