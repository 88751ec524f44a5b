#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { withoutByteOrderMark } from '../text/json-text.js';
import { utf8Text } from '../text/utf8-text.js';
import { main } from './main.js';

process.exitCode = await main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readStdin: () => withoutByteOrderMark(utf8Text(readFileSync(0))),
  cwd: process.cwd(),
  colors: process.stdout.isTTY === true && (process.env['NO_COLOR'] ?? '') === '',
  now: () => new Date(),
  onInterrupt: (stop) => {
    const signals = ['SIGINT', 'SIGTERM'] as const;
    for (const signal of signals) process.on(signal, stop);
    return () => {
      for (const signal of signals) process.off(signal, stop);
    };
  },
});
