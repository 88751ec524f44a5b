import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { contentHash, manifestFromJson, MANIFEST_PATH, readManifest, replaceFingerprint, serializeManifest, type Manifest } from '../../../src/project/write/manifest.js';
import { nodeFs } from '../../../src/project/fs/project-fs.js';
import { temporaryTree } from './tree.js';

const hashA = contentHash('a');
const hashB = contentHash('b');

test('hashes are sha256 of the UTF-8 text', () => {
  assert.is(contentHash(''), 'sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
});

test('round trip: written with sorted keys, read back equal', () => {
  const files = new Map([
    ['routes/api.php', hashB],
    ['app/Models/Post.php', hashA],
    ['10.php', hashA],
    ['9.php', hashB],
  ]);
  const text = serializeManifest({ files });
  assert.equal(Object.keys(JSON.parse(text).files), ['10.php', '9.php', 'app/Models/Post.php', 'routes/api.php']);
  assert.ok(text.endsWith('}\n'));
  const root = temporaryTree({ [MANIFEST_PATH]: text });
  const read = readManifest(root, nodeFs);
  assert.equal(read.diagnostics, []);
  assert.equal(read.manifest?.files, files);
  assert.is(serializeManifest(read.manifest ?? { files: new Map() }), text);
});

test('an empty manifest is stable too', () => {
  const text = serializeManifest({ files: new Map() });
  assert.equal(JSON.parse(text), { version: 1, files: {} });
});

test('a missing manifest is an empty one', () => {
  assert.equal(readManifest(temporaryTree(), nodeFs).manifest?.files, new Map());
});

test('malformed JSON: invalid_manifest at its position', () => {
  const root = temporaryTree({ [MANIFEST_PATH]: '{\n  "version": 1\n  "files": {}\n}\n' });
  const [diagnostic] = readManifest(root, nodeFs).diagnostics;
  assert.is(diagnostic?.code, 'invalid_manifest');
  assert.equal(diagnostic?.span, { file: MANIFEST_PATH, line: 3, column: 3, endColumn: 4 });
});

test('wrong shapes: invalid_manifest with the reason', () => {
  const reasons = [
    [1, 2],
    { version: 2, files: {} },
    { version: 1 },
    { version: 1, files: { 'a.php': 'md5:abc' } },
    { version: 1, files: { '../outside.php': hashA } },
  ].map((value) => manifestFromJson(value));
  for (const reason of reasons) assert.type(reason, 'string');
  const root = temporaryTree({ [MANIFEST_PATH]: JSON.stringify({ version: 1, files: { 'a.php': 12 } }) });
  assert.equal(readManifest(root, nodeFs).diagnostics.map((d) => d.code), ['invalid_manifest']);
});

const SETTLED: Manifest = {
  files: new Map([['app/Models/Post.php', hashA]]),
  settled: { fingerprint: hashB, generator: 'fullapi 1.2.3', report: ['app/Models/Post.php', 'routes/api.php'], edits: { 'routes/api.php': hashA } },
};

test('the settled record: written after the files, read back equal, the text as read comes along', () => {
  const text = serializeManifest(SETTLED);
  assert.equal(Object.keys(JSON.parse(text)), ['version', 'files', 'settled']);
  const root = temporaryTree({ [MANIFEST_PATH]: text });
  const read = readManifest(root, nodeFs);
  assert.equal(read.manifest, SETTLED);
  assert.is(read.text, text);
  assert.is(serializeManifest(read.manifest ?? { files: new Map() }), text);
});

test('a settled record of another shape is no record; the rest of the manifest still counts', () => {
  const valid = { fingerprint: hashB, generator: 'fullapi 1.2.3', report: [], edits: {} };
  const malformed = [{ ...valid, fingerprint: 'sha256:abc' }, { ...valid, generator: undefined }, { ...valid, report: 'x' }, { ...valid, edits: { a: 1 } }, []];
  for (const settled of malformed) {
    const manifest = manifestFromJson({ version: 1, files: { 'a.php': hashA }, settled });
    assert.equal(manifest, { files: new Map([['a.php', hashA]]) }, JSON.stringify(settled));
  }
});

test('the fingerprint is found where the record opens, and only there', () => {
  const text = serializeManifest(SETTLED);
  const other = `sha256:${'f'.repeat(64)}`;
  assert.equal(manifestFromJson(JSON.parse(replaceFingerprint(text, other) ?? '')), { ...SETTLED, settled: { ...SETTLED.settled, fingerprint: other } });
  assert.is(replaceFingerprint(serializeManifest({ files: SETTLED.files }), other), undefined);
  // A path holding the same words is inside a JSON string, where a newline is escaped.
  const tricky = serializeManifest({ files: new Map([['\n  "settled": {\n    "fingerprint": "', hashA]]) });
  assert.is(replaceFingerprint(tricky, other), undefined);
});

test.run();
