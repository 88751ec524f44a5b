import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { readProjectJson } from '../fs/project-file.js';
import type { ProjectFs } from '../fs/project-fs.js';
import { absoluteProjectPath } from '../fs/project-path.js';

/** composer.json's PSR-4 autoload (`autoload` and `autoload-dev`): namespace prefixes (`App\`) to project folders. */
export type Psr4Map = ReadonlyMap<string, readonly string[]>;

export function readPsr4Map(root: string, fs: ProjectFs): { map?: Psr4Map; diagnostics: Diagnostic[] } {
  const read = readProjectJson(root, 'composer.json', fs, 'unreadable_project_file');
  if (read.status === 'failed') return { diagnostics: [read.diagnostic] };
  if (read.status === 'missing') return { diagnostics: [error('not_a_laravel_project', `${root} has no composer.json`, { file: 'composer.json' })] };
  return { map: psr4Map(read.value), diagnostics: [] };
}

export function psr4Map(composer: unknown): Psr4Map {
  const map = new Map<string, string[]>();
  for (const section of ['autoload', 'autoload-dev']) {
    const psr4 = objectAt(objectAt(composer, section), 'psr-4');
    for (const [prefix, folders] of Object.entries(psr4 ?? {})) {
      const list = (Array.isArray(folders) ? folders : [folders]).filter((folder): folder is string => typeof folder === 'string');
      map.set(prefix, [...(map.get(prefix) ?? []), ...list.map((folder) => folder.replace(/\/+$/, ''))]);
    }
  }
  return map;
}

function objectAt(value: unknown, key: string): Record<string, unknown> | undefined {
  const inner = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  return typeof inner === 'object' && inner !== null && !Array.isArray(inner) ? (inner as Record<string, unknown>) : undefined;
}

/**
 * The project-relative files Composer's PSR-4 autoloader looks in for a class, longest prefix first, as Composer
 * tries them; none when no prefix covers the class (a vendor class, say, which fullapi does not judge).
 */
export function psr4Candidates(map: Psr4Map, className: string): string[] {
  const name = className.startsWith('\\') ? className.slice(1) : className;
  const prefixes = [...map.keys()].filter((prefix) => name.startsWith(prefix)).sort((a, b) => b.length - a.length);
  return prefixes.flatMap((prefix) => {
    const rest = `${name.slice(prefix.length).replaceAll('\\', '/')}.php`;
    return (map.get(prefix) ?? []).map((folder) => (folder === '' || folder === '.' ? rest : `${folder}/${rest}`));
  });
}

/**
 * Of the classes, those PSR-4 places in the project (some prefix covers them) but at no file that exists,
 * each with the file its first prefix expects.
 */
export function classesWithoutFile(root: string, fs: ProjectFs, map: Psr4Map, classNames: readonly string[]): Map<string, string> {
  const missing = new Map<string, string>();
  for (const className of new Set(classNames)) {
    const candidates = psr4Candidates(map, className);
    const [expected] = candidates;
    if (expected === undefined) continue;
    const found = candidates.some((candidate) => {
      const absolute = absoluteProjectPath(root, candidate);
      return absolute !== undefined && fs.exists(absolute);
    });
    if (!found) missing.set(className, expected);
  }
  return missing;
}
