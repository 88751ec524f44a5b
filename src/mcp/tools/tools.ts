import { makeTool } from './make-tool.js';
import { openApiTool } from './openapi-tool.js';
import { deleteTool, introspectTool, listEntitiesTool } from './project-tools.js';
import { diagramTool, parseTool, validateTool } from './read-tools.js';
import type { McpTool } from '../tool.js';

/** Every tool the server offers, in the order clients list them; a new tool is one entry (defineTool, tool.ts). */
export const TOOLS: readonly McpTool[] = [makeTool, validateTool, parseTool, diagramTool, deleteTool, listEntitiesTool, introspectTool, openApiTool];
