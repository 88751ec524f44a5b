import { fileURLToPath } from 'node:url';
import { runCommand, runOrThrow, type CommandOptions, type CommandResult } from './processes.js';

/** The Laravel majors the harness proves the output on: 12 under the host's PHP, 13 under PHP 8.3 in WebAssembly. */
export type FrameworkMajor = 12 | 13;

/** How a scenario's application runs `php <argument...>`. */
export interface PhpRunner {
  framework: FrameworkMajor;
  /** `PHP 8.2 (host)`, for the log. */
  describe: string;
  run(args: readonly string[], options: CommandOptions): Promise<CommandResult>;
  runOrThrow(args: readonly string[], options: CommandOptions): Promise<CommandResult>;
}

const php83 = fileURLToPath(new URL('./php83.js', import.meta.url));

export function phpRunner(framework: FrameworkMajor): PhpRunner {
  // Laravel 13 needs PHP 8.3; Debian here has 8.2, so 13's application runs on php83.ts.
  const [command, lead, describe] = framework === 12 ? ['php', [], 'the host PHP'] : [process.execPath, [php83], 'PHP 8.3 in WebAssembly'];
  return {
    framework,
    describe,
    run: (args, options) => runCommand(command, [...lead, ...args], options),
    runOrThrow: (args, options) => runOrThrow(command, [...lead, ...args], options),
  };
}
