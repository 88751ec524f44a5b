import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { STUB_NAMES, type StubName } from '../../../src/emit/artifact-table.js';
import { emitController } from '../../../src/emit/laravel/artifacts/controller.js';
import { emitDto } from '../../../src/emit/laravel/artifacts/dto.js';
import { emitFactory } from '../../../src/emit/laravel/artifacts/factory.js';
import { emitMigration } from '../../../src/emit/laravel/artifacts/migration.js';
import { emitModel } from '../../../src/emit/laravel/artifacts/model.js';
import { emitPolicy } from '../../../src/emit/laravel/artifacts/policy.js';
import { emitResource } from '../../../src/emit/laravel/artifacts/resource.js';
import { emitSeeder } from '../../../src/emit/laravel/artifacts/seeder.js';
import { emitService } from '../../../src/emit/laravel/artifacts/service.js';
import { STUB_VALUES } from '../../../src/emit/laravel/values/stub-values/registry.js';
import { PLACEHOLDERS_3X } from '../../../src/emit/laravel/values/stub-values/version-3.js';
import { renderStub } from '../../../src/emit/render-stub.js';
import type { EmitContext } from '../../../src/emit/context.js';
import type { EmitResult } from '../../../src/emit/emit-result.js';
import type { Entity, Relation } from '../../../src/ir/ir.generated.js';
import { builtInStubs, context, entity, field, onlyFile, phpLint } from '../../support/entities.js';

/** What a stub made of `text` renders for the entity: each test places one 3.x placeholder the way 3.x stubs did. */
function rendered(emitter: (subject: Entity, ctx: EmitContext) => EmitResult, stub: StubName, text: string, subject: Entity, framework: 12 | 13 = 12): string {
  return onlyFile(emitter(subject, context(framework, { stubs: { ...builtInStubs(), [stub]: text } }))).content;
}

const novelRelation: Relation = { name: 'novel', kind: 'belongsTo', target: 'Novel', foreignKey: 'novel_id', ownerKey: 'id', onDelete: 'restrict', synthesized: false, span: {} };

function chapter(): Entity {
  const subject = entity('Chapter', [field('heading'), field('published_on', 'date', { nullable: true })]);
  subject.foreignKeys = [{ column: 'novel_id', fieldType: 'bigint', referencesTable: 'novels', referencesColumn: 'id', nullable: false, relation: 'novel', onDelete: 'restrict' }];
  subject.relations = [novelRelation];
  return subject;
}

const novel = () => entity('Novel', [field('title')], { softDeletes: true });
const media = () => entity('Media', [field('path')], { table: 'media', routeParameter: 'medium' });

test('every 3.x placeholder the table fills or keeps is a value its stub receives; none it replaces is', () => {
  for (const [stub, placeholders] of Object.entries(PLACEHOLDERS_3X) as [StubName, NonNullable<(typeof PLACEHOLDERS_3X)[StubName]>][]) {
    assert.ok(STUB_NAMES.includes(stub), stub);
    const declared: Readonly<Record<string, { legacy?: true }>> = STUB_VALUES[stub].values;
    for (const [placeholder, { fate }] of Object.entries(placeholders)) {
      assert.is(Object.hasOwn(declared, placeholder), fate !== 'replaced', `${stub}.stub {{${placeholder}}} is ${fate}`);
      if (fate === 'filled') assert.is(declared[placeholder]?.legacy, true, `${stub}.stub {{${placeholder}}} is declared a 3.x value`);
    }
  }
});

test('every value the registry declares for 3.x stubs is a 3.x placeholder of the table', () => {
  for (const stub of STUB_NAMES) {
    const values: Readonly<Record<string, { legacy?: true }>> = STUB_VALUES[stub].values;
    for (const [name, value] of Object.entries(values)) {
      if (value.legacy === true) assert.is(PLACEHOLDERS_3X[stub]?.[name]?.fate, 'filled', `${stub}.stub {{${name}}}`);
    }
  }
});

test('{{phpdoc}}: the 4.0 docblock, and the classes its tags name are imported', () => {
  const stub = '<?php\n\nnamespace App\\Models;\n\n{{imports}}\n\n{{phpdoc}}\nclass {{modelName}} extends {{parentClass}}\n{\n    use HasFactory;\n{{traits}}\n\n    {{fillable}}\n{{relationships}}\n}\n';
  const file = onlyFile(emitModel(chapter(), context(12, { stubs: { ...builtInStubs(), model: stub } })));
  assert.match(
    file.content,
    [
      'use Illuminate\\Database\\Eloquent\\Factories\\HasFactory;',
      'use Illuminate\\Database\\Eloquent\\Model;',
      'use Illuminate\\Database\\Eloquent\\Relations\\BelongsTo;',
      'use Illuminate\\Support\\Carbon;',
      '',
      '/**',
      ' * @property int $id',
      ' * @property int $novel_id',
      ' * @property string $heading',
      ' * @property Carbon|null $published_on',
      ' * @property Carbon|null $created_at',
      ' * @property Carbon|null $updated_at',
      ' * @property-read Novel $novel',
      ' */',
      'class Chapter extends Model',
    ].join('\n'),
  );
  assert.equal(phpLint([file]), []);
});

test('a 3.x model stub without {{phpdoc}} is given no import only a docblock would use', () => {
  const stub = '<?php\n\nnamespace App\\Models;\n\nuse Illuminate\\Database\\Eloquent\\Factories\\HasFactory;\nuse Illuminate\\Database\\Eloquent\\Model;\n{{imports}}\n\nclass {{modelName}} extends {{parentClass}}\n{\n    use HasFactory;\n\n    {{fillable}}\n{{relationships}}\n}\n';
  const model = rendered(emitModel, 'model', stub, chapter());
  assert.not.match(model, 'Carbon');
  assert.is(model.split('use Illuminate\\Database\\Eloquent\\Model;').length, 2, 'Model is imported once, by the stub');
});

test('{{idColumn}}: the key column at the margin, `$table->id()` or the custom key with `->primary()`', () => {
  const stub = "<?php\n\nSchema::create('{{tableName}}', function (Blueprint $table) {\n{{idColumn}}\n            {{fields}}\n});\n";
  assert.match(rendered(emitMigration, 'migrations', stub, novel()), "create('novels', function (Blueprint $table) {\n            $table->id();\n            $table->string('title');\n});");
  const coded = entity('Country', [field('code', 'string'), field('name')], { key: 'code', table: 'countries' });
  assert.match(rendered(emitMigration, 'migrations', stub, coded), "{\n            $table->string('code')->primary();\n            $table->string('name');\n});");
});

test('{{factoryImports}} follows the model import on its line; {{factoryFields}} are the definition entries', () => {
  const stub = "<?php\n\nuse App\\Models\\{{modelName}};{{factoryImports}}\nuse Illuminate\\Database\\Eloquent\\Factories\\Factory;\n\nclass {{modelName}}Factory extends Factory\n{\n    public function definition(): array\n    {\n        return [\n            {{factoryFields}}\n        ];\n    }\n}\n";
  const factory = rendered(emitFactory, 'factory', stub, chapter());
  assert.match(factory, 'use App\\Models\\Chapter;\nuse App\\Models\\Novel;\nuse Illuminate\\Database\\Eloquent\\Factories\\Factory;\n');
  assert.match(factory, "        return [\n            'novel_id' => Novel::factory(),\n            'heading' => ");
  assert.match(rendered(emitFactory, 'factory', stub, novel()), 'use App\\Models\\Novel;\nuse Illuminate\\Database\\Eloquent\\Factories\\Factory;\n');
});

test('the controller: {{modelNameLower}} is the bound variable, {{pluralName}} the lowercase plural, {{softDeleteMethods}} the actions at the margin', () => {
  const stub = 'class {{modelName}}Controller\n{\n    public function show({{modelName}} ${{modelNameLower}}) {}\n    // ${{pluralName}}\n{{softDeleteMethods}}\n}\n';
  const controller = rendered(emitController, 'controller', stub, novel());
  assert.match(controller, 'public function show(Novel $novel) {}\n    // $novels\n\n    /**\n     * Restore the soft-deleted resource.\n     */\n    public function restore(Novel $novel): NovelResource\n    {\n');
  assert.match(rendered(emitController, 'controller', stub, media()), 'public function show(Media $medium) {}\n    // $media\n}');
  assert.match(rendered(emitController, 'controller', stub, entity('BlogPost', [field('title')])), 'public function show(BlogPost $blogPost) {}\n    // $blogposts\n}');
});

test('the service receives the 3.x names and {{firstField}}', () => {
  const stub = '// {{modelName}} {{modelNameLower}} {{pluralName}} {{firstField}}\n';
  assert.is(rendered(emitService, 'service', stub, novel()), '// Novel novel novels title\n');
  assert.is(rendered(emitService, 'service', stub, entity('Tag', [])), '// Tag tag tags id\n');
});

test("the policy's {{modelNameLower}} is its subject's variable: `model` for User, whose policy takes `$user` already", () => {
  const stub = 'public function view(?User $user, {{modelName}} ${{modelNameLower}}): bool {}\n';
  assert.is(rendered(emitPolicy, 'policy', stub, novel()), 'public function view(?User $user, Novel $novel): bool {}\n');
  assert.is(rendered(emitPolicy, 'policy', stub, entity('User', [field('name')])), 'public function view(?User $user, User $model): bool {}\n');
});

test("the resource's {{fields}} are 4.0's attributes; the DTO and the seeder receive {{modelName}}", () => {
  const resource = rendered(emitResource, 'resource', 'return [\n    {{fields}}\n];\n', chapter());
  assert.match(resource, "return [\n    'id' => $this->id,\n    'novel_id' => $this->novel_id,\n    'heading' => $this->heading,\n");
  assert.match(resource, "    'novel' => NovelResource::make($this->whenLoaded('novel')),\n];");
  assert.is(rendered(emitDto, 'dto', '// {{modelName}}DTO\n', novel()), '// NovelDTO\n');
  assert.is(rendered(emitSeeder, 'seeder', '// {{modelName}}Seeder\n', novel()), '// NovelSeeder\n');
});

test('a 3.x placeholder 4.0 replaced fails to render with renamed_placeholder, naming the replacement; another name stays unknown', () => {
  const replaced = renderStub('dto', 'a\n    {{attributesFromRequest}}\n', {});
  assert.ok(!replaced.ok);
  assert.is(replaced.diagnostic.code, 'renamed_placeholder');
  assert.is(replaced.diagnostic.message, 'dto.stub line 2: {{attributesFromRequest}} of the PHP generator 3.x is {{attributesFromValidated}} in fullapi 4.0');
  assert.equal(replaced.diagnostic.span, { file: 'dto.stub', line: 2, column: 5 });
  const acting = renderStub('test.feature', '$response = {{actingAs}}$this->getJson();\n', {});
  assert.ok(!acting.ok);
  assert.match(acting.diagnostic.message, '{{actingAs}} of the PHP generator 3.x is nothing: with --auth the test signs in once, in setUp()');
  const unknown = renderStub('dto', '{{colour}}\n', {});
  assert.ok(!unknown.ok);
  assert.is(unknown.diagnostic.code, 'invalid_stub');
});

test.run();
