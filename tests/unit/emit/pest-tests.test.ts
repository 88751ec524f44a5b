import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Entity } from '../../../src/ir/ir.generated.js';
import { emitFeatureTest } from '../../../src/emit/laravel/artifacts/feature-test.js';
import { emitUnitTest } from '../../../src/emit/laravel/artifacts/unit-test.js';
import { context, entity, field, onlyFile, phpLint } from '../../support/entities.js';

/** --pest renders the cases the PHPUnit classes have, with the same checks; only the way each is written differs. */

const ACCOUNT = entity('Account', [field('name'), { ...field('password'), secret: true, hashed: true }, { ...field('api_key', 'string', { nullable: true }), secret: true }]);
const MEDIA = entity('Media', [field('title'), field('size', 'integer'), field('meta', 'json'), field('seen_at', 'datetime', { nullable: true })], { softDeletes: true, routeParameter: 'medium' });
const COUNTRY = entity('Country', [field('code'), field('name', 'string', { unique: true })], { key: 'code' });
const ENTITIES = [ACCOUNT, MEDIA, COUNTRY];

const pest = (subject: Entity): Entity => ({ ...subject, options: { expressiveTests: true } });

/** PHPUnit's value assertions, which Pest writes as expect(): one for one. */
const VALUE_ASSERTION = /\$this->assert(Same|True|Null|Count|EqualsCanonicalizing|ArrayNotHasKey)\(/g;
/** The response's and the database's assertions, written the same in both styles. */
const SHARED_ASSERTION = /((?<!\$this)->assert\w+\(.*|\$this->assert(Database|Model|SoftDeleted|NotSoftDeleted)\w*\(.*)/g;

function shape(content: string, style: 'phpunit' | 'pest'): { cases: number; valueChecks: number; shared: string[] } {
  return {
    cases: (content.match(style === 'phpunit' ? /^ {4}public function test_/gm : /^it\('/gm) ?? []).length,
    valueChecks: (content.match(style === 'phpunit' ? VALUE_ASSERTION : /\bexpect\(/g) ?? []).length,
    shared: (content.match(SHARED_ASSERTION) ?? []).map((line) => line.trim()),
  };
}

for (const [name, emit] of [
  ['feature', emitFeatureTest],
  ['unit', emitUnitTest],
] as const) {
  test(`${name} tests: the same cases, value checks and HTTP/database assertions in both styles, at the same path`, () => {
    for (const subject of ENTITIES) {
      const phpunit = onlyFile(emit(subject, context()));
      const pestFile = onlyFile(emit(pest(subject), context()));
      assert.is(pestFile.path, phpunit.path);
      const expected = shape(phpunit.content, 'phpunit');
      assert.ok(expected.cases > 3 && expected.valueChecks > 0, `${subject.naming.className}: the PHPUnit file has cases and value checks`);
      assert.equal(shape(pestFile.content, 'pest'), expected, subject.naming.className);
    }
  });
}

test('a Pest file is no class: no namespace, no TestCase or RefreshDatabase (tests/Pest.php gives them), no PHPUnit value assertion; it parses', () => {
  const files = ENTITIES.flatMap((subject) => [onlyFile(emitFeatureTest(pest(subject), context())), onlyFile(emitUnitTest(pest(subject), context()))]);
  for (const file of files) {
    assert.not.match(file.content, /^(namespace|class) /m, file.path);
    assert.not.match(file.content, /RefreshDatabase|Tests\\TestCase/, file.path);
    assert.not.match(file.content, new RegExp(VALUE_ASSERTION.source), file.path);
    assert.match(file.content, /^<\?php\n\ndeclare\(strict_types=1\);\n\nuse App\\/, file.path);
  }
  assert.equal(phpLint(files), []);
});

test('the secret and soft-delete cases come out as it() closures', () => {
  const account = onlyFile(emitFeatureTest(pest(ACCOUNT), context())).content;
  assert.ok(account.includes("it('stores the secrets but never answers them', function () {\n    $payload = "), account);
  assert.ok(account.includes("expect(Hash::check('sample-string', $account->password))->toBeTrue();"), account);
  const media = onlyFile(emitUnitTest(pest(MEDIA), context())).content;
  assert.ok(media.includes("it('brings back a soft-deleted row', function () {\n    $medium = Media::factory()->create();"), media);
});

test.run();
