import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter, type PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';

const ANSWER_TIMEOUT_MS = 60_000;

/**
 * `php artisan api-generator:lsp`, as an editor configured with artisan would start it: the PHP side must pass the
 * protocol through standard input and output untouched. A schema with a misspelt type is opened; the server
 * answers with that diagnostic at its place. Returns the diagnostic's code and 1-based line.
 */
export async function artisanLanguageServer(app: string): Promise<{ code: string; line: number }> {
  const server = spawn('php', ['artisan', 'api-generator:lsp'], { cwd: app });
  let stderr = '';
  server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const connection = createProtocolConnection(new StreamMessageReader(server.stdout), new StreamMessageWriter(server.stdin));
  connection.listen();
  const timeout = setTimeout(() => server.kill(), ANSWER_TIMEOUT_MS);
  try {
    const uri = pathToFileURL(join(app, 'api-schema.yaml')).href;
    const published = new Promise<PublishDiagnosticsParams>((resolve) => {
      connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
        if (params.uri === uri) resolve(params);
      });
    });
    await connection.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(app).href, capabilities: {} });
    await connection.sendNotification('initialized', {});
    const text = ['entities:', '  Probe:', '    fields:', '      title: strin', ''].join('\n');
    await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
    const [found] = (await published).diagnostics;
    await connection.sendRequest('shutdown');
    await connection.sendNotification('exit');
    if (found === undefined) throw new Error(`php artisan api-generator:lsp published no diagnostic for a misspelt type; stderr: ${stderr}`);
    return { code: String(found.code), line: found.range.start.line + 1 };
  } catch (cause) {
    throw new Error(`php artisan api-generator:lsp: ${cause instanceof Error ? cause.message : String(cause)}; stderr: ${stderr}`);
  } finally {
    clearTimeout(timeout);
    connection.dispose();
    server.kill();
  }
}
