import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { COMMANDS } from '../../../src/cli/command-table.js';
import { GENERATION_OPTIONS } from '../../../src/ir/generation-options.js';
import { kebab, OPTION_FLAGS, OPTIONS, type OptionName, type OptionSpec } from '../../../src/ir/options.js';

const entries = Object.entries(OPTIONS) as [OptionName, OptionSpec][];

test('every option of the table is taken by some command of the command line', () => {
  const taken = new Set(COMMANDS.flatMap((command) => command.options.map((entry) => (typeof entry === 'string' ? entry : entry[0]))));
  assert.equal(
    entries.map(([name]) => name).filter((name) => !taken.has(name)),
    [],
  );
});

test('each generation option is asked for by exactly one option, spelt as the command line spells it', () => {
  for (const option of GENERATION_OPTIONS) {
    const asking = entries.filter(([, spec]) => spec.generation === option);
    assert.is(asking.length, 1, option);
    assert.is(OPTION_FLAGS[option], `--${kebab(asking[0]?.[0] ?? '')}`);
  }
});

test('no two options are spelt alike, and every value-taking option names its value', () => {
  const spellings = entries.flatMap(([name, spec]) => [kebab(name), ...(spec.aliases ?? [])]);
  assert.equal(spellings.filter((spelling, index) => spellings.indexOf(spelling) !== index), []);
  assert.equal(
    entries.filter(([, spec]) => (spec.kind !== 'flag') !== (spec.value !== undefined)).map(([name]) => name),
    [],
  );
  assert.equal(
    entries.filter(([, spec]) => (spec.kind === 'choice') !== (spec.choices !== undefined)).map(([name]) => name),
    [],
  );
});

test.run();
