// The VS Code face of fullapi: a language client on `fullapi lsp` (the bundled command line shipped inside the
// extension), and the commands Generate, Validate and Preview. What can be decided without VS Code lives in the
// modules beside this one, tested without it; this file only wires them to VS Code's API.
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node.js';
import { DOCUMENT_SELECTOR } from './documents.mjs';
import { generateLaunch, makeInputFlag, projectDirectory, serverLaunch, validateLaunch, type CliLaunch, type FullapiSettings } from './launch.mjs';
import { previewDocument, previewedFiles, type PreviewedFile, type PreviewResult } from './preview.mjs';

const PREVIEW_SCHEME = 'fullapi-preview';

let client: LanguageClient | undefined;

function settingsFor(resource: vscode.Uri | undefined): FullapiSettings {
  const configuration = vscode.workspace.getConfiguration('fullapi', resource);
  return { nodePath: configuration.get<string>('nodePath', 'node'), project: configuration.get<string>('project', '') };
}

function workspaceFolderOf(resource: vscode.Uri | undefined): string | undefined {
  const folder = resource === undefined ? undefined : vscode.workspace.getWorkspaceFolder(resource);
  return (folder ?? vscode.workspace.workspaceFolders?.[0])?.uri.fsPath;
}

function startClient(context: vscode.ExtensionContext): LanguageClient {
  const launch = serverLaunch(context.extensionPath, settingsFor(undefined), workspaceFolderOf(undefined));
  const executable = { command: launch.command, args: launch.args, transport: TransportKind.stdio, ...(launch.cwd === undefined ? {} : { options: { cwd: launch.cwd } }) };
  const serverOptions: ServerOptions = { run: executable, debug: executable };
  const clientOptions: LanguageClientOptions = { documentSelector: [...DOCUMENT_SELECTOR] };
  const started = new LanguageClient('fullapi', 'fullapi', serverOptions, clientOptions);
  void started.start();
  return started;
}

/** Generate and Validate run in a task: the command line's own output, its exit code, and a terminal to read them in. */
function runTask(name: string, launch: CliLaunch): Thenable<vscode.TaskExecution> {
  const execution = new vscode.ProcessExecution(launch.command, launch.args, launch.cwd === undefined ? {} : { cwd: launch.cwd });
  const task = new vscode.Task({ type: 'fullapi', command: name }, vscode.TaskScope.Workspace, name, 'fullapi', execution);
  task.presentationOptions = { reveal: vscode.TaskRevealKind.Always, clear: true };
  return vscode.tasks.executeTask(task);
}

function activeInput(): vscode.Uri | undefined {
  const uri = vscode.window.activeTextEditor?.document.uri;
  if (uri !== undefined && uri.scheme === 'file' && makeInputFlag(uri.fsPath) !== undefined) return uri;
  void vscode.window.showWarningMessage('fullapi: open a schema file, class_data.json, a Mermaid diagram or a Markdown file with a Mermaid fence first.');
  return undefined;
}

function cliCommand(context: vscode.ExtensionContext, name: string, launchOf: typeof generateLaunch): () => Promise<void> {
  return async () => {
    const uri = activeInput();
    if (uri === undefined) return;
    // The command line reads the file from disk: what the editor shows is what it must read.
    await vscode.window.activeTextEditor?.document.save();
    const launch = launchOf(context.extensionPath, settingsFor(uri), workspaceFolderOf(uri), uri.fsPath);
    if (launch !== undefined) void runTask(`${name} ${vscode.workspace.asRelativePath(uri)}`, launch);
  };
}

/** The preview's documents: read-only, served from memory, replaced by each new preview. */
class PreviewDocuments implements vscode.TextDocumentContentProvider {
  private readonly contents = new Map<string, string>();
  private readonly changes = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changes.event;

  put(path: string, content: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: PREVIEW_SCHEME, path: `/${path}` });
    this.contents.set(uri.toString(), content);
    this.changes.fire(uri);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '';
  }
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * One file of the plan in VS Code's diff editor, the view of a change its users know from source control: the file
 * on disk (or nothing, for a new file) against what Generate would write. A diff that no longer applies to the disk
 * is shown as it came, in a document of its own.
 */
async function showFile(documents: PreviewDocuments, file: PreviewedFile): Promise<void> {
  if (file.after === undefined) {
    await vscode.window.showTextDocument(documents.put(`${file.path}.diff`, file.diff), { preview: true });
    return;
  }
  const left = file.before === undefined ? documents.put(`before/${file.path}`, '') : vscode.Uri.file(file.absolutePath);
  const right = documents.put(`after/${file.path}`, file.after);
  await vscode.commands.executeCommand('vscode.diff', left, right, `${file.path} (${file.action}, fullapi preview)`);
}

function previewCommand(documents: PreviewDocuments): () => Promise<void> {
  return async () => {
    const uri = activeInput();
    if (uri === undefined || client === undefined) return;
    let result: PreviewResult;
    try {
      result = await client.sendRequest<PreviewResult>('fullapi/preview', { uri: uri.toString() });
    } catch (error) {
      void vscode.window.showErrorMessage(`fullapi: no preview, the language server did not answer: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    const plan = documents.put('plan.diff', previewDocument(result));
    if (!result.ok) {
      await vscode.window.showTextDocument(plan, { preview: true });
      return;
    }
    // A file outside any workspace folder has no project: the paths of its plan are read from its own folder.
    const project = projectDirectory(workspaceFolderOf(uri), settingsFor(uri)) ?? dirname(uri.fsPath);
    const files = previewedFiles(result, project, readText);
    if (files.length === 0) {
      void vscode.window.showInformationMessage('fullapi: Generate would change no file.');
      return;
    }
    const everyDiff = { label: 'Every file', description: 'all the diffs in one document', file: undefined };
    const picks = [everyDiff, ...files.map((file) => ({ label: file.path, description: file.action, file }))];
    const picked = await vscode.window.showQuickPick(picks, { title: `fullapi preview: ${files.length} files would change`, matchOnDescription: true });
    if (picked === undefined) return;
    if (picked.file === undefined) await vscode.window.showTextDocument(plan, { preview: true });
    else await showFile(documents, picked.file);
  };
}

/** The server's command line is made of the settings: a change of them starts it again, with the new ones. */
function restartOnSettingsChange(context: vscode.ExtensionContext): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration(async (change) => {
    if (!change.affectsConfiguration('fullapi')) return;
    await client?.stop();
    client = startClient(context);
  });
}

export function activate(context: vscode.ExtensionContext): void {
  client = startClient(context);
  const documents = new PreviewDocuments();
  context.subscriptions.push(
    restartOnSettingsChange(context),
    vscode.workspace.registerTextDocumentContentProvider(PREVIEW_SCHEME, documents),
    vscode.commands.registerCommand('fullapi.generate', cliCommand(context, 'make', generateLaunch)),
    vscode.commands.registerCommand('fullapi.validate', cliCommand(context, 'validate', validateLaunch)),
    vscode.commands.registerCommand('fullapi.preview', previewCommand(documents)),
  );
}

export function deactivate(): Thenable<void> | undefined {
  return client?.stop();
}
