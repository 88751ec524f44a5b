import { servedProject } from '../output/command-output.js';
import { type CliIo } from '../io.js';

/**
 * `fullapi lsp [--project DIR]`: a Language Server Protocol server over standard input and output for schema files
 * and Mermaid diagrams; the project is the one its previews and hovers are made for. It runs until the client
 * sends exit; nothing but the protocol is written to standard output.
 */
export async function lsp(flags: { project?: string }, io: CliIo): Promise<number> {
  const served = servedProject('lsp', flags, io);
  if ('exitCode' in served) return served.exitCode;
  const { root } = served;
  const { serveLanguageOverStdio } = await import('../../lsp/server.js');
  const { nodeFs } = await import('../../project/fs/project-fs.js');
  serveLanguageOverStdio({ root, fs: nodeFs, now: io.now });
  io.stderr(`fullapi lsp: serving ${root} on standard input and output.\n`);
  return 0;
}
