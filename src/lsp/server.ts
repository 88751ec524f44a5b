import { join } from 'node:path';
import { CodeActionKind, createConnection, TextDocuments, TextDocumentSyncKind, type Connection, type Diagnostic as LspDiagnostic } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { error, type Diagnostic } from '../diagnostics/diagnostic.js';
import { CLASS_DATA_PATH } from '../emit/records/class-data.js';
import type { CheckedModel, SourceModel } from '../ir/ir.generated.js';
import { loadFrontEnds } from '../pipeline/input/front-ends.js';
import { analyse, type Analysis } from './analysis.js';
import { codeActions } from './code-actions.js';
import { completionsAt } from './completion.js';
import { definitionAt } from './definition.js';
import { lspDiagnostic } from './lsp-diagnostics.js';
import type { PreviewContext } from './preview.js';
import { renameEdits, renameTarget } from './rename.js';
import { documentSymbols } from './symbols.js';

/** Typing is a burst of changes: the document is read once the burst pauses this long. */
const DEBOUNCE_MS = 15;

/** The custom request an editor shows what `make` would write with: `{ uri }` in, the plan with diffs out. */
const PREVIEW_REQUEST = 'fullapi/preview';

/** The open documents, each with its last reading and what `make` said of it at the last save. */
interface DocumentState {
  analysis?: Analysis;
  /** The last checked model: hover shows it while the text has errors. */
  checked?: CheckedModel;
  /** The diagnostics only a run against the project finds (data_loss, ...), from the last open or save. */
  projectDiagnostics: Diagnostic[];
  timer?: NodeJS.Timeout;
}

/**
 * `fullapi lsp`: a Language Server Protocol server over standard input and output for schema files, class_data.json
 * and Mermaid diagrams (in Markdown too). Each change is read by the front end and the passes, as `validate` reads
 * a file; each open and save also plans a `make` of the text against the project (nothing written), whose
 * diagnostics the project alone explains are added.
 */
export function serveLanguageOverStdio(context: PreviewContext): Connection {
  const connection = createConnection(process.stdin, process.stdout);
  const documents = new TextDocuments(TextDocument);
  const states = new Map<string, DocumentState>();
  const stateOf = (uri: string): DocumentState => {
    const known = states.get(uri);
    if (known !== undefined) return known;
    const fresh: DocumentState = { projectDiagnostics: [] };
    states.set(uri, fresh);
    return fresh;
  };

  const publish = (uri: string): void => {
    const state = stateOf(uri);
    const own = state.analysis?.diagnostics ?? [];
    const seen = new Set(own.map(diagnosticKey));
    const added = state.projectDiagnostics.filter((diagnostic) => !seen.has(diagnosticKey(diagnostic)));
    void connection.sendDiagnostics({ uri, diagnostics: [...own, ...added].map(lspDiagnostic) });
  };

  /** The reading of the document's current text: the last one if the text has not changed since. */
  const current = async (uri: string): Promise<Analysis | undefined> => {
    const document = documents.get(uri);
    if (document === undefined) return undefined;
    const state = stateOf(uri);
    if (state.analysis?.text === document.getText()) return state.analysis;
    const analysis = await analyse(uri, document.getText());
    if (analysis !== undefined) {
      state.analysis = analysis;
      if (analysis.checked !== undefined) state.checked = analysis.checked;
    }
    return analysis;
  };

  const read = async (uri: string): Promise<void> => {
    await current(uri);
    publish(uri);
  };

  const checkAgainstProject = async (uri: string): Promise<void> => {
    const analysis = await current(uri);
    if (analysis === undefined || analysis.kind === 'record' || analysis.diagnostics.some((diagnostic) => diagnostic.severity === 'error')) return;
    const { previewMake } = await import('./preview.js');
    const outcome = await previewMake(analysis, context);
    const state = stateOf(uri);
    if (documents.get(uri)?.getText() !== analysis.text) return;
    const found = outcome.diagnostics.filter((diagnostic) => diagnostic.span?.file === analysis.name);
    // Published again only when it changes what the editor shows.
    const changed = found.length > 0 || state.projectDiagnostics.length > 0;
    state.projectDiagnostics = found;
    if (changed) publish(uri);
  };

  /** A failure of fullapi's own, met on a notification that has no answer to carry it: the editor's log shows it. */
  const report = (failure: unknown): void => connection.console.error(`fullapi lsp: ${failure instanceof Error ? (failure.stack ?? failure.message) : String(failure)}`);

  const recorded = async (): Promise<SourceModel | undefined> => {
    const path = join(context.root, CLASS_DATA_PATH);
    if (!context.fs.exists(path)) return undefined;
    const { record } = await loadFrontEnds(['record']);
    return record?.(CLASS_DATA_PATH, context.fs.readFile(path)).model;
  };

  connection.onInitialize(() => ({
    capabilities: {
      textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
      hoverProvider: true,
      completionProvider: { triggerCharacters: [' ', ':'] },
      definitionProvider: true,
      documentSymbolProvider: true,
      renameProvider: { prepareProvider: true },
      codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
    },
    serverInfo: { name: 'fullapi' },
  }));

  // TextDocuments reports an open as a change of content too: that change reads the text.
  documents.onDidOpen(({ document }) => void checkAgainstProject(document.uri).catch(report));
  documents.onDidChangeContent(({ document }) => {
    const state = stateOf(document.uri);
    state.projectDiagnostics = [];
    clearTimeout(state.timer);
    state.timer = setTimeout(() => void read(document.uri).catch(report), DEBOUNCE_MS);
  });
  documents.onDidSave(({ document }) => void checkAgainstProject(document.uri).catch(report));
  documents.onDidClose(({ document }) => {
    clearTimeout(states.get(document.uri)?.timer);
    states.delete(document.uri);
    void connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
  });

  connection.onHover(async ({ textDocument, position }) => {
    const analysis = await current(textDocument.uri);
    if (analysis === undefined) return null;
    const { hoverAt } = await import('./hover.js');
    return hoverAt(analysis, stateOf(textDocument.uri).checked, position) ?? null;
  });
  connection.onCompletion(async ({ textDocument, position }) => {
    const analysis = await current(textDocument.uri);
    return analysis === undefined ? [] : completionsAt(analysis, position);
  });
  connection.onDefinition(async ({ textDocument, position }) => {
    const analysis = await current(textDocument.uri);
    return (analysis === undefined ? undefined : definitionAt(analysis, position)) ?? null;
  });
  connection.onDocumentSymbol(async ({ textDocument }) => {
    const analysis = await current(textDocument.uri);
    return analysis?.source === undefined ? [] : documentSymbols(analysis.source);
  });
  connection.onPrepareRename(async ({ textDocument, position }) => {
    const analysis = await current(textDocument.uri);
    return (analysis === undefined ? undefined : renameTarget(analysis, position)) ?? null;
  });
  connection.onRenameRequest(async ({ textDocument, position, newName }) => {
    const analysis = await current(textDocument.uri);
    return (analysis === undefined ? undefined : renameEdits(analysis, position, newName, await recorded())) ?? null;
  });
  connection.onCodeAction(async ({ textDocument, context: actionContext }) => {
    const analysis = await current(textDocument.uri);
    return analysis === undefined ? [] : codeActions(analysis, actionContext.diagnostics as LspDiagnostic[], await recorded());
  });
  connection.onRequest(PREVIEW_REQUEST, async (params: { uri: string }) => {
    const { previewMake, previewAnswer } = await import('./preview.js');
    const analysis = await current(params.uri);
    if (analysis === undefined) return previewAnswer({ ok: false, changes: [], diagnostics: [error('invalid_option', `${params.uri} is not an open schema file or diagram`, { flag: 'uri' })] });
    return previewAnswer(await previewMake(analysis, context));
  });

  documents.listen(connection);
  connection.listen();
  return connection;
}

function diagnosticKey(diagnostic: Diagnostic): string {
  return `${diagnostic.code} ${diagnostic.span?.line ?? 0}:${diagnostic.span?.column ?? 0} ${diagnostic.message}`;
}
