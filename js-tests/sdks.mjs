// The official MCP SDK v1 and v2, server and Client, linked in memory: what the tests
// that drive a real server share.
import { McpServer as McpServerV1 } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport as MemoryV1 } from '@modelcontextprotocol/sdk/inMemory.js';
import { InMemoryTransport as MemoryV2, McpServer as McpServerV2 } from '@modelcontextprotocol/server';
import { Client as ClientV2 } from '@modelcontextprotocol/client';

export const V1 = { version: 'v1', Server: McpServerV1, Client: ClientV1, Memory: MemoryV1 };
export const V2 = { version: 'v2', Server: McpServerV2, Client: ClientV2, Memory: MemoryV2 };

/**
 * A server of `sdk` with what `install` registers, and a Client connected to it in
 * memory. `listTools`: the Client lists the tools first (the v1 Client then checks
 * structuredContent against each tool's listed outputSchema).
 */
export async function connected(sdk, install, { listTools = false } = {}) {
  const server = new sdk.Server({ name: 'test-server', version: '1.0.0' });
  install(server);
  const client = new sdk.Client({ name: 'test-client', version: '1.0.0' });
  const [clientSide, serverSide] = sdk.Memory.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  if (listTools) await client.listTools();
  return { server, client };
}
