import { join } from 'node:path';
import { error, warning, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { FrameworkMajor } from '../../ir/ir.generated.js';
import {
  lockedFrameworkVersion,
  lowestAllowedMajor,
  majorOfVersion,
  requiredFrameworkConstraint,
  requiredPackageNames,
} from './composer-version.js';
import { readProjectJson } from '../fs/project-file.js';
import type { ProjectFs } from '../fs/project-fs.js';

const ASSUMED_FRAMEWORK: FrameworkMajor = 12;

export interface FrameworkReading {
  framework?: FrameworkMajor;
  /** The version composer.lock records, when it records one: what a feature newer than the major needs. */
  version?: string;
  /** The package names composer.json requires (require and require-dev), sorted; empty without a composer.json. */
  composerPackages: string[];
  diagnostics: Diagnostic[];
}

/**
 * Checks that `root` is a Laravel application and finds its framework major: the installed version
 * in composer.lock wins over the constraint in composer.json, since the constraint may allow several.
 * The packages composer.json requires come along, as the file is read here.
 */
export function readFramework(root: string, fs: ProjectFs): FrameworkReading {
  const composerJson = readProjectJson(root, 'composer.json', fs, 'unreadable_project_file');
  if (composerJson.status === 'failed') return { composerPackages: [], diagnostics: [composerJson.diagnostic] };
  const composerPackages = composerJson.status === 'read' ? requiredPackageNames(composerJson.value) : [];
  return { ...readFrameworkMajor(root, fs, composerJson.status === 'read' ? composerJson.value : undefined), composerPackages };
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

  const composerLock = readProjectJson(root, 'composer.lock', fs, 'unreadable_project_file');
  if (composerLock.status === 'failed') return { diagnostics: [composerLock.diagnostic] };
  const locked = composerLock.status === 'read' ? lockedFrameworkVersion(composerLock.value) : undefined;
  const lockedMajor = locked === undefined ? undefined : majorOfVersion(locked);
  if (lockedMajor !== undefined && locked !== undefined) {
    const reading = supportedOrError(lockedMajor, `composer.lock has laravel/framework ${locked}`);
    return reading.framework === undefined ? reading : { ...reading, version: locked };
  }

  const constraintMajor = constraint === undefined ? undefined : lowestAllowedMajor(constraint);
  if (constraintMajor !== undefined) {
    return supportedOrError(constraintMajor, `composer.json requires laravel/framework "${constraint}"`);
  }

  const unread =
    constraint === undefined
      ? 'neither composer.lock nor composer.json names a laravel/framework version'
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
