import { Composer, CST, isAlias, isMap, isScalar, isSeq, Lexer, Parser, visit, YAMLParseError, type Document, type Node as YamlNode } from 'yaml';
import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { keyRangeOf, verbatimStart, type DocNode, type MapEntry, type Range, type ScalarValue } from '../../text/doc-node.js';
import type { Locate } from '../../text/positions.js';

/**
 * Deeper than any schema (entities -> entity -> relations -> relation -> a value is five levels), and shallow
 * enough that the recursive composer and the conversion below stay far from the stack's end.
 */
export const MAX_YAML_DEPTH = 64;

/**
 * Nodes that aliases may add by expansion. Anchors shared by many entities add a few thousand; a file of a few
 * hundred bytes whose aliases nest aliases (`b: [*a, *a, ...]`, `c: [*b, *b, ...]`) would add billions.
 */
export const MAX_ALIAS_EXPANSION = 100_000;

/**
 * YAML text -> DocNode. Repeated keys are kept (uniqueKeys: false) for the lowering to name what is
 * repeated; syntax errors stop here, all of them at once, since nothing after them can be trusted.
 */
export function readYaml(text: string, locate: Locate): { root?: DocNode; diagnostics: Diagnostic[] } {
  // The parser reads any depth without recursing, but slows with depth; the composer recurses per level. So
  // the parser is stopped early, and the depth is measured exactly between the two.
  const parsed = parseTokens(text);
  const tooDeep = 'tooDeepAt' in parsed ? parsed.tooDeepAt : deepestCollection(parsed.tokens);
  if (tooDeep !== undefined) {
    return {
      diagnostics: [
        error('too_deep', `invalid YAML: lists and mappings are nested more than ${MAX_YAML_DEPTH} levels deep here`, locate({ start: tooDeep, end: tooDeep + 1 })),
      ],
    };
  }
  const document = composeDocument('tokens' in parsed ? parsed.tokens : [], text);
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
  // An alias is written `*name`: a text without a `*` has none, and the walk that finds them is spared.
  const targets = text.includes('*') ? anchorsOfAliases(document) : new Map<unknown, unknown>();
  let expansionBudget = MAX_ALIAS_EXPANSION;
  let stopped = false;
  const stop = (code: 'too_deep' | 'too_large', message: string, range: Range): DocNode => {
    if (!stopped) diagnostics.push(error(code, message, locate(range)));
    stopped = true;
    return { kind: 'scalar', range, value: null };
  };
  // Aliases nest anchors in anchors, so depth is counted again while converting, aliases included.
  const convert = (node: unknown, fallback: Range, depth = 0, expanded = false): DocNode => {
    if (stopped) return { kind: 'scalar', range: fallback, value: null };
    if (depth > MAX_YAML_DEPTH) {
      return stop('too_deep', `lists and mappings, aliases expanded, are nested more than ${MAX_YAML_DEPTH} levels deep here`, rangeOf(node as YamlNode, fallback));
    }
    if (expanded && --expansionBudget < 0) {
      return stop('too_large', `aliases here expand to more than ${MAX_ALIAS_EXPANSION} values; write the repeated parts out, or use fewer levels of aliases`, fallback);
    }
    if (isAlias(node)) {
      const range = rangeOf(node as YamlNode, fallback);
      const target = targets.get(node);
      if (expanding.has(target)) {
        diagnostics.push(error('invalid_schema', `alias *${node.source} is used inside its own anchor`, locate(range)));
        return { kind: 'scalar', range, value: null };
      }
      expanding.add(target);
      const converted = convert(target, range, depth + 1, true);
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
        entries.push({ key, keyRange, value: convert(pair.value, { start: keyRange.end, end: keyRange.end }, depth + 1, expanded) });
      }
      return { kind: 'map', range: rangeOf(node, fallback), entries };
    }
    if (isSeq(node)) {
      const range = rangeOf(node, fallback);
      return { kind: 'list', range, items: node.items.map((item) => convert(item, range, depth + 1, expanded)) };
    }
    const range = rangeOf(node as YamlNode, fallback);
    const value = scalarValue(isScalar(node) ? node.value : null, text, range);
    const textStart = verbatimStart(text, range, value);
    return textStart === undefined ? { kind: 'scalar', range, value } : { kind: 'scalar', range, value, textStart };
  };
  const root = convert(document.contents, { start: 0, end: 0 });
  // What was read before the limit is cut short: checking it would only report the cut.
  return stopped ? { diagnostics } : { root, diagnostics };
}

/**
 * The anchored node each alias stands for: the last node before it with that anchor. Alias.resolve finds the
 * same, but walks the document for each alias; thousands of aliases would take a walk each.
 */
function anchorsOfAliases(document: Document): Map<unknown, unknown> {
  const targets = new Map<unknown, unknown>();
  const latest = new Map<string, unknown>();
  visit(document, {
    Node: (_key, node) => {
      if (isAlias(node)) targets.set(node, latest.get(node.source));
      else if (node.anchor !== undefined) latest.set(node.anchor, node);
    },
  });
  return targets;
}

/** What parseDocument does, from tokens already parsed: the first document, and an error for any other. */
function composeDocument(tokens: readonly CST.Token[], text: string): Document {
  const composer = new Composer({ uniqueKeys: false, prettyErrors: false });
  let first: Document | undefined;
  for (const document of composer.compose(tokens, true, text.length)) {
    if (first === undefined) {
      first = document as Document;
      continue;
    }
    const range = document.range;
    first.errors.push(new YAMLParseError([range[0], range[1]], 'MULTIPLE_DOCS', 'Source contains multiple documents'));
    break;
  }
  // compose(..., forceDoc = true) always ends with a document.
  return first as Document;
}

/**
 * The parser's stack holds the open collections with an entry or two of their items each; past this bound the
 * text is surely nested deeper than MAX_YAML_DEPTH, and each further level would cost more than the last.
 */
const MAX_PARSER_STACK = MAX_YAML_DEPTH * 4;

/** Parser.parse, one lexeme at a time, giving up where its stack outgrows MAX_PARSER_STACK. */
function parseTokens(text: string): { tokens: CST.Token[] } | { tooDeepAt: number } {
  const parser = new Parser();
  const tokens: CST.Token[] = [];
  for (const lexeme of new Lexer().lex(text)) {
    for (const token of parser.next(lexeme)) tokens.push(token);
    if (parser.stack.length > MAX_PARSER_STACK) return { tooDeepAt: parser.offset };
  }
  for (const token of parser.end()) tokens.push(token);
  return { tokens };
}

/** The offset of the first collection nested deeper than MAX_YAML_DEPTH, walking the tokens without recursion. */
function deepestCollection(tokens: readonly CST.Token[]): number | undefined {
  const pending: { token: CST.Token; depth: number }[] = tokens.map((token) => ({ token, depth: 0 }));
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { token, depth } = next;
    const children = childrenOf(token);
    if (children.length === 0) continue;
    const childDepth = CST.isCollection(token) ? depth + 1 : depth;
    if (childDepth > MAX_YAML_DEPTH) return token.offset;
    for (const child of children) pending.push({ token: child, depth: childDepth });
  }
  return undefined;
}

function childrenOf(token: CST.Token): CST.Token[] {
  switch (token.type) {
    case 'document':
      return token.value === undefined ? [] : [token.value];
    case 'block-map':
    case 'block-seq':
    case 'flow-collection':
      return token.items.flatMap((item: CST.CollectionItem) => [item.key, item.value].filter((child): child is CST.Token => child !== undefined && child !== null));
    default:
      return [];
  }
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
