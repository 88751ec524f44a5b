#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import nodeModule from 'node:module';
import { setFlagsFromString } from 'node:v8';
import { withoutByteOrderMark } from '../text/json-text.js';
import { utf8Text } from '../text/utf8-text.js';
import { main } from './main.js';

// Node 22.1 and later keep the compiled code of the modules a command loads (in the system's temp folder, or
// NODE_COMPILE_CACHE; NODE_DISABLE_COMPILE_CACHE=1 turns it off), so the next run skips compiling them: most
// of a small run's cost. Node 20 has no such cache for ES modules.
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();

const argv = process.argv.slice(2);
// A run of make or validate is over within seconds: V8's optimizing compiler spends more processor time
// compiling its hot functions than the optimized code saves before the exit (measured with `npm run bench`:
// 20% less at 200 entities, none lost at 1 or 1,000). A watch session lives long enough to gain from it.
if (!argv.includes('watch')) setFlagsFromString('--no-opt');

process.exitCode = await main(argv, {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readStdin: standardInput(),
  cwd: process.cwd(),
  colors: process.stdout.isTTY === true && (process.env['NO_COLOR'] ?? '') === '',
  now: () => new Date(),
  ...(process.stdin.isTTY === true && process.stdout.isTTY === true ? { ask, terminal: async () => (await import('./terminal/inquirer-terminal.js')).inquirerTerminal() } : {}),
  onInterrupt: (stop) => {
    const signals = ['SIGINT', 'SIGTERM'] as const;
    for (const signal of signals) process.on(signal, stop);
    return () => {
      for (const signal of signals) process.off(signal, stop);
    };
  },
});

/**
 * Standard input can be read once: a command that looks at a file before its front end reads it (is it an
 * OpenAPI document?) gets the same text both times.
 */
function standardInput(): () => string {
  let text: string | undefined;
  return () => (text ??= withoutByteOrderMark(utf8Text(readFileSync(0))));
}

/** One question on the terminal; readline is loaded only by a command that asks. */
async function ask(question: string): Promise<string> {
  const { createInterface } = await import('node:readline/promises');
  const terminal = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await terminal.question(question);
  } finally {
    terminal.close();
  }
}
