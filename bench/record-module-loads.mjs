// Preloaded with `node --import` (bench/run-bench.ts, tests/support/loaded-modules.ts): records the URL of
// every module the process loads, one a line, in the file FULLAPI_LOADED_MODULES names. Plain JavaScript, as
// a preload runs before any build.
import { register } from 'node:module';

register(new URL('./module-load-hooks.mjs', import.meta.url), { data: { record: process.env.FULLAPI_LOADED_MODULES } });
