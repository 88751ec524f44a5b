import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './repo-root.js';

/** What Mermaid's erDiagram parser stored, names resolved from its internal ids. */
export interface MermaidErDatabase {
  entities: { name: string; alias: string; attributes: { type: string; name: string; keys: string[]; comment: string }[] }[];
  relationships: { entityA: string; entityB: string; roleA: string; relSpec: { cardA: string; cardB: string; relType: string } }[];
}

/** What Mermaid's classDiagram parser stored, as its ClassDB holds it (see classTypes.ts in mermaid-js/mermaid). */
export interface MermaidClassDatabase {
  classes: Record<string, unknown>[];
  relations: Record<string, unknown>[];
  notes: Record<string, unknown>[];
  namespaces: string[];
}

export type MermaidVerdict =
  | { ok: true; type: string; database: MermaidErDatabase | MermaidClassDatabase }
  | { ok: false; message: string };

/**
 * Asks Mermaid 11.14 (a devDependency) about each text, through its own pipeline: front matter and `%%` lines
 * removed, the diagram type detected, the jison parser run. One child process for the whole list.
 */
export function askMermaid(texts: readonly string[]): MermaidVerdict[] {
  const output = execFileSync(process.execPath, [join(repoRoot(), 'tests', 'support', 'mermaid-oracle.mjs')], {
    input: JSON.stringify(texts),
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  return JSON.parse(output) as MermaidVerdict[];
}
