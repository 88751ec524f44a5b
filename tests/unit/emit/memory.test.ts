import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { prepareMake, runMake } from '../../../src/pipeline/make/make.js';
import { type CommandOutcome } from '../../../src/pipeline/outcome.js';
import { newMakeMemory } from '../../../src/pipeline/make/make-memory.js';
import { copyExampleProject, readTree } from '../../support/project-tree.js';
import { heardProject } from '../../support/watched-memory.js';
import { EVERY_FRONT_END } from '../../../src/pipeline/input/every-front-end.js';

/**
 * A watch session's memory must never show: the same sequence of inputs, generated with one memory kept
 * across runs and without any, gives the same files and the same reports at every step.
 */

const STEPS: { what: string; diagram?: string; files?: Record<string, string>; deleted?: string[] }[] = [
  { what: 'first run', diagram: 'erDiagram\n  AUTHOR ||--o{ POST : writes\n  POST {\n    string title\n  }\n  AUTHOR {\n    string name\n  }\n' },
  { what: 'a field added', diagram: 'erDiagram\n  AUTHOR ||--o{ POST : writes\n  POST {\n    string title\n    text body "nullable"\n  }\n  AUTHOR {\n    string name\n  }\n' },
  { what: 'lines moved, nothing else', diagram: 'erDiagram\n\n\n  AUTHOR ||--o{ POST : writes\n  AUTHOR {\n    string name\n  }\n  POST {\n    string title\n    text body "nullable"\n  }\n' },
  { what: 'a relation whose key goes to the other entity', diagram: 'erDiagram\n  AUTHOR ||--o{ POST : writes\n  POST ||--o{ COMMENT : has\n  AUTHOR {\n    string name\n  }\n  POST {\n    string title\n    text body "nullable"\n  }\n' },
  { what: 'the parent\'s key changed', diagram: 'erDiagram\n  AUTHOR ||--o{ POST : writes\n  POST ||--o{ COMMENT : has\n  AUTHOR {\n    string handle PK\n    string name\n  }\n  POST {\n    string title\n  }\n' },
  {
    what: 'a published stub',
    files: { 'stubs/vendor/fullapi/policy.stub': '<?php\n\nnamespace App\\Policies;\n\n// {{modelVariable}}\nclass {{className}}Policy\n{\n}\n' },
  },
  { what: 'page sizes published', files: { 'config/api-generator.php': "<?php\n\nreturn [\n    'per_page' => 20,\n    'max_per_page' => 50,\n];\n" } },
  { what: 'a hand edit of a generated file', files: { 'app/Models/Comment.php': '<?php\n// mine\n' } },
  { what: 'nothing changed' },
  { what: 'a generated file deleted', deleted: ['app/Http/Controllers/PostController.php'] },
  { what: 'an error', diagram: 'erDiagram\n  AUTHOR ||--o{ POST : writes\n  POST {\n    strng title\n  }\n' },
  { what: 'back to good', diagram: 'erDiagram\n  AUTHOR ||--o{ POST : writes\n  POST {\n    string title\n    int views "default=0"\n  }\n' },
];

function write(project: string, step: (typeof STEPS)[number]): void {
  if (step.diagram !== undefined) writeFileSync(join(project, 'model.mmd'), step.diagram);
  for (const [path, content] of Object.entries(step.files ?? {})) {
    mkdirSync(join(project, path, '..'), { recursive: true });
    writeFileSync(join(project, path), content);
  }
  for (const path of step.deleted ?? []) rmSync(join(project, path));
}

const reportOf = (outcome: CommandOutcome) => ({ ok: outcome.ok, changes: outcome.changes.map((c) => [c.path, c.action]), diagnostics: outcome.diagnostics });

for (const watched of [false, true]) {
  test(`runs with a memory kept across them write what runs without one write, step by step${watched ? ', the project watched' : ''}`, () => {
    const remembering = copyExampleProject('laravel-12');
    const forgetting = copyExampleProject('laravel-12');
    const memory = newMakeMemory();
    // Unwatched, the memory keeps nothing of the project's files; watched, it keeps what it was not told changed.
    const heard = heardProject(remembering, memory.files);
    if (watched) heard.watchFolders();
    for (const [index, step] of STEPS.entries()) {
      const request = (projectRoot: string) => ({
        input: { kind: 'diagram' as const, path: 'model.mmd' },
        frontEnds: EVERY_FRONT_END,
        force: false,
        dryRun: false,
        projectRoot,
        cwd: projectRoot,
        readStdin: () => '',
        now: new Date(Date.UTC(2026, 0, 2, 3, 4, index)),
      });
      // Prepared from the text before the step's save, as a burst's first write may be, then from the text saved.
      if (watched) prepareMake({ ...request(remembering), memory });
      write(remembering, step);
      write(forgetting, step);
      if (watched) for (const path of [...(step.diagram === undefined ? [] : ['model.mmd']), ...Object.keys(step.files ?? {}), ...(step.deleted ?? [])]) heard.hear(path);
      if (watched) prepareMake({ ...request(remembering), memory });
      const withMemory = runMake({ ...request(remembering), memory });
      const without = runMake(request(forgetting));
      assert.equal(reportOf(withMemory), reportOf(without), step.what);
      assert.equal(readTree(remembering), readTree(forgetting), step.what);
      if (watched) {
        heard.watchFolders();
        for (const change of withMemory.changes) if (change.action !== 'unchanged' && change.action !== 'kept') heard.hear(change.path);
      }
    }
  });
}

test.run();
