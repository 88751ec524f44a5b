import { lineAt } from './ranges.js';
import { valueSlot, wordsFinished, type Slot } from './schema-slot.js';

/** A line that opens with a key, quoted or not: the key is the second group. */
const KEY = /^\s*(["']?)([\w$]+)\1\s*:/;

/**
 * In a YAML schema file, the path to the cursor is the chain of less indented keys above it, then the line's
 * own key: after its colon is a shorthand (`title: string nullable`) or a flow mapping (`{ type: string }`);
 * a line with no colon yet is a key being written.
 */
export function yamlSlot(text: string, line: number, before: string): Slot | undefined {
  const parents = keysAbove(text, line, indentOf(before));
  if (parents === undefined) return undefined;
  const entry = /^\s*(["']?)([\w$]+)\1\s*:(.*)$/.exec(before);
  if (entry === null) return /^\s*[\w$]*$/.test(before) ? { kind: 'key', path: parents, present: keysBeside(text, line, indentOf(before)) } : undefined;
  return afterColon([...parents, entry[2] ?? ''], entry[3] ?? '');
}

function afterColon(path: readonly string[], value: string): Slot | undefined {
  const flow = /^\s*\{(.*)$/.exec(value);
  if (flow === null) return valueSlot(path, wordsFinished(value.replace(/^\s*["']/, ' ')));
  const member = (flow[1] ?? '').split(',').at(-1) ?? '';
  const pair = /^\s*([\w$]+)\s*:(.*)$/.exec(member);
  const present = [...(flow[1] ?? '').matchAll(/([\w$]+)\s*:/g)].map((match) => match[1] ?? '');
  if (pair === null) return /^\s*[\w$]*$/.test(member) ? { kind: 'key', path, present } : undefined;
  return valueSlot([...path, pair[1] ?? ''], wordsFinished(pair[2] ?? ''));
}

/** The keys of the mappings holding a line indented by `indent`; none when a line above is not a key (a list item). */
function keysAbove(text: string, line: number, indent: number): string[] | undefined {
  const path: string[] = [];
  let within = indent;
  for (let above = line - 1; above >= 0 && within > 0; above--) {
    const content = lineAt(text, above);
    if (content.trim() === '' || content.trim().startsWith('#') || indentOf(content) >= within) continue;
    const key = KEY.exec(content)?.[2];
    if (key === undefined) return undefined;
    path.unshift(key);
    within = indentOf(content);
  }
  return path;
}

/** The keys of the lines at the same indent as `line`, above and below it, up to the ends of its mapping. */
function keysBeside(text: string, line: number, indent: number): string[] {
  const lines = text.split('\n');
  const keysToward = (step: 1 | -1): string[] => {
    const keys: string[] = [];
    for (let at = line + step; at >= 0 && at < lines.length; at += step) {
      const content = lines[at] ?? '';
      if (content.trim() === '' || content.trim().startsWith('#') || indentOf(content) > indent) continue;
      if (indentOf(content) < indent) break;
      const key = KEY.exec(content)?.[2];
      if (key !== undefined) keys.push(key);
    }
    return keys;
  };
  return [...keysToward(-1), ...keysToward(1)];
}

function indentOf(line: string): number {
  return /^\s*/.exec(line)?.[0].length ?? 0;
}
