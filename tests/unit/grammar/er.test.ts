import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateCstDts } from 'chevrotain';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { erJsonView, parseErDiagram } from '../../../grammar/er/index.js';
import { lexErDiagram } from '../../../grammar/er/lexer.js';
import { erGrammarProductions } from '../../../grammar/er/parser.js';
import { repoRoot } from '../../support/repo-root.js';

/** The body of every fenced mermaid block holding an erDiagram. */
function erDocumentationBlocks(): string[] {
  const docs = readFileSync(join(repoRoot(), 'tests/unit/grammar/fixtures/er-docs.md'), 'utf8');
  const blocks = [...docs.matchAll(/^(`{3,})mermaid(?:-example)?\n([\s\S]*?)^\1$/gm)].map((match) => match[2] ?? '');
  return blocks.filter((block) => block.includes('erDiagram'));
}

const parse = (text: string) => parseErDiagram(text);
const view = (text: string) => {
  const { diagram, errors } = parse(text);
  assert.equal(errors, [], text);
  return diagram ? erJsonView(diagram) : undefined;
};
/** The token types the lexer hands the parser, `EndOfInput` included. */
const tokenNames = (text: string) => lexErDiagram(text).tokens.map((token) => token.tokenType.name);

test('every erDiagram example of the Mermaid documentation parses with no error', () => {
  const blocks = erDocumentationBlocks();
  assert.is(blocks.length, 16);
  for (const block of blocks) {
    const result = parse(block);
    assert.equal(result.errors, [], block);
    assert.ok(result.diagram, block);
  }
});

test('lexer: rules are tried in Mermaid order, the first match wins', () => {
  assert.equal(tokenNames('erDiagram\nA ||--o{ B : x\n'), ['Header', 'Newline', 'Name', 'ExactlyOneBars', 'SolidLine', 'ZeroOrMoreOBrace', 'Name', 'Colon', 'Name', 'Newline', 'EndOfInput']);
  // `1` before a word is a cardinality, before a line too; alone it is a name, `12` and `2.5` are numbers.
  assert.equal(tokenNames('1 A'), ['OneBeforeWord', 'Name', 'EndOfInput']);
  assert.equal(tokenNames('1--'), ['OneBeforeWord', 'SolidLine', 'EndOfInput']);
  assert.equal(tokenNames('1 12 2.5'), ['OneBeforeWord', 'WholeNumber', 'DecimalNumber', 'EndOfInput']);
  assert.equal(tokenNames('1'), ['One', 'EndOfInput']);
  assert.equal(tokenNames('2FA'), ['WholeNumber', 'Name', 'EndOfInput']);
  // `u` is a cardinality only before `.`, `-` or `|`; `|o` needs a word boundary after it.
  assert.equal(tokenNames('u-- u uu'), ['MdParentU', 'SolidLine', 'Name', 'Name', 'EndOfInput']);
  assert.equal(tokenNames('|oa |o a'), ['StrayCharacter', 'Name', 'ZeroOrOneBarO', 'Name', 'EndOfInput']);
  assert.equal(tokenNames('ONE_TIME ONE TO-DO'), ['Name', 'OneWords', 'SolidLine', 'Name', 'EndOfInput']);
  // Quoted: a name unless it holds `%`, `\` or nothing; then only a label.
  assert.equal(tokenNames('"a b" "a%b" ""'), ['QuotedName', 'QuotedText', 'QuotedText', 'EndOfInput']);
});

test('lexer: a line holding `direction LR` is swallowed from where the lexer stands', () => {
  const lexed = lexErDiagram('erDiagram\nA ||--o{ B : "direction LR"\nC');
  assert.equal(lexed.tokens.map((token) => token.tokenType.name), ['Header', 'Newline', 'Direction', 'Newline', 'Name', 'EndOfInput']);
  assert.is(lexed.tokens[2]?.image, 'A ||--o{ B : "direction LR"');
});

test('lexer: modes for blocks and style lines, and the end of input only at the top level', () => {
  assert.equal(tokenNames('A { int x PK, fk "c" }'), ['Name', 'BlockOpen', 'PlainWord', 'PlainWord', 'Key', 'KeyComma', 'Key', 'Comment', 'BlockClose', 'EndOfInput']);
  assert.equal(tokenNames('A { Map~K, V~ m }'), ['Name', 'BlockOpen', 'GenericWord', 'PlainWord', 'BlockClose', 'EndOfInput']);
  assert.equal(tokenNames('style A fill:#f9f\nB'), ['StyleKeyword', 'StyleText', 'StyleText', 'StyleColon', 'StyleHash', 'StyleText', 'StyleNewline', 'Name', 'EndOfInput']);
  // Spaces before the line break keep the lexer in the style line, which the text then ends in.
  assert.equal(tokenNames('style A fill:red  \n'), ['StyleKeyword', 'StyleText', 'StyleText', 'StyleColon', 'StyleText']);
  assert.equal(tokenNames('A { int x'), ['Name', 'BlockOpen', 'PlainWord', 'PlainWord']);
  assert.equal(tokenNames('accTitle: x'), ['AccTitle']);
  assert.equal(tokenNames('accTitle: x\n'), ['AccTitle', 'Newline', 'EndOfInput']);
  assert.equal(lexErDiagram('A accDescr {} B').invisible.map((token) => token.image), ['accDescr {}']);
});

test('symbolic cardinalities: fromCardinality is the marker next to the first entity', () => {
  assert.equal(view('erDiagram\n  CUSTOMER ||--o{ ORDER : places\n  ORDER }|..|o "LINE ITEM" : "is in"\n  A}o--|{B:x'), {
    kind: 'erDiagram',
    entities: [
      { name: 'CUSTOMER', attributes: [] },
      { name: 'ORDER', attributes: [] },
      { name: 'LINE ITEM', attributes: [] },
      { name: 'A', attributes: [] },
      { name: 'B', attributes: [] },
    ],
    relationships: [
      { from: 'CUSTOMER', to: 'ORDER', fromCardinality: 'exactlyOne', toCardinality: 'zeroOrMore', identifying: true, label: 'places' },
      { from: 'ORDER', to: 'LINE ITEM', fromCardinality: 'oneOrMore', toCardinality: 'zeroOrOne', identifying: false, label: 'is in' },
      { from: 'A', to: 'B', fromCardinality: 'zeroOrMore', toCardinality: 'oneOrMore', identifying: true, label: 'x' },
    ],
  });
});

test('word cardinalities and lines, case-insensitive, and the u marker', () => {
  const lines = [
    'erDiagram',
    'A one or zero to ZERO OR ONE B : r1',
    'A one or more optionally to one or many B : r2',
    'A many(1) to 1+ B : r3',
    'A zero or more to zero or many B : r4',
    'A many(0) to 0+ B : r5',
    'A many to only one B : r6',
    'A 1--1 B : r7',
    'A u--o{ B : r8',
  ];
  const relationships = view(lines.join('\n'))?.relationships.map((r) => [r.fromCardinality, r.toCardinality, r.identifying]);
  assert.equal(relationships, [
    ['zeroOrOne', 'zeroOrOne', true],
    ['oneOrMore', 'oneOrMore', false],
    ['oneOrMore', 'oneOrMore', true],
    ['zeroOrMore', 'zeroOrMore', true],
    ['zeroOrMore', 'zeroOrMore', true],
    ['zeroOrMore', 'exactlyOne', true],
    ['exactlyOne', 'exactlyOne', true],
    ['mdParent', 'zeroOrMore', true],
  ]);
});

test('aliases, quoted names, keys, comments, generics and merged blocks', () => {
  const text = [
    'erDiagram',
    '  p[Person] { string name }',
    '  "Customer Account"["Account of a customer"] {',
    '    uuid id PK "the key"',
    '    Map~string, int~ prefs',
    '    string[] tags',
    '    varchar(255) email UK,fk',
    '    int *owner PK, FK ""',
    '  }',
    '  p { int age }',
    '  p[Other] ||--o| "Customer Account" : has',
  ].join('\n');
  assert.ok(parse(text).errors.length > 0, 'an alias inside a relationship is refused');
  assert.equal(view(text.replace('p[Other]', 'p'))?.entities, [
    { name: 'p', alias: 'Person', attributes: [{ type: 'string', name: 'name', keys: [] }, { type: 'int', name: 'age', keys: [] }] },
    {
      name: 'Customer Account',
      alias: 'Account of a customer',
      attributes: [
        { type: 'uuid', name: 'id', keys: ['PK'], comment: 'the key' },
        { type: 'Map~string, int~', name: 'prefs', keys: [] },
        { type: 'string[]', name: 'tags', keys: [] },
        { type: 'varchar(255)', name: 'email', keys: ['UK', 'FK'] },
        { type: 'int', name: '*owner', keys: ['PK', 'FK'], comment: '' },
      ],
    },
  ]);
});

test('numbers, reserved words and quoted names, as Mermaid reads them', () => {
  assert.equal(view('erDiagram\n12 2.5 2FA "ONE" 1')?.entities.map((entity) => entity.name), ['12', '2.5', '2', 'FA', 'ONE', '1']);
  assert.equal(view('erDiagram\nONE_TIME CLASSROOM title Shop')?.entities.map((entity) => entity.name), ['ONE_TIME', 'CLASSROOM', 'title', 'Shop']);
  assert.equal(view('erDiagram\n"A" A ||--o{ "B" : "a%b"')?.relationships.map((r) => [r.from, r.to, r.label]), [['A', 'B', 'a%b']]);
  assert.equal(view('erDiagram\nA ||--o{ B : "direction LR"'), { kind: 'erDiagram', entities: [], relationships: [] });
  assert.ok(parse('erDiagram\n  ONE').errors.length > 0);
  assert.ok(parse('erDiagram\n  TO-DO').errors.length > 0);
  assert.ok(parse('erDiagram\n  "a%b"').errors.length > 0);
});

test('`#name;` is kept as written, though Mermaid stores it encoded', () => {
  assert.equal(view('erDiagram\nA#amp; ||--o{ B : "#x;"')?.relationships.map((r) => [r.from, r.label]), [['A#amp;', '#x;']]);
});

test('spans: 1-based, in the original text, end just past the last character', () => {
  const diagram = parse('erDiagram\n  CUSTOMER ||--o{ "LINE ITEM" : places\n  CUSTOMER[Client] { int id PK "key" }').diagram;
  const [customer, lineItem] = diagram?.entities ?? [];
  const [relationship] = diagram?.relationships ?? [];
  assert.equal(customer?.span, { line: 2, column: 3, endLine: 2, endColumn: 11 });
  assert.equal(customer?.aliasSpan, { line: 3, column: 12, endLine: 3, endColumn: 18 });
  assert.equal(lineItem?.span, { line: 2, column: 19, endLine: 2, endColumn: 30 });
  assert.equal(relationship?.span, { line: 2, column: 3, endLine: 2, endColumn: 39 });
  assert.equal(relationship?.fromSpan, { line: 2, column: 3, endLine: 2, endColumn: 11 });
  assert.equal(relationship?.operatorSpan, { line: 2, column: 12, endLine: 2, endColumn: 18 });
  assert.equal(relationship?.toSpan, { line: 2, column: 19, endLine: 2, endColumn: 30 });
  assert.equal(relationship?.labelSpan, { line: 2, column: 33, endLine: 2, endColumn: 39 });
  const [id] = customer?.attributes ?? [];
  assert.equal(id?.typeSpan, { line: 3, column: 22, endLine: 3, endColumn: 25 });
  assert.equal(id?.nameSpan, { line: 3, column: 26, endLine: 3, endColumn: 28 });
  assert.equal(id?.keySpans, [{ line: 3, column: 29, endLine: 3, endColumn: 31 }]);
  assert.equal(id?.commentSpan, { line: 3, column: 32, endLine: 3, endColumn: 37 });
});

test('spans survive front matter, %% lines, CRLF, a Markdown fence and encoded entities', () => {
  const text = ['# Shop', '', '```mermaid', '---', 'title: Shop', '---', 'erDiagram', '%% a comment', '  A#amp; ||--o{ B : "#x;"', '```'].join('\r\n');
  const diagram = parse(text).diagram;
  const [relationship] = diagram?.relationships ?? [];
  assert.equal(relationship?.fromSpan, { line: 9, column: 3, endLine: 9, endColumn: 9 });
  assert.equal(relationship?.toSpan, { line: 9, column: 17, endLine: 9, endColumn: 18 });
  assert.equal(relationship?.labelSpan, { line: 9, column: 21, endLine: 9, endColumn: 26 });
});

test('ignored: every statement that describes no data, with its span, in source order', () => {
  const text = [
    'erDiagram',
    '  direction LR',
    '  accTitle: Shop',
    '  accDescr: The shop schema',
    '  accDescr {',
    '    several lines',
    '  }',
    '  style A fill:#f9f,stroke:#333',
    '  classDef hot,cold fill:#f96;',
    '  class A,B hot',
    '  A:::hot ||--|| B:::cold,hot : owns',
    '  C accDescr{} D',
  ].join('\n');
  const diagram = parse(text).diagram;
  assert.equal(diagram?.entities.map((entity) => entity.name), ['A', 'B', 'C', 'D']);
  assert.equal(diagram?.ignored, [
    { what: 'direction', span: { line: 2, column: 3, endLine: 2, endColumn: 15 } },
    { what: 'accTitle', span: { line: 3, column: 3, endLine: 3, endColumn: 17 } },
    { what: 'accDescr', span: { line: 4, column: 3, endLine: 4, endColumn: 28 } },
    { what: 'accDescr', span: { line: 5, column: 3, endLine: 7, endColumn: 4 } },
    { what: 'style line', span: { line: 8, column: 3, endLine: 8, endColumn: 32 } },
    // Mermaid drops the `;` that ends a style or classDef line holding a `#` colour before its parser runs.
    { what: 'classDef line', span: { line: 9, column: 3, endLine: 9, endColumn: 30 } },
    { what: 'class line', span: { line: 10, column: 3, endLine: 10, endColumn: 16 } },
    { what: 'class shorthand :::hot', span: { line: 11, column: 4, endLine: 11, endColumn: 10 } },
    { what: 'class shorthand :::cold,hot', span: { line: 11, column: 19, endLine: 11, endColumn: 30 } },
    { what: 'accDescr', span: { line: 12, column: 5, endLine: 12, endColumn: 15 } },
  ]);
});

test('the JSON view: no positions, alias and comment only when written', () => {
  const diagram = parse('erDiagram\n  p[Person] { int id PK "key" string name }\n  p ||--o{ q : owns').diagram;
  assert.ok(diagram);
  assert.equal(JSON.parse(JSON.stringify(erJsonView(diagram))), {
    kind: 'erDiagram',
    entities: [
      {
        name: 'p',
        alias: 'Person',
        attributes: [
          { type: 'int', name: 'id', keys: ['PK'], comment: 'key' },
          { type: 'string', name: 'name', keys: [] },
        ],
      },
      { name: 'q', attributes: [] },
    ],
    relationships: [{ from: 'p', to: 'q', fromCardinality: 'exactlyOne', toCardinality: 'zeroOrMore', identifying: true, label: 'owns' }],
  });
});

test('fences, front matter and %% lines are stripped with line numbers kept', () => {
  const text = ['# Shop', '', '```mermaid', '---', 'title: Shop', '---', '%% a comment', 'erDiagram', '  A ||--o{ : x', '```'].join('\n');
  assert.equal(parse(text).errors, [{ message: 'expected an entity name after `o{`, found `:`', line: 9, column: 12, endColumn: 12 }]);
});

test('every syntax error is reported in one run, at most one per line, with its position', () => {
  const text = [
    'erDiagram',
    '  USER --o{ POST : writes',
    '  POST ||--o{ COMMENT',
    '  TAG }|--|{ POST : tags',
    '  p[Person] ||--o{ POST : x',
    '  POST { string }',
    '  A ; B ; C',
  ].join('\n');
  assert.equal(parse(text), {
    errors: [
      { message: 'expected a cardinality like `||--o{` after `USER`, found `--`', line: 2, column: 8, endColumn: 9 },
      { message: 'expected a label like `: places` after `COMMENT`, found a line break', line: 3, column: 22 },
      { message: 'an alias `[...]` is only allowed on an entity declaration, not in a relationship', line: 5, column: 13, endColumn: 14 },
      { message: 'expected an attribute type or name after `string`, found `}`', line: 6, column: 17, endColumn: 17 },
      { message: 'unexpected `;` after `A`: expected an entity, a relationship or a statement', line: 7, column: 5, endColumn: 5 },
    ],
  });
});

test('errors for the quirks: keys, numbers, keywords, quoted names, labels, style lines', () => {
  const firstError = (text: string) => parse(text).errors[0];
  assert.equal(firstError('erDiagram\n A { int x PK FK }'), { message: 'separate keys with a comma, like `PK, FK`', line: 2, column: 15, endColumn: 16 });
  assert.equal(firstError('erDiagram\n1 A'), {
    message: '`1` before a word, a number or a line is a cardinality in Mermaid: quote an entity named 1 as `"1"`',
    line: 2,
    column: 1,
    endColumn: 1,
  });
  assert.equal(firstError('erDiagram\nTO-DO')?.message, '`TO` is a cardinality or line keyword in Mermaid: quote a name that starts with it');
  assert.equal(
    firstError('erDiagram\n"a%b"')?.message,
    '`"a%b"` cannot name an entity: a quoted name must not be empty or hold `%`, `\\`, `"` or a line break',
  );
  assert.equal(firstError('erDiagram\nA ||--o{ B : 123'), {
    message: 'expected a label (a word or a quoted text) after `:`, found `123`',
    line: 2,
    column: 14,
    endColumn: 16,
  });
  assert.equal(firstError('erDiagram\nA { int x'), { message: 'expected `}` after `x`, found the end of the diagram', line: 2, column: 10 });
  assert.equal(firstError('erDiagram\nstyle A fill:red  '), {
    message: 'a style line ends at `;` or at a line break right after its last word, found the end of the diagram after `red`',
    line: 2,
    column: 17,
  });
  assert.equal(firstError('erDiagram\nstyle A fill:2.5px'), { message: 'unexpected character `.` in a style line', line: 2, column: 15, endColumn: 15 });
  assert.equal(firstError('erDiagram\nstyle A')?.message, 'expected styles like `fill:#f9f` after `A`, found a line break');
});

test('a diagram must start with erDiagram, case-sensitively', () => {
  assert.equal(parse('classDiagram\n').errors, [
    { message: 'a diagram must start with `erDiagram`, found `classDiagram`', line: 1, column: 1, endColumn: 12 },
  ]);
  assert.equal(parse('ERDIAGRAM\nA').errors[0]?.message, 'a diagram must start with `erDiagram`, found `ERDIAGRAM`');
  assert.equal(parse('  \n%% c\nerDiagram A').errors, []);
});

test('never throws: every prefix of a diagram gives a diagram or errors', () => {
  const text = 'erDiagram\n  p[Person]:::hot { int id PK, FK "c" }\n  style p fill:#f9f;\n  p ||--o{ "Q" : "owns"\n  accDescr { x }';
  for (let end = 0; end <= text.length; end++) {
    const result = parse(text.slice(0, end));
    assert.is(result.diagram === undefined, result.errors.length > 0, text.slice(0, end));
  }
});

const CST_HEADER = `/**
 * The erDiagram CST's types, generated by Chevrotain's \`generateCstDts\` from grammar/er/parser.ts: do not edit.
 * tests/unit/grammar/er.test.ts fails when this file is stale; \`FULLAPI_REFRESH_GOLDEN=1\` on that test rewrites it.
 */
`;

test('the typed CST (cst.generated.ts) is the one the grammar generates', () => {
  const path = join(repoRoot(), 'grammar/er/cst.generated.ts');
  const generated = CST_HEADER + generateCstDts(erGrammarProductions());
  if (process.env['FULLAPI_REFRESH_GOLDEN'] === '1') writeFileSync(path, generated);
  assert.fixture(readFileSync(path, 'utf8'), generated);
});

test.run();
