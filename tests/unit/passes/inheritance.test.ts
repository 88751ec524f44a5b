import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { SourceEntity, SourceField } from '../../../src/ir/ir.generated.js';
import { inheritFields } from '../../../src/passes/inheritance.js';

const field = (name: string): SourceField => ({ name, type: 'string', nullable: false, unique: false, primary: false, span: {} });
const entity = (name: string, fields: string[], extra: Partial<SourceEntity> = {}): SourceEntity => ({
  name,
  fields: fields.map(field),
  relations: [],
  softDeletes: false,
  span: { file: 'class_data.json', line: 1, column: 1 },
  ...extra,
});

test('a child holds its ancestors fields, farthest first, its own last', () => {
  const { model, diagnostics } = inheritFields({
    entities: [entity('Content', ['title', 'summary']), entity('Article', ['body', 'summary'], { parent: 'Post' }), entity('Post', ['slug'], { parent: 'Content' })],
  });
  assert.equal(diagnostics, []);
  assert.equal(model.entities[1]?.fields.map((f) => f.name), ['title', 'summary', 'slug', 'body']);
  assert.equal(model.entities[2]?.fields.map((f) => f.name), ['title', 'summary', 'slug']);
});

test('an undeclared parent, a circle of parents and a parent with relations are errors', () => {
  const codes = (entities: SourceEntity[]) => inheritFields({ entities }).diagnostics.map((d) => d.code);
  assert.equal(codes([entity('Article', [], { parent: 'Content' })]), ['unknown_entity']);
  assert.equal(codes([entity('A', [], { parent: 'B' }), entity('B', [], { parent: 'A' })]), ['relation_cycle']);
  const withRelation = entity('Content', [], { relations: [{ name: 'author', kind: 'belongsTo', target: 'Author', span: {} }] });
  assert.equal(codes([withRelation, entity('Article', [], { parent: 'Content' }), entity('Author', [])]), ['option_not_supported']);
});

test('a circle of parents is reported once, from and at its entity declared first, however many reach it', () => {
  const at = (line: number) => ({ file: 'class_data.json', line, column: 5 });
  const { diagnostics } = inheritFields({
    entities: [
      entity('Leaf', [], { parent: 'B', span: at(1) }),
      entity('C', [], { parent: 'A', span: at(2) }),
      entity('B', [], { parent: 'C', span: at(3) }),
      entity('A', [], { parent: 'B', span: at(4) }),
    ],
  });
  assert.equal(
    diagnostics.map((d) => [d.code, d.message, d.span]),
    [['relation_cycle', 'C -> A -> B -> C: these entities extend each other', at(2)]],
  );
});

test.run();
