import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { emitController } from '../../../src/emit/laravel/artifacts/controller.js';
import { emitModel } from '../../../src/emit/laravel/artifacts/model.js';
import { builtInStubs, context, entity, field, onlyFile } from '../../support/entities.js';

const post = entity('Post', [field('title')], { softDeletes: true });

test("a published partial changes the block it fills, and the file's stub stays fullapi's", () => {
  const stubs = builtInStubs();
  const published = stubs['controller.soft-delete-actions'].replace('Restore the soft-deleted resource.', 'Bring a trashed post back.');
  const file = onlyFile(emitController(post, context(12, { stubs: { ...stubs, 'controller.soft-delete-actions': published } })));
  assert.ok(file.content.includes('    /**\n     * Bring a trashed post back.\n     */\n    public function restore(Post $post): PostResource\n'), file.content);
  assert.ok(file.content.includes('    }\n\n    /**\n     * Bring a trashed post back.'), 'the partial keeps its leading blank line');
});

test('a partial that does not render is invalid_stub, at its own file and line', () => {
  const stubs = builtInStubs();
  const broken = stubs['model.relations'].replace('<%- relation.name %>', '<%- relation.nam.length %>');
  const entityWithRelation = { ...post, relations: [{ name: 'author', kind: 'belongsTo' as const, target: 'Author', foreignKey: 'author_id', ownerKey: 'id', onDelete: 'restrict' as const, synthesized: false, span: {} }] };
  const result = emitModel(entityWithRelation, context(12, { stubs: { ...stubs, 'model.relations': broken } }));
  assert.ok(!result.ok);
  assert.equal(
    result.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.span?.file, diagnostic.span?.line]),
    [['invalid_stub', 'model.relations.stub', 5]],
  );
});

test('a partial whose block the stub does not place is not rendered: a broken one cannot fail it', () => {
  const stubs = builtInStubs();
  const withoutMembers = { ...stubs, model: stubs.model.replace('{{members}}', '// empty'), 'model.members': '<% broken( %>\n' };
  const file = onlyFile(emitModel(post, context(12, { stubs: withoutMembers })));
  assert.ok(file.content.includes('{\n    // empty\n}\n'), file.content);
});

test.run();
