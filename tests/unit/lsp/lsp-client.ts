import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type Diagnostic,
  type InitializeResult,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  type TextEdit,
} from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { copyExampleProject, runCli } from '../../support/project-tree.js';

// The server is the command users run, spawned and spoken to over stdio by the protocol's own client: the bundle
// when compiled, src/cli/bin.ts through tsx otherwise.
const compiled = import.meta.url.endsWith('.js');
const binary = fileURLToPath(new URL(compiled ? '../../../cli/fullapi.mjs' : '../../../src/cli/bin.ts', import.meta.url));

/** A client of `fullapi lsp` on a project: what an editor sends and receives, and what it has published. */
export interface LspClient {
  connection: ProtocolConnection;
  /** The server's answer to initialize: its capabilities. */
  initialized: InitializeResult;
  /** Resolves with the next diagnostics published for `uri` after the call. */
  nextDiagnostics(uri: string): Promise<Diagnostic[]>;
  open(name: string, text: string, languageId?: string): Promise<{ uri: string; diagnostics: Diagnostic[] }>;
  /** The whole text replaced, as an editor sends a change; resolves with the diagnostics published after it. */
  change(uri: string, text: string): Promise<Diagnostic[]>;
  close(): Promise<void>;
  stderr(): string;
}

export async function startServer(project: string, folder = project): Promise<LspClient> {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [...(compiled ? [] : ['--import', import.meta.resolve('tsx')]), binary, 'lsp', '--project', project], { cwd: project });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const waiting = new Map<string, ((diagnostics: Diagnostic[]) => void)[]>();
  connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
    const listeners = waiting.get(params.uri) ?? [];
    waiting.delete(params.uri);
    for (const listener of listeners) listener(params.diagnostics);
  });
  connection.listen();
  const initialized = (await connection.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(project).href, capabilities: {} })) as InitializeResult;
  await connection.sendNotification('initialized', {});
  const versions = new Map<string, number>();
  const nextDiagnostics = (uri: string): Promise<Diagnostic[]> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no diagnostics for ${uri}; stderr: ${stderr}`)), 20000);
      waiting.set(uri, [...(waiting.get(uri) ?? []), (diagnostics) => (clearTimeout(timer), resolve(diagnostics))]);
    });
  return {
    connection,
    initialized,
    nextDiagnostics,
    async open(name, text, languageId = 'yaml') {
      const uri = pathToFileURL(join(folder, name)).href;
      versions.set(uri, 1);
      const published = nextDiagnostics(uri);
      await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
      return { uri, diagnostics: await published };
    },
    async change(uri, text) {
      const version = (versions.get(uri) ?? 1) + 1;
      versions.set(uri, version);
      const published = nextDiagnostics(uri);
      await connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] });
      return published;
    },
    async close() {
      await connection.sendRequest('shutdown');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await connection.sendNotification('exit');
      await exited;
      connection.dispose();
    },
    stderr: () => stderr,
  };
}

/** The text after the edits, as an editor applies them. */
export function applied(text: string, edits: readonly TextEdit[]): string {
  return TextDocument.applyEdits(TextDocument.create('file:///x', 'yaml', 1, text), [...edits]);
}

/** A copy of the example project and a server on it for one test, both gone after it; `prepare` readies the copy first. */
export async function withServer(run: (client: LspClient, project: string) => Promise<void>, prepare?: (project: string) => Promise<void>): Promise<void> {
  const project = copyExampleProject('laravel-12');
  await prepare?.(project);
  const client = await startServer(project);
  try {
    await run(client, project);
  } finally {
    await client.close();
    rmSync(project, { recursive: true, force: true });
  }
}

/** The project after `make` of `schema` and its migrations run: class_data.json records it, the database holds its tables. */
export async function migratedProject(project: string, schema: string): Promise<void> {
  writeFileSync(join(project, 'api-schema.yaml'), schema);
  const made = await runCli(['make', '--project', project], project);
  if (made.exitCode !== 0) throw new Error(`make failed: ${made.stderr}`);
  const { default: initSqlJs } = await import('sql.js');
  const database = new (await initSqlJs()).Database();
  database.run('CREATE TABLE migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, migration VARCHAR(255) NOT NULL, batch INTEGER NOT NULL)');
  for (const name of readdirSync(join(project, 'database/migrations'))) database.run('INSERT INTO migrations (migration, batch) VALUES (?, 1)', [name.replace(/\.php$/, '')]);
  writeFileSync(join(project, 'database/database.sqlite'), database.export());
  database.close();
}
