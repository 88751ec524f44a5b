import { join, resolve } from 'node:path';
import { error, hasErrors, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { ProjectFacts } from '../../ir/ir.generated.js';
import { readFramework } from './framework.js';
import { findLeftovers, recoveredView, type Leftover } from '../write/leftovers.js';
import { compareCodeUnits, readManifest, type Manifest, type ManifestReadings } from '../write/manifest.js';
import { readPageSizeConfig } from './page-size-config.js';
import { readAlteredTables } from './altered-tables.js';
import { readProjectModels, writtenByFullapi } from './project-models.js';
import { describeOsError, nodeFs, type ProjectFs } from '../fs/project-fs.js';
import { findPackageRoot } from '../fs/package-root.js';
import { createsPersonalAccessTokens } from './personal-access-tokens.js';
import { readStubs, type BuiltInStubs, type StubTexts } from './stubs.js';

/** The folders whose `.php` file names the snapshot lists, by the snapshot's field. */
export const LISTED_FOLDERS = {
  existingMigrations: 'database/migrations',
  existingEnums: 'app/Enums',
  existingRequests: 'app/Http/Requests',
} as const;

export type FolderListings = Readonly<Record<keyof typeof LISTED_FOLDERS, readonly string[]>>;

/** What the pipeline needs to know about the project before it plans any file. */
export interface ProjectSnapshot {
  /** Absolute path of the Laravel application. */
  root: string;
  facts: ProjectFacts;
  manifest: Manifest;
  /** The manifest's text as read; absent when there is none. */
  manifestText?: string;
  /** `.php` file names in `database/migrations/`, sorted. */
  existingMigrations: string[];
  /** `.php` file names in `app/Enums/`, sorted: 3.x enums are named after the field alone. */
  existingEnums: string[];
  /** `.php` file names in `app/Http/Requests/`, sorted: 3.x wrote one `<Entity>Request` there. */
  existingRequests: string[];
  /** Every stub fullapi has, by name: the project's published copy where there is one. */
  stubs: StubTexts;
  /** Stubs the project published and changed: `<name>.stub` in stubs/vendor/fullapi/ or stubs/vendor/laravel-api-generator/. */
  overriddenStubs: string[];
  /** What an interrupted run left behind; everything above is read as the project will be once they are dealt with. */
  leftovers: Leftover[];
}

export interface ReadProjectOptions {
  /** Where fullapi's built-in `stubs/` live; found from this module's location when absent. */
  packageRoot?: string;
  /** Reads fullapi's built-in stubs from the package there; readBuiltInStubs when absent. */
  builtInStubs?(packageRoot: string): BuiltInStubs;
  /** The manifest read from its text; manifestOfText when absent. */
  manifests?: ManifestReadings;
}

/**
 * Reads everything at once and reports every problem together; a snapshot only when there is no error.
 * Reads only: the leftovers of an interrupted run are found here but dealt with by the writer.
 */
export function readProject(
  root: string,
  baseFs: ProjectFs = nodeFs,
  options: ReadProjectOptions = {},
): { snapshot?: ProjectSnapshot; diagnostics: Diagnostic[] } {
  const absoluteRoot = resolve(root);
  // The working directory always exists: a root that does not was named with --project.
  if (!baseFs.exists(absoluteRoot)) {
    return { diagnostics: [error('not_a_laravel_project', `the folder ${absoluteRoot} does not exist`, { flag: '--project' }, "give --project the Laravel application's root folder")] };
  }
  // composer.json, composer.lock and artisan are none of fullapi's writing: read before looking for leftovers,
  // so a folder that is not a Laravel project is not searched.
  const framework = readFramework(absoluteRoot, baseFs);
  if (framework.framework === undefined) return { diagnostics: framework.diagnostics };
  const leftovers = findLeftovers(absoluteRoot, baseFs);
  const fs = recoveredView(absoluteRoot, baseFs, leftovers);

  const config = readPageSizeConfig(absoluteRoot, fs);
  const manifest = readManifest(absoluteRoot, fs, options.manifests);
  const migrations = readPhpFileNames(absoluteRoot, LISTED_FOLDERS.existingMigrations, fs);
  const enums = readPhpFileNames(absoluteRoot, LISTED_FOLDERS.existingEnums, fs);
  const requests = readPhpFileNames(absoluteRoot, LISTED_FOLDERS.existingRequests, fs);
  const modelFiles = readPhpFileNames(absoluteRoot, 'app/Models', fs);
  const written = manifest.manifest === undefined ? undefined : writtenByFullapi(absoluteRoot, baseFs, manifest.manifest, leftovers);
  const projectModels =
    written === undefined || migrations.names === undefined || modelFiles.names === undefined
      ? { diagnostics: [] }
      : readProjectModels(absoluteRoot, fs, written, migrations.names, modelFiles.names);
  const alteredTables =
    written === undefined || migrations.names === undefined || projectModels.models === undefined
      ? { diagnostics: [] }
      : readAlteredTables(absoluteRoot, fs, migrations.names, written, new Set(projectModels.models.map((model) => model.table)));
  const packageRoot = options.packageRoot ?? findPackageRoot(fs);
  const stubs =
    packageRoot === undefined
      ? { overridden: [], diagnostics: [error('internal_error', "Cannot find fullapi's own package.json, so its stubs are missing; reinstall fullapi.")] }
      : readStubs(absoluteRoot, packageRoot, fs, options.builtInStubs?.(packageRoot));

  const diagnostics = [
    ...framework.diagnostics,
    ...config.diagnostics,
    ...manifest.diagnostics,
    ...migrations.diagnostics,
    ...enums.diagnostics,
    ...requests.diagnostics,
    ...modelFiles.diagnostics,
    ...projectModels.diagnostics,
    ...alteredTables.diagnostics,
    ...stubs.diagnostics,
  ];
  if (
    hasErrors(diagnostics) ||
    config.pageSizes === undefined ||
    manifest.manifest === undefined ||
    migrations.names === undefined ||
    enums.names === undefined ||
    requests.names === undefined ||
    projectModels.models === undefined ||
    alteredTables.tables === undefined ||
    stubs.stubs === undefined
  ) {
    return { diagnostics };
  }
  return {
    snapshot: {
      root: absoluteRoot,
      facts: {
        framework: framework.framework,
        ...(framework.version === undefined ? {} : { frameworkVersion: framework.version }),
        ...config.pageSizes,
        ...(projectModels.models.length === 0 ? {} : { projectModels: projectModels.models }),
        ...(alteredTables.tables.length === 0 ? {} : { alteredTables: alteredTables.tables }),
        ...(framework.composerPackages.length === 0 ? {} : { composerPackages: framework.composerPackages }),
        ...(createsPersonalAccessTokens(migrations.names) ? { personalAccessTokens: true } : {}),
      },
      manifest: manifest.manifest,
      ...(manifest.text === undefined ? {} : { manifestText: manifest.text }),
      existingMigrations: migrations.names,
      existingEnums: enums.names,
      existingRequests: requests.names,
      stubs: stubs.stubs,
      overriddenStubs: stubs.overridden,
      leftovers,
    },
    diagnostics,
  };
}

function readPhpFileNames(root: string, relativeDirectory: string, fs: ProjectFs): { names?: string[]; diagnostics: Diagnostic[] } {
  const directory = join(root, ...relativeDirectory.split('/'));
  if (!fs.exists(directory)) return { names: [], diagnostics: [] };
  try {
    const names = fs
      .readdir(directory)
      .map((entry) => entry.name)
      .filter((name) => name.endsWith('.php'))
      .sort(compareCodeUnits);
    return { names, diagnostics: [] };
  } catch (cause) {
    return {
      diagnostics: [error('unreadable_project_file', `Cannot list ${relativeDirectory}: ${describeOsError(cause)}`, { file: relativeDirectory })],
    };
  }
}
