import type { PatchResult } from '../../../diagnostics/patch-result.js';
import { classImports, importsByLocalName, referencedClass, sameClass, shortName, type NameScope } from '../../../php/class-references.js';
import {
  children,
  child,
  failedPatch,
  field,
  finishPatch,
  indentAt,
  nameOf,
  newPhpParses,
  previousSignificant,
  start,
  startsLine,
  stringValue,
  type Edit,
  type PhpFile,
  type PhpNode,
  type PhpParses,
} from '../../../php/php-source.js';
import { ensureClassImports } from '../../../php/use-block.js';

export const PEST_CONFIG_PATH = 'tests/Pest.php';
const TEST_CASE = 'Tests\\TestCase';
const REFRESH_DATABASE = 'Illuminate\\Foundation\\Testing\\RefreshDatabase';
/** Traits that give each test a migrated, empty database, as the generated tests need. */
const FRESH_DATABASE_TRAITS = [REFRESH_DATABASE, 'Illuminate\\Foundation\\Testing\\LazilyRefreshDatabase'];
/** The folders (under tests/) the generated Pest tests are written in: both need the application and its database. */
const TEST_FOLDERS = ['Feature', 'Unit'] as const;

/** A `pest()->...->in(...)` or `uses(...)->in(...)` statement: which folders it configures, with what. */
interface FolderConfig {
  folders: readonly string[];
  /** Classes and traits given to `uses()`, `use()`, `extend()` and their plurals. */
  classes: readonly string[];
  /** Classes given to `extend()`/`extends()`: the test case the folder's tests are bound to. */
  extended: readonly string[];
  /** The `in` of the chain, where a missing link goes before. */
  inLink: PhpNode;
}

/**
 * Makes `tests/Pest.php` bind the Feature and Unit tests to the application's `Tests\TestCase` with
 * `RefreshDatabase`: written when absent; when present, each folder's existing `pest()` (or `uses()`) chain
 * gets the missing `->extend(...)`/`->use(...)` before its `->in(...)`, and a folder no chain names gets a
 * chain of its own at the end. A chain that already extends some class keeps it (a project's own test case
 * is a Laravel one). Nothing changes once every folder is configured.
 */
export function registerPestConfig(existing: string | undefined, parses: PhpParses = newPhpParses()): PatchResult {
  if (existing === undefined) {
    return { ok: true, content: ['<?php', '', `use ${REFRESH_DATABASE};`, `use ${TEST_CASE};`, '', ...newChain(TEST_FOLDERS), ''].join('\n') };
  }
  const parsed = parses.parse(PEST_CONFIG_PATH, existing);
  if (!parsed.ok) return failedPatch(parsed.diagnostic);
  const file = parsed.value;
  const statements = children(file.program, 'children');
  const scope: NameScope = { namespace: '', imports: [importsByLocalName(classImports(statements))] };
  const configs = statements.flatMap((statement) => folderConfig(statement, scope) ?? []);
  const edits = new Map<PhpNode, string[]>();
  const uncovered: string[] = [];
  for (const folder of TEST_FOLDERS) {
    const covering = configs.filter((config) => config.folders.includes(folder));
    const [first] = covering;
    if (first === undefined) {
      uncovered.push(folder);
      continue;
    }
    const links = edits.get(first.inLink) ?? [];
    const classes = covering.flatMap((config) => config.classes);
    if (covering.every((config) => config.extended.length === 0) && !links.includes(EXTEND_LINK)) links.push(EXTEND_LINK);
    if (!classes.some((name) => FRESH_DATABASE_TRAITS.some((trait) => sameClass(name, trait))) && !links.includes(USE_LINK)) links.push(USE_LINK);
    if (links.length > 0) edits.set(first.inLink, links);
  }
  const added = [...edits.values()].flat();
  if (added.length === 0 && uncovered.length === 0) return { ok: true, content: existing };
  // Pint's fully_qualified_strict_types: the classes named go by their imports.
  const named = [
    ...(uncovered.length > 0 || added.includes(EXTEND_LINK) ? [TEST_CASE] : []),
    ...(uncovered.length > 0 || added.includes(USE_LINK) ? [REFRESH_DATABASE] : []),
  ];
  const imports = ensureClassImports(file, statements, named);
  if (!imports.ok) return failedPatch(imports.diagnostic);
  return finishPatch(
    file,
    [...imports.value.edits, ...[...edits].map(([inLink, links]) => linksBefore(file, inLink, links))],
    [...imports.value.tail, ...(uncovered.length === 0 ? [] : [newChain(uncovered)])],
    parses,
  );
}

const EXTEND_LINK = `->extend(${shortName(TEST_CASE)}::class)`;
const USE_LINK = `->use(${shortName(REFRESH_DATABASE)}::class)`;

function newChain(folders: readonly string[]): string[] {
  const quoted = folders.map((folder) => `'${folder}'`).join(', ');
  return [`pest()${EXTEND_LINK}`, `    ${USE_LINK}`, `    ->in(${quoted});`];
}

/** The links inserted before `->in`: on lines of their own when `->in` starts a line, else inline. */
function linksBefore(file: PhpFile, inLink: PhpNode, links: readonly string[]): Edit {
  const arrow = previousSignificant(file, start(inLink));
  const at = arrow?.start ?? start(inLink);
  if (!startsLine(file.text, at)) return { start: at, end: at, text: links.join('') };
  const indent = indentAt(file.text, at);
  return { start: at, end: at, text: links.map((link) => `${link}${file.eol}${indent}`).join('') };
}

/** The chain of a top-level statement rooted in `pest()` or `uses()` that ends configuring folders with `in()`. */
function folderConfig(statement: PhpNode, scope: NameScope): FolderConfig | undefined {
  if (statement.kind !== 'expressionstatement') return undefined;
  const links: { method: string; arguments: PhpNode[]; name: PhpNode }[] = [];
  let node = child(statement, 'expression');
  while (node?.kind === 'call') {
    const callee = child(node, 'what');
    const method = child(callee, 'offset');
    if (callee?.kind === 'propertylookup' && method !== undefined) {
      links.unshift({ method: nameOf(method)?.toLowerCase() ?? '', arguments: children(node, 'arguments'), name: method });
      node = child(callee, 'what');
      continue;
    }
    const root = callee?.kind === 'name' ? (field(callee, 'name') ?? '').replace(/^\\/, '').toLowerCase() : '';
    if (root !== 'pest' && root !== 'uses') return undefined;
    const inLink = links.find((link) => link.method === 'in');
    if (inLink === undefined) return undefined;
    const named = (methods: readonly string[]): string[] =>
      links.filter((link) => methods.includes(link.method)).flatMap((link) => link.arguments.flatMap((argument) => referencedClass(scope, argument) ?? []));
    const rootClasses = children(node, 'arguments').flatMap((argument) => referencedClass(scope, argument) ?? []);
    // The older `uses(Tests\TestCase::class, ...)` gives the test case among the traits: known by its name.
    const extended = [...named(['extend', 'extends']), ...rootClasses.filter((name) => name.endsWith('TestCase'))];
    return {
      folders: inLink.arguments.flatMap((argument) => folderName(stringValue(argument)) ?? []),
      classes: [...rootClasses, ...named(['use', 'uses', 'extend', 'extends'])],
      extended,
      inLink: inLink.name,
    };
  }
  return undefined;
}

/** `'Feature'` and `'./Feature/'` name the same folder; only string literals are read. */
function folderName(value: string | undefined): string | undefined {
  return value?.replace(/^\.\//, '').replace(/\/+$/, '');
}
