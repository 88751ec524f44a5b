import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { isMarkdownPath, syntaxDiagnostic } from '../frontends/diagram/index.js';
import { diagramJsonView, parseDiagram, type DiagramJsonView, type GrammarError } from '../../grammar/index.js';
import { readSchemaInput } from '../project/read/schema-input.js';
import type { ProjectFs } from '../project/fs/project-fs.js';

export interface ParseRequest {
  /** The diagrams as typed; `-` reads standard input. */
  files: readonly string[];
  cwd: string;
  readStdin(): string;
}

/** One element of `fullapi parse --json`: what the grammar saw of one file, before any Laravel mapping. */
export interface ParsedDiagram {
  file: string;
  ok: boolean;
  diagram?: DiagramJsonView;
  /** `endColumn` is the last column of the text at fault; `code` is set where the grammar stopped at a limit. */
  errors: Pick<GrammarError, 'message' | 'line' | 'column' | 'endColumn' | 'code'>[];
}

export interface ParseOutcome {
  files: ParsedDiagram[];
  /** The same errors as diagnostics, for the human report with code frames. */
  diagnostics: Diagnostic[];
  texts: ReadonlyMap<string, string>;
}

/** `fullapi parse`: the grammars alone, file by file, as tools see a diagram. */
export function runParse(request: ParseRequest, fs?: ProjectFs): ParseOutcome {
  const diagnostics: Diagnostic[] = [];
  const texts = new Map<string, string>();
  const files = request.files.map((file): ParsedDiagram => {
    const input = readSchemaInput({ explicit: file, cwd: request.cwd, root: request.cwd, readStdin: request.readStdin }, fs);
    if (input.path === undefined || input.text === undefined) {
      diagnostics.push(...input.diagnostics);
      return { file, ok: false, errors: input.diagnostics.map((unreadable) => ({ message: unreadable.message, line: 1, column: 1 })) };
    }
    const { path, text } = input;
    texts.set(path, text);
    const parsed = parseDiagram(text, { markdown: isMarkdownPath(path) });
    diagnostics.push(...parsed.errors.map((syntax) => syntaxDiagnostic(path, syntax)));
    const errors = parsed.errors.map(({ message, line, column, endColumn, code }) => ({
      message,
      line,
      column,
      ...(endColumn === undefined ? {} : { endColumn }),
      ...(code === undefined ? {} : { code }),
    }));
    return parsed.diagram === undefined ? { file: path, ok: false, errors } : { file: path, ok: true, diagram: diagramJsonView(parsed.diagram), errors };
  });
  return { files, diagnostics, texts };
}
