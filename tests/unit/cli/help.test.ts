import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { COMMANDS } from '../../../src/cli/command-table.js';
import { TYPE_SPELLINGS } from '../../../src/frontends/fields.js';
import { kebab, OPTIONS } from '../../../src/ir/options.js';

// cac prints help on the console itself, so help is read from the command users run: the bundle when
// compiled, src/cli/bin.ts through tsx otherwise.
const compiled = import.meta.url.endsWith('.js');
const binary = fileURLToPath(new URL(compiled ? '../../../cli/fullapi.mjs' : '../../../src/cli/bin.ts', import.meta.url));
const help = (...args: string[]) => execFileSync(process.execPath, [...(compiled ? [] : ['--import', import.meta.resolve('tsx')]), binary, ...args], { encoding: 'utf8' });

test('fullapi --help lists make with its alias, spelt as the docs spell it, and the exit codes', () => {
  const text = help('--help');
  assert.match(text, /make \[Entity\] +Generate .* \(alias make:fullapi\)/);
  assert.match(text, 'Exit codes:');
  assert.match(text, /2 +a misused command line/);
});

test('make --help lists every field type and modifier --fields takes, the alias and examples', () => {
  const text = help('make', '--help');
  assert.match(text, '$ fullapi make <Entity> --fields="name:type,..." [options]');
  assert.match(text, '$ fullapi make <Entity> [options]   regenerate an entity class_data.json records');
  for (const spelling of Object.keys(TYPE_SPELLINGS)) assert.match(text, new RegExp(`\\b${spelling}\\b`), spelling);
  assert.match(text, 'enum(a,b,...)');
  assert.match(text, ':nullable, :unique, :primary, :hidden, :index');
  assert.match(text, 'Aliases:\n  make:fullapi');
  assert.match(text, 'Examples:');
  assert.is(help('make:fullapi', '--help'), text, 'the alias shows the same help');
});

test('publish --help names what can be published', () => {
  const text = help('publish', '--help');
  assert.match(text, '$ fullapi publish config [options]');
  assert.match(text, /What can be published:\n {2}config {2}config\/api-generator\.php/);
  assert.match(text, '$ fullapi publish stubs [name...] [options]');
  assert.match(text, /\n {2}stubs {3}stubs\/vendor\/fullapi\/<name>\.stub/);
});


test('validate-stubs is in the command list with its alias, and its --help says what it checks', () => {
  assert.match(help('--help'), /validate-stubs +Check the stubs published .* \(alias api-generator:validate-stubs\)/);
  const text = help('validate-stubs', '--help');
  assert.match(text, 'Aliases:\n  api-generator:validate-stubs');
  assert.match(text, 'What is checked:');
  assert.match(text, '--format <format>');
  assert.is(help('api-generator:validate-stubs', '--help'), text, 'the alias shows the same help');
});

test('clean-routes --help names its alias; fullapi --help lists it with the alias', () => {
  const own = help('clean-routes', '--help');
  assert.match(own, 'api-generator:clean-routes');
  assert.match(own, '--dry-run');
  assert.match(help('--help'), /clean-routes .*\(alias api-generator:clean-routes\)/);
});

test('delete --help names its alias and the flags; fullapi --help lists it with the alias', () => {
  const own = help('delete', '--help');
  assert.match(own, 'delete:fullapi');
  for (const flag of ['--dry-run', '--force', '--json', '--project']) assert.match(own, flag);
  assert.match(own, '$ fullapi delete Post Comment');
  assert.is(help('delete:fullapi', '--help'), own, 'the alias shows the same help');
  assert.match(help('--help'), /delete \[\.\.\.entities\] .*\(alias delete:fullapi\)/);
});

test("each command's --help lists every option the command table gives it, with its text", () => {
  for (const command of COMMANDS) {
    const text = help(command.name, '--help').replace(/\s+/g, ' ');
    for (const entry of command.options) {
      const [name, wording] = typeof entry === 'string' ? [entry, OPTIONS[entry].help] : entry;
      assert.match(text, `--${kebab(name)}`, `${command.name} --${kebab(name)}`);
      assert.match(text, wording.replace(/\s+/g, ' '), `${command.name} --${kebab(name)}`);
    }
  }
});

test.run();
