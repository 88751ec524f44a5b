import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { registerResources } from './resources.js';
import type { ToolContext } from './tool.js';
import { TOOLS } from './tools/tools.js';

/** The server of one project: every tool and resource, working on `context.root` only. */
export function fullapiServer(context: ToolContext, version: string): McpServer {
  const server = new McpServer(
    { name: 'fullapi', version },
    { instructions: `fullapi generates Laravel REST APIs into the project at ${context.root}. The make and delete tools return a plan with diffs and write only with apply: true.` },
  );
  for (const tool of TOOLS) tool.register(server, context);
  registerResources(server, context);
  return server;
}

/**
 * Serves on standard input and output: the server answers until the client closes its standard input, which
 * ends the process. Standard output carries the protocol alone; anything else goes to standard error.
 */
export async function serveOverStdio(context: ToolContext, version: string): Promise<void> {
  await fullapiServer(context, version).connect(new StdioServerTransport());
}
