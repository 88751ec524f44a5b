import { createHash } from 'node:crypto';
import type { Entity, ProjectFacts } from '../ir/ir.generated.js';
import type { GeneratedFile } from '../plan/file-plan.js';
import type { PatchResult } from '../diagnostics/patch-result.js';
import { newRunMemo, type RunMemo } from '../plan/run-memo.js';
import { newPhpParses, type PhpParses } from '../php/php-source.js';
import { newClassDataReadings, type ClassDataReadings } from './records/class-data.js';
import { newPreparedStubs, type PreparedStubs } from './render-stub.js';
import type { EmitterStubs } from './artifact-table.js';

/**
 * What a watch session's plans keep from one to the next, so that a save re-emits only what it changed: the
 * compiled stubs, the parses of the PHP files the registrations edit and of class_data.json (each keyed by
 * the text it was read from), the files of every artifact, keyed by the emitter, the entity without its
 * source positions, the project facts and the stubs, and the edits of the registrations, keyed by what they
 * register and the text they edit. A plan given a memory writes exactly the bytes a plan without one writes
 * (tests/unit/emit/memory.test.ts).
 */
export interface EmitMemory {
  php: PhpParses;
  classData: ClassDataReadings;
  stubs: PreparedStubs;
  artifacts: RunMemo<GeneratedFile[]>;
  registrations: RunMemo<PatchResult>;
}

export function newEmitMemory(): EmitMemory {
  return { php: newPhpParses(), classData: newClassDataReadings(), stubs: newPreparedStubs(), artifacts: newRunMemo(), registrations: newRunMemo() };
}

/** What every artifact of a plan is computed from besides its entity (the migrations' timestamps aside). */
export function contextKey(project: ProjectFacts, stubs: EmitterStubs): string {
  const hash = createHash('sha256').update(JSON.stringify(project));
  for (const [name, stub] of Object.entries(stubs)) hash.update(`\u0000${name}\u0000${stub}`);
  return hash.digest('hex');
}

/**
 * An entity as its artifacts see it. Positions only place diagnostics, and an edit moves those of every
 * entity below it in the file: keyed with them, one edit would re-emit everything after it.
 */
export function entityKey(entity: Entity): string {
  // Hashed, so that each artifact's key is short to look up.
  const written = JSON.stringify(entity, (key, value: unknown) => (key === 'span' ? undefined : value));
  return createHash('sha256').update(written).digest('hex');
}
