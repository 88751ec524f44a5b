import type { Terminal } from './terminal/terminal.js';

/** What a command reads and writes besides the project: the process's streams, clock and terminal, injected so tests run commands in memory. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  readStdin(): string;
  cwd: string;
  colors: boolean;
  now(): Date;
  /**
   * Calls `stop` on Ctrl-C (SIGINT) or SIGTERM, and returns what removes that handler. `watch`, which runs
   * until then, needs it; the other commands end on their own.
   */
  onInterrupt?(stop: () => void): () => void;
  /** Asks a question on the terminal and gives the answer; absent when standard input or output is no terminal. */
  ask?(question: string): Promise<string>;
  /**
   * The flags the command line gave in another spelling than their name, by name: `--expressive-tests` →
   * `--pest`. A diagnostic about the flag says it as typed.
   */
  typedFlags?: ReadonlyMap<string, string>;
  /** The questions of `make --interactive`; absent when standard input or output is no terminal. */
  terminal?(): Promise<Terminal>;
}
