// uvu as the test files use it (`test`, `suite`), but each suite's tests run in an order drawn from
// FULLAPI_TEST_SEED (and FULLAPI_TEST_FILE), and only those whose name matches FULLAPI_TEST_NAME when it is
// set. Loaded in place of uvu by hooks.mjs, for run-tests.mjs's --shuffle and --test.
import * as uvu from 'uvu';
import { fileSeed, seededRandom, shuffled } from './seeded-order.mjs';

const seed = process.env['FULLAPI_TEST_SEED'];
const random = seed === undefined ? undefined : seededRandom(fileSeed(Number(seed), process.env['FULLAPI_TEST_FILE'] ?? ''));
const wanted = process.env['FULLAPI_TEST_NAME'] === undefined ? undefined : new RegExp(process.env['FULLAPI_TEST_NAME']);

function reordered(real) {
  const pending = [];
  const add = (name, handler) => {
    pending.push([name, handler]);
  };
  Object.assign(add, { before: real.before, after: real.after, only: real.only, skip: real.skip });
  add.run = () => {
    const kept = wanted === undefined ? pending : pending.filter(([name]) => wanted.test(name));
    for (const [name, handler] of random === undefined ? kept : shuffled(kept, random)) real(name, handler);
    pending.length = 0;
    real.run();
  };
  return add;
}

export const suite = (name, state) => reordered(uvu.suite(name, state));
export const test = suite();
