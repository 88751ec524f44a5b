import { existsSync, statSync } from 'node:fs';
import { projectRoot } from '../output/command-output.js';
import { packageVersion } from '../../project/fs/package-root.js';
import { type CliIo } from '../io.js';

/**
 * `fullapi mcp [--project DIR]`: an MCP server over standard input and output for the project. It runs until
 * the client closes standard input; nothing but the protocol is written to standard output.
 */
export async function mcp(flags: { project?: string }, io: CliIo): Promise<number> {
  if (flags.project === '') {
    io.stderr('fullapi mcp: --project needs a value.\n');
    return 2;
  }
  const root = projectRoot(flags, io);
  if (!existsSync(root) || !statSync(root).isDirectory()) {
    io.stderr(`fullapi mcp: ${root} is not a folder; give the Laravel project with --project.\n`);
    return 1;
  }
  const { serveOverStdio } = await import('../../mcp/server.js');
  const { nodeFs } = await import('../../project/fs/project-fs.js');
  await serveOverStdio({ root, fs: nodeFs, now: io.now }, packageVersion(nodeFs) ?? 'unknown');
  io.stderr(`fullapi mcp: serving ${root} on standard input and output.\n`);
  return 0;
}
