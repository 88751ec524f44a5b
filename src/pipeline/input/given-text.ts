import { join } from 'node:path';
import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { CLIENT_COLLECTION_PATH } from '../../emit/client/postman-collection.js';
import { CLASS_DATA_PATH } from '../../emit/records/class-data.js';
import type { ProjectFs } from '../../project/fs/project-fs.js';

/**
 * A schema or diagram a client passes as text. The pipelines read their input as a file, by a name that picks
 * the reader (`.json`, `.yaml`, `.mmd`, `.md`) and that diagnostics point into; the text is served under that
 * name at the project root by a view of the project's files in which that one file reads as the text. Nothing
 * is written there: the writer never plans the input's own file.
 */
export interface GivenText {
  /** The file name diagnostics use. */
  name: string;
  /** Where the pipelines open it. */
  absolute: string;
  fs: ProjectFs;
}

export type TextFormat = 'yaml' | 'json' | 'mermaid' | 'markdown';

const DEFAULT_NAMES: Readonly<Record<TextFormat, string>> = {
  yaml: 'api-schema.yaml',
  json: 'api-schema.json',
  mermaid: 'diagram.mmd',
  markdown: 'diagram.md',
};

/** The files a run may write at the root, where a text is served: a text never stands for one of them. */
const WRITTEN_AT_ROOT: readonly string[] = [CLASS_DATA_PATH, CLIENT_COLLECTION_PATH];

/** The extensions of each reader: a name given with a format must agree with it. */
const FORMAT_OF_NAME: readonly (readonly [RegExp, TextFormat])[] = [
  [/\.ya?ml$/i, 'yaml'],
  [/\.json$/i, 'json'],
  [/\.(?:mmd|mermaid)$/i, 'mermaid'],
  [/\.(?:md|markdown)$/i, 'markdown'],
];

/**
 * The name a text is read by: the one given (a bare file name whose extension says its format), else the
 * default of its format (`defaults` first: an OpenAPI document's are its own). `kinds` are the formats the
 * argument takes (a schema's or a diagram's).
 */
export function givenTextName(
  kinds: readonly TextFormat[],
  given: { name?: string | undefined; format?: TextFormat | undefined },
  argument: string,
  defaults: Partial<Readonly<Record<TextFormat, string>>> = {},
): { name?: string; diagnostics: Diagnostic[] } {
  const fallback = kinds[0] ?? 'yaml';
  if (given.format !== undefined && !kinds.includes(given.format)) {
    return { diagnostics: [error('invalid_option', `format ${given.format} does not read ${argument}: give ${kinds.join(' or ')}`, { flag: 'format' })] };
  }
  const format = given.format ?? fallback;
  if (given.name === undefined) return { name: defaults[format] ?? DEFAULT_NAMES[format], diagnostics: [] };
  const named = FORMAT_OF_NAME.find(([pattern]) => pattern.test(given.name ?? ''))?.[1];
  const problem =
    !/^[^/\\\0]+$/.test(given.name) || given.name === '.' || given.name === '..'
      ? 'a bare file name, with no folder'
      : WRITTEN_AT_ROOT.includes(given.name.toLowerCase())
        ? `none of ${WRITTEN_AT_ROOT.join(', ')}, which fullapi writes at the project root`
        : named === undefined || !kinds.includes(named)
          ? `a name ending in the extension of ${kinds.join(' or ')}`
          : given.format !== undefined && given.format !== named
            ? `a name whose extension agrees with format ${given.format}`
            : undefined;
  if (problem !== undefined) return { diagnostics: [error('invalid_option', `name "${given.name}" must be ${problem}`, { flag: 'name' })] };
  return { name: given.name, diagnostics: [] };
}

/** The project's files seen through `base`, with `text` at `<root>/<name>`. */
export function givenText(root: string, name: string, text: string, base: ProjectFs): GivenText {
  const absolute = join(root, name);
  const bytes = new TextEncoder().encode(text);
  const at = (path: string): boolean => path === absolute;
  const fs: ProjectFs = {
    ...base,
    readFile: (path) => (at(path) ? text : base.readFile(path)),
    readBytes: (path) => (at(path) ? bytes : base.readBytes(path)),
    exists: (path) => at(path) || base.exists(path),
    entryKind: (path) => (at(path) ? 'file' : base.entryKind(path)),
  };
  return { name, absolute, fs };
}
