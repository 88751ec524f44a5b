import { isAlias, isMap, isScalar, isSeq, parseDocument, type Document, type Node as YamlNode, type YAMLParseError } from 'yaml';
import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { keyRangeOf, verbatimStart, type DocNode, type MapEntry, type Range, type ScalarValue } from './doc-node.js';
import type { Locate } from './positions.js';

/**
 * YAML text -> DocNode. Repeated keys are kept (uniqueKeys: false) for the lowering to name what is
 * repeated; syntax errors stop here, all of them at once, since nothing after them can be trusted.
 */
export function readYaml(text: string, locate: Locate): { root?: DocNode; diagnostics: Diagnostic[] } {
  const document = parseDocument(text, { uniqueKeys: false, prettyErrors: false });
  if (document.errors.length > 0) {
    return {
      diagnostics: document.errors.map((problem) =>
        error('invalid_syntax', `invalid YAML: ${REWORDED[problem.code] ?? lowerFirst(problem.message)}`, locate({ start: problem.pos[0], end: problem.pos[1] })),
      ),
    };
  }
  const diagnostics: Diagnostic[] = [];
  // Aliases being expanded: one inside its own anchor (`a: &x [*x]`) would never end.
  const expanding = new Set<unknown>();
  const convert = (node: unknown, fallback: Range): DocNode => {
    if (isAlias(node)) {
      const range = rangeOf(node as YamlNode, fallback);
      const target = node.resolve(document as Document);
      if (expanding.has(target)) {
        diagnostics.push(error('invalid_schema', `alias *${node.source} is used inside its own anchor`, locate(range)));
        return { kind: 'scalar', range, value: null };
      }
      expanding.add(target);
      const converted = convert(target, range);
      expanding.delete(target);
      return converted;
    }
    if (isMap(node)) {
      const entries: MapEntry[] = [];
      for (const pair of node.items) {
        if (!isScalar(pair.key)) {
          const at = rangeOf(pair.key as YamlNode, rangeOf(node, fallback));
          diagnostics.push(error('invalid_schema', 'a key must be a plain name, not a list or a mapping', locate(at)));
          continue;
        }
        const key = typeof pair.key.source === 'string' ? pair.key.source : String(pair.key.value);
        const keyRange = keyRangeOf(text, rangeOf(pair.key, fallback), key);
        // `name:` with nothing after it is null, placed where the value would be.
        entries.push({ key, keyRange, value: convert(pair.value, { start: keyRange.end, end: keyRange.end }) });
      }
      return { kind: 'map', range: rangeOf(node, fallback), entries };
    }
    if (isSeq(node)) {
      const range = rangeOf(node, fallback);
      return { kind: 'list', range, items: node.items.map((item) => convert(item, range)) };
    }
    const range = rangeOf(node as YamlNode, fallback);
    const value = scalarValue(isScalar(node) ? node.value : null, text, range);
    const textStart = verbatimStart(text, range, value);
    return textStart === undefined ? { kind: 'scalar', range, value } : { kind: 'scalar', range, value, textStart };
  };
  const root = convert(document.contents, { start: 0, end: 0 });
  return { root, diagnostics };
}

/** The parser's messages that speak of its own API rather than of the file. */
const REWORDED: Partial<Record<YAMLParseError['code'], string>> = {
  MULTIPLE_DOCS: 'a schema file holds one document; remove the "---" that starts a second',
};

/** Values outside JSON's (a tagged binary, say) are read as the text that wrote them. */
function scalarValue(value: unknown, text: string, range: Range): ScalarValue {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return text.slice(range.start, range.end);
}

function rangeOf(node: YamlNode | null | undefined, fallback: Range): Range {
  const range = node?.range;
  return range === undefined || range === null ? fallback : { start: range[0], end: range[1] };
}

function lowerFirst(message: string): string {
  return message.charAt(0).toLowerCase() + message.slice(1);
}
