import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { previewDocument, previewedFiles, type PreviewResult } from '../../../editors/vscode/src/preview.mjs';
import { renderDiff } from '../../../src/plan/render-diff.js';

const project = '/work/shop';
const routesBefore = "<?php\n\nuse Illuminate\\Support\\Facades\\Route;\n";
const routesAfter = `${routesBefore}Route::apiResource('posts', PostController::class);\n`;
const model = '<?php\n\nclass Post extends Model\n{\n}\n';
const oldSeeder = '<?php\n\nclass TagSeeder extends Seeder\n{\n}\n';

/** The diffs as the server makes them: the plan's own rendering (`--dry-run --diff`). */
const result: PreviewResult = {
  ok: true,
  files: [
    { path: 'routes/api.php', action: 'updated', diff: renderDiff({ path: 'routes/api.php', action: 'updated', source: 'patch', before: routesBefore, after: routesAfter }) },
    { path: 'app/Models/Post.php', action: 'created', diff: renderDiff({ path: 'app/Models/Post.php', action: 'created', source: 'generated', after: model }) },
    { path: 'database/seeders/TagSeeder.php', action: 'deleted', diff: renderDiff({ path: 'database/seeders/TagSeeder.php', action: 'deleted', source: 'generated', before: oldSeeder }) },
    { path: 'app/Policies/PostPolicy.php', action: 'unchanged' },
  ],
  diagnostics: [],
};

function disk(files: Record<string, string>): (path: string) => string | undefined {
  return (path) => files[path];
}

test('each changed file has the disk before and the diff applied after; an unchanged file is left out', () => {
  const files = previewedFiles(result, project, disk({ [join(project, 'routes/api.php')]: routesBefore, [join(project, 'database/seeders/TagSeeder.php')]: oldSeeder }));
  assert.equal(
    files.map((file) => [file.path, file.absolutePath, file.action, file.before, file.after]),
    [
      ['routes/api.php', '/work/shop/routes/api.php', 'updated', routesBefore, routesAfter],
      ['app/Models/Post.php', '/work/shop/app/Models/Post.php', 'created', undefined, model],
      ['database/seeders/TagSeeder.php', '/work/shop/database/seeders/TagSeeder.php', 'deleted', oldSeeder, ''],
    ],
  );
});

test('a file edited since the server planned gets no after side: its diff is shown as it came', () => {
  const [routes] = previewedFiles(result, project, disk({ [join(project, 'routes/api.php')]: '<?php\n\n// routes edited meanwhile\n' }));
  assert.is(routes?.after, undefined);
  assert.is(routes?.diff, result.files[0]?.diff);
});

test('the plan document lists what each file becomes, then the diffs', () => {
  const document = previewDocument(result);
  assert.ok(document.startsWith('# updated    routes/api.php\n# created    app/Models/Post.php\n'), document);
  assert.ok(document.includes('# unchanged  app/Policies/PostPolicy.php\n'), document);
  assert.ok(document.includes("+Route::apiResource('posts', PostController::class);"), document);
  assert.is(document.match(/^--- /gm)?.length, 3);
});

test('a document with errors previews as its diagnostics, where they are and their codes', () => {
  const failed: PreviewResult = {
    ok: false,
    files: [],
    diagnostics: [
      { code: 'unknown_field_type', message: 'unknown type "strin"; did you mean "string"?', line: 4, column: 14, file: 'api-schema.yaml' },
      { code: 'no_entities', message: 'the schema has no entities' },
    ],
  };
  assert.is(
    previewDocument(failed),
    '# fullapi would write nothing: the document has errors\n\napi-schema.yaml:4:14: unknown type "strin"; did you mean "string"? [unknown_field_type]\nthe schema has no entities [no_entities]\n',
  );
});

test.run();
