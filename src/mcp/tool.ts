import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { error } from '../diagnostics/diagnostic.js';
import type { ProjectFs } from '../project/fs/project-fs.js';
import { toolDiagnostic, toolResult } from './tool-result.js';

/** What every tool works on: the project the server was started on, read and written through `fs`. */
export interface ToolContext {
  root: string;
  fs: ProjectFs;
  now(): Date;
}

/**
 * One tool of the server: its name, the JSON Schemas of its input and structured output (as zod shapes, which
 * the SDK validates arguments with and publishes), and what it runs. The server registers `TOOLS` (tools.ts)
 * as they are: a tool is one entry there.
 */
export interface ToolDefinition<Input extends z.ZodRawShape, Output extends z.ZodRawShape> {
  name: string;
  title: string;
  description: string;
  input: Input;
  output: Output;
  annotations: ToolAnnotations;
  run(args: z.infer<z.ZodObject<Input>>, context: ToolContext): Promise<CallToolResult>;
}

/** A tool with its types erased, for the list of tools. */
export interface McpTool {
  name: string;
  register(server: McpServer, context: ToolContext): void;
}

export function defineTool<Input extends z.ZodRawShape, Output extends z.ZodRawShape>(definition: ToolDefinition<Input, Output>): McpTool {
  return {
    name: definition.name,
    register: (server, context) => {
      // The arguments reach `run` checked against `input` by the SDK; its types are erased for the list of tools.
      const inputSchema: z.ZodType = z.object(definition.input).strict();
      const outputSchema: z.ZodType = z.object(definition.output);
      const config = { title: definition.title, description: definition.description, inputSchema, outputSchema, annotations: definition.annotations };
      server.registerTool(definition.name, config, async (args: unknown) => {
        try {
          return await definition.run(args as z.infer<z.ZodObject<Input>>, context);
        } catch (cause) {
          return internalError(definition.name, cause);
        }
      });
    },
  };
}

/** A bug met by a tool: its result says so, the stack goes to standard error, and the server answers on. */
function internalError(tool: string, cause: unknown): CallToolResult {
  const reason = cause instanceof Error ? cause.message : String(cause);
  process.stderr.write(`fullapi mcp: ${tool} failed: ${cause instanceof Error && cause.stack !== undefined ? cause.stack : reason}\n`);
  const diagnostic = error('internal_error', `fullapi failed in ${tool}: ${reason}. This is a bug in fullapi; nothing was written. Please report it with the arguments given.`);
  return toolResult({ ok: false, diagnostics: [toolDiagnostic(diagnostic)] }, `${tool} failed.`);
}
