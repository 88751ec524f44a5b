import type { Field } from '../ir/ir.generated.js';

/**
 * The one rule for which columns hold secrets. A secret never leaves the API: the model hides it, the
 * resource leaves it out, and the index neither filters nor sorts on it (a filter would let a client guess
 * it one request at a time). A password is also stored as a hash, through the model's `hashed` cast.
 *
 * Secret names: `password`, `secret`, `api_key`, and any name ending in `_token`, `_secret`, `_password` or
 * `_api_key` (`remember_token`, `client_secret`, `smtp_password`, `stripe_api_key`). A bare `token` is not
 * one: it is as often a public identifier (a uuid handed out in links) as a credential.
 */

const SECRET_NAMES: ReadonlySet<string> = new Set(['password', 'secret', 'api_key']);
const SECRET_SUFFIXES: readonly string[] = ['_token', '_secret', '_password', '_api_key'];
const HASHED_NAMES: ReadonlySet<string> = new Set(['password']);

export function isSecretName(name: string): boolean {
  const lower = name.toLowerCase();
  return SECRET_NAMES.has(lower) || SECRET_SUFFIXES.some((suffix) => lower.endsWith(suffix) && lower.length > suffix.length);
}

export function isHashedName(name: string): boolean {
  return HASHED_NAMES.has(name.toLowerCase());
}

/** The flags a field of this name carries, none when it holds no secret. */
export function secretFlags(name: string): Pick<Field, 'secret' | 'hashed'> {
  if (!isSecretName(name)) return {};
  return isHashedName(name) ? { secret: true, hashed: true } : { secret: true };
}
