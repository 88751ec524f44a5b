// The loader hooks record-module-loads.mjs registers; they run on the loader's own thread.
import { appendFileSync } from 'node:fs';

let record;

export function initialize(data) {
  record = data.record;
}

export async function load(url, context, nextLoad) {
  if (record !== undefined) appendFileSync(record, `${url}\n`);
  return nextLoad(url, context);
}
