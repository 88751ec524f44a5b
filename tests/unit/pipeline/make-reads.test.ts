import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runMake } from '../../../src/pipeline/make/make.js';
import { EVERY_FRONT_END } from '../../../src/pipeline/input/every-front-end.js';
import type { FrontEnd, FrontEnds } from '../../../src/pipeline/input/front-ends.js';
import { copyExampleProject } from '../../support/project-tree.js';

/** The front ends, each counting the texts it reads. */
function countingFrontEnds(): { frontEnds: FrontEnds; reads: Record<string, number> } {
  const reads: Record<string, number> = {};
  const counted = (kind: string, read: FrontEnd | undefined): FrontEnd => (path, text, memory) => {
    reads[kind] = (reads[kind] ?? 0) + 1;
    if (read === undefined) throw new Error(`no ${kind} front end`);
    return read(path, text, memory);
  };
  return { reads, frontEnds: { ...EVERY_FRONT_END, schema: counted('schema', EVERY_FRONT_END.schema), record: counted('record', EVERY_FRONT_END.record) } };
}

test('a make reads its schema file once, and the record once: lowering and checking share the read', () => {
  const project = copyExampleProject('laravel-12');
  try {
    const make = (schema: string, second: number) => {
      writeFileSync(join(project, 'api-schema.yaml'), schema);
      const { frontEnds, reads } = countingFrontEnds();
      const outcome = runMake({ input: { kind: 'schema' }, frontEnds, force: false, dryRun: false, projectRoot: project, cwd: project, readStdin: () => '', now: new Date(Date.UTC(2026, 0, 2, 3, 4, second)) });
      assert.ok(outcome.ok, JSON.stringify(outcome.diagnostics));
      return reads;
    };
    assert.equal(make('entities:\n  Post:\n    fields:\n      title: string\n', 0), { schema: 1 });
    assert.equal(make('entities:\n  Post:\n    fields:\n      title: string\n      body: text\n', 1), { schema: 1, record: 1 });
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});

test.run();
