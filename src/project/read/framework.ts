import { join } from 'node:path';
import { error, warning, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { FrameworkMajor } from '../../ir/ir.generated.js';
import {
  installedFrameworkVersion,
  lockedFrameworkVersion,
  lowestAllowedMajor,
  majorOfVersion,
  requiredFrameworkConstraint,
  requiredPackageNames,
  vendorDirectory,
} from './composer-version.js';
import { readProjectJson, type JsonRead } from '../fs/project-file.js';
import { isProjectRelativePath } from '../fs/project-path.js';
import type { ProjectFs } from '../fs/project-fs.js';

const ASSUMED_FRAMEWORK: FrameworkMajor = 12;

export interface FrameworkReading {
  framework?: FrameworkMajor;
  /**
   * The version installed (vendor/composer/installed.json), else the one composer.lock records, when either
   * names one: what a feature newer than the major needs.
   */
  version?: string;
  /** The package names composer.json requires (require and require-dev), sorted; empty without a composer.json. */
  composerPackages: string[];
  diagnostics: Diagnostic[];
}

/**
 * Checks that `root` is a Laravel application and finds its framework major: the version installed in the
 * vendor folder wins, since that is the code the application runs, then the one composer.lock records (a
 * project not installed yet), then the constraint in composer.json, which may allow several. Composer can be
 * set to write no composer.lock (`config.lock: false`), so an installed application may have only the first.
 * The packages composer.json requires come along, as the file is read here.
 */
export function readFramework(root: string, fs: ProjectFs): FrameworkReading {
  const composerJson = readProjectJson(root, 'composer.json', fs, 'unreadable_project_file');
  if (composerJson.status === 'failed') return { composerPackages: [], diagnostics: [composerJson.diagnostic] };
  const composerPackages = composerJson.status === 'read' ? requiredPackageNames(composerJson.value) : [];
  return { ...readFrameworkMajor(root, fs, composerJson.status === 'read' ? composerJson.value : undefined), composerPackages };
}

/** A vendor folder configured outside the project is not read: the lock and the constraint still are. */
function readInstalled(root: string, fs: ProjectFs, composerJson: unknown): { path: string; read: JsonRead } | undefined {
  const path = `${vendorDirectory(composerJson)}/composer/installed.json`;
  return isProjectRelativePath(path) ? { path, read: readProjectJson(root, path, fs, 'unreadable_project_file') } : undefined;
}

function readFrameworkMajor(root: string, fs: ProjectFs, composerJson: unknown): Omit<FrameworkReading, 'composerPackages'> {
  const constraint = composerJson === undefined ? undefined : requiredFrameworkConstraint(composerJson);

  if (constraint === undefined && !fs.exists(join(root, 'artisan'))) {
    return {
      diagnostics: [
        error(
          'not_a_laravel_project',
          `${root} is not a Laravel project: it has no artisan file and its composer.json does not require laravel/framework.`,
          undefined,
          "Run fullapi from the application's root directory.",
        ),
      ],
    };
  }

  const installed = readInstalled(root, fs, composerJson);
  if (installed?.read.status === 'failed') return { diagnostics: [installed.read.diagnostic] };
  if (installed?.read.status === 'read') {
    const version = installedFrameworkVersion(installed.read.value);
    const fromInstalled = knownVersion(version, `${installed.path} has laravel/framework ${version}`);
    if (fromInstalled !== undefined) return fromInstalled;
  }

  const composerLock = readProjectJson(root, 'composer.lock', fs, 'unreadable_project_file');
  if (composerLock.status === 'failed') return { diagnostics: [composerLock.diagnostic] };
  const locked = composerLock.status === 'read' ? lockedFrameworkVersion(composerLock.value) : undefined;
  const fromLock = knownVersion(locked, `composer.lock has laravel/framework ${locked}`);
  if (fromLock !== undefined) return fromLock;

  const constraintMajor = constraint === undefined ? undefined : lowestAllowedMajor(constraint);
  if (constraintMajor !== undefined) {
    return supportedOrError(constraintMajor, `composer.json requires laravel/framework "${constraint}"`);
  }

  const unread =
    constraint === undefined
      ? 'none of vendor/composer/installed.json, composer.lock and composer.json names a laravel/framework version'
      : `the laravel/framework constraint "${constraint}" in composer.json has no lower bound fullapi can read`;
  return {
    framework: ASSUMED_FRAMEWORK,
    diagnostics: [
      warning(
        'framework_version_assumed',
        `Assuming Laravel ${ASSUMED_FRAMEWORK}: ${unread}. Run composer install to record the installed version.`,
      ),
    ],
  };
}

/** The major of a concrete version, with the version kept whole; undefined for none or a branch without a major. */
function knownVersion(version: string | undefined, evidence: string): Omit<FrameworkReading, 'composerPackages'> | undefined {
  const major = version === undefined ? undefined : majorOfVersion(version);
  if (major === undefined || version === undefined) return undefined;
  const reading = supportedOrError(major, evidence);
  return reading.framework === undefined ? reading : { ...reading, version };
}

function supportedOrError(major: number, evidence: string): Omit<FrameworkReading, 'composerPackages'> {
  if (major === 12 || major === 13) return { framework: major, diagnostics: [] };
  const advice = major < 12 ? ' Upgrade the application to Laravel 12 first (https://laravel.com/docs/12.x/upgrade).' : '';
  return {
    diagnostics: [
      error(
        'unsupported_framework',
        `Laravel ${major} is not supported (${evidence}): fullapi generates code for Laravel 12 and 13.${advice}`,
      ),
    ],
  };
}
