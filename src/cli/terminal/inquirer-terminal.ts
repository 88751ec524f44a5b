import { checkbox, confirm, input, select } from '@inquirer/prompts';
import { PromptCancelled, type Terminal } from './terminal.js';

/** The terminal's questions through @inquirer/prompts, loaded only by a command that asks. */
export function inquirerTerminal(): Terminal {
  return {
    input: ({ message, default: defaultValue, validate }) =>
      cancellable(
        input({
          message,
          ...(defaultValue === undefined ? {} : { default: defaultValue }),
          ...(validate === undefined ? {} : { validate: (value: string) => validate(value) ?? true }),
        }),
      ),
    select: <T>({ message, choices, default: defaultValue }: Parameters<Terminal['select']>[0] & { choices: readonly { name: string; value: T }[]; default?: T }) =>
      cancellable(select<T>({ message, choices: [...choices], ...(defaultValue === undefined ? {} : { default: defaultValue }), pageSize: 15 })),
    confirm: ({ message, default: defaultValue }) => cancellable(confirm({ message, default: defaultValue })),
    checkbox: <T>({ message, choices }: { message: string; choices: readonly { name: string; value: T; checked: boolean }[] }) =>
      cancellable(checkbox<T>({ message, choices: [...choices] })),
  };
}

/** Inquirer's ExitPromptError (Ctrl-C) as the command line's own. */
async function cancellable<T>(answer: Promise<T>): Promise<T> {
  try {
    return await answer;
  } catch (cause) {
    if (cause instanceof Error && cause.name === 'ExitPromptError') throw new PromptCancelled();
    throw cause;
  }
}
