/**
 * Mermaid itself, as a test oracle: reads a JSON list of diagram texts on stdin and prints, for each, whether
 * Mermaid 11.14 accepts it and what its parser stored. It runs in a process of its own because Mermaid's
 * sanitizer needs a DOM `window`, and no other test should see one. Plain JavaScript so that both the compiled
 * tests and tsx can start it with node alone.
 */
import { readFileSync } from 'node:fs';
import { JSDOM } from 'jsdom';

globalThis.window = new JSDOM('').window;
const mermaid = (await import('mermaid')).default;
// parse() registers the built-in diagrams, which getDiagramFromText needs.
await mermaid.parse('erDiagram\n');

const plain = (value) => JSON.parse(JSON.stringify(value ?? null));

function erDatabase(db) {
  const entities = [...db.getEntities().values()];
  const labelOf = new Map(entities.map((entity) => [entity.id, entity.label]));
  return {
    entities: entities.map((entity) => ({ name: entity.label, alias: entity.alias, attributes: plain(entity.attributes) })),
    relationships: db.getRelationships().map((relationship) => ({
      entityA: labelOf.get(relationship.entityA) ?? relationship.entityA,
      entityB: labelOf.get(relationship.entityB) ?? relationship.entityB,
      roleA: relationship.roleA,
      relSpec: plain(relationship.relSpec),
    })),
  };
}

function classDatabase(db) {
  return {
    classes: plain([...db.getClasses().values()]),
    relations: plain(db.getRelations()),
    notes: plain([...db.getNotes().values()]),
    namespaces: plain([...db.getNamespaces().keys()]),
  };
}

const texts = JSON.parse(readFileSync(0, 'utf8'));
const results = [];
for (const text of texts) {
  try {
    const diagram = await mermaid.mermaidAPI.getDiagramFromText(text);
    const database = diagram.type === 'er' ? erDatabase(diagram.db) : diagram.type.startsWith('class') ? classDatabase(diagram.db) : {};
    results.push({ ok: true, type: diagram.type, database });
  } catch (cause) {
    results.push({ ok: false, message: String(cause?.message ?? cause).split('\n')[0] });
  }
}
process.stdout.write(JSON.stringify(results));
