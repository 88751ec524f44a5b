/**
 * An attribute line of a class diagram, split the way developers write them: Java style `Type name` or UML
 * style `name: Type`, a `?` after the type for a nullable field, an optional `= value` default, then
 * modifier words as in schema files (`+string slug unique`). Mermaid itself keeps the line as one text.
 */
export interface MemberParts {
  name: { text: string; offset: number };
  type?: { text: string; offset: number };
  nullable: boolean;
  defaultValue?: { text: string; offset: number };
  /** The rest, offsets from the start of the member text. */
  words: { text: string; offset: number }[];
}

const UML_NAME = /^([\p{L}_][\p{L}\p{N}_]*)\s*:\s*/u;
/** A type word: a generic runs to the last `~` on the line, as Mermaid reads generics. */
const TYPE_WORD = /^(?:\S*~.*~[^\s=]*|[^\s=]+)/;
const NAME_WORD = /^[^\s=]+/;
const WORD = /^\S+/;
const DEFAULT = /^=\s*('[^']*'|"[^"]*"|\S+)/;

export function splitMember(text: string): MemberParts {
  const uml = UML_NAME.exec(text);
  let cursor = 0;
  let name: MemberParts['name'];
  let type: MemberParts['type'];
  if (uml !== null) {
    name = { text: uml[1] ?? '', offset: 0 };
    cursor = uml[0].length;
    type = take(text, cursor, TYPE_WORD);
    cursor = type === undefined ? cursor : type.offset + type.text.length;
  } else {
    const first = take(text, 0, TYPE_WORD) ?? { text: '', offset: 0 };
    const second = take(text, first.offset + first.text.length, NAME_WORD);
    if (second === undefined) {
      name = first;
      cursor = first.offset + first.text.length;
    } else {
      type = first;
      name = second;
      cursor = second.offset + second.text.length;
    }
  }
  const nullable = type?.text.endsWith('?') === true;
  if (type !== undefined && nullable) type = { text: type.text.slice(0, -1), offset: type.offset };
  const defaultValue = take(text, cursor, DEFAULT);
  if (defaultValue !== undefined) cursor = defaultValue.offset + defaultValue.text.length;
  const words: MemberParts['words'] = [];
  for (let word = take(text, cursor, WORD); word !== undefined; word = take(text, word.offset + word.text.length, WORD)) words.push(word);
  return {
    name,
    ...(type === undefined || type.text === '' ? {} : { type }),
    nullable,
    ...(defaultValue === undefined ? {} : { defaultValue: valueOf(defaultValue) }),
    words,
  };
}

/** The match of `pattern` at the first non-blank character from `from`, with its offset. */
function take(text: string, from: number, pattern: RegExp): { text: string; offset: number } | undefined {
  const rest = text.slice(from);
  const leading = rest.length - rest.trimStart().length;
  const match = pattern.exec(rest.slice(leading));
  return match === null || match[0] === '' ? undefined : { text: match[0], offset: from + leading };
}

/** `= 0` gives the word `0`, placed after the `=`. */
function valueOf(assignment: { text: string; offset: number }): { text: string; offset: number } {
  const value = assignment.text.replace(/^=\s*/, '');
  return { text: value, offset: assignment.offset + assignment.text.length - value.length };
}
