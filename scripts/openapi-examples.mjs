// What the bundled CLI makes of a folder of OpenAPI documents: one row each, for the table of public example
// documents in docs/guide/inputs/openapi.md. The documents are not part of this repository (their text is not
// ours to commit); read them from a checkout of the specification's repository, for example the examples/
// folder of OAI/OpenAPI-Specification before its removal (`git archive <commit> examples | tar -x`).
//
//   node scripts/openapi-examples.mjs <folder>
//
// Every .json, .yaml and .yml file under the folder with an openapi or swagger key at its first level is run
// through `fullapi validate --openapi` (files a document's $refs name, without that key, are read as part of
// it); the row gives its version, the entities, what was skipped and any error, with its place, and what a dry
// run of `fullapi make --openapi` plans in examples/laravel-12 (nothing is written there).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../dist/cli/fullapi.mjs', import.meta.url));
const project = fileURLToPath(new URL('../examples/laravel-12', import.meta.url));
const folder = process.argv[2];
if (folder === undefined) {
  process.stderr.write('usage: node scripts/openapi-examples.mjs <folder>\n');
  process.exit(2);
}

const documents = readdirSync(folder, { recursive: true })
  .map(String)
  .filter((path) => /\.(?:json|ya?ml)$/i.test(path))
  .sort()
  .filter((path) => versionOf(readFileSync(join(folder, path), 'utf8')) !== undefined);

process.stdout.write('| document | version | entities | skipped | errors | make --dry-run |\n|---|---|---|---|---|---|\n');
for (const path of documents) {
  const version = versionOf(readFileSync(join(folder, path), 'utf8'));
  const run = spawnSync(process.execPath, [cli, 'validate', '--openapi', path, '--json'], { cwd: folder, encoding: 'utf8' });
  const report = JSON.parse(run.stdout);
  const validated = spawnSync(process.execPath, [cli, 'validate', '--openapi', path], { cwd: folder, encoding: 'utf8' });
  const entities = /is valid: (\d+)/.exec(validated.stdout)?.[1] ?? '-';
  const skipped = report.warnings.filter((warning) => warning.code.startsWith('openapi_')).map((warning) => /^(?:schema|property) (\S+(?: of \S+)?)/.exec(warning.message)?.[1] ?? warning.code);
  const errors = report.errors.map((found) => `${found.code} ${found.source?.line ?? ''}:${found.source?.column ?? ''}`);
  const made = spawnSync(process.execPath, [cli, 'make', '--openapi', join(folder, path), '--dry-run', '--json', '--project', project], { cwd: folder, encoding: 'utf8' });
  const plan = JSON.parse(made.stdout);
  const planned = plan.ok ? `${plan.files.filter((file) => file.action !== 'unchanged').length} files` : `refused: ${plan.errors.map((found) => found.code).join(', ')}`;
  process.stdout.write(`| ${relative(folder, join(folder, path))} | ${version} | ${entities} | ${skipped.join(', ') || '-'} | ${errors.join(', ') || '-'} | ${planned} |\n`);
}

function versionOf(text) {
  return /^\s*["']?(?:openapi|swagger)["']?\s*:\s*["']?([\d.]+)/m.exec(text)?.[1];
}
