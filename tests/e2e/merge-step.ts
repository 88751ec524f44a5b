import { copyFileSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { type MakeReport, runMakeFromSchema } from './fullapi.js';
import { describeAnswer, withServedApp } from './http.js';
import type { FrameworkMajor } from './php-runner.js';
import { applyHandEdit } from './scenario-runner.js';
import type { HandEditsMerged } from './scenario.js';

/**
 * Hand edits of generated files, then a new version of the schema file, then `fullapi make`, before any
 * migration ran (so the create migration is simply rewritten): each edited file the new generation changes
 * is `merged`, without a warning, and holds its hand edit and the new field. Returns the run's report, whose
 * files the Pint check covers.
 */
export async function regenerateOverHandEdits(repo: string, app: string, merged: HandEditsMerged): Promise<MakeReport> {
  for (const edit of merged.edits) applyHandEdit(app, edit);
  copyFileSync(join(repo, merged.regeneratedSchemaFile), join(app, basename(merged.regeneratedSchemaFile)));
  const report = await runMakeFromSchema(repo, app);
  if (report.warnings.length > 0) throw new Error(`warnings of the regeneration: ${JSON.stringify(report.warnings)}`);
  for (const path of merged.mergedFiles) {
    const action = report.files.find((file) => file.path === path)?.action;
    if (action !== 'merged') throw new Error(`${path} was ${action ?? 'not reported'}, not merged`);
    if (!readFileSync(join(app, path), 'utf8').includes(merged.newField)) throw new Error(`${path} has no ${merged.newField} after the merge`);
  }
  for (const edit of merged.edits) {
    if (!readFileSync(join(app, edit.file), 'utf8').includes(edit.line)) throw new Error(`the hand edit of ${edit.file} is gone`);
  }
  return report;
}

/**
 * Over HTTP, after `migrate:fresh`: a note stored with the new field, answered by the hand-added action (which
 * calls the hand-added model method), then deleted and restored through the actions the merge added.
 */
export async function checkMergedOverHttp(app: string, framework: FrameworkMajor): Promise<string> {
  return withServedApp(app, framework, async (api) => {
    const stored = await api.send('POST', '/api/notes', { title: 'Merged', body: 'Both sides kept.', subtitle: 'The new field' });
    if (stored.status !== 201) throw new Error(`POST /api/notes: ${describeAnswer(stored)}`);
    const id = stored.json?.data?.id;
    const latest = await api.send('GET', '/api/latest-note');
    if (latest.status !== 200 || latest.json?.headline !== 'MERGED' || latest.json?.subtitle !== 'The new field') {
      throw new Error(`GET /api/latest-note (the hand-added action): expected headline MERGED and the subtitle, ${describeAnswer(latest)}`);
    }
    const deleted = await api.send('DELETE', `/api/notes/${id}`);
    if (deleted.status !== 204) throw new Error(`DELETE /api/notes/${id}: ${describeAnswer(deleted)}`);
    const restored = await api.send('POST', `/api/notes/${id}/restore`);
    if (restored.status !== 200 || restored.json?.data?.subtitle !== 'The new field') throw new Error(`POST /api/notes/${id}/restore (merged in): ${describeAnswer(restored)}`);
    return 'the hand-added action answers with the hand-added method and the new field; restore, merged into the edited controller, answers';
  });
}
