import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateCstDts } from 'chevrotain';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { classJsonView, parseClassDiagram, type ClassDiagram } from '../../../grammar/class/index.js';
import { lexClassDiagram } from '../../../grammar/class/lexer.js';
import { classGrammarProductions } from '../../../grammar/class/parser.js';
import { repoRoot } from '../../support/repo-root.js';

const diagram = (...lines: string[]) => ['classDiagram', ...lines].join('\n');

function parsed(text: string): ClassDiagram {
  const result = parseClassDiagram(text);
  assert.equal(result.errors, [], text);
  if (!result.diagram) throw new Error(`no diagram for ${text}`);
  return result.diagram;
}

const view = (text: string) => classJsonView(parsed(text));
const errorsOf = (text: string) => parseClassDiagram(text).errors;

/** `name(image)` of every token, for the lexer tests. */
function tokens(text: string): string[] {
  const { tokens: lexed, errors } = lexClassDiagram(text);
  assert.equal(errors, [], text);
  return lexed.map((token) => `${token.tokenType.name}(${token.image})`);
}

function documentationBlocks(): string[] {
  const docs = readFileSync(join(repoRoot(), 'tests/unit/grammar/fixtures/class-docs.md'), 'utf8');
  return [...docs.matchAll(/^(`{3,})mermaid(?:-example)?\n([\s\S]*?)^\1$/gm)].map((match) => match[2] ?? '');
}

// --- Lexer ---------------------------------------------------------------------------------------

test('lexer: `o` is an aggregation head only before a non-word character', () => {
  assert.equal(tokens('A --o B\nA --oB\n'), [
    'Word(A)',
    'SolidLine(--)',
    'Aggregation(o)',
    'Word(B)',
    'Newline(\n)',
    'Word(A)',
    'SolidLine(--)',
    'Word(oB)',
    'Newline(\n)',
  ]);
});

test('lexer: `class` is a keyword at the start of a statement only, and opens the class-line mode', () => {
  assert.equal(tokens('class class {\n int o\n}\n'), [
    'ClassAtTop(class)',
    'Word(class)',
    'BodyOpen({)',
    'Member( int o)',
    'BodyClose(})',
    'ClassLineEnd(\n)',
  ]);
});

test('lexer: a top-level line holding `direction LR` is one direction token, from where the lexer stands', () => {
  assert.equal(tokens('A --> B : direction LR\nclass A {\n direction LR\n}\n'), [
    'DirectionLine(A --> B : direction LR)',
    'Newline(\n)',
    'ClassAtTop(class)',
    'Word(A)',
    'BodyOpen({)',
    'Member( direction LR)',
    'BodyClose(})',
    'ClassLineEnd(\n)',
  ]);
});

test('lexer: a comment eats the line breaks after it; `""`, `~~` and empty backticks are no tokens', () => {
  assert.equal(tokens('A --> B %% c\n\nC "" D~~ ``\n'), ['Word(A)', 'SolidLine(--)', 'Dependency(>)', 'Word(B)', 'Word(C)', 'Word(D)', 'Newline(\n)']);
});

test('lexer: `note for` needs exactly one blank; `call name(args)` is one token', () => {
  assert.equal(tokens('note for A "x"\nnote  for\nclick A call f(1, "a") "t"\n'), [
    'NoteFor(note for)',
    'Word(A)',
    'Quoted("x")',
    'Newline(\n)',
    'Note(note)',
    'Word(for)',
    'Newline(\n)',
    'Click(click)',
    'Word(A)',
    'CallbackCall(call f(1, "a"))',
    'Quoted("t")',
    'Newline(\n)',
  ]);
});

test('lexer: inside a namespace, `}` after a class line closes the namespace', () => {
  assert.equal(tokens('namespace N { class A }\n'), [
    'NamespaceAtTop(namespace)',
    'Word(N)',
    'NamespaceOpen({)',
    'ClassInNamespace(class)',
    'Word(A)',
    'NamespaceCloseAfterClass(})',
    'NamespaceLineEnd(\n)',
  ]);
});

// --- Valid diagrams ------------------------------------------------------------------------------

test('classes: declarations, labels, generics, backticks, dotted and glued names, in first-appearance order', () => {
  const classes = parsed(
    diagram(
      'class Animal["An animal"]',
      'class Square~Shape~',
      'class `Animal Class!`',
      'class App.Models.User',
      'class Foo Bar',
      'class Ünï-1',
      'Square~Other~ --> Zebra',
      'class Animal["Renamed"]',
    ),
  ).classes.map(({ name, label, generic }) => ({ name, label, generic }));
  assert.equal(classes, [
    { name: 'Animal', label: 'Renamed', generic: undefined },
    { name: 'Square', label: undefined, generic: 'Shape' },
    { name: 'Animal Class!', label: undefined, generic: undefined },
    { name: 'App.Models.User', label: undefined, generic: undefined },
    { name: 'FooBar', label: undefined, generic: undefined },
    { name: 'Ünï-1', label: undefined, generic: undefined },
    { name: 'Zebra', label: undefined, generic: undefined },
  ]);
});

test('classes: a bare name creates nothing; a member line and a relation do', () => {
  assert.equal(
    parsed(diagram('Ghost', 'A : +int x', 'B --> C')).classes.map((node) => node.name),
    ['A', 'B', 'C'],
  );
});

test('members: visibility, classifiers, methods with parameters and return types, annotations in a body', () => {
  const text = diagram(
    'class Shape {',
    '  <<interface>>',
    '  +int id',
    '  -List~int~ points$',
    '  #name: string*',
    '  ~package',
    '  +area(scale, offset) double',
    '  +draw()$',
    '  reset()* void',
    '  copy() Shape*',
    '}',
    'Shape : +String label',
    'Shape : resize(int factor) bool',
  );
  assert.equal(view(text).classes, [
    {
      name: 'Shape',
      annotations: ['interface'],
      members: [
        { kind: 'attribute', visibility: '+', text: 'int id' },
        { kind: 'attribute', visibility: '-', text: 'List~int~ points', classifier: 'static' },
        { kind: 'attribute', visibility: '#', text: 'name: string', classifier: 'abstract' },
        { kind: 'attribute', visibility: '~', text: 'package' },
        { kind: 'method', visibility: '+', name: 'area', parameters: 'scale, offset', returnType: 'double' },
        { kind: 'method', visibility: '+', name: 'draw', parameters: '', classifier: 'static' },
        { kind: 'method', name: 'reset', parameters: '', returnType: 'void', classifier: 'abstract' },
        { kind: 'method', name: 'copy', parameters: '', returnType: 'Shape', classifier: 'abstract' },
        { kind: 'attribute', visibility: '+', text: 'String label' },
        { kind: 'method', name: 'resize', parameters: 'int factor', returnType: 'bool' },
      ],
    },
  ]);
});

test('members: Mermaid reads a method from the last `(` that has a `)` after it', () => {
  const members = view(diagram('class A {', '  f(a)(b) c', '  +(x)', '  a)(b)', '}')).classes[0]?.members;
  assert.equal(members, [
    { kind: 'method', name: 'f(a)', parameters: 'b', returnType: 'c' },
    { kind: 'method', name: '+', parameters: 'x' },
    { kind: 'method', name: 'a)', parameters: 'b' },
  ]);
});

test('members: a `Name : <<x>>` line is an attribute (Mermaid sanitizes it first), an entity `#x;` is no visibility', () => {
  assert.equal(view(diagram('A : <<interface>>', 'A : #quot;x')).classes[0]?.members, [
    { kind: 'attribute', text: '<<interface>>' },
    { kind: 'attribute', text: '#quot;x' },
  ]);
});

test('annotations: inline, on their own line, in a body', () => {
  const text = diagram('class Shape <<interface>>', '<<abstract>> Shape', 'class Color <<enumeration>> {', '  <<flags>>', '  RED', '}');
  assert.equal(
    view(text).classes.map((node) => [node.name, node.annotations]),
    [
      ['Shape', ['interface', 'abstract']],
      ['Color', ['enumeration', 'flags']],
    ],
  );
});

test('relations: every arrow, both-ended ones and lollipops, with heads at the end they are written at', () => {
  const text = diagram(
    'A <|-- B',
    'A *-- B',
    'A o-- B',
    'A --> B',
    'A -- B',
    'A ..> B',
    'A ..|> B',
    'A .. B',
    'A <|--|> B',
    'A ()-- B',
    'A --() B',
  );
  const relations = view(text).relations.map(({ fromHead, toHead, line }) => [fromHead ?? '', line, toHead ?? '']);
  assert.equal(relations, [
    ['extension', 'solid', ''],
    ['composition', 'solid', ''],
    ['aggregation', 'solid', ''],
    ['', 'solid', 'dependency'],
    ['', 'solid', ''],
    ['', 'dotted', 'dependency'],
    ['', 'dotted', 'extension'],
    ['', 'dotted', ''],
    ['extension', 'solid', 'extension'],
    ['lollipop', 'solid', ''],
    ['', 'solid', 'lollipop'],
  ]);
});

test('relations: a lollipop end is an interface, not a class', () => {
  assert.equal(
    parsed(diagram('IShape ()-- Circle', 'Square --() IDrawable', 'X ()--() Y')).classes.map((node) => node.name),
    ['Circle', 'Square', 'X', 'Y'],
  );
});

test('relations: cardinalities on either side, labels trimmed with quotes kept, no spaces needed', () => {
  assert.equal(view(diagram('Customer "1" --> "*" Ticket : buys', 'Galaxy --> " many " Star : "contains"', 'A--|>B:x')).relations, [
    { from: 'Customer', to: 'Ticket', fromCardinality: '1', toCardinality: '*', toHead: 'dependency', line: 'solid', label: 'buys' },
    { from: 'Galaxy', to: 'Star', toCardinality: 'many', toHead: 'dependency', line: 'solid', label: '"contains"' },
    { from: 'A', to: 'B', toHead: 'extension', line: 'solid', label: 'x' },
  ]);
});

test('namespaces: classes take the innermost namespace, dotted; relations stay outside', () => {
  const text = diagram(
    'namespace Shop.Models {',
    '  class Order',
    '  class Line {',
    '    int quantity',
    '  }',
    '}',
    'namespace Outer["The outer one"] {',
    '  namespace Inner { class Deep }',
    '  class Shallow',
    '  note for Deep "a note"',
    '}',
    'Order --> Line',
  );
  assert.equal(
    parsed(text).classes.map((node) => [node.name, node.namespace]),
    [
      ['Order', 'Shop.Models'],
      ['Line', 'Shop.Models'],
      ['Deep', 'Outer.Inner'],
      ['Shallow', 'Outer'],
    ],
  );
});

test('notes: general, for a class, over several lines', () => {
  const { notes } = parsed(diagram('note "general"', 'note for Duck "can fly', 'can swim"'));
  assert.equal(
    notes.map(({ text, for: target }) => ({ text, for: target })),
    [
      { text: 'general', for: undefined },
      { text: 'can fly\ncan swim', for: 'Duck' },
    ],
  );
});

test('statements without data go to `ignored`, in source order', () => {
  const text = diagram(
    'direction RL',
    'accTitle: Shop',
    'accDescr: The shop',
    'accDescr {',
    '  several lines',
    '}',
    'class Animal:::hot',
    'style Animal fill:#f9f,stroke:#333,stroke-width:4px',
    'classDef hot fill:#f96,color:red;',
    'cssClass "Animal" hot',
    'click Animal call callback() "tip"',
    'link Animal "https://example.com" _blank',
    'callback Animal "callback"',
  );
  assert.equal(
    parsed(text).ignored.map((statement) => statement.what),
    [
      'direction',
      'accTitle',
      'accDescr',
      'accDescr',
      'class shorthand :::name',
      'style line',
      'classDef line',
      'cssClass line',
      'click line',
      'link line',
      'callback line',
    ],
  );
});

test('the header: `classDiagram-v2`, comments, front matter and a Markdown fence', () => {
  assert.equal(parsed('classDiagram-v2\nclass A').classes.length, 1);
  const text = ['# Shop', '', '```mermaid', '---', 'title: Shop', '---', '%% a comment', 'classDiagram', '  %% another', '  class A', '```'].join('\n');
  assert.equal(parsed(text).classes[0]?.span, { line: 10, column: 9, endLine: 10, endColumn: 10 });
});

// --- Spans ---------------------------------------------------------------------------------------

test('spans: a relation, its ends, cardinalities, operator; a class where it first appears', () => {
  const text = diagram('  Customer "1" <|--o "*" Order : places');
  const [relation] = parsed(text).relations;
  assert.equal(relation, {
    from: 'Customer',
    to: 'Order',
    fromCardinality: '1',
    toCardinality: '*',
    fromHead: 'extension',
    toHead: 'aggregation',
    line: 'solid',
    label: 'places',
    span: { line: 2, column: 3, endLine: 2, endColumn: 40 },
    fromSpan: { line: 2, column: 3, endLine: 2, endColumn: 11 },
    toSpan: { line: 2, column: 26, endLine: 2, endColumn: 31 },
    fromCardinalitySpan: { line: 2, column: 12, endLine: 2, endColumn: 15 },
    toCardinalitySpan: { line: 2, column: 22, endLine: 2, endColumn: 25 },
    operatorSpan: { line: 2, column: 16, endLine: 2, endColumn: 21 },
  });
  assert.equal(parsed(text).classes[1]?.span, { line: 2, column: 26, endLine: 2, endColumn: 31 });
});

test('spans: member text, without visibility and classifier, where it stands in the file', () => {
  const text = diagram('class A {', '    -  List~int~ ids $', '}', 'A : +draw() void');
  const [attribute, method] = parsed(text).classes[0]?.members ?? [];
  assert.equal(attribute, {
    kind: 'attribute',
    visibility: '-',
    text: 'List~int~ ids',
    classifier: 'static',
    span: { line: 3, column: 5, endLine: 3, endColumn: 23 },
    textSpan: { line: 3, column: 8, endLine: 3, endColumn: 21 },
  });
  assert.equal(method?.span, { line: 5, column: 5, endLine: 5, endColumn: 17 });
});

test('spans: positions stay on the text as written, entities and dropped `;` included', () => {
  const text = diagram('style A fill:#f9f,color:red;', 'A : #amp; x', 'note "a #quot; b"');
  const result = parsed(text);
  assert.equal(result.classes[0]?.members[0], {
    kind: 'attribute',
    text: '#amp; x',
    span: { line: 3, column: 5, endLine: 3, endColumn: 12 },
    textSpan: { line: 3, column: 5, endLine: 3, endColumn: 12 },
  });
  assert.equal(result.notes[0], { text: 'a #quot; b', span: { line: 4, column: 1, endLine: 4, endColumn: 18 } });
  assert.equal(result.ignored[0], { what: 'style line', span: { line: 2, column: 1, endLine: 2, endColumn: 28 } });
});

// --- Errors --------------------------------------------------------------------------------------

test('errors: the header must come first and stand alone on its line', () => {
  assert.equal(errorsOf('erDiagram\nA'), [{ message: 'a diagram must start with `classDiagram`, found `erDiagram`', line: 1, column: 1, endColumn: 9 }]);
  assert.equal(errorsOf('classDiagram class A'), [{ message: '`classDiagram` must be alone on its line, found `class`', line: 1, column: 14, endColumn: 18 }]);
  assert.equal(errorsOf('classDiagram\n'), [{ message: 'the diagram is empty: write at least one statement after `classDiagram`', line: 1, column: 13 }]);
});

test('errors: plain sentences with their positions, every line in one run', () => {
  const text = diagram(
    'class',
    'A ; B',
    'A -> B',
    'A "1" B',
    'A : x : y',
    'namespace N {',
    '  A --> B',
    '}',
    'class C:::hot {}',
    'note "open',
  );
  assert.equal(errorsOf(text), [
    { message: 'expected a class name after `class`, found the end of the line', line: 2, column: 6 },
    { message: '`;` cannot separate statements: put each on its own line', line: 3, column: 3, endColumn: 3 },
    { message: 'expected a line `--` or `..` after `>`, found `B`', line: 4, column: 6, endColumn: 6 },
    { message: 'expected an arrow like `-->` or `<|--` after `"1"`, found `B`', line: 5, column: 7, endColumn: 7 },
    { message: 'a label or member text ends at the next `:`, so `: y` cannot follow `: x`', line: 6, column: 7, endColumn: 9 },
    { message: 'expected `class`, `note` or `namespace` (relations go outside namespaces), found `A`', line: 8, column: 3, endColumn: 3 },
    { message: 'after `:::name` the body cannot be empty: add a member or drop the braces', line: 10, column: 16, endColumn: 16 },
    { message: 'this `"` opens a text that is never closed', line: 11, column: 6, endColumn: 10 },
  ]);
});

test('errors: what Mermaid rejects only when it runs the statement', () => {
  const text = diagram('<<interface>> Shape', 'class A {', '  draw)', '}', 'click B call f()', 'link C "u" "tooltip"', 'link D "u"');
  assert.equal(errorsOf(text), [
    { message: 'class `Shape` must be declared before `<<interface>>`', line: 2, column: 15, endColumn: 19 },
    { message: '`draw)` is not a valid method: write it like `name(parameters)`', line: 4, column: 3, endColumn: 7 },
    { message: 'class `B` must be declared before its `click` line', line: 6, column: 7, endColumn: 7 },
    { message: 'class `C` must be declared before a `link` line with a tooltip', line: 7, column: 6, endColumn: 6 },
  ]);
});

test('errors: an unclosed body, generic, `accDescr` or callback', () => {
  assert.equal(errorsOf(diagram('class A {', '  int x')), [{ message: 'expected `}` after `int x`, found the end of the diagram', line: 3, column: 8 }]);
  assert.equal(errorsOf(diagram('class A~T')), [{ message: 'this generic type is never closed with `~`', line: 2, column: 9, endColumn: 9 }]);
  assert.equal(errorsOf(diagram('accDescr { x')), [{ message: '`accDescr {` is never closed with `}`', line: 2, column: 1, endColumn: 12 }]);
  assert.equal(errorsOf(diagram('class A', 'click A call f')), [
    { message: '`call` must be followed by a function like `call name()`', line: 3, column: 9, endColumn: 12 },
  ]);
});

test('a trailing comment eats the line break, as in Mermaid: the next line joins the statement', () => {
  assert.equal(errorsOf(diagram('A --> B %% joins', 'C --> D')), [
    { message: 'unexpected `--` after `C`: expected the end of the line', line: 3, column: 3, endColumn: 4 },
  ]);
});

test('no input makes the facade throw', () => {
  const odd = ['', '\n', 'classDiagram\n{', 'classDiagram\n}}}', 'classDiagram\nclass A {{{', 'classDiagram\n"', 'classDiagram\n`', 'classDiagram\n~', 'classDiagram\n\u2028()', 'classDiagram\nnamespace N { namespace', 'classDiagram\nclick'];
  for (const text of odd) {
    const result = parseClassDiagram(text);
    assert.ok(result.errors.length > 0 || result.diagram !== undefined, text);
  }
});

// --- The JSON view and the documentation -----------------------------------------------------------

test('the JSON view: no positions, no notes, optional fields only when present', () => {
  const text = diagram('class Animal~T~["An animal"] {', '  +int age', '  +isMammal() bool', '}', 'Animal "1" --> Zebra', 'note for Animal "n"');
  assert.equal(view(text), {
    kind: 'classDiagram',
    classes: [
      {
        name: 'Animal',
        label: 'An animal',
        annotations: [],
        members: [
          { kind: 'attribute', visibility: '+', text: 'int age' },
          { kind: 'method', visibility: '+', name: 'isMammal', parameters: '', returnType: 'bool' },
        ],
      },
      { name: 'Zebra', annotations: [], members: [] },
    ],
    relations: [{ from: 'Animal', to: 'Zebra', fromCardinality: '1', toHead: 'dependency', line: 'solid' }],
  });
});

test('every classDiagram example of the Mermaid documentation parses with no error', () => {
  const blocks = documentationBlocks();
  assert.is(blocks.length, 36);
  for (const block of blocks) assert.equal(parseClassDiagram(block).errors, [], block);
});

/**
 * The two examples Mermaid 11.14.0 rejects (class-oracle.test.ts cannot ask it): a namespace label and nested
 * namespaces, as the ClassDB of the documented version files them (a nested namespace's id is `Outer.Inner`).
 */
test('the documentation examples with a namespace label and nested namespaces', () => {
  const blocks = documentationBlocks();
  const labelled = blocks.find((block) => block.includes('namespace Auth["Authentication Service"]')) ?? '';
  assert.equal(
    parsed(labelled).classes.map((node) => [node.name, node.namespace, classJsonView(parsed(labelled)).classes[0]?.members.length]),
    [['UserService', 'Auth', 2]],
  );
  const nested = blocks.find((block) => block.includes('namespace Platform {')) ?? '';
  const model = parsed(nested);
  assert.equal(
    model.classes.map((node) => [node.name, node.namespace]),
    [
      ['UserService', 'Platform.Auth'],
      ['Repository', 'Platform.Data'],
      ['Gateway', 'Platform'],
    ],
  );
  assert.equal(
    model.relations.map(({ from, to, label }) => [from, to, label]),
    [
      ['Gateway', 'UserService', 'delegates'],
      ['Gateway', 'Repository', 'delegates'],
    ],
  );
});

const CST_HEADER = `/**
 * The classDiagram CST's types, generated by Chevrotain's \`generateCstDts\` from grammar/class/parser.ts: do not edit.
 * tests/unit/grammar/class.test.ts fails when this file is stale; \`FULLAPI_REFRESH_GOLDEN=1\` on that test rewrites it.
 */
`;

test('the typed CST (cst.generated.ts) is the one the grammar generates', () => {
  const path = join(repoRoot(), 'grammar/class/cst.generated.ts');
  const generated = CST_HEADER + generateCstDts(classGrammarProductions());
  if (process.env['FULLAPI_REFRESH_GOLDEN'] === '1') writeFileSync(path, generated);
  assert.fixture(readFileSync(path, 'utf8'), generated);
});

test.run();
