import { MarkupKind, type Hover, type Position } from 'vscode-languageserver';
import type { CheckedModel, Entity, Field, Relation } from '../ir/ir.generated.js';
import { fieldColumnCall, referenceCalls } from '../emit/laravel/artifacts/migration.js';
import { fieldRulesOf, type RequestKind } from '../emit/laravel/artifacts/requests.js';
import { canonicalLine } from '../emit/laravel/edits/api-routes.js';
import { castExpression } from '../emit/laravel/values/field-types.js';
import { phpString } from '../emit/laravel/values/php-literals.js';
import { resourceRoute } from '../emit/plan-entities.js';
import type { Analysis } from './analysis.js';
import { nodeAt } from './lookup.js';

/**
 * What the generator writes for the node under the cursor, in its own words: each line comes from the emitter
 * that writes it (the migration's column call, the model's cast, the requests' rules, the route), so the hover
 * cannot tell otherwise than `make` does. `checked` is the document's last checked model: while a slip elsewhere
 * in the text keeps the passes from running, the entity as it last checked is shown.
 */
export function hoverAt(analysis: Analysis, checked: CheckedModel | undefined, position: Position): Hover | undefined {
  if (analysis.source === undefined) return undefined;
  const found = nodeAt(analysis.source, analysis.text, position);
  if (found === undefined) return undefined;
  const entity = checked?.entities.find((candidate) => candidate.naming.className === found.entity.name);
  if (entity === undefined) return { contents: markdown([`**${found.entity.name}**`, 'Not generated while the document has errors.']), range: found.range };
  const lines =
    found.kind === 'entity'
      ? entityLines(entity)
      : found.kind === 'field'
        ? fieldLines(entity, entity.fields.find((field) => field.name === found.field.name))
        : relationLines(entity, entity.relations.find((relation) => relation.name === found.relation.name));
  const stale = analysis.checked === undefined && lines.length > 0 ? ['_As the document last checked, before the errors it has now._'] : [];
  return { contents: markdown([...lines, ...stale]), range: found.range };
}

function entityLines(entity: Entity): string[] {
  const { naming } = entity;
  return [
    `**${naming.className}**: table \`${naming.table}\`, model \`App\\Models\\${naming.className}\``,
    php([canonicalLine('resource', resourceRoute(entity))]),
    `\`/api/${naming.routeSegment}\` and \`/api/${naming.routeSegment}/{${naming.routeParameter}}\``,
  ];
}

function fieldLines(entity: Entity, field: Field | undefined): string[] {
  if (field === undefined) return [];
  const cast = castExpression(field);
  return [
    `**${entity.naming.table}.${field.name}**`,
    php([`$table->${fieldColumnCall(entity, field)};`]),
    cast === null ? 'No cast.' : `Cast: \`${phpString(field.name)} => ${cast}\``,
    'Rules (store, then update):',
    php([ruleEntry(entity, field.name, 'store'), ruleEntry(entity, field.name, 'update')]),
  ];
}

function relationLines(entity: Entity, relation: Relation | undefined): string[] {
  if (relation === undefined) return [];
  const heading = `**${entity.naming.className}::${relation.name}()**: ${relation.kind}${'target' in relation ? ` ${relation.target}` : ''}`;
  switch (relation.kind) {
    case 'belongsTo': {
      const key = entity.foreignKeys.find((foreignKey) => foreignKey.relation === relation.name);
      if (key === undefined) return [heading];
      const calls = referenceCalls(entity.naming.table, key, { nullable: key.nullable, onDelete: key.onDelete }).map((call) => `$table->${call};`);
      return [heading, `Column \`${entity.naming.table}.${key.column}\`:`, php(calls), 'Rules (store, then update):', php([ruleEntry(entity, key.column, 'store'), ruleEntry(entity, key.column, 'update')])];
    }
    case 'hasOne':
    case 'hasMany':
      return [heading, `Through the column \`${relation.foreignKey}\` of ${relation.target}'s table.`];
    case 'belongsToMany':
      return [heading, `Through the pivot table \`${relation.pivotTable}\` (\`${relation.foreignPivotKey}\`, \`${relation.relatedPivotKey}\`).`];
    case 'morphTo':
      return [heading, `Columns \`${relation.morphName}_type\` and \`${relation.morphName}_id\`.`];
    case 'morphOne':
    case 'morphMany':
      return [heading, `Through the columns \`${relation.morphName}_type\` and \`${relation.morphName}_id\` of ${relation.target}'s table.`];
  }
}

/** The column's entry in the request's `rules()`, exactly as the request writes it. */
function ruleEntry(entity: Entity, column: string, kind: RequestKind): string {
  return fieldRulesOf(entity, kind).find((rules) => rules.entry.startsWith(`${phpString(column)} =>`))?.entry ?? `// ${kind}: not filled by the request`;
}

function php(lines: readonly string[]): string {
  return ['```php', ...lines, '```'].join('\n');
}

function markdown(lines: readonly string[]): { kind: typeof MarkupKind.Markdown; value: string } {
  return { kind: MarkupKind.Markdown, value: lines.join('\n\n') };
}
