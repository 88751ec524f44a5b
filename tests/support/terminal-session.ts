import { execFileSync } from 'node:child_process';

/**
 * A command run as a person runs it, in a tmux pseudo-terminal: each answer typed once its question is on the
 * screen, the screen read back. The command's exit status is printed as `EXIT=<status>` when it ends.
 */

/** tmux's names of the keys the tests press; anything else is typed as text. */
const KEY_NAMES = new Set(['Enter', 'Up', 'Down', 'Space', 'BSpace', 'C-c']);

const WAIT_MS = 20_000;

export interface TerminalSession {
  /** Waits for a question matching `prompt` on the screen's last question line, then types the keys. */
  answer(prompt: RegExp, ...keys: string[]): Promise<void>;
  /** Waits for text anywhere on the screen (the whole scrollback), and gives the screen. */
  waitFor(text: RegExp): Promise<string>;
  /** Types keys, whatever is on the screen. */
  press(...keys: string[]): void;
  screen(): string;
  close(): void;
}

function tmux(...args: string[]): string {
  return execFileSync('tmux', args, { encoding: 'utf8' });
}

/** `command` (a shell command line) in `directory`, on a 200 x 60 terminal. */
export function startTerminalSession(directory: string, command: string): TerminalSession {
  const name = `fullapi-terminal-${process.pid}-${Date.now()}`;
  tmux('new-session', '-d', '-s', name, '-x', '200', '-y', '60', '-c', directory, `${command}; echo "EXIT=$?"; sleep 300`);
  tmux('set-option', '-t', name, 'history-limit', '50000');
  const screen = () => tmux('capture-pane', '-p', '-J', '-S', '-', '-t', name);
  const waitUntil = async (seen: (shown: string) => boolean, text: RegExp): Promise<string> => {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const shown = screen();
      if (seen(shown)) return shown;
      if (Date.now() > deadline) throw new Error(`waited for ${text} on the screen:\n${shown}`);
      await new Promise((done) => setTimeout(done, 50));
    }
  };
  const press = (...keys: string[]) => {
    for (const key of keys) tmux('send-keys', '-t', name, ...(KEY_NAMES.has(key) ? [key] : ['-l', key]));
  };
  return {
    answer: async (prompt, ...keys) => {
      await waitUntil((shown) => prompt.test(openQuestion(shown) ?? ''), prompt);
      press(...keys);
    },
    waitFor: (text) => waitUntil((shown) => text.test(shown), text),
    press,
    screen,
    close: () => tmux('kill-session', '-t', name),
  };
}

/** The question waiting for its answer: the last line that starts with "?", when no answered one ("✔") follows it. */
export function openQuestion(screen: string): string | undefined {
  const lines = screen.split('\n');
  const lastIndex = (start: string) => lines.reduce((found, line, index) => (line.startsWith(start) ? index : found), -1);
  const asked = lastIndex('? ');
  return asked > lastIndex('✔ ') ? lines[asked] : undefined;
}
