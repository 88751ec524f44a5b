import { join, resolve } from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { nodeFs, type ProjectFs } from '../project/fs/project-fs.js';
import { displayPath, readSchemaInput, STDIN_NAME } from '../project/read/schema-input.js';
import { isOpenApiText } from '../text/file-kinds.js';
import { inputForFile, type NamedFileInput, type OpenApiInput } from './input/input.js';

export interface OpenApiRequest {
  /** The document as the command line named it; `-` is standard input. */
  path: string;
  /** The option that named it, for errors (none for a command's argument). */
  flag?: string;
  cwd: string;
  projectRoot: string;
  readStdin(): string;
}

/**
 * `make --openapi`: the document and every file its `$ref`s name, read before the run (the front end resolves
 * them asynchronously) and lowered into a source model. Paths are shown as the user would type them, relative to
 * where they stand; a document on standard input resolves its relative `$ref`s from there.
 */
export async function readOpenApiInput(request: OpenApiRequest, fs: ProjectFs = nodeFs): Promise<OpenApiInput> {
  const root = readSchemaInput({ explicit: request.path, ...(request.flag === undefined ? {} : { flag: request.flag }), cwd: request.cwd, root: request.projectRoot, readStdin: request.readStdin }, fs);
  if (root.text === undefined) return { kind: 'openapi', diagnostics: root.diagnostics, texts: new Map(), described: '' };
  const absolute = root.absolute ?? join(resolve(request.cwd), STDIN_NAME);
  const { readOpenApiFile } = await import('../frontends/openapi/index.js');
  const read = await readOpenApiFile(absolute, root.text, (path) => fs.readFile(path));
  const shown = (path: string): string => (path === absolute ? (root.path ?? path) : displayPath(request.cwd, path));
  const texts = new Map([...read.texts].map(([path, text]) => [shown(path), text]));
  const diagnostics = read.diagnostics.map((diagnostic): Diagnostic => (diagnostic.span?.file === undefined ? diagnostic : { ...diagnostic, span: { ...diagnostic.span, file: shown(diagnostic.span.file) } }));
  // Every file the document is made of, in a fixed order: the run is the same run when none of them changed.
  const described = JSON.stringify([...texts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { kind: 'openapi', ...(read.model === undefined ? {} : { model: read.model }), diagnostics, texts, described };
}

/** A file a command names, as the run reads it: an OpenAPI document read with its `$ref`s, or a schema file or diagram. */
export type CommandFile = NamedFileInput | OpenApiInput;

/**
 * The file a command names (`validate`, `openapi`, `diagram --from`, `watch`), read as what it holds: an OpenAPI
 * document is told by its `openapi` or `swagger` key, whatever its name, so that the same `.yaml` or `.json` is
 * read by the front end it was written for. A file that cannot be read is left to the run, which says why.
 */
export async function readCommandFile(request: OpenApiRequest, fs: ProjectFs = nodeFs): Promise<CommandFile> {
  const named = inputForFile(request.path, request.flag);
  if (named.kind === 'diagram') return named;
  const read = readSchemaInput({ explicit: request.path, ...(request.flag === undefined ? {} : { flag: request.flag }), cwd: request.cwd, root: request.projectRoot, readStdin: request.readStdin }, fs);
  return read.text !== undefined && isOpenApiText(read.text) ? readOpenApiInput(request, fs) : named;
}
