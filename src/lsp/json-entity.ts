import { modify, type FormattingOptions } from 'jsonc-parser';
import type { TextEdit } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';

/**
 * `"<name>": { "fields": { "name": "string" } }` as the last member of `entities` of a JSON schema file. jsonc-parser
 * writes the edit, commas included, and lays it out with the file's own indentation; a file written on one line
 * gets it on the same line.
 */
export function jsonEntityEdits(uri: string, text: string, name: string): TextEdit[] {
  const document = TextDocument.create(uri, 'json', 0, text);
  const formatting = formattingOf(text);
  const edits = modify(text, ['entities', name], { fields: { name: 'string' } }, formatting === undefined ? {} : { formattingOptions: formatting });
  return edits.map((edit) => ({ range: { start: document.positionAt(edit.offset), end: document.positionAt(edit.offset + edit.length) }, newText: edit.content }));
}

/** The file's indentation, read from its first indented line; none in a file without one. */
function formattingOf(text: string): FormattingOptions | undefined {
  const indent = /^([ \t]+)\S/m.exec(text)?.[1];
  if (indent === undefined) return undefined;
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  return indent.startsWith('\t') ? { insertSpaces: false, tabSize: 1, eol } : { insertSpaces: true, tabSize: indent.length, eol };
}
