/**
 * Editors on Windows may start a UTF-8 file with a byte-order mark. It is not part of the text: JSON.parse
 * refuses it, and it would shift every column of the first line.
 */
export function withoutByteOrderMark(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
