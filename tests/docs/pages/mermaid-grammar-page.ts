import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { runInNewContext } from 'node:vm';
import type { ISerializedGast } from 'chevrotain';
import { classSerializedGrammar } from '../../../grammar/class/parser.js';
import { erSerializedGrammar } from '../../../grammar/er/parser.js';
import { page } from './markdown.js';

/** The part of the railroad library's element tree this page reads: formatted, it holds every SVG attribute. */
interface RailroadElement {
  attrs: Record<string, unknown>;
  children: RailroadElement[] | string;
  format(): RailroadElement;
  toString(): string;
}

interface DiagramsBuilder {
  convertProductionToDiagram(production: ISerializedGast, topRuleName: string): RailroadElement;
}

/** The attributes SVG draws with; the builder adds others (rule names, occurrences) for Chevrotain's own page scripts. */
const DRAWN_ATTRIBUTES = new Set(['class', 'd', 'x', 'y', 'width', 'height', 'rx', 'ry', 'viewBox', 'transform']);

/**
 * Chevrotain's railroad builder and the railroad library it ships are browser scripts (no ES module): run in a
 * context of their own, they build diagrams whose toString() is SVG markup, with no DOM and no network.
 */
function diagramsBuilder(): DiagramsBuilder {
  const diagrams = join(dirname(createRequire(import.meta.url).resolve('chevrotain')), '..', '..', 'diagrams');
  const railroad = {};
  runInNewContext(readFileSync(join(diagrams, 'vendor', 'railroad-diagrams.js'), 'utf8'), { exports: railroad });
  const builder = { exports: {} as DiagramsBuilder };
  runInNewContext(readFileSync(join(diagrams, 'src', 'diagrams_builder.js'), 'utf8'), { module: builder, require: () => railroad });
  return builder.exports;
}

function withDrawnAttributesOnly(element: RailroadElement): void {
  for (const name of Object.keys(element.attrs)) if (!DRAWN_ATTRIBUTES.has(name)) delete element.attrs[name];
  if (typeof element.children !== 'string') element.children.forEach(withDrawnAttributesOnly);
}

/** One rule's diagram as SVG: a Vue template must not see a blank line (it would end Markdown's HTML block) or a mustache. */
function ruleSvg(builder: DiagramsBuilder, rule: ISerializedGast & { name: string }): string {
  const diagram = builder.convertProductionToDiagram(rule, rule.name).format();
  withDrawnAttributesOnly(diagram);
  const svg = diagram
    .toString()
    .split('\n')
    .filter((line) => line.trim() !== '')
    .join('\n');
  return `<div class="railroad" v-pre>\n${svg}\n</div>`;
}

const STYLE = `<style>
.railroad { overflow-x: auto; margin: 16px 0; }
.railroad svg.railroad-diagram { max-width: none; }
.railroad svg.railroad-diagram path { stroke-width: 2; stroke: var(--vp-c-text-2); fill: none; }
.railroad svg.railroad-diagram rect { stroke-width: 2; stroke: var(--vp-c-text-2); fill: var(--vp-c-bg-soft); }
.railroad svg.railroad-diagram g.non-terminal rect { fill: var(--vp-c-brand-soft); }
.railroad svg.railroad-diagram text { font: 14px var(--vp-font-family-mono); text-anchor: middle; fill: var(--vp-c-text-1); }
</style>`;

function grammarSection(builder: DiagramsBuilder, title: string, about: string, rules: readonly ISerializedGast[]): string[] {
  return [
    `## ${title}`,
    '',
    about,
    '',
    ...rules.flatMap((rule) => {
      const named = rule as ISerializedGast & { name: string };
      return [`### ${named.name}`, '', ruleSvg(builder, named), ''];
    }),
  ];
}

/** docs/reference/mermaid-grammar.md: a railroad diagram of each rule of the two Mermaid grammars fullapi reads. */
export function mermaidGrammarPage(): string {
  const builder = diagramsBuilder();
  const intro = [
    'fullapi reads Mermaid `erDiagram` and `classDiagram` text with grammars of its own (`grammar/er/` and `grammar/class/`), drawn here rule by rule.',
    'Follow a line from left to right: a rounded box is a token (hover it for its pattern), a square box is another rule, and a branch is a choice or a repetition.',
  ].join(' ');
  return page('Mermaid grammars', intro, [
    STYLE,
    '',
    ...grammarSection(builder, 'erDiagram', 'The grammar of `erDiagram` text, from `diagram` (the whole text) down.', erSerializedGrammar()),
    ...grammarSection(builder, 'classDiagram', 'The grammar of `classDiagram` text, from `diagram` (the whole text) down.', classSerializedGrammar()),
  ]);
}
