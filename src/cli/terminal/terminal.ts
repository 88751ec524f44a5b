/**
 * The questions a command asks on a terminal, as `make --interactive` needs them. bin.ts gives an
 * implementation (inquirer-terminal.ts) only when standard input and output are a terminal; tests give
 * scripted answers. Every method rejects with PromptCancelled when the person presses Ctrl-C.
 */
export interface Terminal {
  /** A line of text; `validate` gives the reason an answer is refused, shown under it while it is typed. */
  input(question: { message: string; default?: string; validate?: (value: string) => string | undefined }): Promise<string>;
  /** One of a list, chosen with the arrow keys and Enter. */
  select<T>(question: { message: string; choices: readonly { name: string; value: T }[]; default?: T }): Promise<T>;
  /** Yes or no. */
  confirm(question: { message: string; default: boolean }): Promise<boolean>;
  /** Any of a list, toggled with the space bar, ended with Enter. */
  checkbox<T>(question: { message: string; choices: readonly { name: string; value: T; checked: boolean }[] }): Promise<T[]>;
}

/** Ctrl-C during a question: the command stops there and writes nothing more. */
export class PromptCancelled extends Error {
  constructor() {
    super('cancelled with Ctrl-C');
    this.name = 'PromptCancelled';
  }
}
