import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Diagnostic } from '../../../../src/diagnostics/diagnostic.js';
import type { MorphAlias } from '../../../../src/emit/laravel/values/morph-aliases.js';
import { registerMorphMap } from '../../../../src/emit/laravel/edits/morph-map.js';
import type { PatchResult } from '../../../../src/diagnostics/patch-result.js';
import { repoRoot } from '../../../support/repo-root.js';
import { assertIdempotent, pintCases, assertValidPhp, crlf, diagnosticOf, patched } from './php-check.js';

const pint = pintCases();

const PATH = 'app/Providers/AppServiceProvider.php';

/** The provider of the laravel/laravel skeleton, 12.x and 13.x alike, as the e2e applications have it. */
const SKELETON = readFileSync(join(repoRoot(), 'tests', 'fixtures', 'laravel-12-skeleton', PATH), 'utf8');

const POST: MorphAlias = { alias: 'post', modelClass: 'App\\Models\\Post' };
const VIDEO: MorphAlias = { alias: 'video', modelClass: 'App\\Models\\Video' };
const BLOG_POST: MorphAlias = { alias: 'blog_post', modelClass: 'App\\Models\\BlogPost' };

const apply = (aliases: readonly MorphAlias[]) => (text: string) => registerMorphMap(text, aliases);

/** The skeleton with boot()'s `//` replaced by `body` (whole lines, indented), and `imports` added to its use block. */
function withBoot(body: string, imports: readonly string[] = []): string {
  const withImports = SKELETON.replace('use Illuminate\\Support\\ServiceProvider;\n', [...imports, 'Illuminate\\Support\\ServiceProvider'].map((name) => `use ${name};\n`).join(''));
  const placeholder = withImports.lastIndexOf('        //\n');
  return withImports.slice(0, placeholder) + body + withImports.slice(placeholder + '        //\n'.length);
}

function warningsOf(result: PatchResult): Diagnostic[] | undefined {
  return result.ok ? result.warnings : undefined;
}

test("the skeleton's boot() gets the map in place of its placeholder, and the imports in order", () => {
  const result = patched(registerMorphMap(SKELETON, [POST, VIDEO]));
  const expected = withBoot(
    "        Relation::morphMap([\n            'post' => Post::class,\n            'video' => Video::class,\n        ]);\n",
    ['App\\Models\\Post', 'App\\Models\\Video', 'Illuminate\\Database\\Eloquent\\Relations\\Relation'],
  );
  assert.fixture(result, expected);
  assert.ok(result.includes('    public function register(): void\n    {\n        //\n    }'), "register()'s placeholder stays");
  assert.not.ok(result.includes('enforceMorphMap'));
  pint.check({ [PATH]: result });
});

test('a second run leaves the file byte for byte, and a new alias joins the map', () => {
  const once = patched(registerMorphMap(SKELETON, [POST]));
  assertIdempotent(apply([POST]), once);
  assert.is(warningsOf(registerMorphMap(once, [POST])), undefined);
  const grown = patched(registerMorphMap(once, [POST, BLOG_POST]));
  assert.ok(grown.includes("        Relation::morphMap([\n            'post' => Post::class,\n            'blog_post' => BlogPost::class,\n        ]);\n"), grown);
  assert.ok(grown.includes('use App\\Models\\BlogPost;\nuse App\\Models\\Post;\n'), grown);
  assertIdempotent(apply([POST, BLOG_POST]), grown);
  pint.check({ [PATH]: grown });
});

test("an existing map keeps the user's entries and layout; only the missing aliases are added", () => {
  const theirs = withBoot(
    "        Model::preventLazyLoading();\n\n        Relation::morphMap([\n            'image' => Image::class,\n            'post' => 'App\\\\Models\\\\Post',\n        ]);\n",
    ['App\\Models\\Image', 'Illuminate\\Database\\Eloquent\\Model', 'Illuminate\\Database\\Eloquent\\Relations\\Relation'],
  );
  const result = patched(registerMorphMap(theirs, [POST, VIDEO]));
  assert.fixture(
    result,
    withBoot(
      "        Model::preventLazyLoading();\n\n        Relation::morphMap([\n            'image' => Image::class,\n            'post' => 'App\\\\Models\\\\Post',\n            'video' => Video::class,\n        ]);\n",
      ['App\\Models\\Image', 'App\\Models\\Video', 'Illuminate\\Database\\Eloquent\\Model', 'Illuminate\\Database\\Eloquent\\Relations\\Relation'],
    ),
  );
  assertIdempotent(apply([POST, VIDEO]), result);
  pint.check({ [PATH]: result });
});

test('a one-line map gets the aliases inline; an enforced map is added to as it is', () => {
  const inline = withBoot("        Relation::morphMap(['image' => Image::class]);\n", ['App\\Models\\Image', 'Illuminate\\Database\\Eloquent\\Relations\\Relation']);
  const result = patched(registerMorphMap(inline, [POST]));
  assert.ok(result.includes("        Relation::morphMap(['image' => Image::class, 'post' => Post::class]);\n"), result);
  pint.check({ [PATH]: result });
  const enforced = withBoot("        Relation::enforceMorphMap([\n            'user' => User::class,\n        ]);\n", ['App\\Models\\User', 'Illuminate\\Database\\Eloquent\\Relations\\Relation']);
  const added = patched(registerMorphMap(enforced, [POST]));
  assert.ok(added.includes("        Relation::enforceMorphMap([\n            'user' => User::class,\n            'post' => Post::class,\n        ]);\n"), added);
  assert.is(added.match(/morphMap\(/gi)?.length, 1, 'no second map');
  pint.check({ [PATH]: added });
});

test('a map written as a list (keyed by table) is left whole, and the aliases get a map of their own after it', () => {
  const listed = withBoot('        Relation::morphMap([Image::class]);\n', ['App\\Models\\Image', 'Illuminate\\Database\\Eloquent\\Relations\\Relation']);
  const result = patched(registerMorphMap(listed, [POST]));
  assert.ok(result.includes("        Relation::morphMap([Image::class]);\n\n        Relation::morphMap([\n            'post' => Post::class,\n        ]);\n    }\n"), result);
  assertIdempotent(apply([POST]), result);
  pint.check({ [PATH]: result });
});

test('an alias the user maps to another class is left alone, with a warning at its line naming both classes', () => {
  const theirs = withBoot("        Relation::morphMap([\n            'post' => Article::class,\n        ]);\n", ['App\\Models\\Article', 'Illuminate\\Database\\Eloquent\\Relations\\Relation']);
  const alone = registerMorphMap(theirs, [POST]);
  assert.is(patched(alone), theirs, 'nothing to add: the file is left byte for byte');
  const warnings = warningsOf(alone) ?? [];
  assert.is(warnings.length, 1);
  const [warning] = warnings;
  assert.is(warning?.severity, 'warning');
  assert.is(warning?.code, 'morph_alias_taken');
  assert.equal(warning?.span, { file: PATH, line: 25, column: 13 });
  assert.match(warning?.message ?? '', "'post' to App\\Models\\Article, not to App\\Models\\Post");
  const withVideo = registerMorphMap(theirs, [POST, VIDEO]);
  assert.ok(patched(withVideo).includes("            'post' => Article::class,\n            'video' => Video::class,\n"), 'the other aliases are still added');
  assert.equal(warningsOf(withVideo)?.map((w) => w.code), ['morph_alias_taken']);
});

test('other code in boot() stays first; the map comes after a blank line', () => {
  const busy = withBoot('        Model::shouldBeStrict();\n', ['Illuminate\\Database\\Eloquent\\Model']);
  const result = patched(registerMorphMap(busy, [POST]));
  assert.ok(result.includes("        Model::shouldBeStrict();\n\n        Relation::morphMap([\n            'post' => Post::class,\n        ]);\n    }\n"), result);
  assertIdempotent(apply([POST]), result);
  pint.check({ [PATH]: result });
});

test('a model whose short name the file already gives another class is written in full', () => {
  const result = patched(registerMorphMap(SKELETON, [{ alias: 'service_provider', modelClass: 'App\\Models\\ServiceProvider' }, { alias: 'relation', modelClass: 'App\\Models\\Relation' }]));
  assert.ok(result.includes("            'service_provider' => \\App\\Models\\ServiceProvider::class,\n            'relation' => \\App\\Models\\Relation::class,\n"), result);
  assert.not.ok(result.includes('use App\\Models\\'), result);
  assertIdempotent(apply([{ alias: 'service_provider', modelClass: 'App\\Models\\ServiceProvider' }]), result);
  pint.check({ [PATH]: result });
});

test('another class imported as Relation is an error at that import', () => {
  const clash = SKELETON.replace('use Illuminate\\Support\\ServiceProvider;', 'use Illuminate\\Support\\ServiceProvider;\nuse Legacy\\Relation;');
  const diagnostic = diagnosticOf(registerMorphMap(clash, [POST]));
  assert.is(diagnostic.code, 'unexpected_php_shape');
  assert.equal(diagnostic.span, { file: PATH, line: 6, column: 5 });
});

test('keeps CRLF line endings', () => {
  const result = patched(registerMorphMap(crlf(SKELETON), [POST]));
  assert.is(result, crlf(patched(registerMorphMap(SKELETON, [POST]))));
  assertIdempotent(apply([POST]), result);
  assertValidPhp({ [PATH]: result });
});

test('a missing file is an error, not a crash', () => {
  const diagnostic = diagnosticOf(registerMorphMap(undefined, [POST]));
  assert.is(diagnostic.code, 'unexpected_php_shape');
  assert.equal(diagnostic.span, { file: PATH });
  assert.match(diagnostic.hint ?? '', 'skeleton');
});

test('a provider without boot() is an error at the class', () => {
  const noBoot = SKELETON.slice(0, SKELETON.lastIndexOf('\n    /**')) + '\n}\n';
  assertValidPhp({ [PATH]: noBoot });
  const diagnostic = diagnosticOf(registerMorphMap(noBoot, [POST]));
  assert.is(diagnostic.code, 'unexpected_php_shape');
  assert.equal(diagnostic.span, { file: PATH, line: 7, column: 1 });
  assert.match(diagnostic.message, 'boot()');
});

test('a file without class AppServiceProvider, or outside App\\Providers, is an error', () => {
  assert.is(diagnosticOf(registerMorphMap(SKELETON.replace('class AppServiceProvider', 'class MainProvider'), [POST])).code, 'unexpected_php_shape');
  const elsewhere = diagnosticOf(registerMorphMap(SKELETON.replace('namespace App\\Providers;', 'namespace Acme\\Providers;'), [POST]));
  assert.equal(elsewhere.span, { file: PATH, line: 3, column: 1 });
});

test('a syntax error is unparsable_php at its line', () => {
  const broken = SKELETON.replace('    public function boot(): void\n', '    public function boot(): void\n    {\n');
  const diagnostic = diagnosticOf(registerMorphMap(broken, [POST]));
  assert.is(diagnostic.code, 'unparsable_php');
  assert.ok((diagnostic.span?.line ?? 0) > 0);
});

test('every patched text above is Pint-clean', () => pint.assertAllClean());

test.run();
