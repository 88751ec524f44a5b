import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { youngGenerationCollector } from '../../../src/cli/young-generation.js';

/** The kinds of the collections V8 reports while `during` runs, and a moment after. */
async function collectionsDuring(during: () => void): Promise<number[]> {
  const kinds: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { detail?: { kind?: number } })[]) kinds.push(entry.detail?.kind ?? -1);
  });
  observer.observe({ entryTypes: ['gc'] });
  during();
  await new Promise((resolve) => setTimeout(resolve, 50));
  observer.disconnect();
  return kinds;
}

test('the collector a watch session calls between saves collects the young generation', async () => {
  const collect = youngGenerationCollector();
  const kinds = await collectionsDuring(() => {
    for (let run = 0; run < 3; run++) collect();
  });
  const minor = kinds.filter((kind) => kind === constants.NODE_PERFORMANCE_GC_MINOR);
  // A full collection would be reported as major: what V8 does of its own accord in between may be either.
  assert.ok(minor.length >= 3, `collections reported: ${kinds.join(', ')}`);
});

test.run();
