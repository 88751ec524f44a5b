/**
 * One generated input, as a user hands it to fullapi: an entity name and `--fields` on the command line,
 * or the text of a file with the name the front end recognises it by.
 */
export type FuzzInput =
  | { kind: 'fields'; entity: string; fields: string; softDeletes: boolean }
  | { kind: 'file'; fileName: string; text: string };

/**
 * The text as it arrives through a file or a command line, which carry UTF-8: a lone surrogate (which
 * JavaScript strings allow and neither can carry) becomes U+FFFD, as Node's decoder makes it.
 */
export function asTransmitted(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

/** A short, printable description of an input for reports: the text with control characters escaped. */
export function describeInput(input: FuzzInput, maxLength = 2000): string {
  const shown = (text: string) => {
    const escaped = JSON.stringify(text);
    return escaped.length > maxLength ? `${escaped.slice(0, maxLength)}... (${text.length} characters)` : escaped;
  };
  return input.kind === 'fields'
    ? `make ${shown(input.entity)} --fields=${shown(input.fields)}${input.softDeletes ? ' --soft-deletes' : ''}`
    : `${input.fileName}: ${shown(input.text)}`;
}
