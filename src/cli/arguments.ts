/**
 * cac's parser drops a lone `-`, the usual name of standard input: main.ts carries it through as this token
 * of its own, and the commands turn it back.
 */
export const STDIN_ARGUMENT = '<stdin>';

/** A file argument as the pipelines take it: `-` for standard input. */
export function fileArgument(argument: string): string {
  return argument === STDIN_ARGUMENT ? '-' : argument;
}

/** What a protected option value stands for, by the placeholder cac sees instead. */
export interface ProtectedArguments {
  argv: string[];
  restore(value: unknown): unknown;
}

/**
 * cac's option parser (mri) turns a value that looks like a number into one (`--fields ""` became the number 0,
 * read as a field named "0") and reads `--fields=` as no value at all. The values of options that take text are
 * handed to cac as placeholders it keeps as they are, and put back after parsing; an empty value then reaches
 * the command, which says what is wrong with it (`empty_fields`).
 */
export function protectOptionValues(argv: readonly string[], textOptions: ReadonlySet<string>): ProtectedArguments {
  const values: string[] = [];
  const placeholder = (value: string): string => `${PLACEHOLDER_PREFIX}${values.push(value) - 1}`;
  const protectedArgv: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index] ?? '';
    if (argument === '--') {
      protectedArgv.push(...argv.slice(index));
      break;
    }
    const equals = argument.indexOf('=');
    const name = equals === -1 ? argument : argument.slice(0, equals);
    if (!textOptions.has(name)) {
      protectedArgv.push(argument);
    } else if (equals !== -1) {
      protectedArgv.push(`${name}=${placeholder(argument.slice(equals + 1))}`);
    } else {
      const next = argv[index + 1];
      // As mri reads it: a following option is not this one's value, and cac then reports the value missing.
      const isValue = next !== undefined && (!next.startsWith('-') || next === '-' || next === '');
      protectedArgv.push(argument);
      if (isValue) {
        protectedArgv.push(placeholder(next));
        index++;
      }
    }
  }
  const restore = (value: unknown): unknown => {
    if (typeof value !== 'string' || !value.startsWith(PLACEHOLDER_PREFIX)) return value;
    return values[Number(value.slice(PLACEHOLDER_PREFIX.length))] ?? value;
  };
  return { argv: protectedArgv, restore };
}

/** Not a character anyone types into an option. */
const PLACEHOLDER_PREFIX = '\u0000fullapi-value-';
