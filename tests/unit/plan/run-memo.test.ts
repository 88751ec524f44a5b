import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { newMemoKeys } from '../../../src/plan/memo-key.js';
import { newRunMemos } from '../../../src/plan/run-memo.js';

/** A memo of `compute` and the inputs it computed, in order. */
function counted<I, V>(compute: (input: I) => V) {
  const memos = newRunMemos();
  const computed: I[] = [];
  const memo = memos.memo((input: I) => {
    computed.push(input);
    return compute(input);
  });
  return { memos, memo, computed };
}

test('a memo answers from what this run or the run before looked up, and forgets the rest', () => {
  const { memos, memo, computed } = counted((text: string) => text.toUpperCase());
  memo('a');
  memo('b');
  memos.nextRun();
  assert.is(memo('a'), 'A');
  memos.nextRun();
  assert.is(memo('a'), 'A');
  assert.is(memo('b'), 'B');
  assert.equal(computed, ['a', 'b', 'b'], 'b was not looked up in the second run');
});

test("one run's memos keep only the values that run asks for again, and make no key for the others", () => {
  const memos = newRunMemos(false);
  const computed: string[] = [];
  const track = (kind: string) => (input: { text: string }) => {
    computed.push(`${kind} ${input.text}`);
    return input.text.length;
  };
  const stub = memos.memo(track('stub'), 'within-run');
  const artifact = memos.memo(track('artifact'));
  const input = { text: 'Post' };
  stub(input);
  stub({ text: 'Post' });
  artifact(input);
  artifact(input);
  // A Map cannot be keyed by its contents: a session's memo refuses it, a one-run memo never looks.
  const unkeyable = { text: 'Tag', seen: new Map() };
  artifact(unkeyable);
  assert.throws(() => newRunMemos().memo(track('session'))(unkeyable));
  assert.equal(computed, ['stub Post', 'artifact Post', 'artifact Post', 'artifact Tag']);
});

test('a memo nothing looked up in during a run keeps what it had', () => {
  const { memos, memo, computed } = counted((text: string) => text.length);
  memo('kept');
  memos.nextRun();
  memos.nextRun();
  memo('kept');
  assert.equal(computed, ['kept']);
});

test('record inputs: equal data is one key, whatever the objects; any part that differs is another', () => {
  const { memo, computed } = counted((input: { name: string; fields: readonly string[]; nullable?: boolean | undefined }) => input.fields.length);
  memo({ name: 'Post', fields: ['title'] });
  memo({ name: 'Post', fields: ['title'] });
  memo({ name: 'Post', fields: ['title', 'body'] });
  memo({ name: 'Post', fields: ['title'], nullable: undefined });
  memo({ name: 'Tag', fields: ['title'] });
  assert.is(computed.length, 4, 'an absent part differs from a part given as undefined');
});

test('a string input and a record input never meet, even when the string is a record\'s key', () => {
  const keys = newMemoKeys();
  const record = { text: 'a' };
  const { memo, computed } = counted((input: string | { text: string }) => (typeof input === 'string' ? `string ${input}` : `record ${input.text}`));
  assert.is(memo(record), 'record a');
  assert.is(memo(keys.of(record)), `string ${keys.of(record)}`);
  assert.is(computed.length, 2);
});

test('keys tell apart inputs that would run together if joined', () => {
  const keys = newMemoKeys();
  const distinct = [
    { what: 'a\u0000b', text: '' },
    { what: 'a', text: 'b' },
    { what: 'a', text: '\u0000b' },
    { parts: ['a,b'] },
    { parts: ['a', 'b'] },
    { parts: [['a'], 'b'] },
    { value: 1 },
    { value: '1' },
    { value: true },
    { value: null },
    { value: undefined },
    { value: 0 },
    { value: -0 },
    { nested: { a: 1, b: 2 } },
    { nested: { b: 2, a: 1 } },
    { long: 'x'.repeat(65) },
    { long: 'x'.repeat(66) },
    { long: `${'x'.repeat(64)}y` },
  ];
  const made = distinct.map((input) => keys.of(input));
  assert.is(new Set(made).size, distinct.length, made.join('\n'));
});

test('a function stands for itself; data that cannot be told by its contents is refused', () => {
  const keys = newMemoKeys();
  const emit = (): string => 'files';
  const other = (): string => 'files';
  assert.is(keys.of({ emitter: emit }), keys.of({ emitter: emit }));
  assert.is.not(keys.of({ emitter: emit }), keys.of({ emitter: other }));
  assert.throws(() => keys.of({ tables: new Map([['posts', 1]]) }), /Map/);
  assert.throws(() => keys.of({ when: new Date(0) }), /Date/);
  assert.throws(() => keys.of(new Map()), /Map/);
});

test('a key is the same in the next run, though its digests are made again', () => {
  const keys = newMemoKeys();
  const entity = { name: 'Post', fields: [{ name: 'title' }] };
  const before = keys.of({ entity, text: 'y'.repeat(100) });
  keys.nextRun();
  assert.is(keys.of({ entity: structuredClone(entity), text: 'y'.repeat(100) }), before);
});

test.run();
