import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { baseIndexFromJson, serializeBaseIndex } from '../../../src/project/write/base-index.js';
import { newPack, packedBytes, packedContent, packId, parsePack, PACK_OVERHEAD } from '../../../src/project/write/base-pack.js';
import { contentHash } from '../../../src/project/write/manifest.js';
import { packTextOf } from '../../support/base-store.js';

const bases = (contents: Record<string, string>) => new Map(Object.entries(contents).map(([path, content]) => [path, { content, hash: contentHash(content) }]));
const parsed = (text: string) => parsePack(Buffer.from(text));

const CONTENTS = {
  'routes/x.php': '<?php\n',
  'app/Models/Post.php': "<?php\n\nclass Post {}\n",
  'app/empty.txt': '',
  'app/no-newline.txt': 'last line',
  'app/Unicode café.txt': 'é 🎉\r\nand a line\n',
};

test('a pack round-trips every content, sorted by path, whatever its characters and ending', () => {
  const text = packTextOf(bases(CONTENTS));
  const pack = parsed(text);
  assert.ok(pack !== undefined);
  assert.equal([...pack.entries.keys()], ['app/Models/Post.php', 'app/Unicode café.txt', 'app/empty.txt', 'app/no-newline.txt', 'routes/x.php']);
  for (const [path, content] of Object.entries(CONTENTS)) assert.is(packedContent(pack, path, contentHash(content)), content, path);
  assert.is(pack.entries.get('app/Unicode café.txt')?.length, Buffer.byteLength(CONTENTS['app/Unicode café.txt']), 'lengths are in UTF-8 bytes');
  assert.is(packTextOf(bases(Object.fromEntries(Object.entries(CONTENTS).reverse()))), text, 'the same bases give the same text');
});

test('a pack reads as its format says: a first line, then a header line, the content and a newline per base', () => {
  const text = packTextOf(bases({ 'app/a.txt': 'one\n', 'app/b.txt': 'two' }));
  assert.is(
    text,
    `fullapi base pack 1\nfile app/a.txt ${contentHash('one\n')} 4\none\n\nfile app/b.txt ${contentHash('two')} 3\ntwo\n`,
  );
  assert.is(Buffer.byteLength(text), PACK_OVERHEAD + packedBytes('app/a.txt', { hash: contentHash('one\n'), length: 4 }) + packedBytes('app/b.txt', { hash: contentHash('two'), length: 3 }));
});

test("a pack is named by the first 16 hex digits of its text's SHA-256", () => {
  const text = packTextOf(bases(CONTENTS));
  assert.match(packId(text), /^[0-9a-f]{16}$/);
  const pack = newPack(bases(CONTENTS));
  assert.equal([pack.id, pack.size], [packId(text), Buffer.byteLength(text)], 'hashed and counted piece by piece, as a whole');
  assert.is(packId(text), contentHash(text).slice('sha256:'.length, 'sha256:'.length + 16));
  assert.is.not(packId(text), packId(packTextOf(bases({ ...CONTENTS, 'routes/x.php': '<?php\n// changed\n' }))));
});

test('a text that is not a pack, to the byte, is none', () => {
  const text = packTextOf(bases({ 'app/a.txt': 'one\n', 'app/b.txt': 'two' }));
  const header = (path: string, content: string, length = Buffer.byteLength(content)) => `file ${path} ${contentHash(content)} ${length}\n`;
  const corrupt = {
    'another first line': text.replace('fullapi base pack 1', 'fullapi base pack 2'),
    'no first line': '',
    truncated: text.slice(0, -2),
    'a byte more': `${text}x`,
    'a length too long': text.replace(`${contentHash('two')} 3`, `${contentHash('two')} 4`),
    'a length too short': text.replace(`${contentHash('one\n')} 4`, `${contentHash('one\n')} 3`),
    'a length with a leading zero': text.replace(`${contentHash('two')} 3`, `${contentHash('two')} 03`),
    'a header without a hash': text.replace(`${contentHash('two')} `, ''),
    'paths out of order': `fullapi base pack 1\n${header('app/b.txt', 'two')}two\n${header('app/a.txt', 'one')}one\n`,
    'a path twice': `fullapi base pack 1\n${header('app/a.txt', 'two')}two\n${header('app/a.txt', 'two')}two\n`,
    'a path leaving the project': `fullapi base pack 1\n${header('../a.txt', 'two')}two\n`,
  };
  for (const [what, bad] of Object.entries(corrupt)) assert.is(parsed(bad), undefined, what);
  assert.equal([...(parsed('fullapi base pack 1\n')?.entries ?? new Map()).keys()], [], 'a pack of no base parses');
});

test('a base whose bytes do not have the hash its header says is no base; nor is one of another hash than asked', () => {
  const text = packTextOf(bases({ 'app/a.txt': 'one\n', 'app/b.txt': 'two' }));
  const pack = parsed(text.replace('one\n', 'One\n'));
  assert.ok(pack !== undefined, 'the pack still parses: the hash is checked as a base is read');
  assert.is(packedContent(pack, 'app/a.txt', contentHash('one\n')), undefined);
  assert.is(packedContent(pack, 'app/a.txt', contentHash('One\n')), undefined, 'the header says another hash');
  assert.is(packedContent(pack, 'app/b.txt', contentHash('two')), 'two', 'the other bases stand');
  const intact = parsed(text);
  assert.ok(intact !== undefined);
  assert.is(packedContent(intact, 'app/a.txt', contentHash('an older generation')), undefined);
  assert.is(packedContent(intact, 'app/missing.txt', contentHash('one\n')), undefined);
});

test('the index round-trips, keys sorted, and anything of another shape is no index', () => {
  const record = (files: Record<string, string>) => ({ size: 100, files: new Map(Object.entries(files).map(([path, content]) => [path, { hash: contentHash(content), length: content.length }])) });
  const index = new Map([
    ['ffffffffffffffff', record({ 'b.txt': 'b', 'a.txt': 'a' })],
    ['0000000000000000', record({ 'c.txt': 'c' })],
  ]);
  const text = serializeBaseIndex(index);
  assert.ok(text.indexOf('0000000000000000') < text.indexOf('ffffffffffffffff'));
  assert.ok(text.indexOf('"a.txt"') < text.indexOf('"b.txt"'));
  assert.equal(baseIndexFromJson(JSON.parse(text)), index);
  assert.is(serializeBaseIndex(baseIndexFromJson(JSON.parse(text)) ?? new Map()), text);
  assert.is(serializeBaseIndex(new Map()), '{\n  "version": 1,\n  "packs": {}\n}\n');
  const valid = JSON.parse(text) as { packs: Record<string, { size: unknown; files: Record<string, { hash: unknown; length: unknown }> }> };
  const broken = (change: (value: typeof valid) => void) => {
    const copy = JSON.parse(text) as typeof valid;
    change(copy);
    return baseIndexFromJson(copy);
  };
  assert.is(baseIndexFromJson({ ...valid, version: 2 }), undefined, 'another version');
  assert.is(broken((value) => (value.packs['not-an-id'] = { size: 1, files: {} })), undefined, 'a pack id of another form');
  assert.is(broken((value) => (value.packs['0000000000000000']!.size = -1)), undefined, 'a negative size');
  assert.is(broken((value) => (value.packs['0000000000000000']!.files['c.txt']!.hash = 'md5:00')), undefined, 'another hash');
  assert.is(broken((value) => (value.packs['0000000000000000']!.files['c.txt']!.length = 1.5)), undefined, 'a length of no bytes');
  assert.is(broken((value) => (value.packs['0000000000000000']!.files['/etc/passwd'] = { hash: contentHash('x'), length: 1 })), undefined, 'a path leaving the project');
});

test.run();
