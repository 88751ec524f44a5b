/**
 * Hostile and broken diagrams, one regression per input a fuzzer or a review found to crash or stall the diagram
 * front end. Each is read as `make --mermaid` and `validate` read it; none may throw, every diagnostic has a line
 * and a column, and a diagram reports a bounded number of them, ending with the limit it reached.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Diagnostic } from '../../../src/diagnostics/diagnostic.js';
import { readDiagramFile } from '../../../src/frontends/diagram/index.js';

/** What a diagram of at most 100 errors can report: those and the one saying where reporting stopped. */
const MOST_DIAGNOSTICS = 101;

function diagnose(text: string): Diagnostic[] {
  const { diagnostics } = readDiagramFile('hostile.mmd', text);
  for (const diagnostic of diagnostics) {
    assert.type(diagnostic.span?.line, 'number', diagnostic.message);
    assert.type(diagnostic.span?.column, 'number', diagnostic.message);
  }
  assert.ok(diagnostics.length <= MOST_DIAGNOSTICS, `${diagnostics.length} diagnostics`);
  return diagnostics;
}

const codes = (diagnostics: readonly Diagnostic[]) => [...new Set(diagnostics.map((diagnostic) => diagnostic.code))];
const last = (diagnostics: readonly Diagnostic[]) => diagnostics.at(-1);
const place = (diagnostic: Diagnostic | undefined) => `${diagnostic?.span?.line}:${diagnostic?.span?.column}`;

test('erDiagram: 1,600 bad lines after a relationship stop at the 101st error (error recovery overflowed the stack)', () => {
  const diagnostics = diagnose(`erDiagram\n  A ||--o{ B : x ${'}\n'.repeat(1600)}`);
  assert.equal(codes(diagnostics), ['invalid_syntax', 'too_many_errors']);
  assert.is(diagnostics.length, 101);
  assert.is(diagnostics[0]?.message, 'unexpected `}` after `x`: expected an entity, a relationship or a statement');
  assert.is(place(diagnostics[0]), '2:18');
  assert.is(place(diagnostics[99]), '101:1');
  assert.is(place(last(diagnostics)), '102:1');
  assert.match(last(diagnostics)?.message ?? '', 'errors after this point are not reported');
});

test('erDiagram: 1,600 bad statements on one line, one error for the line and the stop', () => {
  const diagnostics = diagnose(`erDiagram\n  A ||--o{ B : x ${'a [b] ||'.repeat(1600)}`);
  assert.equal(codes(diagnostics), ['invalid_syntax', 'too_many_errors']);
  assert.is(diagnostics.length, 2);
  assert.is(diagnostics[0]?.message, 'an alias `[...]` is only allowed on an entity declaration, not in a relationship');
});

test('erDiagram: an attribute block of 3,000 repeated keys stops at the 101st error', () => {
  const diagnostics = diagnose(`erDiagram\nA {\n${'  int x PK PK\n'.repeat(3000)}}\n`);
  assert.equal(codes(diagnostics), ['invalid_syntax', 'too_many_errors']);
  assert.is(diagnostics[0]?.message, 'separate keys with a comma, like `PK, FK`');
});

test('classDiagram: 2,200 bad tokens in a class body stop at the 101st error (error recovery overflowed the stack)', () => {
  const diagnostics = diagnose(`classDiagram\nclass A {\n${'{ '.repeat(2200)}`);
  assert.equal(codes(diagnostics), ['invalid_syntax', 'too_many_errors']);
  assert.is(diagnostics[0]?.message, 'a member cannot contain `{`');
  assert.is(place(diagnostics[0]), '3:1');
  assert.is(last(diagnostics)?.code, 'too_many_errors');
});

test('classDiagram: 1,200 nested namespaces are too deep, at the namespace that goes past 64 levels', () => {
  const diagnostics = diagnose(`classDiagram\n${'namespace a {\n'.repeat(1200)}`);
  assert.equal(diagnostics.map(({ code, message }) => ({ code, message })), [{ code: 'too_deep', message: 'namespaces nested deeper than 64 levels' }]);
  assert.is(place(diagnostics[0]), '66:1');
  assert.is(diagnostics[0]?.span?.endColumn, 10);
});

test('classDiagram: 64 nested namespaces are fine', () => {
  const text = `classDiagram\n${'namespace a {\n'.repeat(64)}class Post {\n  +string title\n}\n${'}\n'.repeat(64)}`;
  const { model, diagnostics } = readDiagramFile('deep.mmd', text);
  assert.equal(diagnostics, []);
  assert.equal(model?.entities.map((entity) => entity.name), ['Post']);
});

test('classDiagram: 1,200 namespace lines without braces, nested by error recovery, stop at the 101st error', () => {
  const diagnostics = diagnose(`classDiagram\n${'namespace a\n'.repeat(1200)}`);
  assert.equal(codes(diagnostics), ['invalid_syntax', 'too_many_errors']);
  assert.is(diagnostics[0]?.message, 'expected `{` after `a`, found the end of the line');
});

test('classDiagram: a class name of 20,000 pieces or letters is one name (the parser recursed per piece)', () => {
  for (const piece of ['a-', 'a.', 'é']) {
    const name = piece.repeat(20000);
    const { model, diagnostics } = readDiagramFile('long.mmd', `classDiagram\nclass ${name}x {\n  +string title\n}\n`);
    assert.is(diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length, 0, piece);
    assert.is(model?.entities.length, 1, piece);
  }
});

test('classDiagram: 1,600 lines of characters no rule takes stop at the 101st', () => {
  const diagnostics = diagnose(`classDiagram\n${'}\n'.repeat(1600)}`);
  assert.equal(codes(diagnostics), ['invalid_syntax', 'too_many_errors']);
  assert.is(diagnostics[0]?.message, 'unexpected character `}`');
  assert.is(place(last(diagnostics)), '102:1');
});

test('classDiagram: a long run of such characters is one error, quoted shortened', () => {
  const diagnostics = diagnose(`classDiagram\nclass A\n${'@'.repeat(100000)}\n`);
  assert.equal(codes(diagnostics), ['invalid_syntax']);
  assert.is(diagnostics.find((diagnostic) => diagnostic.span?.line === 3)?.message, 'unexpected character `@@@@@@@@@@@@@@@@@@@@@@@@@@@...`');
});

test('classDiagram: a member of 100,000 unknown words reports 100 errors and the stop (spreading them overflowed the stack)', () => {
  const diagnostics = diagnose(`classDiagram\nA : ${'a '.repeat(100000)}\n`);
  assert.equal(codes(diagnostics).sort(), ['too_many_errors', 'unknown_field_modifier', 'unknown_field_type']);
  assert.is(diagnostics.length, 101);
  assert.is(last(diagnostics)?.code, 'too_many_errors');
});

test('an erDiagram of a few mistakes reports them all and no limit', () => {
  const diagnostics = diagnose('erDiagram\n  A ||--o{ B : x }\n  C -- D\n  E { int x PK PK }\n');
  assert.equal(codes(diagnostics), ['invalid_syntax']);
  assert.equal(diagnostics.map(place), ['2:18', '3:5', '4:16']);
});

test.run();
