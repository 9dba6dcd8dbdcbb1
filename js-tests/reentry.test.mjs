// The only JS the core calls during a call is crypto.getRandomValues (for a fresh request
// id). A program may replace it with one that calls the package again: that inner call
// is refused with an Error while the outer one's request buffer is in use, and the outer
// call and every later one answer as usual (no instance is renewed under a running call).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as api from '../pkg/node.js';

test('a call made from inside crypto.getRandomValues is refused; the outer call answers', () => {
  const original = crypto.getRandomValues;
  const inner = [];
  crypto.getRandomValues = (buffer) => {
    try {
      inner.push(api.requestId());
    } catch (error) {
      inner.push(error);
    }
    return original.call(crypto, buffer);
  };
  const ids = [];
  try {
    // The core draws random bytes 4 KiB at a time: enough ids to need a fresh draw.
    for (let i = 0; i < 1000 && inner.length === 0; i += 1) ids.push(api.requestId());
  } finally {
    crypto.getRandomValues = original;
  }
  assert.ok(inner.length > 0, 'the core never called crypto.getRandomValues');
  for (const result of inner) {
    assert.ok(result instanceof Error, `an inner call answered ${String(result)}`);
    assert.match(result.message, /called from inside one of its own calls/);
  }
  for (const id of ids) assert.match(id, /^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
  assert.match(api.requestId(), /^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
  assert.equal(api.toolError('NOT_FOUND', { message: 'gone' }).content[0].text.includes('gone'), true);
});

// A copy is written in place, in the buffer the request crosses from; user code that runs
// while it is written (a getter, a Proxy trap) may call the package again. The inner call
// writes after the outer copy and gives its part back before the outer copy goes on.
test('a call made from a getter while a copy is written answers, and so does the outer call', () => {
  const issue = (path, received) => ({
    code: 'invalid_type',
    expected: 'string',
    path,
    message: `Invalid input: expected string, received ${received}`,
  });
  const plainIssues = [issue(['a'], 'number'), issue(['b', 0], 'boolean')];
  const plainArgs = { a: 1, b: [true], c: 'x'.repeat(50) };
  const apart = {
    validation: api.formatValidation(plainIssues, { tool: 'outer', args: plainArgs }),
    // Large enough to grow the buffer while the outer copy is half written.
    inner: api.formatValidation(
      Array.from({ length: 40 }, (_, i) => issue([`k${i}`], 'é😀'.repeat(300))),
      { tool: 'inner', args: { big: 'y'.repeat(70000) } },
    ),
  };
  const inner = [];
  const innerCall = () => {
    inner.push(
      api.formatValidation(
        Array.from({ length: 40 }, (_, i) => issue([`k${i}`], 'é😀'.repeat(300))),
        { tool: 'inner', args: { big: 'y'.repeat(70000) } },
      ),
    );
  };
  // The getters call in the middle of the issues' copy and of the arguments' copy.
  const issues = [
    issue(['a'], 'number'),
    {
      code: 'invalid_type',
      expected: 'string',
      get path() {
        innerCall();
        return ['b', 0];
      },
      message: 'Invalid input: expected string, received boolean',
    },
  ];
  const args = {
    a: 1,
    get b() {
      innerCall();
      return [true];
    },
    c: 'x'.repeat(50),
  };
  const parts = (e) => JSON.stringify({ code: e.code, message: e.message, data: e.data });
  const outer = api.formatValidation(issues, { tool: 'outer', args });
  assert.equal(parts(outer), parts(apart.validation));
  assert.equal(inner.length, 2);
  for (const e of inner) assert.equal(parts(e), parts(apart.inner));
  // The same through errorResult of a ZodError, which holds the buffer the same way.
  inner.length = 0;
  const zodError = (list) => Object.assign(new Error('x'), { name: 'ZodError', issues: list });
  const viaResult = api.errorResult(zodError(issues), { requestId: 'R1' });
  assert.deepEqual(viaResult, api.errorResult(zodError(plainIssues), { requestId: 'R1' }));
  assert.equal(inner.length, 1);
  for (const e of inner) assert.equal(parts(e), parts(apart.inner));
});

// A getter that calls in again, nested until the stack runs out: some calls' own clean-up
// cannot run. Every call still answers (its own answer, or the minimal one after a stack
// that ran out inside the core's run) or throws RangeError (never a half-written request),
// and the package answers as before afterwards.
test('calls nested from getters until the stack runs out answer or throw RangeError, and later calls answer', () => {
  const expected = api.formatValidation([{ code: 'invalid_type', expected: 'string', message: 'm', path: ['a'] }], {
    tool: 't',
    args: { a: 1 },
  }).message;
  const outcomes = new Map();
  const nest = () => {
    const issue = { code: 'invalid_type', expected: 'string', message: 'm' };
    Object.defineProperty(issue, 'path', {
      enumerable: true,
      get() {
        nest();
        return ['a'];
      },
    });
    let outcome;
    try {
      const { message } = api.formatValidation([issue], { tool: 't', args: { a: 1 } });
      // A path getter that threw (the stack ran out inside it) reads as no path. A stack
      // that ran out inside the wasm call itself is taken for a trap: the instance is
      // renewed and the call answers formatValidation's minimal reply (self-heal.test.mjs).
      if (message === expected || message === 'Input validation error: Invalid arguments for tool t: m') outcome = 'ok';
      else outcome = message === 'Input validation error: Invalid input' ? 'fallback' : message;
    } catch (error) {
      outcome = error instanceof RangeError ? 'RangeError' : `${error?.name}: ${error?.message}`;
    }
    outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  };
  // From several stack depths, so that the stack runs out at different points of a call.
  const from = (depth) => (depth === 0 ? nest() : from(depth - 1));
  for (let depth = 0; depth < 40; depth += 1) {
    try {
      from(depth * 7);
    } catch {
      // The outermost getter's RangeError, when it reaches here.
    }
  }
  const unexpected = [...outcomes.keys()].filter((k) => k !== 'ok' && k !== 'RangeError' && k !== 'fallback');
  assert.deepEqual(unexpected, [], JSON.stringify([...outcomes]));
  assert.ok((outcomes.get('RangeError') ?? 0) > 0, 'the stack never ran out');
  assert.equal(
    api.formatValidation([{ code: 'invalid_type', expected: 'string', message: 'm', path: ['a'] }], {
      tool: 't',
      args: { a: 1 },
    }).message,
    expected,
  );
});
