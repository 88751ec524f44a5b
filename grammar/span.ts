/**
 * A place in a diagram's text, in the text as the user wrote it (fences and front matter included):
 * 1-based line and column; `endLine`/`endColumn` point just past the last character.
 */
export interface TextSpan {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/**
 * A statement the grammar accepts but that describes no data: styling, layout, accessibility, notes,
 * interactivity. The lowering lists each one as a warning, so nothing is dropped silently.
 */
export interface IgnoredStatement {
  /** What it is, for a sentence like "the style line is ignored": `style line`, `direction`, `note`, ... */
  what: string;
  span: TextSpan;
}
