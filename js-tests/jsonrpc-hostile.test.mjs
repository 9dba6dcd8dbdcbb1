// Hostile and huge inputs to the JSON-RPC dialect, through the built package: a million
// issues, a 100 MB string, 100,000-deep values, Proxies whose traps throw, cycles,
// throwing toJSON, BigInt, lone surrogates. Every call returns its envelope (or throws
// a TypeError for a wrong argument type), costs what its capped prefix costs, and the
// next ordinary call still works.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import * as m from '../pkg/node.js';

const { errorResult, fail, formatValidation, recoveryFor, McpError, JsonRpcErrorCode } = m;
const PREFIX = 'Input validation error: Invalid arguments for tool ';
const UNREADABLE = '[Unreadable]';
const GENERATED_ID = /^[A-Z0-9]{5}-[A-Z0-9]{5}$/;

/** The instance still answers ordinary calls exactly. */
function stillWorks() {
  const result = errorResult(m.notFound('Item not found', { id: '123' }), { requestId: 'OK000-00000' });
  assert.equal(result.content[0].text, 'Error: Item not found\n\n(request OK000-00000)');
  const rejection = formatValidation(
    [
      {
        code: 'invalid_type',
        expected: 'number',
        path: ['n'],
        message: 'Invalid input: expected number, received string',
      },
    ],
    {
      tool: 't',
      args: { n: 'x' },
    },
  );
  assert.equal(rejection.data.recovery.hint, 'Send n as a number, not a string.');
}

function itemIssue(i) {
  return {
    expected: 'string',
    code: 'invalid_type',
    path: ['items', i],
    message: 'Invalid input: expected string, received boolean',
  };
}

function deepObject(depth, leaf = 1) {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = { d: value };
  return value;
}

function throwingProxy(target = {}) {
  const boom = () => {
    throw new Error('trap');
  };
  return new Proxy(target, {
    get: boom,
    has: boom,
    ownKeys: boom,
    getOwnPropertyDescriptor: boom,
    getPrototypeOf: boom,
  });
}

// --- a million issues --------------------------------------------------------------

test('a million issues: the true issuesCount and (+N more), ten issues kept, the envelope within its byte caps', () => {
  const million = Array.from({ length: 1_000_000 }, (_, i) => itemIssue(i));
  const args = { query: 'x', items: [] };
  // What it costs is bench/bounded.mjs's to measure; here, what it writes.
  const all = { value: formatValidation(million, { tool: 'bulk', args }) };
  const lines = Array.from({ length: 10 }, (_, i) => `items.${i}: Invalid input: expected string, received boolean`);
  assert.equal(all.value.message, `${PREFIX}bulk: ${lines.join(', ')} (+999990 more)`);
  assert.equal(all.value.data.issuesCount, 1_000_000);
  assert.deepEqual(all.value.data.issues, million.slice(0, 10));
  // items is an empty list, so each element is absent: one Provide sentence, then the count.
  assert.equal(
    all.value.data.recovery.hint,
    `Provide ${lines
      .map((_, i) => `items.${i}`)
      .slice(0, 9)
      .join(', ')} and items.9. (+999990 more)`,
  );
  const result = errorResult(all.value, { requestId: 'R' });
  assert.ok(Buffer.byteLength(result.content[0].text) < 4096);
  assert.ok(Buffer.byteLength(JSON.stringify(result.structuredContent)) < 8192);
  stillWorks();
});

test('past the issues that cross, the count is what the core writes for the whole list', () => {
  // The core renders from the first 100 issues; each one after is only counted. So
  // 1,500 issues read as 1,000 do, with 500 more in each count. Lines that read the
  // same are all kept, as mcp-ts-core keeps them.
  const render = (issues, input) => formatValidation(issues, { tool: 't', args: {}, input });
  const same = Array(1500).fill({ code: 'custom', path: ['a'], message: 'Bad a' });
  const sameAt1000 = render(same.slice(0, 1000));
  const ten = Array(10).fill('a: Bad a').join(', ');
  assert.equal(sameAt1000.message, `${PREFIX}t: ${ten} (+990 more)`);
  assert.equal(render(same).message, `${PREFIX}t: ${ten} (+1490 more)`);
  // `a` was left out (args {}): every issue there is a missing field, each one named.
  assert.equal(render(same).data.recovery.hint, `Provide ${Array(9).fill('a').join(', ')} and a. (+1490 more)`);
  assert.equal(render(same).data.issuesCount, 1500);

  // Caller text that spells a count never moves: only the count sentence changes.
  const spelled = Array.from({ length: 1500 }, (_, i) => ({ code: 'custom', path: [`k${i}`], message: '(+990 more)' }));
  const input = { aliased: [{ alias: '(+990 more)', target: 'k0' }], ignored: [] };
  const out = render(spelled, input);
  const lines = Array.from({ length: 10 }, (_, i) => `k${i}: (+990 more)`);
  assert.equal(out.message, `${PREFIX}t: ${lines.join(', ')} (+1490 more)`);
  // Each k<i> was left out: Provide names them, whatever the issue said.
  const names = lines.map((_, i) => `k${i}`);
  assert.equal(
    out.data.recovery.hint,
    `Provide ${names.slice(0, 9).join(', ')} and k9. (+1490 more) Validated (+990 more) as k0.`,
  );
  assert.equal(out.data.issuesCount, 1500);
  stillWorks();
});

test('a ZodError with a million issues thrown to errorResult counts them all', () => {
  // A ZodError-shaped value: Zod 4's own `message` getter would JSON-encode every issue
  // (about 160 MB, over a second) — see the report on reading a ZodError's message.
  const zodLike = {
    name: 'ZodError',
    message: 'see issues',
    issues: Array.from({ length: 1_000_000 }, (_, i) => itemIssue(i)),
  };
  const result = errorResult(zodLike, { requestId: 'R' });
  assert.equal(result.structuredContent.error.code, JsonRpcErrorCode.ValidationError);
  assert.equal(
    result.structuredContent.error.message,
    'items.0: Invalid input: expected string, received boolean (+999999 more)',
  );
  assert.equal(
    result.content[0].text,
    'Error: items.0: Invalid input: expected string, received boolean (+999999 more)\n\n(request R)',
  );
  assert.equal(result.structuredContent.error.data.issuesCount, 1_000_000);
  assert.equal(result.structuredContent.error.data.issues.length, 10);

  // A real Zod 4 ZodError of 20,000 issues.
  const parsed = z.array(z.string()).safeParse(Array(20000).fill(true));
  const real = errorResult(parsed.error, { requestId: 'R' });
  assert.equal(
    real.structuredContent.error.message,
    '0: Invalid input: expected string, received boolean (+19999 more)',
  );
  assert.equal(real.structuredContent.error.data.issuesCount, 20000);
  stillWorks();
});

// --- huge strings and deep values --------------------------------------------------

test('a 100 MB string in an issue message, a key, the args and the tool name', () => {
  const huge = 'x'.repeat(100 * 1024 * 1024);
  const issue = { code: 'custom', path: ['a'], message: huge };
  const error = formatValidation([issue], { tool: 'big', args: { a: huge, [huge]: 1 } });
  assert.equal(error.message, `${PREFIX}big: a: ${'x'.repeat(1021)}…`);
  const kept = error.data.issues[0];
  assert.equal(kept.message, 'x'.repeat(1024));
  // The cut is marked with its true size, though only a prefix crossed.
  assert.equal(kept.messageLength, huge.length);

  const hugeKey = formatValidation(
    [{ code: 'unrecognized_keys', keys: [huge], path: [], message: 'Unrecognized key' }],
    { tool: 't', args: {} },
  );
  assert.equal(hugeKey.data.issues[0].keys[0], 'x'.repeat(1024));
  assert.ok(hugeKey.data.recovery.hint.startsWith('Unknown key xxx') && hugeKey.data.recovery.hint.endsWith('…'));

  const thrown = errorResult(new Error(huge));
  assert.equal(thrown.structuredContent.error.code, JsonRpcErrorCode.InternalError);
  assert.ok(thrown.structuredContent.error.message.length <= 65536);
  stillWorks();
});

test('100,000-deep values as args, as McpError data and in an issue', () => {
  const deep = deepObject(100_000);
  const error = formatValidation(
    [
      {
        code: 'invalid_type',
        expected: 'string',
        path: ['d', 'd', 'd'],
        message: 'Invalid input: expected string, received object',
      },
    ],
    {
      tool: 'deep',
      args: deep,
    },
  );
  assert.equal(error.data.recovery.hint, 'Send d.d.d as a string, not an object.');
  const inIssue = formatValidation([{ code: 'custom', path: [], message: 'm', params: deep }], { tool: 't', args: {} });
  assert.deepEqual(inIssue.data.issues[0].params, { d: { d: {}, dCount: 1 } });

  // JSON.stringify cannot write it, so the wire could not carry it: '[Unreadable]'.
  const result = errorResult(new McpError(JsonRpcErrorCode.InternalError, 'deep', { deep, ok: 1 }), { requestId: 'R' });
  assert.deepEqual(result.structuredContent.error.data, { deep: UNREADABLE, ok: 1, requestId: 'R' });
  stillWorks();
});

test('data deeper than the core reads (but writable as JSON) goes out exactly as thrown', () => {
  const deep = deepObject(1000, 'leaf');
  const data = { before: 1, deep, reason: 'no_match', after: [deepObject(200)] };
  const contract = [{ reason: 'no_match', code: JsonRpcErrorCode.NotFound, when: 'w', recovery: 'Search first.' }];
  const result = errorResult(m.notFound('gone', data), { requestId: 'R', contract });
  assert.deepEqual(result.structuredContent.error.data, {
    before: 1,
    deep,
    reason: 'no_match',
    after: [deepObject(200)],
    recovery: { hint: 'Search first.' },
    requestId: 'R',
  });
  assert.equal(result.content[0].text, 'Error: gone\n\nRecovery: Search first.\n\n(reason no_match · request R)');
  stillWorks();
});

test('a message that spells the marker of a deep data field is text, never the field', () => {
  // The result's text crosses unescaped before its structuredContent: the marker a deep
  // field stands in under (its JSON) must only ever be looked for in the latter.
  const message = (n) => `x "\\u0000mcp-envelope:raw${n}:0\\u0000" y`;
  for (const n of [0, 1]) {
    const thrown = m.notFound(message(n), { deep: deepObject(1000, 'leaf') });
    // A cancelled call drops the thrown data: no marker is left in structuredContent.
    const result = errorResult(thrown, { requestId: 'R', aborted: true });
    assert.equal(result.content[0].text, `Error: ${message(n)}\n\n(request R)`);
    assert.equal(result.structuredContent.error.message, message(n));
    assert.deepEqual(result.structuredContent.error.data, { requestId: 'R' });
  }
  stillWorks();
});

// --- Proxies, cycles, toJSON, BigInt, lone surrogates -------------------------------

test('Proxies whose traps throw, as args, issues, the issue list, data, the thrown value and options', () => {
  const issue = {
    code: 'invalid_type',
    expected: 'number',
    path: ['n'],
    message: 'Invalid input: expected number, received string',
  };
  const asArgs = formatValidation([issue], { tool: 't', args: throwingProxy() });
  assert.equal(asArgs.code, -32602);
  assert.equal(asArgs.message, `${PREFIX}t: n: Invalid input: expected number, received string`);

  const asIssue = formatValidation([throwingProxy(), issue], { tool: 't', args: { n: 'x' } });
  assert.deepEqual(asIssue.data.issues, [UNREADABLE, issue]);
  assert.equal(asIssue.data.recovery.hint.endsWith('Send n as a number, not a string.'), true);

  const asList = formatValidation(throwingProxy([issue]), { tool: 't', args: {} });
  assert.equal(asList.message, `${PREFIX}t: Invalid input`);

  const asData = errorResult(new McpError(JsonRpcErrorCode.NotFound, 'gone', throwingProxy()), { requestId: 'R' });
  assert.deepEqual(asData.structuredContent.error, { code: -32001, message: 'gone', data: { requestId: 'R' } });

  const getterData = {
    ok: 1,
    get bad() {
      throw new Error('getter');
    },
  };
  assert.deepEqual(errorResult(m.notFound('gone', getterData), { requestId: 'R' }).structuredContent.error.data, {
    ok: 1,
    bad: UNREADABLE,
    requestId: 'R',
  });

  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  const revoked = errorResult(proxy, { requestId: 'R' });
  assert.deepEqual(revoked.structuredContent.error, { code: -32603, message: UNREADABLE, data: { requestId: 'R' } });
  assert.equal(errorResult(throwingProxy(new Error('x'))).structuredContent.error.code, JsonRpcErrorCode.InternalError);

  // As the McpError's data in fail: the error is built without it.
  assert.deepEqual(fail([], 'r', 'm', throwingProxy()).data, { reason: 'r', declaredReasons: [] });
  assert.deepEqual(recoveryFor(throwingProxy([]), 'r'), {});

  // Options that cannot be read are a wrong argument.
  assert.throws(() => errorResult(new Error('x'), throwingProxy()), TypeError);
  assert.throws(() => formatValidation([], throwingProxy()), TypeError);
  stillWorks();
});

test('a getter of an issue that formats other issues: each rejection is what it is alone', () => {
  // The issues of one rejection are copied into one text: a rejection made from inside
  // that copy (a getter, a Proxy trap) must be copied apart from it.
  const inner = () => formatValidation([{ code: 'custom', path: ['b', 0], message: 'inner' }], { tool: 'in' });
  const issues = (expected) => [
    { code: 'invalid_type', expected, path: ['a', 'x'], message: 'first' },
    { code: 'custom', path: ['a', 'y'], message: 'second' },
  ];
  const args = { a: { x: 's', y: 1 } };
  const alone = formatValidation(issues('number'), { tool: 't', args });
  const innerAlone = inner();
  const hostile = issues('');
  let innerInside;
  // `expected` is read after `code` and before `path`: the inner copy runs mid-issue.
  Object.defineProperty(hostile[0], 'expected', {
    enumerable: true,
    get() {
      innerInside = inner();
      return 'number';
    },
  });
  const outer = formatValidation(hostile, { tool: 't', args });
  assert.equal(outer.message, alone.message);
  assert.deepEqual(outer.data, alone.data);
  assert.ok(innerInside instanceof McpError);
  assert.equal(innerInside.message, innerAlone.message);
  assert.deepEqual(innerInside.data, innerAlone.data);
  stillWorks();
});

test('cycles, throwing toJSON, BigInt and Symbols become "[Unreadable]" fields; the rest goes out as thrown', () => {
  const cyclic = { name: 'loop' };
  cyclic.self = cyclic;
  const data = {
    cyclic,
    when: {
      toJSON() {
        throw new Error('toJSON');
      },
    },
    big: 10n,
    nested: { deeper: [1, 2n] },
    date: new Date(0),
    ok: 'fine',
  };
  const result = errorResult(new McpError(JsonRpcErrorCode.InternalError, 'Boom', data), { requestId: 'R' });
  assert.deepEqual(result.structuredContent.error.data, {
    cyclic: UNREADABLE,
    when: UNREADABLE,
    big: UNREADABLE,
    nested: UNREADABLE,
    date: '1970-01-01T00:00:00.000Z',
    ok: 'fine',
    requestId: 'R',
  });

  // In issues and args: the copy cuts the cycle and marks the value.
  const issue = { code: 'custom', path: ['a'], message: 'm', params: { cyclic, big: 1n, sym: Symbol('s'), fn() {} } };
  const rejection = formatValidation([issue], { tool: 't', args: { a: cyclic, b: 1n } });
  assert.deepEqual(rejection.data.issues[0].params, {
    cyclic: { name: 'loop', self: UNREADABLE },
    big: UNREADABLE,
    sym: UNREADABLE,
    fn: UNREADABLE,
  });
  assert.equal(
    errorResult(
      Object.assign(new Error('x'), {
        toJSON() {
          throw new Error('no');
        },
      }),
    ).structuredContent.error.message,
    'x',
  );
  stillWorks();
});

test('lone surrogates anywhere come back well formed', () => {
  const lone = 'a\uD800b\uDC00c';
  const rejection = formatValidation([{ code: 'custom', path: [lone], message: lone }], {
    tool: `t${lone}`,
    args: { [lone]: lone },
  });
  const result = errorResult(rejection, { requestId: 'R' });
  const json = JSON.stringify(result);
  assert.ok(!/[\uD800-\uDFFF]/.test(json.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, '')), 'a lone surrogate came back');
  assert.equal(result.structuredContent.error.message, `${PREFIX}ta\uFFFDb\uFFFDc: a\uFFFDb\uFFFDc: a\uFFFDb\uFFFDc`);
  const thrown = errorResult(m.notFound(lone, { [lone]: lone }), { requestId: 'R' });
  assert.equal(thrown.structuredContent.error.message, 'a\uFFFDb\uFFFDc');
  assert.deepEqual(thrown.structuredContent.error.data, { 'a\uFFFDb\uFFFDc': 'a\uFFFDb\uFFFDc', requestId: 'R' });
  stillWorks();
});

test('a key named __proto__ crosses as a key, in args and in the schema', () => {
  const schema = {
    type: 'object',
    properties: JSON.parse('{"__proto__":{"type":"number"},"q":{"type":"string"}}'),
    additionalProperties: false,
  };
  const args = JSON.parse('{"__proto__":"x","extra":1}');
  const error = formatValidation(
    [
      {
        code: 'invalid_type',
        expected: 'number',
        path: ['__proto__'],
        message: 'Invalid input: expected number, received string',
      },
      { code: 'unrecognized_keys', keys: ['extra'], path: [], message: 'Unrecognized key: "extra"' },
    ],
    { tool: 't', args, schema },
  );
  assert.equal(
    error.data.recovery.hint,
    'Send __proto__ as a number, not a string. Unknown key extra. This tool accepts: __proto__, q.',
  );
  stillWorks();
});

// --- wrong argument types -----------------------------------------------------------

test('wrong argument types throw a clear TypeError, and nothing else does', () => {
  const typeErrors = [
    () => formatValidation('issues', { tool: 't', args: {} }),
    () => formatValidation({ length: 1 }, { tool: 't', args: {} }),
    () => formatValidation([], null),
    () => formatValidation([]),
    () => formatValidation([], { args: {} }),
    () => formatValidation([], { tool: 1, args: {} }),
    () => formatValidation([], { tool: 't', args: {}, input: 'aliases' }),
    () => errorResult(new Error('x'), null),
    () => errorResult(new Error('x'), 'options'),
    () => errorResult(new Error('x'), { requestId: 5.5 }),
    () => errorResult(new Error('x'), { requestId: true }),
    () => errorResult(new Error('x'), { aborted: 'yes' }),
    () => errorResult(new Error('x'), { contract: { no_match: 'x' } }),
    () => fail([], 5),
    () => fail([], 'r', 5),
    () => fail([], 'r', 'm', 'data'),
    () => fail([], 'r', 'm', [1, 2]),
    () => fail([], 'r', 'm', null),
    () => fail({}, 'r'),
    () => recoveryFor([], 1),
    () => recoveryFor('contract', 'r'),
  ];
  for (const call of typeErrors) {
    assert.throws(call, (e) => e instanceof TypeError && e.message.startsWith('mcp-envelope: '), call.toString());
  }
  // Everything else is a value to report, never a reason to throw.
  for (const thrown of [
    undefined,
    null,
    0,
    '',
    Symbol('s'),
    10n,
    () => {},
    [],
    {},
    Object.create(null),
    new Proxy({}, {}),
  ]) {
    const result = errorResult(thrown, { requestId: 'R' });
    assert.equal(result.isError, true);
    assert.match(errorResult(thrown).structuredContent.error.data.requestId, GENERATED_ID);
  }
  stillWorks();
});

test('a string in an McpError data past 64 Ki units goes out cut with …, never inside a pair', () => {
  const huge = 'x'.repeat(100 * 1024 * 1024);
  const result = m.errorResult(m.notFound('gone', { blob: huge, small: 'ok' }), { requestId: false });
  const data = result.structuredContent.error.data;
  assert.equal(data.blob, `${'x'.repeat(65536)}…`);
  assert.equal(data.small, 'ok');
  const pair = `a${'😀'.repeat(40000)}`;
  const cut = m.errorResult(m.notFound('gone', { pair }), { requestId: false }).structuredContent.error.data.pair;
  assert.ok(cut === `a${'😀'.repeat(32767)}…`, `cut at ${cut.length} units`);
});

test("a thrown branded XML response's blocks are read once each; non-text, empty and unreadable ones say nothing", () => {
  const BRAND = Symbol.for('mcp-fusion.ToolResponse');
  const xml = m.toolError('NOT_FOUND', { message: 'Invoice 7 not found' }).content[0].text;
  const branded = (content) => {
    const response = { content, isError: true };
    Object.defineProperty(response, BRAND, { value: true });
    return response;
  };
  const reads = [];
  const counted = (name, block) =>
    new Proxy(block, {
      get(target, key) {
        reads.push(`${name}.${String(key)}`);
        if (key === 'text' && name === 'unreadable') throw new Error('trap');
        return target[key];
      },
    });
  const content = new Proxy(
    [
      counted('empty', { type: 'text', text: '' }),
      counted('image', { type: 'image', data: 'x' }),
      counted('unreadable', { type: 'text', text: 'x' }),
      counted('xml', { type: 'text', text: xml }),
    ],
    {
      get(target, key) {
        reads.push(`content.${String(key)}`);
        return target[key];
      },
    },
  );
  const hostile = errorResult(branded(content), { requestId: false });
  assert.deepEqual(reads, [
    'content.length',
    'content.0',
    'empty.type',
    'empty.text',
    'content.1',
    'image.type',
    'content.2',
    'unreadable.type',
    'unreadable.text',
    'content.3',
    'xml.type',
    'xml.text',
  ]);
  assert.deepEqual(hostile, errorResult(branded([{ type: 'text', text: xml }]), { requestId: false }));
  assert.equal(hostile.structuredContent.error.message, 'Invoice 7 not found');
  stillWorks();
});
