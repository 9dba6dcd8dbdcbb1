// logRecord (the `Error in tool:<name>: …` record) and tryCatch (a service call logged
// once and rethrown as an McpError), end to end through the package: each level rule,
// where stacks are kept, the cause chain, masking, hostile thrown values.
//
// Vectors of our own from mcp-ts-core's source (cyanheads/mcp-ts-core):
// - src/utils/internal/error-handler/errorHandler.ts at 00c6ea2: the log line is
//   `Error in ${operation}: ${message}`, `Cancelled ${operation}: ${message}` for a
//   cancellation (logged at info, no stack, no cause chain); the rebuilt McpError's data
//   is `{ ...error.data, originalErrorName, originalMessage }`; an McpError keeps its
//   code, anything else takes `errorCode || determineErrorCode(error)`; `tryCatch` runs
//   `await Promise.resolve(fn())` and always rethrows.
// - src/utils/internal/error-handler/helpers.ts at bce6466: `extractErrorCauseChain`
//   (the thrown error at depth 0, `StringError` for a string cause, a node's string
//   `code`, `CircularReference` / `Circular reference detected in error cause chain`,
//   `MaxDepthExceeded` / `Error cause chain exceeded maximum depth of 20`), and
//   `getErrorName` (`NullValueEncountered`, `<typeof>Encountered`).
// - src/mcp-server/tools/utils/toolHandlerFactory.ts at fbeb109: a tool's operation is
//   `tool:${def.name}`.
// Seed 002 decides what those files predate: wire data never carries a stack, a cause
// or context; an unreadable field is '[Unreadable]'; the framework's own refusals log
// at notice with no stack; a ZodError's stack header is its one-line summary.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as z from 'zod';
import {
  errorResult,
  fail,
  formatValidation,
  JsonRpcErrorCode,
  logRecord,
  McpError,
  notFound,
  registerTool,
  tryCatch,
} from '../pkg/node.js';
import { connected, V1, V2 } from './sdks.mjs';

const contract = [
  {
    reason: 'declined',
    code: JsonRpcErrorCode.Forbidden,
    when: 'The user declined the purchase.',
    recovery: 'Ask the user to confirm the purchase, then call buy again.',
    severity: 'notice',
  },
];

test('the log line names the operation; a cancellation logs at info with no stack', () => {
  const thrown = new Error('upstream reset', { cause: new Error('socket hang up') });
  const record = logRecord(thrown, { tool: 'search' });
  assert.equal(record.log, 'Error in tool:search: upstream reset');
  assert.equal(record.operation, 'tool:search');
  assert.equal(record.stack, thrown.stack);
  assert.equal(record.causeChain.length, 2);
  const cancelled = logRecord(thrown, { tool: 'search', aborted: true });
  assert.equal(cancelled.level, 'info');
  assert.equal(cancelled.log, 'Cancelled tool:search: upstream reset');
  assert.equal(cancelled.stack, undefined);
  assert.equal(cancelled.causeChain, undefined);
  assert.equal(cancelled.rootCause, undefined);
  // RequestCancelled thrown is a cancellation too.
  const thrownCancel = logRecord(new McpError(JsonRpcErrorCode.RequestCancelled, 'gone'), { tool: 's' });
  assert.equal(thrownCancel.level, 'info');
  assert.equal(thrownCancel.stack, undefined);
});

const forbiddenScope = () => new McpError(JsonRpcErrorCode.Forbidden, 'Missing scope: orders:write');

test('each level rule, and the stack where seed 002 keeps it', () => {
  const declined = logRecord(fail(contract, 'declined'), { tool: 'buy', contract });
  assert.equal(declined.level, 'notice');
  assert.equal(typeof declined.stack, 'string', 'a declared severity moves the level, not the stack');
  assert.equal(declined.recovery, 'Ask the user to confirm the purchase, then call buy again.');
  assert.equal(logRecord(notFound('no item'), { tool: 'buy' }).level, 'error');

  const rejection = formatValidation([{ code: 'custom', path: ['q'], message: 'Too short' }], {
    tool: 'search',
    args: { q: 'a' },
  });
  const refused = logRecord(rejection, { tool: 'search' });
  assert.equal(refused.level, 'notice');
  assert.equal(refused.stack, undefined, 'an argument rejection logs no stack');
  assert.equal(refused.reason, 'invalid_arguments');
  assert.equal(refused.recovery, rejection.data.recovery.hint);
  assert.equal(refused.data.issues.length, 1);

  const capability = new McpError(JsonRpcErrorCode.InvalidRequest, 'No elicitation', {
    reason: 'client_capability_missing',
  });
  const noCapability = logRecord(capability, { tool: 'confirm' });
  assert.equal(noCapability.level, 'notice');
  assert.equal(noCapability.stack, undefined);

  // A missing-scope refusal is known by where it was raised, never by its code.
  const scope = logRecord(forbiddenScope(), { tool: 'admin', scopeRefusal: true });
  assert.equal(scope.level, 'notice');
  assert.equal(scope.stack, undefined);
  const own = logRecord(forbiddenScope(), { tool: 'admin' });
  assert.equal(own.level, 'error');
  assert.equal(typeof own.stack, 'string');

  const plain = logRecord(new TypeError('x is undefined'), { tool: 't' });
  assert.equal(plain.level, 'error');
  assert.equal(plain.data.originalErrorName, 'TypeError');
});

test('the cause chain: nodes, codes, a string cause, a cycle, the depth cap, an unreadable cause', () => {
  const inner = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  const outer = new Error('user lookup failed', { cause: inner });
  const record = logRecord(outer, { tool: 'db' });
  assert.deepEqual(
    record.causeChain.map(({ name, message, depth, code }) => ({ name, message, depth, code })),
    [
      { name: 'Error', message: 'user lookup failed', depth: 0, code: undefined },
      { name: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:5432', depth: 1, code: 'ECONNREFUSED' },
    ],
  );
  assert.equal(record.causeChain[1].stack, inner.stack);
  assert.deepEqual(record.rootCause, { name: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:5432' });

  const stringCause = logRecord(new Error('a', { cause: 'socket hang up' }), { tool: 't' });
  assert.deepEqual(stringCause.rootCause, { name: 'StringError', message: 'socket hang up' });

  const a = new Error('a');
  const b = new Error('b', { cause: a });
  a.cause = b;
  const cycle = logRecord(a, { tool: 't' });
  assert.deepEqual(cycle.causeChain.at(-1), {
    name: 'CircularReference',
    message: 'Circular reference detected in error cause chain',
    depth: 2,
  });

  let deep = new Error('bottom');
  for (let i = 0; i < 100; i += 1) deep = new Error(`level ${i}`, { cause: deep });
  const long = logRecord(deep, { tool: 't' });
  assert.equal(long.causeChain.length, 21);
  assert.deepEqual(long.causeChain.at(-1), {
    name: 'MaxDepthExceeded',
    message: 'Error cause chain exceeded maximum depth of 20',
    depth: 20,
  });

  const unreadable = new Error('outer');
  Object.defineProperty(unreadable, 'cause', {
    get() {
      throw new Error('SECRET-getter');
    },
  });
  const ends = logRecord(unreadable, { tool: 't' });
  assert.deepEqual(ends.causeChain.at(-1), { name: '[Unreadable]', message: '[Unreadable]', depth: 1 });
  assert.doesNotMatch(JSON.stringify(ends), /SECRET-getter/);
});

test('every text of the record is masked, unless raw', () => {
  const secret = 'Bearer abcDEF123456789xyz';
  const inner = new Error(`auth header ${secret}`);
  const thrown = new McpError(
    JsonRpcErrorCode.Unauthorized,
    `upstream refused ${secret}`,
    { token: 'tok-1' },
    { cause: inner },
  );
  const record = logRecord(thrown, { tool: 't' });
  assert.doesNotMatch(JSON.stringify(record), /abcDEF123456789xyz|tok-1/);
  assert.equal(record.data.token, '***');
  const raw = logRecord(thrown, { tool: 't', raw: true });
  assert.match(raw.message, /abcDEF123456789xyz/);
  assert.match(raw.causeChain[1].message, /abcDEF123456789xyz/);
  assert.equal(raw.data.token, 'tok-1');
});

test("a ZodError's record and stack carry its one-line summary, never its JSON", () => {
  const issues = [
    { code: 'invalid_type', path: ['user', 'id'], message: 'Expected number' },
    { code: 'custom', path: ['b'], message: 'Bad b' },
  ];
  const zod = new Error(JSON.stringify(issues, null, 2));
  zod.name = 'ZodError';
  zod.issues = issues;
  const record = logRecord(zod, { tool: 't' });
  assert.equal(record.message, 'user.id: Expected number (+1 more)');
  const [header, ...frames] = record.stack.split('\n');
  assert.equal(header, 'ZodError: user.id: Expected number (+1 more)');
  assert.ok(frames.length > 0 && frames.every((line) => /^\s+at /.test(line)), record.stack);
});

test('long messages and stacks are cut, their lengths kept', () => {
  const thrown = new Error('x'.repeat(100_000));
  const record = logRecord(thrown, { tool: 't' });
  assert.equal(record.message.length, 8192);
  assert.equal(record.originalMessageLength, 100_000);
  assert.equal(record.stack.length, 16_384);
  assert.equal(record.stackLength, thrown.stack.length);
});

test('hostile thrown values: every unreadable field is [Unreadable], never a throw', () => {
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  const record = logRecord(revoked.proxy, { tool: 't' });
  assert.equal(record.message, '[Unreadable]');
  assert.equal(record.data.originalErrorName, '[Unreadable]');

  const getters = new Error('m');
  // The stack first: V8 formats it on first use, reading name and message.
  for (const key of ['stack', 'name', 'message']) {
    Object.defineProperty(getters, key, {
      get() {
        throw new Error('SECRET-trap');
      },
    });
  }
  const unreadable = logRecord(getters, { tool: 't' });
  assert.equal(unreadable.message, '[Unreadable]');
  assert.equal(unreadable.stack, '[Unreadable]');
  assert.equal(unreadable.data.originalErrorName, '[Unreadable]');

  const badData = new McpError(JsonRpcErrorCode.NotFound, 'gone', {
    ok: 1,
    get bad() {
      throw new Error('SECRET-trap');
    },
    big: 10n,
  });
  const fields = logRecord(badData, { tool: 't' });
  assert.equal(fields.data.ok, 1);
  assert.equal(fields.data.bad, '[Unreadable]');
  assert.equal(fields.data.big, '[Unreadable]');
  assert.doesNotMatch(JSON.stringify([record, unreadable, fields]), /SECRET-trap/);

  for (const value of [null, undefined, 1n, Symbol('s'), 404, 'plain text']) {
    const r = logRecord(value, { tool: 't' });
    assert.equal(typeof r.message, 'string');
    assert.equal(r.stack, undefined);
  }
  assert.equal(logRecord(null, { tool: 't' }).data.originalErrorName, 'NullValueEncountered');
  // A plain object is never written as its JSON: its problem-detail text, else the reference's last resort.
  const object = logRecord({ token: 'SECRET-json', user: 7 }, { tool: 't', raw: true });
  assert.equal(object.data.originalMessage, 'Non-Error object encountered (constructor: Object)');
  assert.doesNotMatch(JSON.stringify(object), /SECRET-json/);
  const problem = logRecord({ title: 'Not Found', detail: 'no user 7', status: 404 }, { tool: 't' });
  assert.equal(problem.data.originalMessage, 'Not Found: no user 7');
  assert.equal(problem.code, JsonRpcErrorCode.NotFound);
  assert.equal(logRecord(404, { tool: 't' }).data.originalErrorName, 'numberEncountered');
});

test('tryCatch returns what a sync or async function returns', async () => {
  assert.equal(await tryCatch(() => 7, { operation: 'sync' }), 7);
  assert.equal(await tryCatch(async () => 8, { operation: 'async' }), 8);
  assert.equal(await tryCatch(() => Promise.resolve(9), { operation: 'promise' }), 9);
});

test('tryCatch rethrows an McpError, logging once: sync throws and async rejections', async () => {
  for (const fn of [
    () => {
      throw new Error('boom', { cause: new Error('disk full') });
    },
    async () => {
      throw new Error('boom', { cause: new Error('disk full') });
    },
  ]) {
    const records = [];
    await assert.rejects(
      tryCatch(fn, {
        operation: 'Store.save',
        errorCode: JsonRpcErrorCode.DatabaseError,
        onError: (r) => records.push(r),
      }),
      (error) => {
        assert.ok(McpError.isMcpError(error));
        assert.equal(error.code, JsonRpcErrorCode.DatabaseError);
        assert.equal(error.message, 'boom');
        assert.deepEqual(error.data, { originalErrorName: 'Error', originalMessage: 'boom' });
        assert.equal(error.cause.message, 'boom');
        assert.equal(error.stack, error.cause.stack, 'the stack starts at the throw site');
        return true;
      },
    );
    assert.equal(records.length, 1);
    assert.equal(records[0].log, 'Error in Store.save: boom');
    assert.equal(records[0].operation, 'Store.save');
    assert.equal(records[0].tool, undefined);
    assert.deepEqual(records[0].rootCause, { name: 'Error', message: 'disk full' });
  }
});

test('tryCatch: an McpError keeps its code and data; the wire carries no cause, stack or context', async () => {
  const thrown = notFound('No user 7', { reason: 'no_such_user' }, { cause: new Error('row missing') });
  const error = await tryCatch(
    () => {
      throw thrown;
    },
    { operation: 'Users.get', errorCode: JsonRpcErrorCode.InternalError },
  ).catch((e) => e);
  assert.equal(error.code, JsonRpcErrorCode.NotFound);
  assert.deepEqual(error.data, { reason: 'no_such_user', originalErrorName: 'McpError', originalMessage: 'No user 7' });
  const wire = JSON.stringify(errorResult(error, { requestId: 'REQ01-00001' }));
  assert.doesNotMatch(wire, /row missing|causeChain|rootCause|stack|at /);
  assert.match(wire, /"originalErrorName":"McpError"/);
  // Without errorCode, anything else is classified as classify() does.
  const timedOut = await tryCatch(
    () => {
      throw new Error('ETIMEDOUT while connecting');
    },
    { operation: 'x' },
  ).catch((e) => e);
  assert.equal(timedOut.code, JsonRpcErrorCode.Timeout);
  const plain = await tryCatch(
    () => {
      throw new Error('nothing to classify');
    },
    { operation: 'x' },
  ).catch((e) => e);
  assert.equal(plain.code, JsonRpcErrorCode.InternalError);
});

test('tryCatch: errorMapper decides what is thrown; a throwing onError never hides the failure', async () => {
  class DomainError extends Error {}
  const mapped = await tryCatch(
    () => {
      throw new Error('raw');
    },
    {
      operation: 'x',
      errorMapper: (caught) => new DomainError(`mapped ${caught.message}`),
      onError: () => {
        throw new Error('logger down');
      },
    },
  ).catch((e) => e);
  assert.ok(mapped instanceof DomainError);
  assert.equal(mapped.message, 'mapped raw');
  // The identity mapper: the caught value itself.
  const same = new Error('same');
  assert.equal(
    await tryCatch(() => Promise.reject(same), { operation: 'x', errorMapper: (e) => e }).catch((e) => e),
    same,
  );
});

test('tryCatch: hostile caught values still become an McpError with [Unreadable] fields', async () => {
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  const fromRevoked = await tryCatch(() => Promise.reject(revoked.proxy), { operation: 'x' }).catch((e) => e);
  assert.ok(McpError.isMcpError(fromRevoked));
  assert.equal(fromRevoked.code, JsonRpcErrorCode.InternalError);
  assert.deepEqual(fromRevoked.data, { originalErrorName: '[Unreadable]', originalMessage: '[Unreadable]' });

  const noCode = new McpError(JsonRpcErrorCode.NotFound, 'gone');
  Object.defineProperty(noCode, 'code', {
    get() {
      throw new Error('SECRET-trap');
    },
  });
  const fromNoCode = await tryCatch(() => Promise.reject(noCode), { operation: 'x' }).catch((e) => e);
  assert.equal(fromNoCode.code, JsonRpcErrorCode.InternalError, 'an McpError whose code cannot be read');

  const noStack = new Error('m');
  Object.defineProperty(noStack, 'stack', {
    get() {
      throw new Error('SECRET-trap');
    },
  });
  const records = [];
  const fromNoStack = await tryCatch(() => Promise.reject(noStack), {
    operation: 'x',
    onError: (r) => records.push(r),
  }).catch((e) => e);
  assert.match(fromNoStack.stack, /^McpError: m\n/, 'the rebuilt error keeps its own stack');
  assert.equal(records[0].stack, '[Unreadable]');
  assert.doesNotMatch(JSON.stringify(records), /SECRET-trap/);

  for (const value of [null, undefined, 0, '', Symbol('s'), 5n]) {
    const e = await tryCatch(() => Promise.reject(value), { operation: 'x' }).catch((error) => error);
    assert.ok(McpError.isMcpError(e), String(typeof value));
  }
});

test('tryCatch checks its arguments (as a rejection)', async () => {
  await assert.rejects(tryCatch(1, { operation: 'x' }), TypeError);
  await assert.rejects(
    tryCatch(() => 1, {}),
    TypeError,
  );
  await assert.rejects(
    tryCatch(() => 1, { operation: 'x', errorCode: -1 }),
    TypeError,
  );
  await assert.rejects(
    tryCatch(() => 1, { operation: 'x', errorMapper: 1 }),
    TypeError,
  );
  await assert.rejects(
    tryCatch(() => 1, { operation: 'x', onError: 'log' }),
    TypeError,
  );
  await assert.rejects(
    tryCatch(() => 1, { operation: 'x', raw: 'yes' }),
    TypeError,
  );
});

for (const sdk of [V1, V2]) {
  test(`registerTool's onError gets the masked record, raw only with logRaw (SDK ${sdk.version})`, async () => {
    const records = [];
    const failing = () => {
      throw new Error('connect postgres://admin:hunter2@db/app failed');
    };
    const { client } = await connected(sdk, (server) => {
      const config = (logRaw) => ({ inputSchema: { q: z.string() }, onError: (r) => records.push(r), logRaw });
      registerTool(server, 'masked', config(undefined), failing);
      registerTool(server, 'raw', config(true), failing);
    });
    await client.callTool({ name: 'masked', arguments: { q: 'a' } });
    await client.callTool({ name: 'raw', arguments: { q: 'a' } });
    assert.equal(records.length, 2);
    assert.equal(records[0].log, 'Error in tool:masked: connect postgres://admin:***@db/app failed');
    assert.doesNotMatch(JSON.stringify(records[0]), /hunter2/);
    assert.equal(records[1].message, 'connect postgres://admin:hunter2@db/app failed');
    assert.match(records[1].requestId, /^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    const server = new sdk.Server({ name: 's', version: '1.0.0' });
    assert.throws(() => registerTool(server, 'x', { logRaw: 'yes' }, failing), /config\.logRaw must be a boolean/);
  });
}

test('a thrown object that says nothing names its constructor (the reference’s last resort), never its JSON', () => {
  class ApiFailure {
    constructor() {
      this.token = 'SECRET-json';
    }
  }
  const cases = [
    [{ token: 'SECRET-json' }, 'Object'],
    [Object.create(null), 'Object'],
    [new ApiFailure(), 'ApiFailure'],
    [
      {
        get constructor() {
          throw new Error('SECRET-trap');
        },
      },
      'Object',
    ],
  ];
  for (const [thrown, name] of cases) {
    const text = errorResult(thrown, { requestId: false }).content[0].text;
    assert.equal(text, `Error: Non-Error object encountered (constructor: ${name})`);
    assert.doesNotMatch(JSON.stringify(errorResult(thrown)), /SECRET/);
  }
  // What the object says comes first.
  assert.equal(
    errorResult({ title: 'Not Found', status: 404 }, { requestId: false }).content[0].text,
    'Error: Not Found',
  );
});
