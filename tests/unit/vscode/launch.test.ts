import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bundledCliPath, generateLaunch, makeInputFlag, serverLaunch, validateLaunch } from '../../../editors/vscode/src/launch.mjs';

const extension = '/home/me/.vscode/extensions/fullapi.fullapi-0.1.0';
const bundle = join(extension, 'server', 'dist', 'cli', 'fullapi.mjs');
const defaults = { nodePath: 'node', project: '' };

test('the server is the bundled command line shipped in the extension, `lsp` on the workspace folder as the project', () => {
  assert.is(bundledCliPath(extension), bundle);
  assert.equal(serverLaunch(extension, defaults, '/work/shop'), { command: 'node', args: [bundle, 'lsp', '--project', '/work/shop'], cwd: '/work/shop' });
});

test('fullapi.project is read from the workspace folder, an absolute path as it is; no folder and no setting, no --project', () => {
  assert.equal(serverLaunch(extension, { ...defaults, project: 'backend' }, '/work/shop').args, [bundle, 'lsp', '--project', '/work/shop/backend']);
  assert.equal(serverLaunch(extension, { ...defaults, project: '/srv/app' }, undefined).args, [bundle, 'lsp', '--project', '/srv/app']);
  assert.equal(serverLaunch(extension, defaults, undefined), { command: 'node', args: [bundle, 'lsp'], cwd: undefined });
});

test('fullapi.nodePath names the Node binary; left blank, node from the PATH', () => {
  assert.is(serverLaunch(extension, { ...defaults, nodePath: '/opt/node22/bin/node' }, '/work/shop').command, '/opt/node22/bin/node');
  assert.is(serverLaunch(extension, { ...defaults, nodePath: '  ' }, '/work/shop').command, 'node');
});

test("make reads schema files and class_data.json with --schema, diagrams and Markdown's fences with --mermaid", () => {
  for (const name of ['api-schema.yaml', 'api-schema.yml', 'api-schema.json', 'class_data.json', 'API-SCHEMA.YAML']) assert.is(makeInputFlag(`/p/${name}`), '--schema', name);
  for (const name of ['model.mmd', 'model.mermaid', 'README.md']) assert.is(makeInputFlag(`/p/${name}`), '--mermaid', name);
  for (const name of ['package.json', 'docker-compose.yaml', 'schema.yaml', 'notes.txt']) assert.is(makeInputFlag(`/p/${name}`), undefined, name);
});

test('Generate is make of the file into the project; Validate is validate of the file, which takes no --project', () => {
  assert.equal(generateLaunch(extension, defaults, '/work/shop', '/work/shop/docs/model.md'), {
    command: 'node',
    args: [bundle, 'make', '--mermaid', '/work/shop/docs/model.md', '--project', '/work/shop'],
    cwd: '/work/shop',
  });
  assert.equal(validateLaunch(extension, defaults, '/work/shop', '/work/shop/api-schema.yaml'), {
    command: 'node',
    args: [bundle, 'validate', '/work/shop/api-schema.yaml'],
    cwd: '/work/shop',
  });
  assert.is(generateLaunch(extension, defaults, '/work/shop', '/work/shop/package.json'), undefined);
  assert.is(validateLaunch(extension, defaults, '/work/shop', '/work/shop/package.json'), undefined);
});

test.run();
