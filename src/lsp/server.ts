import { join } from 'node:path';
import { CodeActionKind, createConnection, LSPErrorCodes, ResponseError, TextDocuments, TextDocumentSyncKind, type Connection, type Diagnostic as LspDiagnostic } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { error, type Diagnostic } from '../diagnostics/diagnostic.js';
import { CLASS_DATA_PATH } from '../emit/records/class-data.js';
import type { CheckedModel, SourceModel } from '../ir/ir.generated.js';
import { loadFrontEnds } from '../pipeline/input/front-ends.js';
import { analyse, newReadingMemory, type Analysis, type ReadingMemory } from './analysis.js';
import { codeActions } from './code-actions.js';
import { completionsAt } from './completion.js';
import { definitionAt } from './definition.js';
import { lspDiagnostic } from './lsp-diagnostics.js';
import type { PreviewContext } from './preview.js';
import { newProjectChecks } from './project-checks.js';
import { renameEdits, renameTarget } from './rename.js';
import { documentSymbols } from './symbols.js';

/** Typing is a burst of changes: the document is read once the burst pauses this long. */
const DEBOUNCE_MS = 15;
/**
 * A check against the project plans a whole `make`, several times a reading's work: it waits for a longer pause,
 * so that it seldom delays the reading of the next key.
 */
const PROJECT_CHECK_PAUSE_MS = 300;

/** The custom request an editor shows what `make` would write with: `{ uri }` in, the plan with diffs out. */
const PREVIEW_REQUEST = 'fullapi/preview';

/** The open documents, each with its last reading and what `make` said of it at the last check against the project. */
interface DocumentState {
  /** Undefined for a text that is no file of fullapi's. */
  analysis?: Analysis | undefined;
  /** The last checked model: hover shows it while the passes refuse the text. */
  checked?: CheckedModel;
  /**
   * The diagnostics only a run against the project finds (data_loss, ...), from the last check against it. They
   * are shown until the next check replaces them, as a compiler's are, rather than blinking out at each key.
   */
  projectDiagnostics: Diagnostic[];
  /** The text the last check against the project read: a pause after a change checks again only a new text. */
  projectChecked?: string;
  /** The checks against the project, one after the other: an older plan never answers after a newer one. */
  checking: Promise<void>;
  /** The reading once typing pauses. */
  timer?: NodeJS.Timeout;
  /** The check against the project once typing has paused longer. */
  projectTimer?: NodeJS.Timeout;
  memory: ReadingMemory;
  /** The other files an OpenAPI document's last reading published diagnostics for: cleared when a reading finds none there. */
  elsewhere: ReadonlySet<string>;
}

/**
 * `fullapi lsp`: a Language Server Protocol server over standard input and output for schema files, OpenAPI
 * documents, class_data.json and Mermaid diagrams (in Markdown too). Each change is read by the front end and the
 * passes, as `validate` reads a file; each open, save and longer pause in typing also plans a `make` of the text
 * against the project (nothing written, on a thread of its own: project-checks.ts), whose diagnostics the project
 * alone explains are added.
 */
export function serveLanguageOverStdio(context: PreviewContext): Connection {
  const connection = createConnection(process.stdin, process.stdout);
  const documents = new TextDocuments(TextDocument);
  const states = new Map<string, DocumentState>();
  const projectChecks = newProjectChecks(context.root);
  const stateOf = (uri: string): DocumentState => {
    const known = states.get(uri);
    if (known !== undefined) return known;
    const fresh: DocumentState = { projectDiagnostics: [], checking: Promise.resolve(), memory: newReadingMemory(), elsewhere: new Set() };
    states.set(uri, fresh);
    return fresh;
  };

  const publish = (uri: string): void => {
    const state = stateOf(uri);
    const own = state.analysis?.diagnostics ?? [];
    const seen = new Set(own.map(diagnosticKey));
    const added = state.projectDiagnostics.filter((diagnostic) => !seen.has(diagnosticKey(diagnostic)));
    void connection.sendDiagnostics({ uri, diagnostics: [...own, ...added].map(lspDiagnostic) });
    const elsewhere = state.analysis?.elsewhere ?? new Map<string, Diagnostic[]>();
    for (const other of state.elsewhere) if (!elsewhere.has(other)) void connection.sendDiagnostics({ uri: other, diagnostics: [] });
    for (const [other, diagnostics] of elsewhere) void connection.sendDiagnostics({ uri: other, diagnostics: diagnostics.map(lspDiagnostic) });
    state.elsewhere = new Set(elsewhere.keys());
  };

  /** The reading of the document's current text: the last one if the text has not changed since. */
  const current = async (uri: string): Promise<Analysis | undefined> => {
    const document = documents.get(uri);
    if (document === undefined) return undefined;
    const state = stateOf(uri);
    if (state.analysis?.text === document.getText()) return state.analysis;
    const analysis = await analyse(uri, document.getText(), state.memory, context.fs.readFile);
    // A text that is no longer a file of fullapi's (its `entities` deleted) keeps nothing of its last reading.
    state.analysis = analysis;
    if (analysis?.checked !== undefined) state.checked = analysis.checked;
    return analysis;
  };

  const read = async (uri: string): Promise<void> => {
    await current(uri);
    publish(uri);
  };

  /** A `make --dry-run` of the text against the project, for what only the project explains; `always` on open and save, when the project may have changed too. */
  const checkAgainstProject = (uri: string, always: boolean): Promise<void> => {
    const state = stateOf(uri);
    const check = async (): Promise<void> => {
      const text = documents.get(uri)?.getText();
      const analysis = await current(uri);
      if (text === undefined || (!always && state.projectChecked === text)) return;
      state.projectChecked = text;
      // A text with errors, or no longer fullapi's, plans nothing: what the last plan found no longer holds.
      const planned = analysis !== undefined && !analysis.diagnostics.some((diagnostic) => diagnostic.severity === 'error');
      const found = planned ? await projectChecks.check(uri, text, context.now()) : [];
      if (documents.get(uri)?.getText() !== text) return;
      // Published again only when it changes what the editor shows.
      const changed = found.length > 0 || state.projectDiagnostics.length > 0;
      state.projectDiagnostics = found;
      if (changed) publish(uri);
    };
    const checked = state.checking.then(check);
    state.checking = checked.catch(() => undefined);
    return checked;
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
      completionProvider: { triggerCharacters: [' ', ':', '"'] },
      definitionProvider: true,
      documentSymbolProvider: true,
      renameProvider: { prepareProvider: true },
      codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
    },
    serverInfo: { name: 'fullapi' },
  }));

  // TextDocuments reports an open as a change of content too: that change reads the text.
  documents.onDidOpen(({ document }) => void checkAgainstProject(document.uri, true).catch(report));
  documents.onDidChangeContent(({ document }) => {
    const state = stateOf(document.uri);
    clearTimeout(state.timer);
    clearTimeout(state.projectTimer);
    state.timer = setTimeout(() => void read(document.uri).catch(report), DEBOUNCE_MS);
    state.projectTimer = setTimeout(() => void checkAgainstProject(document.uri, false).catch(report), PROJECT_CHECK_PAUSE_MS);
  });
  documents.onDidSave(({ document }) => {
    clearTimeout(stateOf(document.uri).projectTimer);
    void checkAgainstProject(document.uri, true).catch(report);
  });
  documents.onDidClose(({ document }) => {
    clearTimeout(states.get(document.uri)?.timer);
    clearTimeout(states.get(document.uri)?.projectTimer);
    for (const other of [document.uri, ...(states.get(document.uri)?.elsewhere ?? [])]) void connection.sendDiagnostics({ uri: other, diagnostics: [] });
    states.delete(document.uri);
    projectChecks.forget(document.uri);
  });

  connection.onHover(async ({ textDocument, position }) => {
    const analysis = await current(textDocument.uri);
    if (analysis === undefined) return null;
    const { hoverAt } = await import('./hover.js');
    return hoverAt(analysis, stateOf(textDocument.uri).checked, position) ?? null;
  });
  connection.onCompletion(async ({ textDocument, position }) => {
    const analysis = await current(textDocument.uri);
    return analysis === undefined || !writtenInFullapiWords(analysis) ? [] : completionsAt(analysis, position);
  });
  connection.onDefinition(async ({ textDocument, position }) => {
    const analysis = await current(textDocument.uri);
    return (analysis === undefined ? undefined : definitionAt(analysis, position)) ?? null;
  });
  connection.onDocumentSymbol(async ({ textDocument }) => {
    const analysis = await current(textDocument.uri);
    return analysis?.source === undefined ? [] : documentSymbols(analysis.source);
  });
  // A refused rename is an error of the request, whose message the editor shows: what it would break, and why.
  connection.onPrepareRename(async ({ textDocument, position }) => {
    const analysis = await current(textDocument.uri);
    const target = analysis === undefined || !writtenInFullapiWords(analysis) ? undefined : renameTarget(analysis, position, await recorded());
    if (target === undefined) return null;
    if ('refused' in target) throw new ResponseError(LSPErrorCodes.RequestFailed, target.refused);
    return target;
  });
  connection.onRenameRequest(async ({ textDocument, position, newName }) => {
    const analysis = await current(textDocument.uri);
    const edit = analysis === undefined || !writtenInFullapiWords(analysis) ? undefined : renameEdits(analysis, position, newName, await recorded());
    if (edit === undefined) return null;
    if ('refused' in edit) throw new ResponseError(LSPErrorCodes.RequestFailed, edit.refused);
    return edit;
  });
  connection.onCodeAction(async ({ textDocument, context: actionContext }) => {
    const analysis = await current(textDocument.uri);
    return analysis === undefined || !writtenInFullapiWords(analysis) ? [] : codeActions(analysis, actionContext.diagnostics as LspDiagnostic[], await recorded());
  });
  connection.onRequest(PREVIEW_REQUEST, async (params: { uri: string }) => {
    const analysis = await current(params.uri);
    const preview = analysis === undefined ? undefined : await projectChecks.preview(params.uri, analysis.text, context.now());
    if (preview !== undefined) return preview;
    const { previewAnswer } = await import('./preview.js');
    return previewAnswer({ ok: false, changes: [], diagnostics: [error('invalid_option', `${params.uri} is not an open schema file or diagram`, { flag: 'uri' })] });
  });

  documents.listen(connection);
  connection.listen();
  return connection;
}

/**
 * Completion, rename and quick fixes write fullapi's own words (its types, modifiers, relation kinds): an OpenAPI
 * document is written in OpenAPI's, and gets its diagnostics, outline, hover and preview only.
 */
function writtenInFullapiWords(analysis: Analysis): boolean {
  return analysis.kind !== 'openapi';
}

function diagnosticKey(diagnostic: Diagnostic): string {
  return `${diagnostic.code} ${diagnostic.span?.line ?? 0}:${diagnostic.span?.column ?? 0} ${diagnostic.message}`;
}
