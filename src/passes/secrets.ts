import type { Field, FieldType } from '../ir/ir.generated.js';

/**
 * The one rule for which columns hold secrets. A secret never leaves the API: the model hides it, the
 * resource leaves it out, and the index neither filters nor sorts on it (a filter would let a client guess
 * it one request at a time). A password is also stored as a hash, through the model's `hashed` cast.
 *
 * A field is a secret when its input says `hidden`, or by its name: `password`, `secret`, `api_key`, `pin`,
 * `passcode`, `passphrase`, `private_key`, `password_hash`, `otp`, and any name ending in `_token`, `_secret`,
 * `_password`, `_api_key`, `_private_key`, `_hash` of a password (`_password_hash`), `_pin` or `_otp`
 * (`remember_token`, `client_secret`, `smtp_password`, `stripe_api_key`, `card_pin`). A bare `token` is not
 * one: it is as often a public identifier (a uuid handed out in links) as a credential; nor is a bare `hash`
 * (a file's checksum).
 *
 * Hashed: a string field named `password`, `pin`, `passcode` or `passphrase`, which the application checks and never
 * reads back. `smtp_password` or `password_hash` is not: the first is used as it is, the second is a hash already.
 */

const SECRET_NAMES: ReadonlySet<string> = new Set(['password', 'secret', 'api_key', 'pin', 'passcode', 'passphrase', 'private_key', 'password_hash', 'otp']);
const SECRET_SUFFIXES: readonly string[] = ['_token', '_secret', '_password', '_api_key', '_private_key', '_password_hash', '_pin', '_otp'];
const HASHED_NAMES: ReadonlySet<string> = new Set(['password', 'pin', 'passcode', 'passphrase']);
const HASHABLE_TYPES: ReadonlySet<FieldType> = new Set(['string', 'text']);

export function isSecretName(name: string): boolean {
  const lower = name.toLowerCase();
  return SECRET_NAMES.has(lower) || SECRET_SUFFIXES.some((suffix) => lower.endsWith(suffix) && lower.length > suffix.length);
}

function isHashedName(name: string): boolean {
  return HASHED_NAMES.has(name.toLowerCase());
}

/**
 * The flags a field carries, none when it holds no secret. `declared`: the input said `hidden`. A hashed cast
 * needs a column that holds the hash's text.
 */
export function secretFlags(name: string, type: FieldType, declared = false): Pick<Field, 'secret' | 'hashed'> {
  if (!declared && !isSecretName(name)) return {};
  return isHashedName(name) && HASHABLE_TYPES.has(type) ? { secret: true, hashed: true } : { secret: true };
}
