import { artisanCommands } from '../../../src/cli/artisan-manifest.js';
import { COMMANDS } from '../../../src/cli/command-table.js';
import { kebab, OPTIONS, type OptionSpec } from '../../../src/ir/options.js';
import { cell, GENERATED, prose } from './markdown.js';

const INTRO = [
  'Every `fullapi` command with each of its options, as `fullapi <command> --help` lists them.',
  'A command\'s alias is its artisan-style name, which the CLI accepts too; "In artisan" is the command the Composer package registers, with the same options; the MCP column names the tools of `fullapi mcp` that take the option.',
].join(' ');

/** docs/reference/options.md: each command of src/cli/command-table.ts with its options (src/ir/options.ts). */
export function optionsPage(): string {
  const lines = ['# Options', '', GENERATED, '', prose(INTRO), ''];
  const artisanNames = new Map(artisanCommands().map((command) => [command.cliCommand, command.name]));
  for (const command of COMMANDS) {
    const artisanName = artisanNames.get(command.name);
    lines.push(`## \`fullapi ${`${command.name} ${command.args}`.trim()}\``, '', prose(command.description) + (command.alias === undefined ? '' : ` (alias \`${command.alias}\`)`), '');
    lines.push(artisanName === undefined ? 'In artisan: none; `php artisan vendor:publish` publishes the config and the stubs.' : `In artisan: \`php artisan ${artisanName}\``, '');
    lines.push('| Option | Value | MCP | What it does |', '|---|---|---|---|');
    for (const entry of command.options) {
      const [name, help] = typeof entry === 'string' ? [entry, OPTIONS[entry].help] : entry;
      const spec: OptionSpec = OPTIONS[name];
      const spellings = [kebab(name), ...(spec.aliases ?? [])].map((spelling) => `\`--${spelling}\``).join(', ');
      const value = spec.choices !== undefined ? spec.choices.map((choice) => `\`${choice}\``).join(' or ') : spec.value === undefined ? '' : `\`<${spec.value}>\``;
      const tools = (spec.tools ?? []).map((tool) => `\`${tool}\``).join(', ');
      lines.push(`| ${spellings} | ${cell(value)} | ${tools} | ${cell(help)} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}
