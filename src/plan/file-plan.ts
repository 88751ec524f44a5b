import type { PatchResult } from '../diagnostics/patch-result.js';

/** The twelve artifact names of the spec, as `--only` accepts them. */
export const ARTIFACT_NAMES = [
  'Model',
  'Controller',
  'Service',
  'DTO',
  'Request',
  'Resource',
  'Migration',
  'Factory',
  'Seeder',
  'Policy',
  'FeatureTest',
  'UnitTest',
] as const;

export type ArtifactName = (typeof ARTIFACT_NAMES)[number];

/** A whole file the generator owns: its hash is recorded in the manifest, and a hand edit to it is kept. */
export interface GeneratedFile {
  kind: 'file';
  /** Project-relative, with forward slashes. */
  path: string;
  /** The `--only` name that regenerates this file (enums go with the Model). */
  artifact: ArtifactName;
  content: string;
  /**
   * Where the user edited the file by hand, the edit that brings what the generation adds into it, in place of
   * keeping it as it is (the entities of `--add-fields`). Without `--force` only; a failed edit keeps the file.
   */
  editInPlace?: (existing: string) => PatchResult;
}

/**
 * An edit to a file the user owns (routes, seeders, bootstrap, the record of entities): a pure function
 * from the file's current content (undefined when it does not exist) to its new content.
 */
export interface FilePatch {
  kind: 'patch';
  path: string;
  /** The artifact whose `--only` name allows this edit, or null when the edit always runs. */
  artifact: ArtifactName | null;
  describe: string;
  apply(existing: string | undefined): PatchResult;
}

export type PlanEntry = GeneratedFile | FilePatch;
