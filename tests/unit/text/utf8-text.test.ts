import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { utf8Text } from '../../../src/text/utf8-text.js';

test('UTF-8 text reads as it is, a byte-order mark and non-Latin letters included', () => {
  const text = '\uFEFFentities:\n  Café: {}\n  名前: {}\n';
  assert.is(utf8Text(Buffer.from(text, 'utf8')), text);
  assert.is(utf8Text(Buffer.alloc(0)), '');
});

test('a stray NUL, or NULs on both sides as in a binary file, is not taken for UTF-16', () => {
  assert.is(utf8Text(Buffer.from('title: str\u0000ing\n', 'utf8')), 'title: str\u0000ing\n');
  const binary = Buffer.from([0, 0, 1, 0, 0, 2, 0, 0]);
  assert.is(utf8Text(binary), binary.toString('utf8'));
});

test('UTF-16 is refused in either byte order, told by its mark or by the NULs beside its letters', () => {
  const little = Buffer.from('entities:\n', 'utf16le');
  const big = Buffer.from(little).swap16();
  const cases: [Buffer, string][] = [
    [Buffer.concat([Buffer.from([0xff, 0xfe]), little]), 'little-endian'],
    [little, 'little-endian'],
    [Buffer.concat([Buffer.from([0xfe, 0xff]), big]), 'big-endian'],
    [big, 'big-endian'],
  ];
  for (const [bytes, byteOrder] of cases) {
    assert.throws(() => utf8Text(bytes), (cause: Error) => cause.message === `it is UTF-16 (${byteOrder}) text, and fullapi reads UTF-8: save it as UTF-8`);
  }
});

test.run();
