import type { PatchResult } from '../diagnostics/patch-result.js';
import type { Entity, ProjectFacts } from '../ir/ir.generated.js';
import { parsePhp, type PhpParses } from '../php/php-source.js';
import { newRunMemos, type Memo, type RunMemos } from '../plan/run-memo.js';
import type { EmitContext } from './context.js';
import type { EmitResult } from './emit-result.js';
import { readRecordText, recordedFields, type ClassDataReadings } from './records/class-data.js';
import { applyRegistration, type Registration } from './registrations.js';
import { prepareStub, type PreparedStubs } from './render-stub.js';
import type { EmitterStubs, StubName } from './artifact-table.js';

/**
 * What a plan keeps of what it computed, so that a watch session's next plan computes again only what a save
 * changed; a plan outside a session keeps it for itself, and runs the same code. Each is a memo (run-memo.ts)
 * of a function of its input alone: the files of an artifact, of its emitter, its entity without source
 * positions, the project facts and the stub texts; the edits of the registrations, of what they register and
 * the text they edit; what the record holds of each entity; the parses of PHP files and of class_data.json, and the compiled stubs, of their texts.
 * A plan given a session's memory writes exactly the bytes a plan without one writes (tests/unit/emit/memory.test.ts,
 * and over random saves tests/unit/project/watch-property.test.ts).
 */
export interface EmitMemory {
  artifacts: Memo<ArtifactInput, EmitResult>;
  registrations: Memo<Registration, PatchResult>;
  php: PhpParses;
  classData: ClassDataReadings;
  /** What the record holds of an entity, of the entity without source positions. */
  recorded: Memo<{ entity: Entity }, Readonly<Record<string, unknown>>>;
  stubs: PreparedStubs;
}

/** Everything an artifact's files are computed from; a migration's, which holds the run's timestamp, is never kept. */
export interface ArtifactInput {
  emitter: (entity: Entity, ctx: EmitContext) => EmitResult;
  /** withoutPositions: an edit moves the positions of every entity below it, and they only place diagnostics. */
  entity: Entity;
  project: ProjectFacts;
  stubs: EmitterStubs;
  /**
   * A create migration's file name, which holds the run's timestamp unless the table has its migration already:
   * named in the key, it is the one migration the artifact's context knows of (migrationFileName).
   */
  migrationName?: string;
}

/** `stubs` renders the stubs in place of the memory's, for a caller that watches what each is given (validate-stubs). */
export function newEmitMemory(memos: RunMemos = newRunMemos(), stubs: PreparedStubs = preparedStubs(memos)): EmitMemory {
  const parsed = memos.memo(({ path, text }: { path: string; text: string }) => parsePhp(path, text), 'within-run');
  const php: PhpParses = { parse: (path, text) => parsed({ path, text }) };
  return {
    artifacts: memos.memo(({ emitter, entity, project, stubs: texts, migrationName }: ArtifactInput) => emitter(entity, artifactContext(project, texts, stubs, migrationName))),
    registrations: memos.memo((registration: Registration) => applyRegistration(registration, php)),
    php,
    classData: memos.memo(readRecordText),
    recorded: memos.memo(({ entity }: { entity: Entity }) => recordedFields(entity)),
    stubs,
  };
}

function preparedStubs(memos: RunMemos): PreparedStubs {
  const prepared = memos.memo(({ name, template }: { name: StubName; template: string }) => prepareStub(name, template), 'within-run');
  return { get: (name, template) => prepared({ name, template }) };
}

/**
 * The context of a kept artifact: its key's project facts and stubs, and the compiled stubs. What else a
 * context holds is the run's (the migrations' timestamp, the migrations there), which no key names: an
 * emitter that read it would fail every run, `make`'s too, rather than be kept wrong. A create migration's
 * key names its file name, so its context knows that one migration and no timestamp.
 */
function artifactContext(project: ProjectFacts, stubs: EmitterStubs, preparedStubs: PreparedStubs, migrationName: string | undefined): EmitContext {
  return {
    project,
    stubs,
    preparedStubs,
    get migrationTimestamp(): string {
      throw notKeyed('migrationTimestamp');
    },
    get existingMigrations(): readonly string[] {
      if (migrationName === undefined) throw notKeyed('existingMigrations');
      return [migrationName];
    },
  };
}

function notKeyed(name: string): Error {
  return new Error(`an emitter whose files are kept read ctx.${name}, which its key does not name (emit/memory.ts)`);
}

/**
 * The entity as its artifacts see it: every source position emptied. A failure's diagnostics point at
 * positions, so a failed artifact is emitted again from the entity itself (plan-entities.ts).
 */
export function withoutPositions(entity: Entity): Entity {
  // Every span of the IR is optional in all its members: an empty one is still an Entity's.
  return positionless(entity) as Entity;
}

function positionless(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(positionless);
  // Only plain data is copied: anything else stays itself, for the key to refuse (memo-key.ts).
  if (!isPlainRecord(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const name of Object.keys(value)) copy[name] = name === 'span' ? {} : positionless(value[name]);
  return copy;
}

function isPlainRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}
