import { servedProject } from '../output/command-output.js';
import { packageVersion } from '../../project/fs/package-root.js';
import { type CliIo } from '../io.js';

/**
 * `fullapi mcp [--project DIR]`: an MCP server over standard input and output for the project. It runs until
 * the client closes standard input; nothing but the protocol is written to standard output.
 */
export async function mcp(flags: { project?: string }, io: CliIo): Promise<number> {
  const served = servedProject('mcp', flags, io);
  if ('exitCode' in served) return served.exitCode;
  const { root } = served;
  const { serveOverStdio } = await import('../../mcp/server.js');
  const { nodeFs } = await import('../../project/fs/project-fs.js');
  await serveOverStdio({ root, fs: nodeFs, now: io.now }, packageVersion(nodeFs) ?? 'unknown');
  io.stderr(`fullapi mcp: serving ${root} on standard input and output.\n`);
  return 0;
}
