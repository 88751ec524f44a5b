import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Diagnostic } from '../../../../src/diagnostics/diagnostic.js';
import { lowerClassDiagram } from '../../../../src/frontends/diagram/lower-class.js';
import { lowerErDiagram } from '../../../../src/frontends/diagram/lower-er.js';
import type { SourceModel } from '../../../../src/ir/ir.generated.js';
import { checkModel } from '../../../../src/passes/check.js';
import { parseClassDiagram } from '../../../../grammar/class/index.js';
import { parseErDiagram } from '../../../../grammar/er/index.js';

function er(...lines: string[]): { model: SourceModel; diagnostics: Diagnostic[] } {
  const parsed = parseErDiagram(['erDiagram', ...lines].join('\n'));
  if (parsed.diagram === undefined) throw new Error(JSON.stringify(parsed.errors));
  return lowerErDiagram('shop.mmd', parsed.diagram);
}

function classes(...lines: string[]): { model: SourceModel; diagnostics: Diagnostic[] } {
  const parsed = parseClassDiagram(['classDiagram', ...lines].join('\n'));
  if (parsed.diagram === undefined) throw new Error(JSON.stringify(parsed.errors));
  return lowerClassDiagram('shop.mmd', parsed.diagram);
}

const placed = (diagnostics: readonly Diagnostic[]) => diagnostics.map((d) => `${d.code} ${d.span?.line}:${d.span?.column}-${d.span?.endColumn} ${d.message}`);

/** Each relation of each entity that says a delete rule or an owner: `Entity.name kind onDelete owner`. */
function keyWords(model: SourceModel): string[] {
  return model.entities.flatMap((entity) =>
    entity.relations.flatMap((relation) =>
      relation.onDelete === undefined && relation.owner === undefined ? [] : [`${entity.name}.${relation.name} ${relation.kind} ${relation.onDelete ?? '-'} ${relation.owner === true ? 'owner' : '-'}`],
    ),
  );
}

test('erDiagram: on_delete and owner in the comment of a foreign key column go to the relationship that creates it', () => {
  const { model, diagnostics } = er(
    '  CUSTOMER ||--o{ ORDER : places',
    '  ORDER }o--|| USER : x',
    '  ORDER {',
    '    string number',
    '    bigint customer_id FK "on_delete=cascade"',
    '    bigint user_id FK "owner on_delete=restrict"',
    '  }',
    '  CUSTOMER { string name }',
    '  USER { string name }',
  );
  assert.equal(placed(diagnostics.filter((diagnostic) => diagnostic.severity === 'error')), []);
  assert.equal(keyWords(model), ['Customer.orders hasMany cascade -', 'Order.user belongsTo restrict owner']);
  // The relations pass gives the rule to the belongsTo the hasMany pairs with. An owner needs --auth.
  const authed = { entities: model.entities.map((entity) => ({ ...entity, options: { auth: true } })) };
  const checked = checkModel(authed).model?.entities.find((entity) => entity.naming.className === 'Order');
  assert.equal(checked?.relations.map((relation) => [relation.name, relation.kind === 'belongsTo' ? relation.onDelete : '']), [
    ['user', 'restrict'],
    ['customer', 'cascade'],
  ]);
});

test('classDiagram: on_delete and owner after a foreign key member, in either direction of the association', () => {
  const { model, diagnostics } = classes(
    '  class Customer {',
    '    +String name',
    '  }',
    '  class Order {',
    '    +Long customerId on_delete=set_null',
    '    +Long userId owner',
    '  }',
    '  class User {',
    '    +String name',
    '  }',
    '  Customer "0..1" --> "*" Order',
    '  Order "*" --> "1" User',
  );
  assert.equal(placed(diagnostics.filter((diagnostic) => diagnostic.severity === 'error')), []);
  assert.equal(keyWords(model), ['Customer.orders hasMany set_null -', 'Order.user belongsTo - owner']);
});

test('a wrong rule, two rules, or the words on a column no relationship creates: errors at the word', () => {
  const { diagnostics } = er(
    '  CUSTOMER ||--o{ ORDER : places',
    '  ORDER {',
    '    bigint customer_id FK "on_delete=destroy"',
    '    string number "owner"',
    '    string note "on_delete=cascade on_delete=restrict"',
    '  }',
  );
  assert.equal(placed(diagnostics.filter((diagnostic) => diagnostic.severity === 'error')), [
    'invalid_relation 4:38-45 "destroy" is no delete rule (on column "customer_id")',
    'invalid_relation 6:36-54 column "note" has two on_delete',
    'foreign_key_without_relation 5:20-25 Order.number is no foreign key column, and on_delete and owner say what happens to one: its relationships create customer_id',
    'foreign_key_without_relation 6:18-35 Order.note is no foreign key column, and on_delete and owner say what happens to one: its relationships create customer_id',
  ]);
  const member = classes('  class Order {', '    +String number on_delete=cascade', '  }');
  assert.equal(placed(member.diagnostics), [
    'foreign_key_without_relation 3:20-37 Order.number is no foreign key column, and on_delete and owner say what happens to one: no relationship gives it a foreign key',
  ]);
});

test('a misspelt on_delete is an unknown modifier with a suggestion', () => {
  const { diagnostics } = classes('  class Order {', '    +Long customerId ondelete=cascade', '  }', '  class Customer {', '    +String name', '  }', '  Customer "1" --> "*" Order');
  assert.equal(
    diagnostics.filter((diagnostic) => diagnostic.code === 'unknown_field_modifier').map((diagnostic) => diagnostic.message),
    ['unknown modifier "ondelete=cascade" on field "customer_id"; did you mean "on_delete="?'],
  );
});

test.run();
