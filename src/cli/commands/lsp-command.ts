import { existsSync, statSync } from 'node:fs';
import { projectRoot } from '../output/command-output.js';
import { type CliIo } from '../io.js';

/**
 * `fullapi lsp [--project DIR]`: a Language Server Protocol server over standard input and output for schema files
 * and Mermaid diagrams; the project is the one its previews and hovers are made for. It runs until the client
 * sends exit; nothing but the protocol is written to standard output.
 */
export async function lsp(flags: { project?: string }, io: CliIo): Promise<number> {
  if (flags.project === '') {
    io.stderr('fullapi lsp: --project needs a value.\n');
    return 2;
  }
  const root = projectRoot(flags, io);
  if (!existsSync(root) || !statSync(root).isDirectory()) {
    io.stderr(`fullapi lsp: ${root} is not a folder; give the Laravel project with --project.\n`);
    return 1;
  }
  const { serveLanguageOverStdio } = await import('../../lsp/server.js');
  const { nodeFs } = await import('../../project/fs/project-fs.js');
  serveLanguageOverStdio({ root, fs: nodeFs, now: io.now });
  io.stderr(`fullapi lsp: serving ${root} on standard input and output.\n`);
  return 0;
}
