import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { emitFeatureTest } from '../../../src/emit/laravel/artifacts/feature-test.js';
import { emitModel } from '../../../src/emit/laravel/artifacts/model.js';
import { emitResource } from '../../../src/emit/laravel/artifacts/resource.js';
import { emitService } from '../../../src/emit/laravel/artifacts/service.js';
import { emitUnitTest } from '../../../src/emit/laravel/artifacts/unit-test.js';
import type { Entity } from '../../../src/ir/ir.generated.js';
import { context, entity, field, onlyFile, phpLint } from '../../support/entities.js';

/** An account with a password (hashed) and an API key (only hidden), as the passes mark them. */
const account = (): Entity =>
  entity('Account', [field('name'), { ...field('password'), secret: true, hashed: true }, { ...field('api_key', 'string', { nullable: true }), secret: true }]);

test('the model hides the secrets and hashes the password: a property on Laravel 12, an attribute on 13', () => {
  const twelve = onlyFile(emitModel(account(), context(12))).content;
  assert.ok(twelve.includes("    protected $hidden = [\n        'password',\n        'api_key',\n    ];"), twelve);
  assert.ok(twelve.includes("            'password' => 'hashed',\n"), twelve);
  assert.not.ok(twelve.includes("'api_key' => "), 'an API key is not hashed: the application must read it back');
  const thirteen = onlyFile(emitModel(account(), context(13))).content;
  assert.ok(thirteen.includes("#[Fillable(['name', 'password', 'api_key'])]\n#[Hidden(['password', 'api_key'])]\nclass Account extends Model"), thirteen);
  assert.ok(thirteen.includes('use Illuminate\\Database\\Eloquent\\Attributes\\Hidden;'), thirteen);
  assert.equal(phpLint([onlyFile(emitModel(account(), context(12))), onlyFile(emitModel(account(), context(13)))]), []);
});

test('the resource never answers a secret; the index neither filters nor sorts on one', () => {
  const resource = onlyFile(emitResource(account(), context())).content;
  assert.ok(resource.includes("'name' => $this->name,\n            'created_at'"), resource);
  assert.not.ok(/password|api_key/.test(resource), resource);
  const service = onlyFile(emitService(account(), context())).content;
  const constants = service.slice(service.indexOf('FILTERS'), service.indexOf('PER_PAGE'));
  assert.not.ok(/password|api_key/.test(constants), constants);
  assert.ok(constants.includes("'name' => 'string',"), constants);
});

test('the feature test sends the secrets, and checks they are stored, hashed where they must be, and never answered', () => {
  const content = onlyFile(emitFeatureTest(account(), context())).content;
  const payload = "$payload = [...Account::factory()->make()->toArray(), 'password' => 'sample-string', 'api_key' => 'sample-string'];";
  assert.ok(content.includes(`        ${payload}\n\n        $this->postJson('/api/accounts', $payload)\n            ->assertCreated()\n            ->assertJson(['data' => Arr::except($payload, ['password', 'api_key'])]);`), content);
  const secrets = content.slice(content.indexOf('public function test_secrets_are_stored_but_never_answered'));
  for (const line of [
    "->assertJsonMissingPath('data.password')",
    "->assertJsonMissingPath('data.api_key')",
    "$this->assertTrue(Hash::check('sample-string', $account->password));",
    "$this->assertSame('sample-string', $account->makeVisible('api_key')->attributesToArray()['api_key'] ?? null);",
    "http_build_query(['filter' => ['password' => $payload['password'], 'api_key' => $payload['api_key']]])",
    "->assertJsonPath('meta.total', 2)",
  ]) {
    assert.ok(secrets.includes(line), line);
  }
  assert.ok(content.includes('use Illuminate\\Support\\Facades\\Hash;'), content);
  assert.not.ok(content.includes("'data.password', 'sample-string'"), 'no PATCH of a secret');
});

test('the unit test reads a saved secret off the row: absent from toArray(), the password a hash of the sample', () => {
  const content = onlyFile(emitUnitTest(account(), context())).content;
  assert.ok(
    content.includes(
      "        $this->assertArrayNotHasKey('password', $saved);\n        $this->assertTrue(Hash::check('sample-string', $account->refresh()->password));\n        $this->assertArrayNotHasKey('api_key', $saved);\n        $this->assertSame('sample-string', $account->refresh()->makeVisible('api_key')->attributesToArray()['api_key'] ?? null);",
    ),
    content,
  );
  assert.equal(phpLint([onlyFile(emitUnitTest(account(), context())), onlyFile(emitFeatureTest(account(), context()))]), []);
});

test('an entity without secrets is tested as before: the factory row as it is', () => {
  const content = onlyFile(emitFeatureTest(entity('Post', [field('title')]), context())).content;
  assert.ok(content.includes("        $payload = Post::factory()->make()->toArray();\n\n        $this->postJson('/api/posts', $payload)\n            ->assertCreated()\n            ->assertJson(['data' => $payload]);"), content);
  assert.not.ok(content.includes('test_secrets_are_stored_but_never_answered'));
});

test.run();
