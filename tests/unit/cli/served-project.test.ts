import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { servedProject } from '../../../src/cli/output/command-output.js';
import type { CliIo } from '../../../src/cli/io.js';
import { repoRoot } from '../../support/repo-root.js';

/** What the servers write to stderr, standard output being the protocol's. */
function io(): { io: CliIo; stderr: () => string } {
  let stderr = '';
  const fake = { cwd: repoRoot(), stdout: () => undefined, stderr: (text: string) => (stderr += text), readStdin: () => '', now: () => new Date(0), colors: false };
  return { io: fake as unknown as CliIo, stderr: () => stderr };
}

test('a server serves a folder: --project without a value is a misused command line (2), a missing folder an error (1)', () => {
  for (const command of ['mcp', 'lsp']) {
    const empty = io();
    assert.equal(servedProject(command, { project: '' }, empty.io), { exitCode: 2 });
    assert.is(empty.stderr(), `fullapi ${command}: --project needs a value.\n`);
    const missing = io();
    assert.equal(servedProject(command, { project: 'no-such-folder' }, missing.io), { exitCode: 1 });
    assert.match(missing.stderr(), `fullapi ${command}: ${repoRoot()}/no-such-folder is not a folder; give the Laravel project with --project.`);
    assert.equal(servedProject(command, { project: 'examples' }, io().io), { root: `${repoRoot()}/examples` });
  }
});

test.run();
