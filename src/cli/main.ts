import { cac } from 'cac';
import { error } from '../diagnostics/diagnostic.js';
import { kebab, OPTIONS, type OptionName, type OptionSpec } from '../ir/options.js';
import { packageVersion } from '../project/fs/package-root.js';
import { nodeFs } from '../project/fs/project-fs.js';
import { protectOptionValues, STDIN_ARGUMENT } from './arguments.js';
import { COMMANDS, type CommandSpec } from './command-table.js';
import type { CliIo } from './io.js';
import { EXIT_INTERNAL_ERROR } from './output/command-output.js';
import { withFullapiSections } from './output/help-sections.js';
import { humanDiagnostic, jsonReport, palette } from './output/report.js';

/** The options whose value is text, as typed: the values cac must not turn into numbers. */
const TEXT_OPTIONS: ReadonlySet<string> = new Set(
  (Object.entries(OPTIONS) as [OptionName, OptionSpec][]).filter(([, spec]) => spec.kind !== 'flag').flatMap(([name, spec]) => spellings(name, spec)),
);

/**
 * Exit codes: 0 success (warnings allowed), 1 an error in the input or the project, 2 a misuse of the command
 * line, 70 (EX_SOFTWARE) a bug in fullapi: an exception no stage turned into a diagnostic.
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const cli = cac('fullapi');
  let exitCode = 0;
  // What the running command reads, for the report of a bug met while reading it.
  let input = 'the command line';
  for (const spec of COMMANDS) {
    const command = cli.command(`${spec.name} ${spec.args}`.trim(), spec.description);
    if (spec.usage !== undefined) command.usage(spec.usage);
    if (spec.alias !== undefined) command.alias(spec.alias);
    for (const entry of spec.options) {
      const [name, help] = typeof entry === 'string' ? [entry, OPTIONS[entry].help] : entry;
      const option: OptionSpec = OPTIONS[name];
      command.option(`${spellings(name, option).join(', ')}${option.value === undefined ? '' : ` <${option.value}>`}`, help);
    }
    command.action(async (...parameters: unknown[]) => {
      const flags = parameters.at(-1) as Record<string, unknown>;
      const args = parameters.slice(0, -1).flatMap((argument) => (argument === undefined ? [] : Array.isArray(argument) ? argument.map(String) : [String(argument)]));
      input = spec.reads(args, flags);
      const misused = unknownChoice(spec, flags);
      if (misused !== undefined) {
        io.stderr(`fullapi ${spec.name}: ${misused}.\n`);
        exitCode = 2;
        return;
      }
      exitCode = await spec.run(args, flags, { ...io, typedFlags: typedFlags(argv) });
    });
  }
  cli.help((sections) => withFullapiSections(COMMANDS, cli.matchedCommand?.name, sections));
  cli.version(packageVersion(nodeFs) ?? 'unknown');

  try {
    const options = protectOptionValues(
      argv.map((arg) => (arg === '-' ? STDIN_ARGUMENT : arg)),
      TEXT_OPTIONS,
    );
    cli.parse(['node', 'fullapi', ...options.argv], { run: false });
    for (const [name, value] of Object.entries(cli.options)) cli.options[name] = options.restore(value);
    if (cli.matchedCommand === undefined) {
      if (cli.options['help'] === true || cli.options['version'] === true) return 0;
      const command = cli.args[0];
      io.stderr(command === undefined ? 'Usage: fullapi make <Entity> --fields=...  (fullapi --help)\n' : `Unknown command "${command}". Run fullapi --help.\n`);
      return 2;
    }
    await cli.runMatchedCommand();
  } catch (cause) {
    if (cause instanceof Error && cause.name === 'CACError') {
      io.stderr(`${cause.message}. Run fullapi --help.\n`);
      return 2;
    }
    return reportInternalError(cause, input, argv.includes('--json'), io);
  }
  return exitCode;
}

/** Each option the command line gave by one of its aliases only, by its name's spelling: `--expressive-tests` → `--pest`. */
function typedFlags(argv: readonly string[]): ReadonlyMap<string, string> {
  const typed = new Set(argv.map((arg) => arg.split('=', 1)[0] ?? arg));
  const aliased = (Object.entries(OPTIONS) as [OptionName, OptionSpec][]).flatMap(([name, spec]): [string, string][] => {
    const [canonical = '', ...aliases] = spellings(name, spec);
    const alias = aliases.find((spelling) => typed.has(spelling));
    return alias === undefined || typed.has(canonical) ? [] : [[canonical, alias]];
  });
  return new Map(aliased);
}

/** `--client-collection` and its other spellings, as typed. */
function spellings(name: OptionName, spec: OptionSpec): string[] {
  return [kebab(name), ...(spec.aliases ?? [])].map((spelling) => `--${spelling}`);
}

/** A value of a `choice` option that is none of its choices, said as the misuse of the command line it is. */
function unknownChoice(spec: CommandSpec, flags: Readonly<Record<string, unknown>>): string | undefined {
  for (const entry of spec.options) {
    const name = typeof entry === 'string' ? entry : entry[0];
    const option: OptionSpec = OPTIONS[name];
    const given = flags[name];
    if (option.choices === undefined || given === undefined || option.choices.includes(String(given))) continue;
    const noun = option.value ?? 'value';
    const known = option.choices.length === 1 ? `the one ${noun} is ${option.choices[0] ?? ''}` : `the ${noun}s are ${option.choices.join(' and ')}`;
    return `unknown --${kebab(name)} "${String(given)}"; ${known}`;
  }
  return undefined;
}

/** A bug: said as one, with what to send in a report; the pipelines write nothing before their last step. */
function reportInternalError(cause: unknown, input: string, json: boolean, io: CliIo): number {
  const reason = cause instanceof Error ? cause.message : String(cause);
  const diagnostic = error(
    'internal_error',
    `fullapi failed on ${input}: ${reason}. This is a bug in fullapi; nothing was written. Please report it with that input and this message.`,
  );
  if (json) io.stdout(`${JSON.stringify(jsonReport(false, [], [diagnostic]), null, 2)}\n`);
  const stack = cause instanceof Error && cause.stack !== undefined ? `\n${cause.stack}` : '';
  io.stderr(`${humanDiagnostic(diagnostic, new Map(), palette(io.colors)).join('\n')}${stack}\n`);
  return EXIT_INTERNAL_ERROR;
}
