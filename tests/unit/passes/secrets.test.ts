import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isSecretName, secretFlags } from '../../../src/passes/secrets.js';
import { checked, entityOf, sourceEntity, sourceField } from '../../support/source-model.js';

test('secret names: password, secret, api_key, pin, passcode, passphrase, private_key, password_hash, otp and their families', () => {
  const secrets = [
    'password', 'secret', 'api_key', 'remember_token', 'api_token', 'client_secret', 'smtp_password', 'stripe_api_key', 'Password',
    'pin', 'passcode', 'passphrase', 'private_key', 'ssh_private_key', 'password_hash', 'admin_password_hash', 'card_pin', 'otp', 'login_otp',
  ];
  assert.equal(secrets.filter((name) => !isSecretName(name)), []);
  const others = ['name', 'token', 'tokens', 'password_hint', 'passwords', 'secretary', 'keyword', '_token', 'token_count', 'hash', 'file_hash', 'pinned', 'spin', 'public_key', 'options'];
  assert.equal(others.filter(isSecretName), []);
});

test('a string password, pin, passcode or passphrase is hashed; a hash, an SMTP password or a numeric pin is not', () => {
  for (const name of ['password', 'pin', 'passcode', 'passphrase']) assert.equal(secretFlags(name, 'string'), { secret: true, hashed: true }, name);
  for (const name of ['api_key', 'remember_token', 'password_hash', 'smtp_password']) assert.equal(secretFlags(name, 'string'), { secret: true }, name);
  assert.equal(secretFlags('pin', 'integer'), { secret: true }, 'a hash does not fit an integer column');
  assert.equal(secretFlags('recovery_code', 'string'), {});
  assert.equal(secretFlags('recovery_code', 'string', true), { secret: true });
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
