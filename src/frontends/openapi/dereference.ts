import $RefParser, { JSONParserErrorGroup, ResolverError, type JSONParserError, type FileInfo } from '@apidevtools/json-schema-ref-parser';
import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { Span } from '../../ir/ir.generated.js';
import { entryOf, nodeAtPointer, type DocNode } from '../../text/doc-node.js';
import type { Locate } from '../../text/positions.js';
import { plainWithOrigins, type Origins } from './origins.js';
import { readPositioned } from './read-positioned.js';

/** A document with its `$ref`s replaced by what they name, and everything read on the way. */
export interface Dereferenced {
  /** Absent when the root file is not YAML or JSON at all. */
  document?: unknown;
  origins: Origins;
  /** The tree of each file read, by its path: what names a schema kept in a file of its own (file-schemas.ts). */
  fileRoots: Map<string, DocNode>;
  texts: Map<string, string>;
  diagnostics: Diagnostic[];
}

interface ReadFile {
  root: DocNode;
  locate: Locate;
}

/**
 * Parses and dereferences through json-schema-ref-parser, with the project's positioned readers as its parsers
 * and `readFile` as its only resolver: no URL is fetched. A circular `$ref` becomes a cycle of objects, which the
 * lowering walks with care. Every problem comes back as a diagnostic; nothing is thrown.
 */
export async function dereference(path: string, text: string, readFile: (absolutePath: string) => string): Promise<Dereferenced> {
  const origins: Origins = new WeakMap();
  const texts = new Map<string, string>([[path, text]]);
  const files = new Map<string, ReadFile>();
  const diagnostics: Diagnostic[] = [];
  const parse = (file: FileInfo): unknown => {
    const source = typeof file.data === 'string' ? file.data : file.data.toString('utf8');
    const read = readPositioned(filePathOf(file.url), source);
    diagnostics.push(...read.diagnostics);
    // The library wraps what a parser throws; the diagnostics above already say where and why.
    if (read.root === undefined) throw new Error(`${file.url} is not YAML or JSON`);
    files.set(filePathOf(file.url), { root: read.root, locate: read.locate });
    return plainWithOrigins(read.root, read.locate, origins);
  };
  const parser = new $RefParser();
  try {
    await parser.dereference(path, {
      continueOnError: true,
      parse: {
        json: false,
        text: false,
        binary: false,
        yaml: false,
        positioned: { canParse: true, allowEmpty: false, parse },
      },
      resolve: {
        http: false,
        file: {
          // A URL with a scheme is left unmatched, and so reported at its $ref: readFile reads paths only.
          canRead: (file: FileInfo) => !/^[a-z][a-z0-9+.-]*:\/\//i.test(file.url),
          read: (file: FileInfo) => {
            const filePath = filePathOf(file.url);
            const read = texts.get(filePath) ?? readReferencedFile(filePath, file.url, readFile);
            texts.set(filePath, read);
            return read;
          },
        },
      },
      dereference: { circular: true },
    });
  } catch (thrown) {
    const problems = thrown instanceof JSONParserErrorGroup ? thrown.errors : [thrown];
    for (const problem of problems) {
      const diagnostic = refProblem(problem, files, path);
      if (diagnostic !== undefined) diagnostics.push(diagnostic);
    }
  }
  const document: unknown = parser.schema;
  const fileRoots = new Map([...files].map(([filePath, file]) => [filePath, file.root]));
  return document === null || document === undefined ? { origins, fileRoots, texts, diagnostics } : { document, origins, fileRoots, texts, diagnostics };
}

/**
 * A file a `$ref` names. The library reports a resolver's failure as "Error reading file" unless the resolver
 * throws its own error: the reason is said here (the `$ref`'s diagnostic already names the file).
 */
function readReferencedFile(filePath: string, url: string, readFile: (absolutePath: string) => string): string {
  try {
    return readFile(filePath);
  } catch (cause) {
    const code = (cause as { code?: unknown }).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder, not a file' : cause instanceof Error ? cause.message : String(cause);
    throw new ResolverError(new Error(reason), url);
  }
}

/** The library names files as URLs do, a space or a `<` escaped: the file system's path has them as they are. */
function filePathOf(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}

/** A library error as a diagnostic at the `$ref` it is about; a parser's is already reported, by the parser. */
function refProblem(problem: unknown, files: ReadonlyMap<string, ReadFile>, rootPath: string): Diagnostic | undefined {
  const libraryError = problem as Partial<JSONParserError>;
  if (libraryError.code === 'EPARSER' || libraryError.code === 'EUNMATCHEDPARSER') return undefined;
  const message = problem instanceof Error ? problem.message : String(problem);
  const ref = refAt(libraryError, files);
  if (ref === undefined) return error('openapi_unresolved_ref', `cannot read ${rootPath}: ${message}`, { file: rootPath });
  const reason = libraryError.code === 'EUNMATCHEDRESOLVER' ? 'only files beside the document are read, not URLs' : message;
  return error('openapi_unresolved_ref', `$ref "${ref.target}" cannot be resolved: ${reason}`, ref.span, 'point it at a schema of this document or of a file beside it');
}

/** The `$ref` an error names by its file and path, its value's line and column. */
function refAt(libraryError: Partial<JSONParserError>, files: ReadonlyMap<string, ReadFile>): { target: string; span: Span } | undefined {
  const file = libraryError.source === undefined ? undefined : files.get(filePathOf(libraryError.source));
  if (file === undefined || libraryError.path === undefined || libraryError.path === null) return undefined;
  const pointer = libraryError.path.map((token) => `/${String(token).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
  const located = nodeAtPointer(file.root, pointer);
  const refEntry = located?.node.kind === 'map' ? entryOf(located.node, '$ref') : undefined;
  if (refEntry === undefined || refEntry.value.kind !== 'scalar') return undefined;
  return { target: String(refEntry.value.value), span: file.locate(refEntry.value.range) };
}
