import { spawnSync } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** Wall-clock figures of one round of the MCP bench, in milliseconds. */
export interface McpRound {
  /** Spawn of `fullapi mcp` to the answer of its initialize request. */
  coldStart: number;
  /** The first tools/call of make without apply: the server loads the front end, passes and emitters. */
  firstPreview: number;
  /** The same call again on the running server. */
  warmPreview: number;
  /** `fullapi --version`, spawn to exit: the CLI's own start-up. */
  cliVersion: number;
  /** `fullapi make --dry-run` of the same schema file, spawn to exit. */
  cliDryRun: number;
}

/**
 * One round: the server spawned and spoken to by the SDK's client, a make preview of `schema` twice; then
 * the CLI's start-up and its dry run of the same input, so that what moves one moves the other alike.
 * A server's start ends with its answer, not with an exit, so these are wall-clock times, not processor time.
 */
export async function mcpRound(nodeArgs: readonly string[], project: string, schemaFile: string, schema: string): Promise<McpRound> {
  const client = new Client({ name: 'fullapi-bench', version: '1.0.0' });
  const transport = new StdioClientTransport({ command: process.execPath, args: [...nodeArgs, 'mcp', '--project', project], stderr: 'ignore' });
  const started = performance.now();
  await client.connect(transport);
  const coldStart = performance.now() - started;
  try {
    const firstPreview = await timedPreview(client, schema);
    const warmPreview = await timedPreview(client, schema);
    const cliVersion = timedRun(nodeArgs, ['--version'], project);
    const cliDryRun = timedRun(nodeArgs, ['make', '--schema', schemaFile, '--dry-run'], project);
    return { coldStart, firstPreview, warmPreview, cliVersion, cliDryRun };
  } finally {
    await client.close();
  }
}

async function timedPreview(client: Client, schema: string): Promise<number> {
  const started = performance.now();
  const result = (await client.callTool({ name: 'make', arguments: { schema } })) as CallToolResult;
  const elapsed = performance.now() - started;
  if (result.isError === true) throw new Error(`make preview failed: ${JSON.stringify(result.content).slice(0, 2000)}`);
  return elapsed;
}

function timedRun(nodeArgs: readonly string[], args: readonly string[], cwd: string): number {
  const started = performance.now();
  const run = spawnSync(process.execPath, [...nodeArgs, ...args], { cwd, encoding: 'utf8' });
  const elapsed = performance.now() - started;
  if (run.status !== 0) throw new Error(`fullapi ${args.join(' ')} exited with ${run.status ?? run.signal}: ${run.stderr.slice(0, 2000)}`);
  return elapsed;
}
