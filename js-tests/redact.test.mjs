// Safe by default: secrets are masked in everything either dialect sends, an option
// turns that off, server-category errors can go out with a fixed sentence, and
// logRecord masks them too unless asked for the raw text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as m from '../pkg/node.js';
import { vectors } from './vectors.mjs';

const { errorResult, internalError, toolError, errorBuilder, error, logRecord, McpError, JsonRpcErrorCode, fail } = m;

const MASK = '***';
const SERVER_SENTENCE =
  'The server hit an internal error. Retry the same call once; if it fails again, report this error and its request ID.';

const JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';

/** Each pattern: the text that carries it, the secret part, and what the text becomes. */
const CASES = [
  ['connect postgres://admin:pw-Secret1@db/app failed', 'pw-Secret1', 'connect postgres://admin:***@db/app failed'],
  ['https://ghp0123456789abcdefghijkl@github.com/o/r', 'ghp0123456789abcdefghijkl', 'https://***@github.com/o/r'],
  ['Authorization: Bearer abc123def456ghi', 'abc123def456ghi', 'Authorization: Bearer ***'],
  ['basic dXNlcjpwYXNzd29yZA==', 'dXNlcjpwYXNzd29yZA==', 'basic ***'],
  ['key sk-proj-Ab12Cd34Ef56Gh78Ij90Kl12 rejected', 'Ab12Cd34Ef56Gh78Ij90Kl12', 'key sk-*** rejected'],
  ['sk_live_51HxYzAbCdEfGh1234', '51HxYzAbCdEfGh1234', 'sk_live_***'],
  ['ghp_16C7e42F292c6912E7710c838347Ae178B4a', '16C7e42F292c6912E7710c838347Ae178B4a', 'ghp_***'],
  [
    'github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz',
    '11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz',
    'github_pat_***',
  ],
  ['slack xoxb-123456789012-abcdefABCDEF', '123456789012-abcdefABCDEF', 'slack xoxb-***'],
  ['id AKIAIOSFODNN7EXAMPLE', 'IOSFODNN7EXAMPLE', 'id AKIA***'],
  [`jwt ${JWT}`, JWT.slice(0, 30), 'jwt ***'],
  ['GET /v1?api_key=k3y-value&page=2', 'k3y-value', 'GET /v1?api_key=***&page=2'],
  ['DB_PASSWORD="hunter 2"', 'hunter 2', 'DB_PASSWORD="***"'],
  ['body {"password": "hunter2"}', 'hunter2', 'body {"password": "***"}'],
];

/** Texts deliberately left alone. */
const NOT_SECRETS = [
  'sk-learn is not installed',
  'use sk-learn-compatible-estimators-please',
  'Bearer',
  'Bearer token expired',
  'Basic authentication required',
  'write to someone@example.com',
  'http://host/path?q=1',
  'ssh://git@github.com/o/r',
  'ghp_short',
  'password: must be 8 characters',
  'max_tokens=100',
  'PWD=/home/me',
];

const everything = (result) => JSON.stringify(result);

test('every pattern is masked through errorResult, and the secret appears nowhere in the result', () => {
  for (const [text, secret, masked] of CASES) {
    const result = errorResult(new Error(text), { requestId: 'R' });
    assert.equal(result.content[0].text, `Error: ${masked}\n\n(request R)`, text);
    assert.equal(result.structuredContent.error.message, masked, text);
    assert.ok(!everything(result).includes(secret), text);
  }
});

test('McpError data strings, secret-named fields, recovery hints and contract fills are masked', () => {
  const thrown = new McpError(JsonRpcErrorCode.NotFound, 'lookup via postgres://u:p4ss@db failed', {
    reason: 'no_match',
    dsn: 'redis://:s3cr3t@cache:6379',
    nested: [{ apiKey: 'plain-looking-value' }, { note: `token ${JWT}` }],
    recovery: { hint: 'Retry with Bearer abc123def456ghi' },
  });
  const result = errorResult(thrown, { requestId: 'R' });
  const json = everything(result);
  for (const secret of ['p4ss', 's3cr3t', 'plain-looking-value', JWT.slice(0, 20), 'abc123def456ghi']) {
    assert.ok(!json.includes(secret), secret);
  }
  assert.equal(
    result.content[0].text,
    'Error: lookup via postgres://u:***@db failed\n\nRecovery: Retry with Bearer ***\n\n(reason no_match · request R)',
  );
  assert.deepEqual(result.structuredContent.error.data.nested, [{ apiKey: MASK }, { note: 'token ***' }]);
  const contract = [
    { reason: 'gone', code: JsonRpcErrorCode.NotFound, when: 'Gone', recovery: 'Ask with token=abc123 again.' },
  ];
  const filled = errorResult(fail(contract, 'gone'), { contract, requestId: false });
  assert.equal(filled.structuredContent.error.data.recovery.hint, 'Ask with token=*** again.');
});

test('data nested deeper than the core reads is masked too', () => {
  let deep = { password: 'hunter2', url: 'postgres://a:pw0rd@h' };
  for (let i = 0; i < 100; i++) deep = [deep];
  const result = errorResult(new McpError(JsonRpcErrorCode.NotFound, 'm', { deep }), { requestId: 'R' });
  const json = everything(result);
  assert.ok(!json.includes('hunter2') && !json.includes('pw0rd'), json.slice(-200));
  let inner = result.structuredContent.error.data.deep;
  for (let i = 0; i < 100; i++) inner = inner[0];
  assert.deepEqual(inner, { password: MASK, url: 'postgres://a:***@h' });
});

test('a ZodError message written with a secret is masked', () => {
  const zod = { name: 'ZodError', issues: [{ code: 'custom', path: ['dsn'], message: 'bad postgres://a:pw9@h' }] };
  const result = errorResult(zod, { requestId: 'R' });
  assert.equal(result.structuredContent.error.message, 'dsn: bad postgres://a:***@h');
  assert.ok(!everything(result).includes('pw9'));
});

test('every pattern is masked through internalError, toolError, the builder and error()', () => {
  for (const [text, secret, masked] of CASES) {
    const internal = internalError(new Error(text), { tool: 't', action: 'a' }).content[0].text;
    assert.ok(
      internal.includes(`<message>[t/a] ${masked.replaceAll('&', '&amp;').replaceAll('<', '&lt;')}</message>`),
      internal,
    );
    const tool = toolError('X', { message: text, suggestion: text, details: { d: text } });
    const built = errorBuilder('X', text).suggest(text).details({ d: text }).build();
    for (const result of [internal, tool, built, error(text)].map((r) => (typeof r === 'string' ? r : everything(r)))) {
      assert.ok(!result.includes(secret), `${text}: ${result}`);
    }
  }
});

test('texts that only look like secrets are left alone in both dialects', () => {
  for (const text of NOT_SECRETS) {
    assert.equal(errorResult(new Error(text), { requestId: false }).structuredContent.error.message, text);
    const escaped = text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
    assert.ok(toolError('X', { message: text }).content[0].text.includes(`<message>${escaped}</message>`), text);
  }
});

test('the off switch sends the text as thrown', () => {
  for (const [text] of CASES) {
    assert.equal(
      errorResult(new Error(text), { requestId: false, redactSecrets: false }).structuredContent.error.message,
      text,
    );
    const escaped = text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
    const internal = internalError(new Error(text), { tool: 't', redactSecrets: false }).content[0].text;
    assert.ok(internal.includes(`<message>[t] ${escaped}</message>`), internal);
    assert.ok(toolError('X', { message: text, redactSecrets: false }).content[0].text.includes(escaped));
    assert.ok(errorBuilder('X', text).redactSecrets(false).content[0].text.includes(escaped));
  }
  let deep = { password: 'hunter2' };
  for (let i = 0; i < 100; i++) deep = [deep];
  assert.ok(everything(errorResult(new McpError(-32001, 'm', { deep }), { redactSecrets: false })).includes('hunter2'));
});

test('maskServerErrors replaces a server-category message and keeps the terms to report it', () => {
  const db = new McpError(JsonRpcErrorCode.DatabaseError, 'SELECT * FROM users at 10.0.0.4 failed', {
    reason: 'db_down',
    retryable: true,
    query: 'SELECT * FROM users',
  });
  const masked = errorResult(db, { requestId: 'R', maskServerErrors: true });
  assert.equal(masked.content[0].text, `Error: ${SERVER_SENTENCE}\n\n(reason db_down · retryable · request R)`);
  assert.deepEqual(masked.structuredContent.error, {
    code: JsonRpcErrorCode.DatabaseError,
    message: SERVER_SENTENCE,
    data: { reason: 'db_down', retryable: true, requestId: 'R' },
  });
  const internal = errorResult(new Error('boom at /srv/app.js:12'), { requestId: 'R', maskServerErrors: true });
  assert.equal(internal.structuredContent.error.message, SERVER_SENTENCE);
  // A client-category error keeps its message and data.
  const notFound = errorResult(new McpError(JsonRpcErrorCode.NotFound, 'No item 7', { id: 7 }), {
    requestId: 'R',
    maskServerErrors: true,
  });
  assert.equal(notFound.content[0].text, 'Error: No item 7\n\n(request R)');
  assert.deepEqual(notFound.structuredContent.error.data, { id: 7, requestId: 'R' });
  // Off by default.
  assert.equal(errorResult(db, { requestId: false }).structuredContent.error.message, db.message);
});

test('maskServerErrors in the XML dialect masks only server-category throws', () => {
  const server = internalError(new Error('SELECT * FROM users failed'), {
    tool: 't',
    action: 'a',
    maskServerErrors: true,
  });
  assert.ok(server.content[0].text.includes(`<message>[t/a] ${SERVER_SENTENCE}</message>`), server.content[0].text);
  const client = internalError(new McpError(JsonRpcErrorCode.NotFound, 'No item 7'), {
    tool: 't',
    maskServerErrors: true,
  });
  assert.ok(client.content[0].text.includes('<message>[t] No item 7</message>'), client.content[0].text);
  const plain = internalError(new Error('SELECT * FROM users failed'), { tool: 't' });
  assert.ok(plain.content[0].text.includes('<message>[t] SELECT * FROM users failed</message>'));
});

test('logRecord masks secrets unless asked raw, and picks the level', () => {
  const text = 'connect postgres://admin:pw-Secret1@db/app failed';
  const thrown = new Error(text);
  const { stack, ...record } = logRecord(thrown, { tool: 't', phase: 'handler' });
  const masked = 'connect postgres://admin:***@db/app failed';
  assert.deepEqual(record, {
    level: 'error',
    code: JsonRpcErrorCode.InternalError,
    name: 'InternalError',
    category: 'server',
    message: masked,
    log: `Error in tool:t: ${masked}`,
    operation: 'tool:t',
    tool: 't',
    phase: 'handler',
    data: { originalErrorName: 'Error', originalMessage: masked },
  });
  assert.equal(stack, thrown.stack.replace('pw-Secret1', '***'));
  const raw = logRecord(thrown, { tool: 't', raw: true });
  assert.equal(raw.message, text);
  assert.equal(raw.stack, thrown.stack);
  assert.equal(raw.data.originalMessage, text);
  const contract = [
    {
      reason: 'declined',
      code: JsonRpcErrorCode.Forbidden,
      when: 'Declined',
      recovery: 'Ask again.',
      severity: 'notice',
    },
    { reason: 'gone', code: JsonRpcErrorCode.NotFound, when: 'Gone', recovery: 'Search first.' },
  ];
  const declined = logRecord(fail(contract, 'declined'), { tool: 't', contract });
  assert.equal(declined.level, 'notice');
  assert.equal(declined.reason, 'declined');
  assert.equal(declined.category, 'client');
  assert.equal(logRecord(fail(contract, 'gone'), { tool: 't', contract }).level, 'error');
  assert.equal(logRecord(new McpError(JsonRpcErrorCode.NotFound, 'x'), { tool: 't' }).level, 'error');
  const cancelled = logRecord(new Error('x'), { tool: 't', aborted: true });
  assert.equal(cancelled.level, 'info');
  assert.equal(cancelled.name, 'RequestCancelled');
  const zod = {
    name: 'ZodError',
    issues: Array.from({ length: 3000 }, () => ({ code: 'custom', path: ['a'], message: 'Bad' })),
  };
  assert.equal(logRecord(zod, { tool: 't' }).message, 'a: Bad (+2999 more)');
  // Raw on request, even where the wire is masked.
  const db = new McpError(JsonRpcErrorCode.DatabaseError, `lost ${text}`);
  assert.equal(logRecord(db, { tool: 't', raw: true }).message, `lost ${text}`);
  assert.equal(logRecord(db, { tool: 't' }).message, `lost ${masked}`);
});

test('logRecord never throws for a hostile thrown value, and checks its options', () => {
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  const getter = Object.defineProperty(new McpError(-32001, 'm'), 'data', {
    get() {
      throw new Error('no');
    },
  });
  for (const thrown of [
    null,
    undefined,
    1n,
    Symbol('s'),
    revoked.proxy,
    getter,
    {
      name: 'ZodError',
      issues: new Proxy([], {
        get() {
          throw 1;
        },
      }),
    },
  ]) {
    const record = logRecord(thrown, { tool: 't' });
    assert.equal(typeof record.message, 'string');
    assert.equal(typeof record.level, 'string');
  }
  assert.throws(() => logRecord(new Error('x'), {}), TypeError);
  assert.throws(() => logRecord(new Error('x'), { tool: 't', phase: 1 }), TypeError);
  assert.throws(() => logRecord(new Error('x'), { tool: 't', aborted: 'yes' }), TypeError);
  assert.throws(() => logRecord(new Error('x'), { tool: 't', raw: 1 }), TypeError);
  assert.throws(() => errorResult(new Error('x'), { redactSecrets: 'no' }), TypeError);
  assert.throws(() => errorResult(new Error('x'), { maskServerErrors: 1 }), TypeError);
  assert.throws(() => toolError('X', { message: 'm', redactSecrets: 'no' }), TypeError);
  assert.throws(() => internalError(new Error('x'), { tool: 't', maskServerErrors: 'yes' }), TypeError);
  assert.throws(() => errorBuilder('X', 'm').redactSecrets('no'), TypeError);
});

test('no string of the conformance vectors is changed by redaction', () => {
  const strings = new Set();
  const walk = (value) => {
    if (typeof value === 'string') strings.add(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(vectors('tscore.json'));
  walk(vectors('fusion.json'));
  assert.ok(strings.size > 500, `${strings.size}`);
  for (const text of strings) {
    const on = errorResult(new Error(text), { requestId: false }).structuredContent.error.message;
    assert.equal(on, text);
  }
});
