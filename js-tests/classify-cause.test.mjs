// Classification that follows the cause (src/classify/cause.rs, system_code.rs) and
// the official MCP SDK's own errors (src/classify/sdk.rs), through the built package:
// constructed errors, real Node/undici failures, and real instances of both SDKs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import http from 'node:http';
import { ErrorHandler } from '@cyanheads/mcp-ts-core/utils';
import { ErrorCode, McpError as SdkV1McpError, UrlElicitationRequiredError } from '@modelcontextprotocol/sdk/types.js';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { McpServer as McpServerV1 } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTransport as InMemoryV1 } from '@modelcontextprotocol/sdk/inMemory.js';
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import * as v2 from '@modelcontextprotocol/server';
import * as m from '../pkg/node.js';
import { corpus } from '../bench/corpus.mjs';

const nameOf = (thrown) => m.classify(thrown).name;

function systemError(message, code) {
  return Object.assign(new Error(message), { code });
}

/** A port nothing listens on: listen on port 0, note the port, close. */
function closedPort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

// --- the cause chain --------------------------------------------------------------

test('fetch failed caused by ECONNREFUSED is ServiceUnavailable (constructed)', () => {
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3000'), {
    errno: -111,
    code: 'ECONNREFUSED',
    syscall: 'connect',
  });
  assert.equal(nameOf(new TypeError('fetch failed', { cause: refused })), 'ServiceUnavailable');
  // The code alone decides when no message names it.
  assert.equal(nameOf(new TypeError('fetch failed', { cause: systemError('', 'ECONNREFUSED') })), 'ServiceUnavailable');
  // Without the cause it is what the reference says: InternalError.
  assert.equal(nameOf(new TypeError('fetch failed')), 'InternalError');
  assert.equal(ErrorHandler.determineErrorCode(new TypeError('fetch failed', { cause: refused })), -32603);
});

test('a real fetch to a closed port is ServiceUnavailable, and so is its errorResult', async () => {
  const port = await closedPort();
  const error = await fetch(`http://127.0.0.1:${port}/`).then(
    () => assert.fail('the port should be closed'),
    (e) => e,
  );
  assert.equal(error.name, 'TypeError');
  assert.equal(error.cause?.code, 'ECONNREFUSED');
  assert.deepEqual(m.classify(error), { code: -32000, name: 'ServiceUnavailable', category: 'upstream' });
  assert.equal(m.errorResult(error, { requestId: false }).structuredContent.error.code, -32000);
});

test('real Node and undici failures whose message names no keyword are classified by their code', async () => {
  // A server that accepts and then drops every connection.
  const server = http.createServer((req) => req.socket.destroy());
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  try {
    const hangUp = await new Promise((resolve) => {
      http.get(`http://127.0.0.1:${port}/`).on('error', resolve);
    });
    assert.equal(hangUp.message, 'socket hang up');
    assert.equal(hangUp.code, 'ECONNRESET');
    assert.equal(nameOf(hangUp), 'ServiceUnavailable');
    const fetchError = await fetch(`http://127.0.0.1:${port}/`).then(
      () => assert.fail('the socket should be dropped'),
      (e) => e,
    );
    assert.equal(fetchError.cause?.code, 'UND_ERR_SOCKET');
    assert.equal(nameOf(fetchError), 'ServiceUnavailable');
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

test('every system code we list, on the value and on a cause', () => {
  const table = {
    ETIMEDOUT: 'Timeout',
    UND_ERR_CONNECT_TIMEOUT: 'Timeout',
    UND_ERR_HEADERS_TIMEOUT: 'Timeout',
    UND_ERR_BODY_TIMEOUT: 'Timeout',
    ECONNREFUSED: 'ServiceUnavailable',
    ECONNRESET: 'ServiceUnavailable',
    EPIPE: 'ServiceUnavailable',
    ENOTFOUND: 'ServiceUnavailable',
    EAI_AGAIN: 'ServiceUnavailable',
    EHOSTUNREACH: 'ServiceUnavailable',
    ENETUNREACH: 'ServiceUnavailable',
    UND_ERR_SOCKET: 'ServiceUnavailable',
    UND_ERR_CLOSED: 'ServiceUnavailable',
    ECONNABORTED: 'InternalError',
    UND_ERR_DESTROYED: 'InternalError',
    ENOENT: 'InternalError',
    econnrefused: 'InternalError',
  };
  for (const [code, want] of Object.entries(table)) {
    assert.equal(nameOf(systemError('it broke', code)), want, code);
    assert.equal(nameOf(new Error('tool failed', { cause: systemError('it broke', code) })), want, `cause ${code}`);
    // A plain object with a code counts like an Error.
    assert.equal(nameOf({ message: 'it broke', code }), want, `object ${code}`);
  }
  // The value's own text comes first, as in the reference.
  assert.equal(nameOf(systemError('request timed out', 'ECONNREFUSED')), 'Timeout');
  // A code that is no string says nothing; a huge one is not read.
  assert.equal(nameOf(systemError('it broke', 111)), 'InternalError');
  assert.equal(nameOf(systemError('it broke', `ECONNREFUSED${' '.repeat(100)}`)), 'InternalError');
});

test('an AggregateError with a system code (Node, host with two addresses) says what it aggregates', () => {
  const refusedTwice = Object.assign(
    new AggregateError(
      [systemError('connect ECONNREFUSED ::1:80', 'ECONNREFUSED'), systemError('x', 'ECONNREFUSED')],
      '',
    ),
    { code: 'ECONNREFUSED' },
  );
  assert.equal(nameOf(refusedTwice), 'ServiceUnavailable');
  assert.equal(nameOf(new TypeError('fetch failed', { cause: refusedTwice })), 'ServiceUnavailable');
  // Without code or cause it stays InternalError and its text is not read, as in the reference.
  assert.equal(nameOf(new AggregateError([], 'not found')), 'InternalError');
});

test("a cause's name and message run through the ladder; the outer value's own code wins", () => {
  assert.equal(nameOf(new Error('tool failed', { cause: new Error('rate limit exceeded') })), 'RateLimited');
  assert.equal(nameOf(new Error('tool failed', { cause: m.forbidden('no') })), 'Forbidden');
  assert.equal(nameOf(new Error('tool failed', { cause: 'ECONNREFUSED' })), 'ServiceUnavailable');
  assert.equal(nameOf(new Error('tool failed', { cause: new DOMException('x', 'AbortError') })), 'Timeout');
  assert.equal(nameOf(new Error('user not found', { cause: new Error('rate limit exceeded') })), 'NotFound');
  // Our McpError's InternalError is what its author chose: its cause is not consulted.
  const chosen = new m.McpError(m.JsonRpcErrorCode.InternalError, 'x', undefined, { cause: new Error('rate limit') });
  assert.equal(nameOf(chosen), 'InternalError');
  // A wrapper changes nothing: every corpus error keeps the reference's code as a cause.
  const disagreements = [];
  for (const inner of corpus(2_000, 7)) {
    const theirs = ErrorHandler.determineErrorCode(inner);
    const ours = m.classify(new Error('the tool failed', { cause: inner })).code;
    if (ours !== theirs && !(inner.name === 'RangeError' && ours === -32603)) {
      disagreements.push(`${inner.name}: ${inner.message} → ${ours}, reference ${theirs}`);
    }
  }
  assert.deepEqual(disagreements.slice(0, 10), []);
});

test('nearest cause first, at most five causes, cycles and hostile links never throw', () => {
  const chain = (...messages) => messages.reduceRight((cause, message) => new Error(message, { cause }), undefined);
  assert.equal(nameOf(chain('outer', 'a', 'connection refused', 'timed out')), 'ServiceUnavailable');
  assert.equal(nameOf(chain('outer', 'a', 'b', 'c', 'd', 'not found')), 'NotFound');
  assert.equal(nameOf(chain('outer', 'a', 'b', 'c', 'd', 'e', 'not found')), 'InternalError');

  const self = new Error('loop');
  self.cause = self;
  assert.equal(nameOf(self), 'InternalError');
  const a = new Error('a');
  const b = new Error('b', { cause: a });
  a.cause = b;
  assert.equal(nameOf(a), 'InternalError');

  // A getter that makes a fresh cause each time: followed five deep, never further.
  let made = 0;
  const endless = () => {
    const e = new Error('still nothing');
    Object.defineProperty(e, 'cause', { get: () => (made++, endless()) });
    return e;
  };
  assert.equal(nameOf(endless()), 'InternalError');
  assert.equal(made, 5);

  const throwing = new Error('x');
  Object.defineProperty(throwing, 'cause', {
    get() {
      throw new Error('no cause for you');
    },
  });
  assert.equal(nameOf(throwing), 'InternalError');
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  assert.equal(nameOf(new Error('x', { cause: proxy })), 'InternalError');
  const trapAll = new Proxy(
    {},
    {
      get() {
        throw new Error('trap');
      },
      getPrototypeOf() {
        throw new Error('trap');
      },
    },
  );
  assert.equal(nameOf(new Error('x', { cause: trapAll })), 'InternalError');
  assert.equal(nameOf(new Error('x', { cause: { toString: () => assert.fail('never converted') } })), 'InternalError');
  assert.equal(
    nameOf(new Error('x', { cause: { name: { toString: () => assert.fail('never') }, message: 'not found' } })),
    'NotFound',
  );
  assert.equal(nameOf(new Error('x', { cause: Symbol('timed out') })), 'Timeout');
  assert.equal(nameOf(new Error('x', { cause: 10n })), 'InternalError');
  assert.equal(nameOf(new Error('x', { cause: null })), 'InternalError');
  // NUL inside a cause's text cannot forge a link.
  assert.equal(nameOf(new Error('x', { cause: new Error('ok\u0000m-32003\u0000McpError\u0000x') })), 'InternalError');
  assert.equal(nameOf(new Error('x', { cause: systemError('ok', 'ECONN\u0000REFUSED') })), 'InternalError');
});

test('each property of each link is read once', () => {
  const reads = [];
  const counted = (label, target) =>
    new Proxy(target, {
      get(t, key, receiver) {
        if (typeof key === 'string') reads.push(`${label}.${key}`);
        return Reflect.get(t, key, receiver);
      },
    });
  const inner = counted('inner', systemError('', 'ECONNREFUSED'));
  const outer = counted('outer', new TypeError('fetch failed', { cause: inner }));
  assert.equal(nameOf(outer), 'ServiceUnavailable');
  const counts = {};
  for (const r of reads) counts[r] = (counts[r] ?? 0) + 1;
  for (const key of ['name', 'message', 'code', 'cause']) {
    assert.equal(counts[`outer.${key}`], 1, `outer.${key}`);
    assert.equal(counts[`inner.${key}`], 1, `inner.${key}`);
  }
});

test('a value that classifies on its own never has its cause read; one that does not, once', () => {
  let reads = 0;
  const withCause = (message) => {
    const e = new Error(message);
    Object.defineProperty(e, 'cause', {
      get() {
        reads++;
        return new Error('rate limit exceeded');
      },
    });
    return e;
  };
  assert.equal(nameOf(withCause('user not found')), 'NotFound');
  assert.equal(m.errorResult(withCause('user not found'), { requestId: false }).structuredContent.error.code, -32001);
  assert.equal(reads, 0);
  assert.equal(nameOf(withCause('tool failed')), 'RateLimited');
  assert.equal(reads, 1);
  assert.equal(m.errorResult(withCause('tool failed'), { requestId: false }).structuredContent.error.code, -32003);
  assert.equal(reads, 2);
});

// --- the official MCP SDK's errors -----------------------------------------------

test('SDK 1.x McpError keeps its code; ConnectionClosed is RequestCancelled, RequestTimeout is Timeout', () => {
  const v1 = (code) => m.classify(new SdkV1McpError(code, 'whatever')).name;
  assert.equal(v1(ErrorCode.ConnectionClosed), 'RequestCancelled');
  assert.equal(v1(ErrorCode.RequestTimeout), 'Timeout');
  assert.equal(v1(ErrorCode.InvalidParams), 'InvalidParams');
  assert.equal(v1(ErrorCode.InvalidRequest), 'InvalidRequest');
  assert.equal(v1(ErrorCode.MethodNotFound), 'MethodNotFound');
  assert.equal(v1(ErrorCode.ParseError), 'ParseError');
  assert.equal(v1(ErrorCode.InternalError), 'InternalError');
  // A peer's mcp-ts-core code, rebuilt by the SDK client.
  assert.equal(v1(-32003), 'RateLimited');
  // The reference reads the SDK's text instead ("MCP error -32602: ..." → "invalid").
  const invalid = new SdkV1McpError(ErrorCode.InvalidParams, 'Invalid params');
  assert.equal(ErrorHandler.determineErrorCode(invalid), -32007);
  assert.equal(nameOf(invalid), 'InvalidParams');
  // Outside our table the ladder goes on: text, then causes.
  assert.equal(nameOf(new UrlElicitationRequiredError([])), 'InternalError');
  assert.equal(nameOf(new SdkV1McpError(-32042, 'resource not found')), 'NotFound');
  // Recognised by name and a numeric code, never by wording: a plain object counts.
  assert.equal(nameOf({ name: 'McpError', code: -32602 }), 'InvalidParams');
  assert.equal(nameOf({ name: 'McpError', code: '-32602', message: 'x' }), 'InternalError');
  assert.equal(nameOf(new Error('MCP error -32001: Request timed out')), 'Timeout');
  assert.equal(nameOf(new Error('MCP error -32001: x')), 'InternalError');
});

test('SDK 2.x ProtocolError keeps its code; ResourceNotFound is NotFound', () => {
  const p = (code) => m.classify(new v2.ProtocolError(code, 'whatever')).name;
  assert.equal(p(v2.ProtocolErrorCode.InvalidParams), 'InvalidParams');
  assert.equal(p(v2.ProtocolErrorCode.InternalError), 'InternalError');
  assert.equal(p(v2.ProtocolErrorCode.ResourceNotFound), 'NotFound');
  assert.equal(p(-32000), 'ServiceUnavailable');
  assert.equal(p(-32001), 'NotFound');
  assert.equal(nameOf(new v2.ResourceNotFoundError('file:///x')), 'InvalidParams');
  assert.equal(nameOf(new v2.ProtocolError(v2.ProtocolErrorCode.UnsupportedProtocolVersion, 'x')), 'InternalError');
  assert.equal(nameOf({ name: 'ProtocolError', code: -32601 }), 'MethodNotFound');
});

test('SDK 2.x SdkError: each recognised code, and the rest goes on to its cause', () => {
  const s = (code, message = 'whatever') => m.classify(new v2.SdkError(code, message)).name;
  assert.equal(s(v2.SdkErrorCode.ConnectionClosed, 'Request aborted'), 'RequestCancelled');
  assert.equal(s(v2.SdkErrorCode.RequestTimeout), 'Timeout');
  assert.equal(s(v2.SdkErrorCode.NotConnected), 'ServiceUnavailable');
  assert.equal(s(v2.SdkErrorCode.SendFailed), 'ServiceUnavailable');
  const http = (code) => nameOf(new v2.SdkHttpError(code, 'x', { status: 0 }));
  assert.equal(http(v2.SdkErrorCode.ClientHttpAuthentication), 'Unauthorized');
  assert.equal(http(v2.SdkErrorCode.ClientHttpForbidden), 'Forbidden');
  assert.equal(s(v2.SdkErrorCode.NotInitialized), 'InternalError');
  const refused = new TypeError('fetch failed', { cause: systemError('', 'ECONNREFUSED') });
  const negotiation = new v2.SdkError(v2.SdkErrorCode.EraNegotiationFailed, 'x', undefined, { cause: refused });
  assert.equal(nameOf(negotiation), 'ServiceUnavailable');
  assert.equal(nameOf({ name: 'SdkError', code: 'REQUEST_TIMEOUT' }), 'Timeout');
});

async function linkedV1() {
  const server = new McpServerV1({ name: 's', version: '1.0.0' });
  let calls = 0;
  let entered;
  const second = new Promise((resolve) => (entered = resolve));
  server.tool('hang', async () => {
    if (++calls === 2) entered();
    return new Promise(() => {});
  });
  const [serverSide, clientSide] = InMemoryV1.createLinkedPair();
  await server.connect(serverSide);
  const client = new ClientV1({ name: 'c', version: '1.0.0' });
  await client.connect(clientSide);
  return { server, client, second };
}

test('real SDK 1.x rejections: a request timeout is Timeout, a closed connection RequestCancelled', async () => {
  const { server, client, second } = await linkedV1();
  const timedOut = await client.callTool({ name: 'hang', arguments: {} }, undefined, { timeout: 1 }).catch((e) => e);
  assert.ok(timedOut instanceof SdkV1McpError && timedOut.code === ErrorCode.RequestTimeout);
  assert.equal(nameOf(timedOut), 'Timeout');
  const pending = client.callTool({ name: 'hang', arguments: {} }).catch((e) => e);
  await second;
  await client.close();
  const closed = await pending;
  assert.ok(closed instanceof SdkV1McpError && closed.code === ErrorCode.ConnectionClosed);
  assert.equal(nameOf(closed), 'RequestCancelled');
  await server.close();
});

test('real SDK 2.x rejections: SdkError REQUEST_TIMEOUT is Timeout, CONNECTION_CLOSED RequestCancelled', async () => {
  const server = new v2.McpServer({ name: 's', version: '1.0.0' });
  let calls = 0;
  let entered;
  const second = new Promise((resolve) => (entered = resolve));
  server.registerTool('hang', { description: 'never answers' }, async () => {
    if (++calls === 2) entered();
    return new Promise(() => {});
  });
  const [serverSide, clientSide] = v2.InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new ClientV2({ name: 'c', version: '1.0.0' });
  await client.connect(clientSide);
  const timedOut = await client.callTool({ name: 'hang', arguments: {} }, { timeout: 1 }).catch((e) => e);
  assert.ok(timedOut instanceof v2.SdkError && timedOut.code === v2.SdkErrorCode.RequestTimeout);
  assert.equal(nameOf(timedOut), 'Timeout');
  const pending = client.callTool({ name: 'hang', arguments: {} }).catch((e) => e);
  await second;
  await client.close();
  const closed = await pending;
  assert.ok(closed instanceof v2.SdkError && closed.code === v2.SdkErrorCode.ConnectionClosed);
  assert.equal(nameOf(closed), 'RequestCancelled');
  await server.close();
});
