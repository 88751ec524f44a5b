import type { TextEdit } from 'vscode-languageserver';
import type { DocumentKind } from './analysis.js';
import { lineAt } from './ranges.js';

/**
 * The edit that writes `renamed_from` with the field's old name on the field's line, in the spelling of the
 * document: a modifier of a shorthand (`title: string renamed_from=name`, a class member's, an ER attribute's
 * comment), a key of a mapping. `line` is 0-based.
 */
export function renamedFromEdit(text: string, kind: DocumentKind, line: number, oldName: string): TextEdit {
  const content = lineAt(text, line);
  const at = (character: number, newText: string): TextEdit => ({ range: { start: { line, character }, end: { line, character } }, newText });
  if (kind === 'diagram') {
    const body = withoutComment(content, '%%');
    const comment = /"([^"]*)"\s*$/.exec(body);
    if (comment !== null) return at(comment.index + comment[0].lastIndexOf('"'), ` renamed_from=${oldName}`);
    // An erDiagram attribute's modifiers are its comment; a class member's follow its name.
    const er = /^\s*erDiagram\b/m.test(text);
    return at(body.trimEnd().length, er ? ` "renamed_from=${oldName}"` : ` renamed_from=${oldName}`);
  }
  const json = kind !== 'schema' || /^\s*\{/.test(text);
  const body = json ? content : withoutComment(content, '#');
  const value = body.slice(body.indexOf(':') + 1).trim().replace(/,$/, '');
  if (value.startsWith('{')) {
    const close = body.lastIndexOf('}');
    return at(close, json ? `, "renamed_from": ${JSON.stringify(oldName)}` : `, renamed_from: ${oldName}`);
  }
  if (value === '') {
    const indent = /^\s*/.exec(lineAt(text, line + 1))?.[0] ?? '';
    return at(content.length, `\n${indent}${json ? `"renamed_from": ${JSON.stringify(oldName)},` : `renamed_from: ${oldName}`}`);
  }
  const quote = json ? body.lastIndexOf('"') : -1;
  return quote > body.indexOf(':') ? at(quote, ` renamed_from=${oldName}`) : at(body.trimEnd().length, ` renamed_from=${oldName}`);
}

/** The line before a comment that starts with `marker` outside quotes. */
function withoutComment(content: string, marker: string): string {
  let quote: string | undefined;
  for (let index = 0; index < content.length; index++) {
    const character = content[index];
    if (quote !== undefined) {
      if (character === quote) quote = undefined;
    } else if (character === '"' || character === "'") quote = character;
    else if (content.startsWith(marker, index) && (marker !== '#' || index === 0 || /\s/.test(content[index - 1] ?? ''))) return content.slice(0, index);
  }
  return content;
}
