// registerTool on the real SDK v1 and v2 McpServer: tools/list publishes what
// server.registerTool publishes, rejected arguments and throws get this package's
// envelopes, ordinary tools keep the SDK's behaviour, and it works over in-memory,
// stdio (js-tests/server.test.mjs) and Streamable HTTP transports.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { test } from 'node:test';

import * as z from 'zod';
import * as z3 from 'zod/v3';
import * as zm from 'zod/mini';
import { McpServer as McpServerV1 } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport as HttpServerV1 } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as HttpClientV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  fromJsonSchema,
  McpServer as McpServerV2,
  WebStandardStreamableHTTPServerTransport as HttpServerV2,
} from '@modelcontextprotocol/server';
import { Client as ClientV2, StreamableHTTPClientTransport as HttpClientV2 } from '@modelcontextprotocol/client';

import { JsonRpcErrorCode, parseToolError, registerTool } from '../pkg/node.js';
import { connected, V1, V2 } from './sdks.mjs';

const ok = (text) => ({ content: [{ type: 'text', text }] });
const echoArgs = async (args) => ok(JSON.stringify(args));

/** Input schemas as users write them, per SDK version (v2 takes Zod 4 and Standard Schema only). */
const SCHEMAS = {
  'Zod 4 strict object with descriptions and bounds': () =>
    z
      .object({
        city: z.string().min(1).describe('City name'),
        days: z.number().int().min(1).max(14).default(3),
        units: z.enum(['metric', 'imperial']).optional(),
        stops: z
          .array(z.object({ at: z.iso.datetime(), note: z.string().max(80) }))
          .max(5)
          .optional(),
      })
      .strict()
      .describe('Forecast request'),
  'Zod 4 raw shape': () => ({ city: z.string(), days: z.number().optional() }),
  'Zod 4 discriminated union inside': () =>
    z.object({
      target: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('id'), id: z.string() }),
        z.object({ kind: z.literal('name'), name: z.string() }),
      ]),
    }),
  'Zod 4 object with a refinement': () =>
    z.object({ from: z.number(), to: z.number() }).refine((v) => v.from <= v.to, 'from must not exceed to'),
  'Zod 4 mini object': () => zm.object({ city: zm.string(), days: zm.optional(zm.number()) }),
};
const SCHEMAS_V1 = {
  ...SCHEMAS,
  'Zod 3 strict object': () =>
    z3.object({ city: z3.string().describe('City'), days: z3.number().int().optional() }).strict(),
  'Zod 3 raw shape': () => ({ city: z3.string(), days: z3.number().optional() }),
};
const SCHEMAS_V2 = {
  ...SCHEMAS,
  'JSON Schema through the SDK fromJsonSchema': () =>
    fromJsonSchema({
      type: 'object',
      properties: { city: { type: 'string' }, days: { type: 'integer' } },
      required: ['city'],
      additionalProperties: false,
    }),
};

for (const [sdk, schemas] of [
  [V1, SCHEMAS_V1],
  [V2, SCHEMAS_V2],
]) {
  for (const [label, schema] of Object.entries(schemas)) {
    test(`${sdk.version}, ${label}: tools/list is exactly what server.registerTool publishes`, async () => {
      const config = () => ({
        title: 'Forecast',
        description: 'Weather',
        inputSchema: schema(),
        annotations: { readOnlyHint: true },
      });
      const plain = await connected(sdk, (s) => s.registerTool('forecast', config(), echoArgs));
      const ours = await connected(sdk, (s) => registerTool(s, 'forecast', config(), echoArgs));
      const [listedPlain, listedOurs] = [await plain.client.listTools(), await ours.client.listTools()];
      assert.deepEqual(listedOurs, listedPlain);
      assert.ok(Object.keys(listedOurs.tools[0].inputSchema.properties ?? {}).length > 0, 'a real schema was listed');
    });
  }
}

for (const sdk of [V1, V2]) {
  test(`${sdk.version}: rejected arguments get the argument rejection; the handler never runs`, async () => {
    let ran = 0;
    const { client } = await connected(sdk, (s) =>
      registerTool(
        s,
        'forecast',
        { inputSchema: SCHEMAS['Zod 4 strict object with descriptions and bounds']() },
        async (args) => {
          ran += 1;
          return echoArgs(args);
        },
      ),
    );
    // A boolean for a string and a word for a number: no repair applies (an integer or a
    // numeric string would be repaired before any rejection, seed 002).
    const result = await client.callTool({ name: 'forecast', arguments: { city: true, days: 'x', extra: true } });
    assert.equal(ran, 0);
    const parsed = parseToolError(result);
    assert.equal(parsed.code, JsonRpcErrorCode.InvalidParams);
    assert.equal(
      parsed.message,
      'Input validation error: Invalid arguments for tool forecast: city: Invalid input: expected string, received boolean, days: Invalid input: expected number, received string, Unrecognized key: "extra"',
    );
    assert.equal(
      parsed.recovery,
      'Send city as a string, not a boolean. Send days as a number, not a string. Unknown key extra. This tool accepts: city, days, units, stops.',
    );
    const good = await client.callTool({ name: 'forecast', arguments: { city: 'Oslo' } });
    assert.deepEqual(
      JSON.parse(good.content[0].text),
      { city: 'Oslo', days: 3 },
      'the handler gets the parsed value, defaults applied',
    );
    assert.equal(ran, 1);
  });

  test(`${sdk.version}: an async refinement is awaited, and its failure is a rejection`, async () => {
    const schema = z
      .object({ name: z.string() })
      .refine(async (v) => v.name !== 'taken', { message: 'Name is taken', path: ['name'] });
    const { client } = await connected(sdk, (s) => registerTool(s, 'claim', { inputSchema: schema }, echoArgs));
    const taken = parseToolError(await client.callTool({ name: 'claim', arguments: { name: 'taken' } }));
    assert.equal(taken.message, 'Input validation error: Invalid arguments for tool claim: name: Name is taken');
    assert.equal(parseToolError(await client.callTool({ name: 'claim', arguments: { name: 'free' } })), null);
  });

  test(`${sdk.version}: the XML dialect answers with <validation_error> and INTERNAL_ERROR`, async () => {
    const { client } = await connected(sdk, (s) =>
      registerTool(
        s,
        'users',
        { inputSchema: { email: z.email(), age: z.number().min(18) }, dialect: 'xml' },
        async () => {
          throw new RangeError('quota exhausted');
        },
      ),
    );
    const invalid = await client.callTool({ name: 'users', arguments: { email: 'x', age: 3 } });
    assert.equal(invalid.isError, true);
    assert.equal(
      invalid.content[0].text,
      [
        '<validation_error action="users">',
        '<field name="email">Invalid email address You sent: \'x\'. Expected: a valid email address (e.g. user@example.com).</field>',
        '<field name="age">Too small: expected number to be >=18 You sent: 3. Must be >= 18.</field>',
        '<recovery>Fix the fields above and call the tool again. Do not explain the error.</recovery>',
        '</validation_error>',
      ].join('\n'),
    );
    const thrown = parseToolError(await client.callTool({ name: 'users', arguments: { email: 'a@b.co', age: 30 } }));
    assert.equal(thrown.code, 'INTERNAL_ERROR');
    assert.equal(thrown.message, '[users] quota exhausted');
  });

  test(`${sdk.version}: a tool without inputSchema gets (context) and its throws are enveloped`, async () => {
    let context;
    const { client } = await connected(sdk, (s) =>
      registerTool(s, 'ping', { description: 'no arguments' }, async (ctx) => {
        context = ctx;
        throw Object.assign(new Error('upstream said 503'), { name: 'ServiceError' });
      }),
    );
    const result = await client.callTool({ name: 'ping', arguments: {} });
    assert.equal(typeof context, 'object');
    assert.equal(parseToolError(result).message, 'upstream said 503');
    assert.equal(typeof result.structuredContent.error.data.requestId, 'string');
  });

  test(`${sdk.version}: tools registered the ordinary way on the same server keep the SDK's behaviour`, async () => {
    const { client } = await connected(sdk, (s) => {
      s.registerTool('plain', { inputSchema: { n: z.number() } }, async ({ n }) => ok(String(n)));
      registerTool(s, 'ours', { inputSchema: { n: z.number() } }, async ({ n }) => ok(String(n)));
    });
    const plain = await client.callTool({ name: 'plain', arguments: { n: 'x' } });
    assert.equal(plain.isError, true);
    assert.equal(plain.structuredContent, undefined);
    assert.match(plain.content[0].text, /Invalid arguments for tool plain/);
    const ours = await client.callTool({ name: 'ours', arguments: { n: 'x' } });
    assert.equal(ours.structuredContent.error.code, JsonRpcErrorCode.InvalidParams);
    assert.equal((await client.callTool({ name: 'plain', arguments: { n: 1 } })).content[0].text, '1');
    assert.equal((await client.callTool({ name: 'ours', arguments: { n: 2 } })).content[0].text, '2');
  });

  test(`${sdk.version}: an aborted request is RequestCancelled, whatever was thrown`, async () => {
    const server = new sdk.Server({ name: 's', version: '1' });
    const registered = registerTool(server, 'slow', { inputSchema: { n: z.number() } }, async () => {
      throw new Error('socket hang up');
    });
    const controller = new AbortController();
    controller.abort();
    // The SDK drops the response of a cancelled request, so the handler is called as the SDK calls it.
    const context = sdk.version === 'v1' ? { signal: controller.signal } : { mcpReq: { signal: controller.signal } };
    const result = await registered.handler({ n: 1 }, context);
    assert.equal(result.structuredContent.error.code, JsonRpcErrorCode.RequestCancelled);
    const live = await registered.handler(
      { n: 1 },
      sdk.version === 'v1' ? { signal: new AbortController().signal } : {},
    );
    assert.equal(live.structuredContent.error.code, JsonRpcErrorCode.InternalError);
  });

  test(`${sdk.version}: xml dialect: a call cancelled before its handler starts is error('[tool] Request cancelled.'), as MCP Fusion's runChain answers it`, async () => {
    // vinkius-labs/mcp-fusion packages/core/src/core/execution/ExecutionPipeline.ts @
    // 148cb238513d578c9f906348a0589dbf52072a8b (index id 35169202828), runChain's
    // cancellation gate: after validateArgs, before the chain, `error(`[${toolName}/${action}] Request cancelled.`)`.
    const server = new sdk.Server({ name: 's', version: '1' });
    let ran = 0;
    const registered = registerTool(server, 'slow', { dialect: 'xml', inputSchema: { n: z.number() } }, async () => {
      ran += 1;
      return ok('done');
    });
    const controller = new AbortController();
    controller.abort();
    const cancelled = sdk.version === 'v1' ? { signal: controller.signal } : { mcpReq: { signal: controller.signal } };
    const result = await registered.handler({ n: 1 }, cancelled);
    assert.equal(ran, 0, 'the handler never runs');
    assert.equal(result.isError, true);
    assert.deepEqual(result.content, [
      { type: 'text', text: '<tool_error>\n<message>[slow] Request cancelled.</message>\n</tool_error>' },
    ]);
    const parsed = parseToolError(result);
    assert.deepEqual([parsed.code, parsed.message, parsed.dialect], ['UNKNOWN', '[slow] Request cancelled.', 'xml']);
    // The arguments are checked first: rejected ones get the validation error, cancelled or not.
    const rejected = (await registered.inputSchema['~standard'].validate({ n: 'x' })).value;
    const invalid = await registered.handler(rejected, cancelled);
    assert.match(invalid.content[0].text, /^<validation_error action="slow">\n<field name="n">/);
    // Not cancelled: the handler runs and its answer goes out.
    const live = await registered.handler(
      { n: 1 },
      sdk.version === 'v1' ? { signal: new AbortController().signal } : {},
    );
    assert.deepEqual([live.content[0].text, ran], ['done', 1]);
    // Cancelled while the handler runs, which then throws: the gate is passed, the throw is INTERNAL_ERROR.
    const midway = new AbortController();
    const during = registerTool(new sdk.Server({ name: 's', version: '1' }), 'late', { dialect: 'xml' }, async () => {
      midway.abort();
      throw new Error('socket hang up');
    });
    const thrown = await during.handler(
      sdk.version === 'v1' ? { signal: midway.signal } : { mcpReq: { signal: midway.signal } },
    );
    assert.match(
      thrown.content[0].text,
      /^<tool_error code="INTERNAL_ERROR" severity="error">\n<message>\[late\] socket hang up<\/message>/,
    );
  });

  test(`${sdk.version}: the SDK's URL elicitation request is rethrown for the SDK to answer`, async () => {
    const server = new sdk.Server({ name: 's', version: '1' });
    const elicit = Object.assign(new Error('Open this URL'), { code: -32042 });
    const registered = registerTool(server, 'login', {}, async () => {
      throw elicit;
    });
    await assert.rejects(registered.handler({}), (thrown) => thrown === elicit);
  });

  test(`${sdk.version}: redactSecrets and maskServerErrors reach the envelope in both dialects`, async () => {
    const leak = async () => {
      throw new Error('connect postgres://admin:hunter2@db/app failed');
    };
    const { client } = await connected(sdk, (s) => {
      registerTool(s, 'masked', {}, leak);
      registerTool(s, 'raw', { redactSecrets: false }, leak);
      registerTool(s, 'hidden', { maskServerErrors: true }, leak);
      registerTool(s, 'xml', { dialect: 'xml', maskServerErrors: true }, leak);
    });
    const text = async (name) => (await client.callTool({ name, arguments: {} })).content[0].text;
    assert.match(await text('masked'), /^Error: connect postgres:\/\/admin:\*\*\*@db\/app failed\n/);
    assert.match(await text('raw'), /hunter2/);
    assert.match(await text('hidden'), /^Error: The server hit an internal error\./);
    const xml = await text('xml');
    assert.match(xml, /^<tool_error code="INTERNAL_ERROR"/);
    assert.ok(!xml.includes('postgres'), xml);
  });

  test(`${sdk.version}: misuse is a TypeError at registration`, () => {
    const server = new sdk.Server({ name: 's', version: '1' });
    assert.throws(() => registerTool({}, 't', {}, echoArgs), TypeError);
    assert.throws(() => registerTool(server, 1, {}, echoArgs), TypeError);
    assert.throws(() => registerTool(server, 't', null, echoArgs), TypeError);
    assert.throws(() => registerTool(server, 't', {}, 'handler'), TypeError);
    assert.throws(() => registerTool(server, 't', { dialect: 'yaml' }, echoArgs), /'jsonrpc' or 'xml'/);
    assert.throws(() => registerTool(server, 't', { errors: {} }, echoArgs), /array of contract entries/);
    assert.throws(() => registerTool(server, 't', { errors: [], dialect: 'xml' }, echoArgs), /jsonrpc dialect/);
    assert.throws(() => registerTool(server, 't', { maskServerErrors: 'yes' }, echoArgs), /must be a boolean/);
    const hostileConfig = new Proxy(
      {},
      {
        ownKeys: () => ['inputSchema'],
        getOwnPropertyDescriptor: () => ({ enumerable: true, configurable: true }),
        get() {
          throw new Error('trap');
        },
      },
    );
    assert.throws(() => registerTool(server, 't', hostileConfig, echoArgs), /could not be read/);
    // Nothing half-registered: the name is still free.
    registerTool(server, 't', {}, echoArgs);
  });
}

test('v1: a Zod 3 schema is rejected with its own issues', async () => {
  const { client } = await connected(V1, (s) =>
    registerTool(s, 'z3', { inputSchema: SCHEMAS_V1['Zod 3 strict object']() }, echoArgs),
  );
  const parsed = parseToolError(await client.callTool({ name: 'z3', arguments: { city: true, zip: 2 } }));
  assert.equal(parsed.code, JsonRpcErrorCode.InvalidParams);
  assert.equal(
    parsed.message,
    "Input validation error: Invalid arguments for tool z3: city: Expected string, received boolean, Unrecognized key(s) in object: 'zip'",
  );
});

test('v2: a JSON Schema tool (fromJsonSchema) is rejected through its Standard Schema issues', async () => {
  const { client } = await connected(V2, (s) =>
    registerTool(s, 'json', { inputSchema: SCHEMAS_V2['JSON Schema through the SDK fromJsonSchema']() }, echoArgs),
  );
  const result = await client.callTool({ name: 'json', arguments: { days: 'x' } });
  const parsed = parseToolError(result);
  assert.equal(parsed.code, JsonRpcErrorCode.InvalidParams);
  assert.match(parsed.message, /^Input validation error: Invalid arguments for tool json: /);
  assert.equal(parseToolError(await client.callTool({ name: 'json', arguments: { city: 'Oslo' } })), null);
});

/** A Node HTTP server on 127.0.0.1 handing each request to `handle(req, res, body)`. */
async function listen(handle) {
  const http = createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = chunks.length === 0 ? undefined : JSON.parse(Buffer.concat(chunks).toString('utf8'));
    await handle(req, res, body);
  });
  await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
  return { http, url: new URL(`http://127.0.0.1:${http.address().port}/mcp`) };
}

function install(server) {
  registerTool(server, 'divide', { inputSchema: { a: z.number(), b: z.number() } }, async ({ a, b }) => {
    if (b === 0) throw new RangeError('Division by zero');
    return ok(String(a / b));
  });
}

async function checkOverHttp(client) {
  assert.equal((await client.callTool({ name: 'divide', arguments: { a: 6, b: 3 } })).content[0].text, '2');
  const rejected = parseToolError(await client.callTool({ name: 'divide', arguments: { a: 'six' } }));
  assert.equal(rejected.code, JsonRpcErrorCode.InvalidParams);
  assert.equal(rejected.recovery, 'Send a as a number, not a string. Provide b.');
  const thrown = parseToolError(await client.callTool({ name: 'divide', arguments: { a: 1, b: 0 } }));
  assert.equal(thrown.code, JsonRpcErrorCode.ValidationError, 'RangeError is a ValidationError in the ladder');
}

test('v1 over Streamable HTTP', async () => {
  const { http, url } = await listen(async (req, res, body) => {
    const server = new McpServerV1({ name: 'http', version: '1' });
    install(server);
    const transport = new HttpServerV1({ sessionIdGenerator: undefined });
    res.on('close', () => void transport.close());
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  });
  const client = new ClientV1({ name: 'c', version: '1' });
  try {
    await client.connect(new HttpClientV1(url));
    await checkOverHttp(client);
  } finally {
    await client.close();
    http.close();
  }
});

test('v2 over Streamable HTTP (the web-standard transport behind a Node server)', async () => {
  const { http, url } = await listen(async (req, res, body) => {
    const server = new McpServerV2({ name: 'http', version: '1' });
    install(server);
    const transport = new HttpServerV2({ sessionIdGenerator: undefined });
    await server.connect(transport);
    const request = new Request(new URL(req.url, url), {
      method: req.method,
      headers: Object.entries(req.headers).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x]) : [[k, v]])),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const response = await transport.handleRequest(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body) for await (const chunk of response.body) res.write(chunk);
    res.end();
    await transport.close();
  });
  const client = new ClientV2({ name: 'c', version: '1' });
  try {
    await client.connect(new HttpClientV2(url));
    await checkOverHttp(client);
  } finally {
    await client.close();
    http.close();
  }
});
