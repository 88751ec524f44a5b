import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkRoutes, migrateFreshAndSeed } from './app-checks.js';
import { runCliReport, type MakeReport } from './fullapi.js';
import type { PhpRunner } from './php-runner.js';
import type { EntityUnderTest } from './scenario.js';

/**
 * `fullapi delete` on the three related entities of tests/e2e/schemas/delete (Author, Book belongsTo Author,
 * Review belongsTo Book): Author is refused while Book declares its relation to it; Review goes at once, with
 * its routes, seeder call and record, and Book, which had its `reviews()` only as the inverse of Review's
 * relation, is regenerated without it. The application's checks then run on what remains: its routes here,
 * `migrate:fresh --seed`, the generated tests and Pint after this step.
 */
const REMAINING: readonly EntityUnderTest[] = [
  { entity: 'Author', fields: 'name:string', softDeletes: false, segment: 'authors', parameter: 'author' },
  { entity: 'Book', fields: 'title:string,status:enum(draft,published)', softDeletes: false, segment: 'books', parameter: 'book' },
];

export async function deleteOneOfThree(repo: string, app: string, php: PhpRunner): Promise<MakeReport[]> {
  const before = readFileSync(join(app, 'routes/api.php'), 'utf8');
  const refused = await runCliReport(repo, ['delete', 'Author', '--project', app, '--json'], app);
  const reference = refused.report.errors.find((error) => error.code === 'entity_referenced');
  if (refused.status !== 1 || reference === undefined || !reference.message.includes('Book.author')) {
    throw new Error(`delete Author was not refused for Book.author: exit ${refused.status}, ${JSON.stringify(refused.report)}`);
  }
  if (readFileSync(join(app, 'routes/api.php'), 'utf8') !== before) throw new Error('the refused delete changed routes/api.php');

  const deleted = await runCliReport(repo, ['delete', 'Review', '--project', app, '--json'], app);
  if (deleted.status !== 0) throw new Error(`delete Review failed: ${JSON.stringify(deleted.report)}`);
  const gone = deleted.report.files.filter((file) => file.action === 'deleted').map((file) => file.path);
  for (const path of ['app/Models/Review.php', 'app/Http/Controllers/ReviewController.php', 'tests/Feature/ReviewControllerTest.php']) {
    if (!gone.includes(path)) throw new Error(`delete Review left ${path}: ${JSON.stringify(deleted.report.files)}`);
  }
  if (!deleted.report.files.some((file) => file.path === 'app/Models/Book.php' && file.action === 'updated')) {
    throw new Error(`delete Review did not regenerate Book without reviews(): ${JSON.stringify(deleted.report.files)}`);
  }
  if (/Review/.test(readFileSync(join(app, 'app/Http/Resources/BookResource.php'), 'utf8'))) throw new Error('BookResource still names Review');
  if (!deleted.report.warnings.some((warning) => warning.code === 'table_left_in_database')) throw new Error('no table_left_in_database warning');
  await checkRoutes(app, REMAINING, php);
  return [deleted.report];
}

/** Every entity at once: no API route is left, and the application migrates and seeds without them; the report comes back. */
export async function deleteEverything(repo: string, app: string, php: PhpRunner): Promise<MakeReport> {
  const deleted = await runCliReport(repo, ['delete', '--project', app, '--json'], app);
  if (deleted.status !== 0) throw new Error(`delete failed: ${JSON.stringify(deleted.report)}`);
  await checkRoutes(app, [], php);
  await migrateFreshAndSeed(app, php);
  const record = readFileSync(join(app, 'class_data.json'), 'utf8');
  if (record.trim() !== '[]') throw new Error(`class_data.json still records entities: ${record}`);
  return deleted.report;
}
