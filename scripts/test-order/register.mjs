// `node --import ./register.mjs <file>.test.js`: the test file's `uvu` is uvu-in-order.mjs (hooks.mjs).
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url);
