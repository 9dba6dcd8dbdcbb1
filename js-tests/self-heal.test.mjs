// Self-healing: an instance that traps is re-instantiated from the compiled module and
// the call answers with its export's minimal valid envelope, never a RuntimeError. Runs
// on build/test-trap/ (scripts/build-test-trap.mjs: pkg/ with a wasm built with the
// `test-trap` feature), through the same entry and engine code as the package.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { STAMP, testTrapInputs } from '../scripts/test-trap-inputs.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// Rebuilt whenever what it is built from (the crate's sources, pkg/, the build scripts)
// changed since the last build, so the test never runs on a stale trap build.
const built = existsSync(`${root}${STAMP}`) ? readFileSync(`${root}${STAMP}`, 'utf8').trim() : null;
if (built !== testTrapInputs()) {
  execFileSync('node', ['scripts/build-test-trap.mjs'], { cwd: root, stdio: 'inherit' });
}
assert.equal(
  readFileSync(`${root}${STAMP}`, 'utf8').trim(),
  testTrapInputs(),
  'build/test-trap/ is built from the current sources',
);
const healing = await import('../build/test-trap/node.js');
const { engine } = (await import('../build/test-trap/lib/bundle.js')).default;
const published = await import('../pkg/node.js');
// registerTool's one-call rejection envelope is not a package export: reached through each build's own lib.
const rejectionResultOf = new Map([
  [published, (await import('../pkg/lib/bundle.js')).default.rejectionResult],
  [healing, (await import('../build/test-trap/lib/bundle.js')).default.rejectionResult],
]);

const exportsOf = (path) => WebAssembly.Module.exports(new WebAssembly.Module(readFileSync(path))).map((e) => e.name);

test('the published wasm leaves the trapping exports out; the test build has them', () => {
  const pkg = exportsOf(`${root}pkg/wasm/mcp_envelope_bg.wasm`);
  const trap = exportsOf(`${root}build/test-trap/wasm/mcp_envelope_bg.wasm`);
  assert.ok(pkg.includes('mcp_envelope_call'));
  for (const name of ['trapForTest', 'trapAfterAllocations']) {
    assert.ok(!pkg.includes(name), `pkg/ wasm exports ${name}`);
    assert.ok(trap.includes(name), `the test build lacks ${name}`);
  }
  assert.doesNotMatch(readFileSync(`${root}pkg/lib/bundle.js`, 'utf8'), /trapForTest/);
  assert.match(readFileSync(`${root}build/test-trap/lib/bundle.js`, 'utf8'), /trapForTest/);
  assert.equal(typeof published.trapForTest, 'undefined');
});

// One error for every logRecord call: its stack is part of the record.
const boom = new Error('boom');
const issues = [
  {
    code: 'invalid_type',
    expected: 'string',
    received: 'number',
    path: ['name'],
    message: 'Expected string, received number',
  },
];
const contract = [
  {
    reason: 'no_such_user',
    code: healing.JsonRpcErrorCode.NotFound,
    when: 'the user does not exist',
    recovery: 'Ask for another id.',
  },
];
// Ordinary calls of every export that reaches the engine, each a pure function of its input.
const calls = {
  classify: (m) => m.classify(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
  httpStatusToErrorCode: (m) => m.httpStatusToErrorCode(429),
  errorResult: (m) => m.errorResult(new Error('the disk is full'), { requestId: 'REQ-1' }),
  errorResultMcp: (m) => m.errorResult(m.notFound('no user 7', { id: 7 }), { requestId: 'REQ-2', contract }),
  fail: (m) => ({
    ...m.fail(contract, 'no_such_user', 'no user 7', { id: 7 }),
    message: m.fail(contract, 'no_such_user').message,
  }),
  recoveryFor: (m) => m.recoveryFor(contract, 'no_such_user'),
  formatValidation: (m) => {
    const e = m.formatValidation(issues, { tool: 'lookup', args: { name: 5 } });
    return { code: e.code, message: e.message, data: e.data };
  },
  rejectionResult: (m) =>
    rejectionResultOf.get(m)(issues, { tool: 'lookup', args: { name: 5 } }, { requestId: 'REQ-3', contract }),
  logRecord: (m) => m.logRecord(boom, { tool: 'lookup' }),
  toolError: (m) =>
    m.toolError('NOT_FOUND', {
      message: 'no user 7',
      suggestion: 'try 8',
      availableActions: ['a', 'b'],
      details: { id: 7 },
    }),
  error: (m) => m.error('plain failure', 'E_PLAIN'),
  required: (m) => m.required('name'),
  routingError: (m) => m.routingError('missing', { discriminator: 'action', actions: ['list', 'get'] }),
  internalError: (m) => m.internalError(new Error('kaput'), { tool: 'lookup' }),
  groupUnknownAction: (m) => m.groupUnknownAction('users', 'delete', ['list', 'get']),
  groupValidationError: (m) => m.groupValidationError('users', 'get', issues),
  formatValidationError: (m) => m.formatValidationError(issues, 'get', { name: 5 }),
  validationErrorResult: (m) => m.validationErrorResult(issues, 'get', { name: 5 }),
  enrichValidationError: (m) =>
    m.enrichValidationError(m.formatValidationError(issues, 'get', { name: 5 }), 'users', 'get', {
      activeDeltas: new Map([
        ['users', { deltas: [{ field: 'name', severity: 'BREAKING', description: 'now a string' }] }],
      ]),
    }),
  formatDeltasAsXml: (m) => m.formatDeltasAsXml([{ field: 'name', severity: 'BREAKING', description: 'now a string' }]),
  parseToolError: (m) => {
    const parsed = m.parseToolError(m.toolError('NOT_FOUND', { message: 'gone' }));
    return parsed && { ...parsed, raw: undefined };
  },
  errorBuilder: (m) => m.errorBuilder('CONFLICT', 'taken').suggest('pick another').build(),
};
const expected = Object.fromEntries(Object.entries(calls).map(([name, call]) => [name, call(published)]));

function assertAllRight() {
  for (const [name, call] of Object.entries(calls)) {
    assert.deepEqual(call(healing), expected[name], `${name} after a trap`);
  }
  assert.match(healing.requestId(), /^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
}

test('the test build answers exactly as the package before any trap', () => {
  assertAllRight();
});

test('trapForTest traps; the engine re-instantiates and every export answers right afterwards', () => {
  for (let round = 0; round < 3; round += 1) {
    assert.throws(
      () => engine().trapForTest(),
      (error) => !(error instanceof WebAssembly.RuntimeError) && /re-instantiated/.test(error.message),
    );
    assertAllRight();
  }
});

// The minimal valid answer of each export when its own call traps.
const minimal = {
  classify: (r) => assert.deepEqual(r, { code: -32603, name: 'InternalError', category: 'server' }),
  httpStatusToErrorCode: (r) => assert.equal(r, undefined),
  errorResult: (r) => {
    assert.equal(r.isError, true);
    assert.equal(r.content[0].text, 'Error: An internal error occurred.\n\n(request REQ-1)');
    assert.deepEqual(r.structuredContent.error, {
      code: -32603,
      message: 'An internal error occurred.',
      data: { requestId: 'REQ-1' },
    });
  },
  errorResultMcp: (r) => {
    assert.equal(r.isError, true);
    assert.match(r.content[0].text, /^Error: /);
    assert.equal(r.structuredContent.error.data.requestId, 'REQ-2');
  },
  fail: (r) => assert.equal(typeof r.code, 'number'),
  recoveryFor: (r) => assert.equal(typeof r, 'object'),
  formatValidation: (r) => {
    assert.equal(r.code, -32602);
    assert.equal(r.message, 'Input validation error: Invalid input');
    assert.deepEqual(r.data, { reason: 'invalid_arguments' });
  },
  rejectionResult: (r) => {
    assert.equal(r.isError, true);
    assert.equal(r.structuredContent.error.code, -32602);
    assert.equal(r.structuredContent.error.data.requestId, 'REQ-3');
  },
  logRecord: (r) => assert.equal(r.tool, 'lookup'),
  toolError: (r) => assert.match(r.content[0].text, /^<tool_error code="(INTERNAL_ERROR|NOT_FOUND)"/),
  error: (r) => assert.match(r.content[0].text, /^<tool_error/),
  required: (r) => assert.match(r.content[0].text, /^<tool_error/),
  routingError: (r) => assert.match(r.content[0].text, /^<tool_error/),
  internalError: (r) => assert.match(r.content[0].text, /^<tool_error code="INTERNAL_ERROR"/),
  groupUnknownAction: (r) => assert.match(r.content[0].text, /^<tool_error/),
  groupValidationError: (r) => assert.match(r.content[0].text, /^<tool_error/),
  formatValidationError: (r) => assert.match(r, /^<(validation|tool)_error/),
  validationErrorResult: (r) => assert.match(r.content[0].text, /^<(validation|tool)_error/),
  enrichValidationError: (r) => assert.match(r.xml, /^<(validation|tool)_error/),
  formatDeltasAsXml: (r) => assert.equal(typeof r, 'string'),
  parseToolError: (r) => assert.ok(typeof r.code === 'string' || (r.code === null && r.dialect === 'text')),
  errorBuilder: (r) => assert.match(r.content[0].text, /^<tool_error/),
};

test('a trap in the middle of any export call: a minimal valid answer, then right answers', () => {
  let trapped = 0;
  for (const [name, call] of Object.entries(calls)) {
    let trappedHere = 0;
    for (let n = 1; n <= 40; n += 1) {
      engine().trapAfterAllocations(n);
      let result;
      assert.doesNotThrow(() => {
        result = call(healing);
      }, `${name} with a trap at allocation ${n}`);
      engine().trapAfterAllocations(0);
      if (!isDeepEqual(result, expected[name])) {
        trappedHere += 1;
        minimal[name](result);
      }
      assert.deepEqual(call(healing), expected[name], `${name} right after a trap at allocation ${n}`);
    }
    if (name !== 'httpStatusToErrorCode') assert.ok(trappedHere > 0, `${name}: no allocation trapped`);
    trapped += trappedHere;
  }
  assert.ok(trapped > 100);
  assertAllRight();
});

function isDeepEqual(a, b) {
  try {
    assert.deepEqual(a, b);
    return true;
  } catch {
    return false;
  }
}

test('a trap inside tryCatch: still an McpError that never hides the failure, then right answers', async () => {
  const caught = new Error('disk full');
  const run = (m) =>
    m
      .tryCatch(
        () => {
          throw caught;
        },
        { operation: 'Store.save', errorCode: m.JsonRpcErrorCode.DatabaseError },
      )
      .catch((e) => e);
  const right = await run(published);
  let trapped = 0;
  for (let n = 1; n <= 40; n += 1) {
    engine().trapAfterAllocations(n);
    const error = await run(healing);
    engine().trapAfterAllocations(0);
    assert.ok(healing.McpError.isMcpError(error), `a trap at allocation ${n}`);
    assert.equal(error.cause, caught, 'the caught value rides along');
    if (error.code !== right.code || error.message !== right.message) {
      trapped += 1;
      assert.equal(error.code, healing.JsonRpcErrorCode.InternalError);
      assert.deepEqual(error.data, {
        originalErrorName: '[Unreadable]',
        originalMessage: 'An internal error occurred.',
      });
    }
    const again = await run(healing);
    assert.deepEqual([again.code, again.message, again.data], [right.code, right.message, right.data]);
  }
  assert.ok(trapped > 0, 'no allocation trapped');
});

test('httpErrorFromResponse (async): a trap in its call answers an McpError, then right answers', async () => {
  const call = (m) =>
    m.httpErrorFromResponse(new Response('billing is down', { status: 503, headers: { 'retry-after': '30' } }), {
      service: 'Billing',
      errorHeaders: ['retry-after'],
      data: { invoice: 'INV-9' },
    });
  const shape = (error) => ({ code: error.code, message: error.message, data: error.data });
  const right = shape(await call(published));
  assert.deepEqual(shape(await call(healing)), right);
  let trapped = 0;
  for (let n = 1; n <= 40; n += 1) {
    engine().trapAfterAllocations(n);
    let error;
    try {
      error = await call(healing);
    } finally {
      engine().trapAfterAllocations(0);
    }
    assert.ok(error instanceof healing.McpError, `a trap at allocation ${n}`);
    if (!isDeepEqual(shape(error), right)) {
      trapped += 1;
      assert.deepEqual(shape(error), { code: -32603, message: 'An internal error occurred.', data: undefined });
    }
    assert.deepEqual(shape(await call(healing)), right, `right after a trap at allocation ${n}`);
  }
  assert.ok(trapped > 0, 'no allocation trapped');
});
