// What a real server's model reads, through the SDK v1 and v2 Clients (in-memory;
// stdio in server.test.mjs): tools with a strict outputSchema, throws that used to say
// nothing (plain objects, the other dialect's errors, network faults), results that are
// no tool result, a contract's recovery from `fail` alone, guidance, and the log hook.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import * as z from 'zod';
import * as z3 from 'zod/v3';
import * as zm from 'zod/mini';

import {
  errorBuilder,
  fail,
  JsonRpcErrorCode,
  notFound,
  parseToolError,
  rateLimited,
  registerTool,
  toolError,
} from '../pkg/node.js';
import { connected as linked, V1, V2 } from './sdks.mjs';

// The v1 Client checks structuredContent against the outputSchema it listed.
const connected = (sdk, install) => linked(sdk, install, { listTools: true });

const text = (result) => result.content[0].text;
const invoiceOutput = () => z.object({ id: z.string(), total: z.number() }).strict();

for (const sdk of [V1, V2]) {
  test(`${sdk.version}: every error of a tool with a strict outputSchema reaches the model, structured`, async () => {
    const { client } = await connected(sdk, (server) => {
      registerTool(
        server,
        'get_invoice',
        { inputSchema: { id: z.string() }, outputSchema: invoiceOutput() },
        async ({ id }) => {
          if (id === 'ok') return { content: [{ type: 'text', text: 'ok' }], structuredContent: { id, total: 3 } };
          if (id === 'bad-output') return { content: [], structuredContent: { id, total: 'three' } };
          if (id === 'missing') throw notFound(`Invoice ${id} not found`);
          throw new Error('boom');
        },
      );
    });
    const listed = (await client.listTools()).tools[0].outputSchema;
    assert.equal(listed.type, 'object');
    assert.ok(listed.properties.error, 'an error property is advertised');
    assert.deepEqual(listed.properties.total, { type: 'number' });
    assert.ok(
      listed.anyOf.some((branch) => JSON.stringify(branch.required) === '["id","total"]'),
      JSON.stringify(listed),
    );

    const success = await client.callTool({ name: 'get_invoice', arguments: { id: 'ok' } });
    assert.deepEqual(success.structuredContent, { id: 'ok', total: 3 });

    const missing = await client.callTool({ name: 'get_invoice', arguments: { id: 'missing' } });
    assert.equal(missing.isError, true);
    assert.equal(missing.structuredContent.error.code, JsonRpcErrorCode.NotFound);
    assert.match(text(missing), /^Error: Invoice missing not found\n\nRecovery: /);

    const rejected = await client.callTool({ name: 'get_invoice', arguments: { id: true } });
    assert.equal(rejected.structuredContent.error.code, JsonRpcErrorCode.InvalidParams);
    // An argument rejection keeps mcp-ts-core's bytes: its own hint, no `retryable`.
    assert.equal(rejected.structuredContent.error.data.retryable, undefined);
    assert.match(text(rejected), /\n\n\(reason invalid_arguments · request [A-Z0-9]{5}-[A-Z0-9]{5}\)$/);

    const crashed = await client.callTool({ name: 'get_invoice', arguments: { id: 'x' } });
    assert.equal(crashed.structuredContent.error.message, 'boom');

    // Output that breaks the author's own schema: our InternalError naming the tool.
    const broken = await client.callTool({ name: 'get_invoice', arguments: { id: 'bad-output' } });
    assert.equal(broken.isError, true);
    assert.equal(broken.structuredContent.error.code, JsonRpcErrorCode.InternalError);
    assert.match(text(broken), /^Error: Tool get_invoice failed: /);
  });

  test(`${sdk.version}: a raw-shape and a Zod 4 mini outputSchema are widened too`, async () => {
    const { client } = await connected(sdk, (server) => {
      registerTool(
        server,
        'raw',
        { inputSchema: { id: z.string() }, outputSchema: { total: z.number() } },
        async () => {
          throw notFound('gone');
        },
      );
      registerTool(
        server,
        'mini',
        {
          inputSchema: { id: z.string() },
          outputSchema: zm.object({ total: zm.number(), note: zm.optional(zm.string()) }),
        },
        async ({ id }) => {
          if (id === 'ok') return { content: [], structuredContent: { total: 1 } };
          throw notFound('gone');
        },
      );
    });
    for (const tool of (await client.listTools()).tools) {
      assert.ok(tool.outputSchema.properties.error, `${tool.name}: ${JSON.stringify(tool.outputSchema)}`);
      assert.equal(tool.outputSchema.required, undefined, tool.name);
      const result = await client.callTool({ name: tool.name, arguments: { id: 'x' } });
      assert.equal(result.structuredContent.error.code, JsonRpcErrorCode.NotFound, tool.name);
    }
    const listed = (await client.listTools()).tools.find((t) => t.name === 'mini').outputSchema;
    assert.deepEqual(listed.anyOf[0].required, ['total']);
    const ok = await client.callTool({ name: 'mini', arguments: { id: 'ok' } });
    assert.deepEqual(ok.structuredContent, { total: 1 });
  });

  test(`${sdk.version}: a handler that returns no tool result gets an InternalError naming the tool, the reason logged`, async () => {
    const records = [];
    const { client } = await connected(sdk, (server) => {
      registerTool(
        server,
        'nothing',
        { inputSchema: { n: z.number() }, onError: (r) => records.push(r) },
        async ({ n }) => (n === 0 ? undefined : n === 1 ? 'a string' : { content: 'not a list' }),
      );
      registerTool(server, 'nothing_xml', { dialect: 'xml', inputSchema: { n: z.number() } }, async () => undefined);
    });
    for (const [n, reason] of [
      [0, /returned undefined/],
      [1, /returned string/],
      [2, /content is not an array/],
    ]) {
      const result = await client.callTool({ name: 'nothing', arguments: { n } });
      assert.equal(result.isError, true);
      assert.equal(result.structuredContent.error.code, JsonRpcErrorCode.InternalError);
      assert.match(text(result), /^Error: Tool nothing failed: its handler returned a result that could not be sent\./);
      assert.doesNotMatch(text(result), /Cannot read properties/);
      const record = records.at(-1);
      assert.match(record.message, reason);
      assert.equal(record.requestId, result.structuredContent.error.data.requestId);
    }
    const xml = await client.callTool({ name: 'nothing_xml', arguments: { n: 0 } });
    assert.match(text(xml), /^<tool_error code="INTERNAL_ERROR" severity="error">\n<message>Tool nothing_xml failed: /);
  });

  test(`${sdk.version}: both dialects in one server keep what the other dialect's throws mean`, async () => {
    const { client } = await connected(sdk, (server) => {
      registerTool(server, 'json_tool', { inputSchema: { kind: z.string() } }, async ({ kind }) => {
        if (kind === 'toolError') {
          throw toolError('NOT_FOUND', {
            message: 'No invoice 42',
            suggestion: 'List invoices first.',
            retryAfter: 5,
            details: { invoice: '42' },
          });
        }
        throw errorBuilder('RATE_LIMITED', 'Slow down').retryAfter(30);
      });
      registerTool(server, 'xml_tool', { dialect: 'xml', inputSchema: { kind: z.string() } }, async ({ kind }) => {
        if (kind === 'notFound')
          throw notFound('No invoice 42', { reason: 'no_invoice', recovery: { hint: 'List invoices first.' } });
        throw rateLimited('Slow down', { retryAfter: 30 });
      });
    });
    const fromXml = await client.callTool({ name: 'json_tool', arguments: { kind: 'toolError' } });
    assert.deepEqual(fromXml.structuredContent.error.code, JsonRpcErrorCode.NotFound);
    assert.equal(fromXml.structuredContent.error.message, 'No invoice 42');
    const data = fromXml.structuredContent.error.data;
    assert.deepEqual(
      [data.recovery.hint, data.retryAfter, data.details],
      ['List invoices first.', 5, { invoice: '42' }],
    );
    assert.match(
      text(fromXml),
      /^Error: No invoice 42\n\nRecovery: List invoices first\.\n\n\(not retryable · request /,
    );

    const builder = await client.callTool({ name: 'json_tool', arguments: { kind: 'builder' } });
    assert.equal(builder.structuredContent.error.code, JsonRpcErrorCode.RateLimited);
    assert.match(
      text(builder),
      /Recovery: Too many requests: wait 30 seconds, then retry the same call\.\n\n\(retryable · /,
    );

    const fromJson = await client.callTool({ name: 'xml_tool', arguments: { kind: 'notFound' } });
    assert.equal(
      text(fromJson),
      '<tool_error code="NOT_FOUND" severity="error">\n<message>No invoice 42</message>\n<recovery>List invoices first.</recovery>\n<details>\n  <detail key="reason">no_invoice</detail>\n</details>\n</tool_error>',
    );
    const limited = parseToolError(await client.callTool({ name: 'xml_tool', arguments: { kind: 'limited' } }));
    assert.equal(limited.code, 'RATE_LIMITED');
    assert.equal(limited.recovery, 'Too many requests: wait 30 seconds, then retry the same call.');
    assert.doesNotMatch(limited.raw.content[0].text, /Retry the same call with identical parameters/);
  });

  test(`${sdk.version}: plain objects, network faults and fail() alone say what failed and what to do`, async () => {
    const contract = [
      {
        reason: 'no_match',
        code: JsonRpcErrorCode.NotFound,
        when: 'Nothing matched',
        recovery: 'Search with a broader query, then retry.',
      },
    ];
    const refused = () => {
      const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      return new TypeError('fetch failed', { cause });
    };
    const { client } = await connected(sdk, (server) => {
      registerTool(server, 'svc', { inputSchema: { kind: z.string() } }, async ({ kind }) => {
        if (kind === 'problem')
          throw { type: 'about:blank', title: 'Service Unavailable', status: 503, detail: 'upstream down' };
        if (kind === 'oauth')
          throw { error: 'invalid_token', error_description: 'The access token expired', status: 401 };
        if (kind === 'fetch') throw refused();
        if (kind === 'fail') throw fail(contract, 'no_match', 'No results for "x"');
        throw { statusCode: 403 };
      });
      registerTool(server, 'quiet', { inputSchema: { kind: z.string() }, guidance: false }, async () => {
        throw refused();
      });
    });
    const call = (kind) => client.callTool({ name: 'svc', arguments: { kind } });

    const problem = await call('problem');
    assert.equal(problem.structuredContent.error.code, JsonRpcErrorCode.ServiceUnavailable);
    assert.match(
      text(problem),
      /^Error: Service Unavailable: upstream down\n\nRecovery: A service this tool depends on is unavailable: wait a moment, then retry the same call\.\n\n\(retryable · request /,
    );

    const oauth = await call('oauth');
    assert.equal(oauth.structuredContent.error.code, JsonRpcErrorCode.Unauthorized);
    assert.equal(oauth.structuredContent.error.data.retryable, false);
    assert.match(text(oauth), /^Error: invalid_token: The access token expired\n\nRecovery: .*\n\n\(not retryable · /);

    const fetched = await call('fetch');
    assert.equal(fetched.structuredContent.error.code, JsonRpcErrorCode.ServiceUnavailable);
    assert.match(text(fetched), /^Error: fetch failed: connect ECONNREFUSED 127\.0\.0\.1:5432\n\nRecovery: /);

    const failed = await call('fail');
    assert.match(
      text(failed),
      /^Error: No results for "x"\n\nRecovery: Search with a broader query, then retry\.\n\n\(reason no_match · not retryable · request /,
    );

    const forbidden = await call('status');
    assert.equal(forbidden.structuredContent.error.code, JsonRpcErrorCode.Forbidden);
    assert.match(text(forbidden), /^Error: HTTP status 403\n\nRecovery: This operation is not permitted/);

    // guidance: false: mcp-ts-core's bytes (no Recovery, no cause named).
    const quiet = await client.callTool({ name: 'quiet', arguments: { kind: 'x' } });
    assert.match(text(quiet), /^Error: fetch failed\n\n\(request [A-Z0-9]{5}-[A-Z0-9]{5}\)$/);
  });

  test(`${sdk.version}: onError gets every failure with the request id the model saw, masked ones raw`, async () => {
    const records = [];
    const register = registerTool.defaults({ onError: (record) => records.push(record), maskServerErrors: true });
    const { client } = await connected(sdk, (server) => {
      register(server, 'db', { inputSchema: { id: z.string() } }, async () => {
        throw new Error('connection to postgres://app:hunter2@db:5432 lost');
      });
      register(server, 'traced', { inputSchema: { id: z.string() }, requestId: () => 'trace-7' }, async () => {
        throw new Error('boom');
      });
      register(
        server,
        'xml',
        { dialect: 'xml', inputSchema: { id: z.string() }, requestId: 'x'.repeat(5000) },
        async () => {
          throw new Error('boom');
        },
      );
      register(
        server,
        'hook_throws',
        {
          inputSchema: { id: z.string() },
          onError: () => {
            throw new Error('hook');
          },
        },
        async () => {
          throw notFound('still answered');
        },
      );
    });
    const masked = await client.callTool({ name: 'db', arguments: { id: 'a' } });
    assert.match(masked.structuredContent.error.message, /^The server hit an internal error\./);
    assert.doesNotMatch(text(masked), /hunter2|postgres/);
    const raw = records.at(-1);
    assert.equal(raw.level, 'error');
    assert.match(raw.message, /connection to postgres/);
    assert.equal(raw.tool, 'db');
    assert.equal(raw.requestId, masked.structuredContent.error.data.requestId);

    const rejection = await client.callTool({ name: 'db', arguments: { id: true } });
    assert.equal(records.at(-1).level, 'notice');
    assert.equal(records.at(-1).reason, 'invalid_arguments');
    assert.equal(records.at(-1).requestId, rejection.structuredContent.error.data.requestId);

    const traced = await client.callTool({ name: 'traced', arguments: { id: 'a' } });
    assert.equal(traced.structuredContent.error.data.requestId, 'trace-7');
    assert.equal(records.at(-1).requestId, 'trace-7');

    await client.callTool({ name: 'xml', arguments: { id: 'a' } });
    assert.equal(records.at(-1).tool, 'xml');
    assert.equal(records.at(-1).requestId.length, 1024);
    assert.ok(records.at(-1).requestId.endsWith('…'));

    const count = records.length;
    const answered = await client.callTool({ name: 'hook_throws', arguments: { id: 'a' } });
    assert.equal(answered.structuredContent.error.message, 'still answered');
    assert.equal(records.length, count, 'a tool-level onError replaces the default one');
  });
}

test('v1: a Zod 3 outputSchema cannot be widened, so its errors go out as text the v1 Client accepts', async () => {
  const { client } = await connected(V1, (server) => {
    registerTool(server, 'z3', { inputSchema: { id: z3.string() }, outputSchema: { total: z3.number() } }, async () => {
      throw notFound('gone');
    });
  });
  const result = await client.callTool({ name: 'z3', arguments: { id: 'a' } });
  assert.equal(result.isError, true);
  assert.equal(result.structuredContent, undefined);
  assert.match(text(result), /^Error: gone\n\nRecovery: /);
  assert.equal(parseToolError(result)?.message, 'gone');
});

test('registerTool.defaults: options are checked at once, and a tool config overrides them', () => {
  assert.throws(() => registerTool.defaults({ onError: 'log' }), /onError must be a function/);
  assert.throws(() => registerTool.defaults({ title: 'x' }), /`title` is not an option of registerTool/);
  assert.throws(
    () => registerTool.defaults({ requestId: 1.5 }),
    /requestId must be a string, an integer, false or a function/,
  );
  assert.throws(() => registerTool.defaults(null), /defaults must be an object/);
  const register = registerTool.defaults({ dialect: 'xml' }).defaults({ guidance: false });
  assert.equal(typeof register, 'function');
  assert.throws(() => register({}, 't', {}, () => {}), /server must be an McpServer/);
});

test('classify and logRecord read a thrown plain object as errorResult does', async () => {
  const { classify, logRecord } = await import('../pkg/node.js');
  assert.deepEqual(classify({ status: 429, title: 'Too Many Requests' }), {
    code: JsonRpcErrorCode.RateLimited,
    name: 'RateLimited',
    category: 'upstream',
  });
  assert.equal(classify({ statusCode: 404 }).code, JsonRpcErrorCode.NotFound);
  // The request's abort still comes first; a success status says nothing.
  assert.equal(classify({ status: 503 }, { aborted: true }).code, JsonRpcErrorCode.RequestCancelled);
  assert.equal(classify({ status: 200, detail: 'rate limit exceeded' }).code, JsonRpcErrorCode.RateLimited);
  const record = logRecord(
    { type: 'about:blank', title: 'Conflict', status: 409, detail: 'version 3 is stale' },
    { tool: 't' },
  );
  assert.deepEqual([record.code, record.message], [JsonRpcErrorCode.Conflict, 'Conflict: version 3 is stale']);
  // A plain object whose fields throw on read says nothing, and nothing throws.
  const hostile = new Proxy(
    {},
    {
      get() {
        throw new Error('trap');
      },
    },
  );
  assert.equal(classify(hostile).code, JsonRpcErrorCode.InternalError);
});

test('logRecord reads the contract an error was failed from, as errorResult does', async () => {
  const { logRecord } = await import('../pkg/node.js');
  const contract = [
    {
      reason: 'stale',
      code: JsonRpcErrorCode.Conflict,
      when: 'The version is stale',
      recovery: 'Read the item again, then retry.',
      severity: 'warning',
    },
  ];
  const thrown = fail(contract, 'stale', 'version 3 is stale');
  assert.equal(logRecord(thrown, { tool: 't' }).level, 'warning');
  // A contract passed explicitly still wins.
  assert.equal(logRecord(thrown, { tool: 't', contract: [] }).level, 'error');
});
