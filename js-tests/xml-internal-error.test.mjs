// internalError reads a thrown value as MCP Fusion's runChain catch does
// (vinkius-labs/mcp-fusion packages/core/src/core/execution/ExecutionPipeline.ts
// @ 148cb238513d578c9f906348a0589dbf52072a8b: `err instanceof Error ? err.message :
// String(err)`, placed in `[tool/action] ${message}`), and where it differs on purpose.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { z } from 'zod';
import * as m from '../pkg/node.js';

const at = { tool: 't', action: 'a' };
const text = (r) => r.content[0].text;
const unescape = (s) => s.replaceAll('&lt;', '<').replaceAll('&amp;', '&');
const message = (thrown) => unescape(/<message>([\s\S]*)<\/message>/.exec(text(m.internalError(thrown, at)))[1]);

class RateError extends Error {
  constructor() {
    super('');
    this.name = 'RateError';
  }
}

// Every `thrown` label the internal_error rows of fusion-source.json name, as the value thrown.
const THROWN = {
  "new Error('')": () => new Error(''),
  "new TypeError('')": () => new TypeError(''),
  "an Error subclass named RateError with message ''": () => new RateError(),
  "{ message: 'x' }": () => ({ message: 'x' }),
  "{ name: 'Foo' }": () => ({ name: 'Foo' }),
  '{}': () => ({}),
  '[1, 2]': () => [1, 2],
  '[]': () => [],
  '[null, undefined, [3, [4]]]': () => [null, undefined, [3, [4]]],
  "'plain string'": () => 'plain string',
  "''": () => '',
  42: () => 42,
  '-0': () => -0,
  true: () => true,
  '10n': () => 10n,
  "Symbol('s')": () => Symbol('s'),
  undefined: () => undefined,
  null: () => null,
  'an Error whose message is 404': () => Object.assign(new Error('x'), { message: 404 }),
  'an Error whose message is undefined': () => Object.assign(new Error('x'), { message: undefined }),
  "{ toString() { return 'own text'; } }": () => ({
    toString() {
      return 'own text';
    },
  }),
  'function f() {}': () => function f() {},
  "new Error('a < b & c')": () => new Error('a < b & c'),
};

const rows = JSON.parse(
  readFileSync(new URL('../tests/conformance-own/fusion-source.json', import.meta.url), 'utf8'),
).filter((row) => row.kind === 'internal_error');

test('every internal_error row of fusion-source.json, thrown for real, byte for byte', () => {
  assert.ok(rows.length >= 20, `${rows.length} rows`);
  for (const row of rows) {
    const make = THROWN[row.input.thrown];
    assert.ok(make, `no value for ${row.input.thrown}`);
    const r = m.internalError(make(), { tool: row.input.tool, action: row.input.action });
    assert.equal(text(r), row.expected.text, row.input.thrown);
    assert.equal(r.isError, true);
  }
});

/** The reference's message, or undefined where its catch itself throws (no envelope at all). */
function reference(err) {
  try {
    const msg = err instanceof Error ? err.message : String(err);
    return `${msg}`;
  } catch {
    return undefined;
  }
}

test('the message is what the reference writes for each kind of throw', () => {
  const other = vm.runInNewContext('[new Error("cross realm"), new TypeError(""), [1, [2]], { a: 1 }]');
  const tagged = { [Symbol.toStringTag]: 'Tagged' };
  const proxied = new Proxy([1, 2, 3], {});
  const values = [
    new Error('boom'),
    new RangeError(''),
    new RateError(),
    new AggregateError([], ''),
    { message: 'x' },
    { name: 'Foo' },
    {},
    [1, 2],
    [],
    [[]],
    [[], []],
    [1, [2, [3]]],
    ['a', { b: 1 }],
    proxied,
    'plain',
    '',
    0,
    -0,
    NaN,
    1e21,
    true,
    false,
    10n,
    Symbol(),
    Symbol('s'),
    undefined,
    null,
    new Date(0),
    /x+/g,
    Object(1),
    Object('s'),
    new Map(),
    new Set([1]),
    new Uint8Array([1, 2]),
    function named() {
      return 1;
    },
    () => 2,
    class K {},
    tagged,
    {
      toString() {
        return 'own';
      },
    },
    {
      valueOf() {
        return 7;
      },
      toString: undefined,
    },
    { [Symbol.toPrimitive]: (hint) => `hint ${hint}` },
    {
      toString() {
        return {};
      },
      valueOf() {
        return 'from valueOf';
      },
    },
    Object.assign(new Error('x'), {
      message: {
        toString() {
          return 'object message';
        },
      },
    }),
    Object.assign(new Error('x'), { message: [1, 2] }),
    ...other,
  ];
  for (const value of values) {
    const want = reference(value);
    assert.notEqual(want, undefined);
    assert.equal(message(value), `[t/a] ${want}`, String(want));
  }
});

test('a value String() cannot convert is reported as [Unreadable]', () => {
  // The reference's catch throws again on each of these, and no envelope is written.
  const values = [
    Object.create(null),
    {
      toString() {
        throw new Error('no');
      },
    },
    {
      toString() {
        return {};
      },
      valueOf() {
        return {};
      },
    },
    { [Symbol.toPrimitive]: 'not a function' },
    {
      toString() {
        return Symbol('s');
      },
    },
    Object(Symbol('boxed')),
    Object.assign(new Error('x'), { message: Symbol('s') }),
    Object.assign(new Error('x'), { message: Object.create(null) }),
    Object.defineProperty(new Error('x'), 'message', {
      get() {
        throw new Error('getter');
      },
    }),
    [Object.create(null)],
    [
      1,
      {
        toString() {
          throw new Error('element');
        },
      },
    ],
  ];
  for (const value of values) {
    assert.equal(reference(value), undefined);
    assert.equal(message(value), '[t/a] [Unreadable]');
  }
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  assert.equal(message(proxy), '[t/a] [Unreadable]');
});

test("a thrown value's own conversion runs once, and secrets in what it returns are masked", () => {
  let calls = 0;
  const thrown = {
    toString() {
      calls += 1;
      return 'token=abc123secretvalue failed';
    },
  };
  assert.equal(message(thrown), '[t/a] token=*** failed');
  assert.equal(calls, 1);
  const reads = [];
  const counted = new Proxy(
    {
      message: 'ignored',
      name: 'Foo',
      toString() {
        return 'counted';
      },
    },
    {
      get(target, key, receiver) {
        reads.push(key);
        return Reflect.get(target, key, receiver);
      },
    },
  );
  assert.equal(message(counted), '[t/a] counted');
  const seen = new Set();
  for (const key of reads) {
    assert.ok(!seen.has(key), `${String(key)} read twice`);
    seen.add(key);
  }
});

test('a thrown array is joined up to 16384 units and 16 arrays deep', () => {
  // String() of this array would build 4294967294 commas (the reference throws RangeError).
  const huge = message(new Array(2 ** 32 - 1));
  assert.equal(huge, `[t/a] ${','.repeat(4096 - 3)}...`);
  assert.equal(message(new Uint8Array(1e7)).length, '[t/a] '.length + 4096);
  let deep = [1];
  for (let i = 0; i < 40; i++) deep = [deep, 2];
  // Below 16 levels it joins as String() does; deeper arrays join as ''.
  assert.equal(message(deep), `[t/a] ${',2'.repeat(16)}`);
  assert.equal(reference(deep), `1${',2'.repeat(40)}`);
  const cyclic = [1];
  cyclic.push(cyclic, 3);
  assert.equal(message(cyclic), `[t/a] ${reference(cyclic)}`);
});

test('a thrown ZodError is reported by its name, its message never built', () => {
  const error = z.object({ a: z.string() }).safeParse({ a: 1 }).error;
  assert.ok(error instanceof Error);
  const reads = [];
  const watched = new Proxy(error, {
    get(target, key, receiver) {
      reads.push(key);
      return Reflect.get(target, key, receiver);
    },
  });
  assert.equal(message(watched), '[t/a] ZodError');
  assert.ok(!reads.includes('message'));
  // The reference writes the message: the JSON of every issue.
  assert.match(reference(error), /^\[\n {2}\{/);
});
