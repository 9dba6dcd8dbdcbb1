// The example server on SDK v1 (`@modelcontextprotocol/sdk`), over stdio.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import * as z from 'zod';
import { installExampleTools } from './tools.js';

const server = new McpServer({ name: 'mcp-envelope-example', version: '1.0.0' });
installExampleTools(server);
// A tool registered the ordinary way keeps the SDK's own behaviour.
server.registerTool('echo', { inputSchema: { text: z.string() } }, async ({ text }) => ({
  content: [{ type: 'text', text }],
}));
await server.connect(new StdioServerTransport());
