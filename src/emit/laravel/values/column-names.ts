/**
 * What a column's name says it holds, read the same way by the factory (which value to fake) and the requests
 * (which rule to ask for): a name in the list, or `*_<suffix>` for any prefix (`*_email` fits `billing_email`).
 */
export function namesFit(names: readonly string[], fieldName: string): boolean {
  const name = fieldName.toLowerCase();
  return names.some((candidate) => (candidate.startsWith('*_') ? name.endsWith(candidate.slice(1)) && name.length > candidate.length - 1 : name === candidate));
}

/** Columns of email addresses: the factory fakes one and the requests ask for the `email` rule. */
export const EMAIL_NAMES: readonly string[] = ['email', 'email_address', '*_email'];
