import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isHashedName, isSecretName } from '../../../src/passes/secrets.js';
import { checked, entityOf, sourceEntity, sourceField } from '../../support/source-model.js';

test('secret names: password, secret, api_key and the *_token, *_secret, *_password, *_api_key families', () => {
  const secrets = ['password', 'secret', 'api_key', 'remember_token', 'api_token', 'client_secret', 'smtp_password', 'stripe_api_key', 'Password'];
  assert.equal(secrets.filter((name) => !isSecretName(name)), []);
  const others = ['name', 'token', 'tokens', 'password_hint', 'passwords', 'secretary', 'keyword', '_token', 'token_count'];
  assert.equal(others.filter(isSecretName), []);
});

test('only a password is hashed', () => {
  assert.ok(isHashedName('password'));
  assert.not.ok(isHashedName('api_key'));
  assert.not.ok(isHashedName('remember_token'));
});

test('the passes mark each field by its name', () => {
  const account = entityOf(
    checked([sourceEntity('Account', [sourceField('name'), sourceField('password'), sourceField('api_key', 'string', { nullable: true })])]),
    'Account',
  );
  assert.equal(
    account.fields.map(({ name, secret, hashed }) => ({ name, secret, hashed })),
    [
      { name: 'name', secret: undefined, hashed: undefined },
      { name: 'password', secret: true, hashed: true },
      { name: 'api_key', secret: true, hashed: undefined },
    ],
  );
});

test.run();
