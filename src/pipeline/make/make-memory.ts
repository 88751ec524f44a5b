import { newEmitMemory, type EmitMemory } from '../../emit/memory.js';
import { mergedOptions } from '../../ir/generation-options.js';
import type { GenerationOptions, SourceModel } from '../../ir/ir.generated.js';
import { checkModel } from '../../passes/check.js';
import { newRunMemos, type Memo } from '../../plan/run-memo.js';
import { newFileMemory, type FileMemory } from '../../project/watch/file-memory.js';
import { newWatchResolutions, type WatchResolutions } from '../../project/watch/watch-resolutions.js';
import type { BuiltInStubs } from '../../project/read/stubs.js';
import { contentHash, manifestOfText, type Manifest } from '../../project/write/manifest.js';
import { baseIndexOfText } from '../../project/write/base-store.js';
import type { BaseIndex } from '../../project/write/base-index.js';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { frontEndMemory } from '../../frontends/front-end-memory.js';
import type { SourceRead } from '../input/front-ends.js';
import { readSourceText, type SourceReads, type SourceText } from '../input/source.js';

/**
 * What `make` keeps of what it computes and reads: a watch session's, from one run to the next; a run outside
 * a session has one of its own, for itself, so that both run the same code. The memos (run-memo.ts), each
 * keyed by what it is computed from: the reads of the input and the record, by text and front end (and what
 * a front end keeps of its own, such as each entity's text of a schema file, in a session: yaml-blocks.ts); the
 * passes' outcome, by the same and the command line's options; the hashes of contents, by content; the
 * manifest and the index of bases, by their texts (read ahead once a run has written them); and the
 * plan's (emit/memory.ts). Besides them, what the session has seen of the project's files, kept while a
 * watcher hears no change (file-memory.ts), and the files the last run found unchanged (watch-resolutions.ts).
 */
export interface MakeMemory {
  emit: EmitMemory;
  sources: SourceReads;
  checks: Memo<CheckedText, CheckOutcome>;
  contentHashes: Memo<string, string>;
  /** The manifest and the index of bases, by their texts: a run reads what the run before it wrote. */
  manifests: Memo<string, Manifest | Diagnostic>;
  baseIndexes: Memo<string, BaseIndex>;
  files: FileMemory;
  resolutions: WatchResolutions;
  /** Whether a run comes after this one: a watch session's memory, not a single run's. */
  session: boolean;
  /** The identity of the generator, found once: the code a session runs does not change under it. */
  generator(find: () => string | undefined): string | undefined;
  /** fullapi's own stubs, read until a read succeeds: the package a session runs from does not change under it either. */
  builtInStubs(read: () => BuiltInStubs): BuiltInStubs;
  /** A run begins (RunMemos.nextRun). */
  nextRun(): void;
}

export type CheckOutcome = ReturnType<typeof checkModel>;

/** A text read, and the options of the command line for every entity of it: everything its check is computed from. */
export type CheckedText = SourceText & { options: GenerationOptions | undefined };

/** `session`: kept for the runs of a watch session, rather than for one run (run-memo.ts). */
export function newMakeMemory(session = true): MakeMemory {
  const memos = newRunMemos(session);
  const files = newFileMemory();
  const frontEnds = frontEndMemory(memos);
  // A run reads its input (and the record) once to lower it, and its check asks for the same read.
  const sources = memos.memo((source: SourceText) => readSourceText(source, session ? frontEnds : undefined), 'within-run');
  const contentHashes = memos.memo(contentHash);
  let generator: { found: string | undefined } | undefined;
  let builtInStubs: BuiltInStubs | undefined;
  return {
    session,
    emit: newEmitMemory(memos),
    sources,
    checks: memos.memo(({ options, ...text }: CheckedText) => checkRead(sources(text), options)),
    contentHashes,
    manifests: memos.memo(manifestOfText),
    baseIndexes: memos.memo(baseIndexOfText),
    files,
    resolutions: newWatchResolutions(files, contentHashes),
    generator: (find) => (generator ??= { found: find() }).found,
    builtInStubs(read) {
      if (builtInStubs !== undefined) return builtInStubs;
      const reading = read();
      if (reading.stubs !== undefined) builtInStubs = reading;
      return reading;
    },
    nextRun: memos.nextRun,
  };
}

function checkRead(read: SourceRead, options: GenerationOptions | undefined): CheckOutcome {
  return read.model === undefined ? { diagnostics: [] } : checkModel(withOptions(read.model, options));
}

/** The command line's options added to every entity of the input. */
export function withOptions(model: SourceModel, options: GenerationOptions | undefined): SourceModel {
  if (options === undefined) return model;
  const entities = model.entities.map((entity) => {
    const merged = mergedOptions(entity.options, options);
    return merged === undefined ? entity : { ...entity, options: merged };
  });
  return { ...model, entities };
}
