// The example server (examples/server/) type-checked against the real SDK v1 and v2
// types, compiled, started over stdio and driven by each SDK's own Client: every tool
// with good arguments, bad arguments and throwing handlers, each result read back with
// parseToolError, and the server still answering afterwards.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, before, describe, test } from 'node:test';

import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as StdioV1 } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioV2 } from '@modelcontextprotocol/client/stdio';

import { parseToolError } from '../pkg/node.js';
import { linkPackage, root } from './link-package.mjs';

const tsc = `${root}node_modules/.bin/tsc`;

before(() => {
  linkPackage();
  // Strict, NodeNext resolution, emitting build/example-server/; then Bundler resolution.
  execFileSync(tsc, ['-p', `${root}examples/server`], { stdio: 'inherit' });
  execFileSync(tsc, ['-p', `${root}examples/server/tsconfig.bundler.json`], { stdio: 'inherit' });
});

const SDKS = [
  { version: 'v1', Client: ClientV1, Stdio: StdioV1 },
  { version: 'v2', Client: ClientV2, Stdio: StdioV2 },
];

/** The text a result carries to the model, and everything a client could read of it. */
const wire = (result) => JSON.stringify(result);
const textOf = (result) => result.content[0].text;

function jsonrpcError(result, code) {
  assert.equal(result.isError, true, wire(result));
  const parsed = parseToolError(result);
  assert.ok(parsed, wire(result));
  assert.equal(parsed.dialect, 'jsonrpc');
  assert.equal(parsed.code, code, wire(result));
  assert.equal(result.structuredContent.error.code, code);
  assert.match(textOf(result), /^Error: /);
  return parsed;
}

function rejected(result, hints) {
  const parsed = jsonrpcError(result, -32602);
  assert.match(parsed.message, /^Input validation error: Invalid arguments for tool /);
  assert.equal(result.structuredContent.error.data.reason, 'invalid_arguments');
  for (const hint of hints) assert.ok(parsed.recovery.includes(hint), `${JSON.stringify(hint)} in ${parsed.recovery}`);
  return parsed;
}

for (const { version, Client, Stdio } of SDKS) {
  describe(`example server on SDK ${version}, over stdio, with the ${version} Client`, () => {
    let client;
    let logged = '';
    const call = (name, args) => client.callTool({ name, arguments: args });
    /** The log records the server wrote to stderr so far. */
    const records = () =>
      logged
        .split('\n')
        .filter((line) => line.startsWith('tool-failure '))
        .map((line) => JSON.parse(line.slice('tool-failure '.length)));

    before(async () => {
      client = new Client({ name: 'mcp-envelope-tests', version: '1.0.0' });
      const transport = new Stdio({
        command: process.execPath,
        args: [`${root}build/example-server/${version}.js`],
        stderr: 'pipe',
      });
      transport.stderr.setEncoding('utf8');
      transport.stderr.on('data', (chunk) => {
        logged += chunk;
      });
      await client.connect(transport);
    });
    after(async () => {
      await client.close();
    });

    test('tools/list publishes the six tools and the ordinary one', async () => {
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((t) => t.name).sort(), [
        'cancel_order',
        'create_user',
        'echo',
        'get_invoice',
        'hostile',
        'render_report',
        'search_orders',
      ]);
      const search = tools.find((t) => t.name === 'search_orders');
      assert.deepEqual(Object.keys(search.inputSchema.properties), ['query', 'status', 'limit', 'range', 'lines']);
      assert.equal(search.inputSchema.additionalProperties, false);
    });

    test('good arguments reach the handler', async () => {
      const found = await call('search_orders', { query: 'lamps', limit: 3 });
      assert.equal(found.isError, undefined);
      assert.equal(textOf(found), 'Found 2 open orders for "lamps" (limit 3).');
      assert.equal(parseToolError(found), null);
      assert.equal(textOf(await call('cancel_order', { order: { ref: 12 } })), 'Cancelled ref 12.');
      assert.equal(
        textOf(await call('create_user', { email: 'a@b.co', age: 30, role: 'viewer' })),
        'Created a@b.co as viewer.',
      );
      assert.equal(textOf(await call('render_report', { title: 'Q3', rows: [[1, 2], [3]] })), 'Q3: 2 rows');
    });

    test('wrong types, missing and unknown keys: the argument rejection, never the SDK text, no sent value', async () => {
      // A boolean for a string: pre-validation repairs an integer sent for a string (seed 002).
      const wrong = await call('search_orders', { query: true, limit: 'SENT-VALUE-7731' });
      rejected(wrong, ['Send query as a string, not a boolean.', 'Send limit as a number, not a string.']);
      assert.ok(!wire(wrong).includes('SENT-VALUE-7731'), 'a rejected value never reaches the client');
      assert.ok(!textOf(wrong).includes('MCP error'), 'not the SDK wording');
      rejected(await call('search_orders', {}), ['Provide query.']);
      rejected(await call('search_orders', { query: 'a', colour: 'red' }), [
        'Unknown key colour.',
        'This tool accepts: query, status, limit, range, lines.',
      ]);
    });

    test('nested arrays and unions name the path that failed', async () => {
      const nested = rejected(
        await call('search_orders', {
          query: 'a',
          lines: [
            { sku: 'x', qty: 0 },
            { sku: true, qty: 1 },
          ],
        }),
        [],
      );
      assert.match(nested.message, /lines\.0\.qty: /);
      assert.match(nested.message, /lines\.1\.sku: /);
      const union = rejected(await call('cancel_order', { order: { id: true } }), []);
      assert.match(union.message, /order: id: .* or ref: /);
    });

    test('the error contract decides code, message and recovery of declared failures', async () => {
      const shipped = jsonrpcError(await call('cancel_order', { order: { id: 'ord_shipped' } }), -32002);
      assert.equal(shipped.message, 'The order has left the warehouse.');
      assert.equal(shipped.recovery, 'Call create_return with the same order id instead.');
      const unknown = await call('cancel_order', { order: { id: 'ord_nope' } });
      const parsed = jsonrpcError(unknown, -32001);
      assert.equal(parsed.message, 'Order ord_nope does not exist.');
      assert.equal(parsed.recovery, 'Call search_orders to find the order id, then retry.');
      assert.equal(unknown.structuredContent.error.data.reason, 'unknown_order');
      assert.equal(unknown.structuredContent.error.data.retryable, false);
    });

    test('thrown errors are classified; a credential in a message never reaches the wire', async () => {
      const notFound = jsonrpcError(await call('search_orders', { query: 'missing' }), -32001);
      assert.equal(notFound.message, 'No orders match "missing".');
      const database = await call('search_orders', { query: 'database' });
      jsonrpcError(database, -32603);
      assert.ok(!wire(database).includes('hunter2'), wire(database));
      assert.ok(textOf(database).includes('db.internal'), 'the host stays: only the password is masked');
    });

    test('XML dialect: <validation_error>, a thrown toolError or builder passes through, INTERNAL_ERROR', async () => {
      const invalid = await call('create_user', { email: 'nope', age: 3, role: 'root' });
      assert.equal(invalid.isError, true);
      assert.match(textOf(invalid), /^<validation_error action="create_user">\n<field name="email">/);
      assert.equal(textOf(invalid).match(/<field /g).length, 3);
      assert.ok(parseToolError(invalid));
      const conflict = parseToolError(
        await call('create_user', { email: 'taken@example.com', age: 30, role: 'viewer' }),
      );
      assert.equal(conflict.code, 'CONFLICT');
      assert.deepEqual(conflict.availableActions, ['get_user', 'update_user']);
      assert.equal(conflict.recovery, 'Call get_user with this email instead of creating it again.');
      const forbidden = parseToolError(await call('create_user', { email: 'a@b.co', age: 30, role: 'admin' }));
      assert.equal(forbidden.code, 'FORBIDDEN');
      assert.equal(forbidden.recovery, 'Use role "editor".');
      const crash = parseToolError(await call('render_report', { title: 'crash', rows: [[1]] }));
      assert.equal(crash.code, 'INTERNAL_ERROR');
      assert.equal(crash.message, '[render_report] Cannot read properties of undefined (reading "width")');
      const rows = await call('render_report', { title: 'x', rows: [[], ['a']] });
      assert.match(textOf(rows), /<field name="rows\.0">/);
      assert.match(textOf(rows), /<field name="rows\.1\.0">/);
    });

    test('hostile throws each get an envelope, and the server keeps answering', async () => {
      for (const kind of ['proxy', 'revoked', 'getter', 'bigint', 'symbol', 'null', 'cycle', 'string']) {
        const result = await call('hostile', { kind });
        const parsed = parseToolError(result);
        assert.ok(parsed, `${kind}: ${wire(result)}`);
        assert.equal(typeof parsed.code, 'number', kind);
        assert.equal(typeof result.structuredContent.error.data.requestId, 'string', kind);
        assert.equal(textOf(await call('echo', { text: kind })), kind, `answers after ${kind}`);
      }
    });

    test('a strict outputSchema: success, errors of both dialects and a broken result all reach the model', async () => {
      await client.listTools(); // the v1 Client validates structuredContent against what it listed
      const ok = await call('get_invoice', { id: 'inv_1' });
      assert.deepEqual(ok.structuredContent, { id: 'inv_1', total: 12.5 });
      const missing = jsonrpcError(await call('get_invoice', { id: 'inv_9' }), -32001);
      assert.equal(missing.message, 'No invoice inv_9.');
      assert.ok(missing.recovery, 'guidance by default');
      const upstream = await call('get_invoice', { id: 'inv_upstream' });
      jsonrpcError(upstream, -32000);
      assert.match(textOf(upstream), /^Error: Bad Gateway: billing is down\n\nRecovery: .*\n\n\(retryable · request /);
      const xml = jsonrpcError(await call('get_invoice', { id: 'inv_xml' }), -32001);
      assert.equal(xml.recovery, 'Call list_invoices.');
      const broken = await call('get_invoice', { id: 'inv_broken' });
      jsonrpcError(broken, -32603);
      assert.match(textOf(broken), /^Error: Tool get_invoice failed: /);
      const rejection = await call('get_invoice', { id: true });
      jsonrpcError(rejection, -32602);
      // An McpError thrown in an XML tool keeps its meaning.
      const report = parseToolError(await call('render_report', { title: 'missing', rows: [[1]] }));
      assert.equal(report.code, 'NOT_FOUND');
      assert.equal(report.recovery, 'Use the title "Q3".');
    });

    test('the onError hook logs every failure, raw, with the request id the model saw', async () => {
      const database = await call('search_orders', { query: 'database' });
      const broken = await call('get_invoice', { id: 'inv_broken' });
      const ids = [database, broken].map((result) => result.structuredContent.error.data.requestId);
      const byId = () => new Map(records().map((r) => [r.requestId, r]));
      // stderr arrives on its own pipe: wait (up to 5 s) until both records are there.
      for (let i = 0; i < 250 && !ids.every((id) => byId().has(id)); i++) await new Promise((r) => setTimeout(r, 20));
      const db = byId().get(ids[0]);
      assert.ok(db, logged);
      assert.equal(db.level, 'error');
      assert.match(db.message, /hunter2/, 'the log keeps the raw text; the wire does not');
      assert.ok(!wire(database).includes('hunter2'));
      const output = byId().get(ids[1]);
      assert.match(output.message, /does not match its outputSchema/);
      assert.ok(records().some((r) => r.reason === 'invalid_arguments' && r.level === 'notice'));
    });

    test('a tool registered the ordinary way keeps the SDK behaviour', async () => {
      assert.equal(textOf(await call('echo', { text: 'hi' })), 'hi');
      const bad = await call('echo', { text: 1 });
      assert.equal(bad.isError, true);
      assert.equal(bad.structuredContent, undefined, 'the SDK writes its own text for its own tools');
    });
  });
}
