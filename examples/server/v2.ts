// The example server on SDK v2 (`@modelcontextprotocol/server`), over stdio.
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod';
import { installExampleTools } from './tools.js';

const server = new McpServer({ name: 'mcp-envelope-example', version: '1.0.0' });
installExampleTools(server);
// A tool registered the ordinary way keeps the SDK's own behaviour.
server.registerTool('echo', { inputSchema: { text: z.string() } }, async ({ text }) => ({
  content: [{ type: 'text', text }],
}));
await server.connect(new StdioServerTransport());
