// parseToolError reads what clients actually get (issue 17 item 4): the official SDK's
// own error texts as real v1 and v2 Clients return them, mcp-ts-core's JSON-RPC text
// form when a client drops structuredContent, plain text as dialect 'text' (never an
// XML UNKNOWN error); within the core's caps, cuts ending in `…`; and a hostile result
// never makes it throw.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import * as z from 'zod';

import * as m from '../pkg/node.js';
import * as sdks from './sdks.mjs';

const V1 = { ...sdks.V1, schema: (shape) => shape };
const V2 = { ...sdks.V2, schema: (shape) => z.object(shape) };

async function connected(sdk, install) {
  return (await sdks.connected(sdk, install)).client;
}

const result = (text) => ({ content: [{ type: 'text', text }], isError: true });
const withoutStructured = ({ structuredContent, ...rest }) => rest;
const units = (s) => s.length;

/** The SDK's own tools, registered the ordinary way: the texts the SDK writes itself. */
function sdkTools(sdk) {
  return (server) => {
    server.registerTool('get_invoice', { inputSchema: sdk.schema({ id: z.string() }) }, async ({ id }) => {
      if (id === 'throw') throw new Error('Invoice store is down');
      return { content: [{ type: 'text', text: 'ok' }] };
    });
    server.registerTool(
      'total',
      { inputSchema: sdk.schema({ id: z.string() }), outputSchema: sdk.schema({ total: z.number() }) },
      async () => ({ content: [{ type: 'text', text: 'x' }], structuredContent: { total: 'not a number' } }),
    );
  };
}

test("SDK v1: what client.callTool returns for the SDK's own errors, parsed", async () => {
  const client = await connectedOrSkip(V1);
  try {
    const rejected = await client.callTool({ name: 'get_invoice', arguments: { id: 7 } });
    assert.equal(rejected.structuredContent, undefined);
    assert.match(
      rejected.content[0].text,
      /^MCP error -32602: Input validation error: Invalid arguments for tool get_invoice: /,
    );
    const parsed = m.parseToolError(rejected);
    assert.equal(parsed.dialect, 'text');
    assert.equal(parsed.code, m.JsonRpcErrorCode.InvalidParams);
    assert.equal(parsed.message, rejected.content[0].text.slice('MCP error -32602: '.length));
    assert.equal(parsed.recovery, null);
    assert.equal(parsed.raw, rejected);

    const unknown = m.parseToolError(await client.callTool({ name: 'nope', arguments: {} }));
    assert.deepEqual([unknown.dialect, unknown.code, unknown.message], ['text', -32602, 'Tool nope not found']);

    const output = m.parseToolError(await client.callTool({ name: 'total', arguments: { id: 'a' } }));
    assert.equal(output.code, -32602);
    assert.match(output.message, /^Output validation error: Invalid structured content for tool total: /);

    const thrown = m.parseToolError(await client.callTool({ name: 'get_invoice', arguments: { id: 'throw' } }));
    assert.deepEqual(
      { ...thrown, raw: null },
      {
        code: null,
        message: 'Invoice store is down',
        recovery: null,
        availableActions: [],
        severity: 'error',
        dialect: 'text',
        raw: null,
      },
    );
  } finally {
    await client.close();
  }
});

test("SDK v2: what client.callTool returns for the SDK's own errors, parsed", async () => {
  const client = await connectedOrSkip(V2);
  try {
    const rejected = await client.callTool({ name: 'get_invoice', arguments: { id: 7 } });
    const text =
      'Input validation error: Invalid arguments for tool get_invoice: id: Invalid input: expected string, received number';
    assert.deepEqual(rejected.content, [{ type: 'text', text }]);
    const parsed = m.parseToolError(rejected);
    assert.deepEqual(
      { ...parsed, raw: null },
      {
        code: -32602,
        message: text,
        recovery: null,
        availableActions: [],
        severity: 'error',
        dialect: 'text',
        raw: null,
      },
    );
    const error = m.McpEnvelopeClientError.fromResult(rejected);
    assert.deepEqual([error.code, error.dialect, error.message], [-32602, 'text', text]);

    const output = m.parseToolError(await client.callTool({ name: 'total', arguments: { id: 'a' } }));
    assert.deepEqual([output.code, output.dialect], [-32602, 'text']);
    assert.match(output.message, /^Output validation error: Invalid structured content for tool total: total: /);

    const thrown = m.parseToolError(await client.callTool({ name: 'get_invoice', arguments: { id: 'throw' } }));
    assert.deepEqual([thrown.dialect, thrown.code, thrown.message], ['text', null, 'Invoice store is down']);
  } finally {
    await client.close();
  }
});

async function connectedOrSkip(sdk) {
  return connected(sdk, sdkTools(sdk));
}

test("registerTool's envelope reads the same with and without structuredContent, over real v1 and v2 Clients", async () => {
  const contract = [
    {
      reason: 'paid',
      code: m.JsonRpcErrorCode.Conflict,
      when: 'The invoice is already paid.',
      recovery: 'Call get_invoice to see the payment.',
    },
  ];
  for (const sdk of [V1, V2]) {
    const client = await connected(sdk, (server) => {
      m.registerTool(
        server,
        'pay',
        { inputSchema: sdk.schema({ id: z.string() }), errors: contract },
        async ({ id }) => {
          if (id === 'paid') throw m.fail(contract, 'paid');
          if (id === 'busy')
            throw m.rateLimited('Too many payments.', {
              reason: 'busy',
              retryable: true,
              recovery: { hint: 'Wait a minute.' },
            });
          throw new Error('ledger offline');
        },
      );
    });
    try {
      for (const args of [{ id: true }, { id: 'paid' }, { id: 'busy' }, { id: 'other' }]) {
        const full = await client.callTool({ name: 'pay', arguments: args });
        const whole = m.parseToolError(full);
        const textOnly = m.parseToolError(withoutStructured(full));
        const label = `${sdk.version} ${JSON.stringify(args)}`;
        assert.equal(whole.dialect, 'jsonrpc', label);
        assert.equal(textOnly.dialect, 'jsonrpc', label);
        for (const field of ['message', 'recovery', 'reason', 'retryable', 'requestId']) {
          assert.deepEqual(textOnly[field], whole[field], `${label}: ${field}`);
        }
        assert.match(whole.requestId, /^[A-Z0-9]{5}-[A-Z0-9]{5}$/, label);
        // The text carries no code, except in the SDK's validation wording.
        assert.equal(textOnly.code, args.id === true ? -32602 : null, label);
      }
      const busy = m.parseToolError(
        withoutStructured(await client.callTool({ name: 'pay', arguments: { id: 'busy' } })),
      );
      assert.deepEqual(
        [busy.message, busy.recovery, busy.reason, busy.retryable],
        ['Too many payments.', 'Wait a minute.', 'busy', true],
      );
      const paid = m.parseToolError(
        withoutStructured(await client.callTool({ name: 'pay', arguments: { id: 'paid' } })),
      );
      // registerTool's guidance adds the code's retryability where the contract gives none.
      assert.deepEqual(
        [paid.recovery, paid.reason, paid.retryable],
        ['Call get_invoice to see the payment.', 'paid', false],
      );
    } finally {
      await client.close();
    }
  }
});

test('the JSON-RPC text form of every errorResult shape reads back as its structured error does', () => {
  const thrown = [
    m.notFound('No item 7'),
    m.rateLimited('Slow down', { reason: 'quota', retryable: false, recovery: { hint: 'Retry tomorrow.' } }),
    m.conflict('Taken (see docs)', { reason: 'a · b', retryable: true }),
    m.validationError('Bad: includes the hint', { recovery: { hint: 'the hint' } }),
    new Error('multi\n\nline\n\nmessage'),
    m.invalidParams('x', { recovery: { hint: 'line one\n\nline two' } }),
  ];
  for (const [i, error] of thrown.entries()) {
    for (const requestId of ['REQ01-00001', 42, false]) {
      const full = m.errorResult(error, { requestId });
      const whole = m.parseToolError(full);
      const textOnly = m.parseToolError(withoutStructured(full));
      for (const field of ['message', 'recovery', 'reason', 'retryable', 'requestId']) {
        // #3's message contains its hint, so the text leaves the Recovery line out (below).
        if (!(i === 3 && field === 'recovery'))
          assert.deepEqual(textOnly[field], whole[field], `#${i} ${requestId} ${field}`);
      }
      assert.equal(textOnly.dialect, 'jsonrpc');
    }
  }
  // Recovery that the message already contains is not repeated on the wire: the text form has none.
  const contained = m.errorResult(thrown[3], { requestId: false });
  assert.equal(m.parseToolError(contained).recovery, 'the hint');
  assert.equal(m.parseToolError(withoutStructured(contained)).recovery, null);
});

test('plain text is dialect text with code null; XML only where there is XML', () => {
  for (const text of [
    'something broke',
    '',
    'x < y',
    'a <tool_errors> list',
    'HTTP 500 (internal)',
    'error: lower-case',
  ]) {
    const parsed = m.parseToolError(result(text));
    assert.deepEqual([parsed.dialect, parsed.code], ['text', null], JSON.stringify(text));
    assert.equal(parsed.message, text === '' ? 'Unknown error' : text);
  }
  assert.equal(m.parseToolError(result('<tool_error code="X">\n<message>m</message>\n</tool_error>')).dialect, 'xml');
  assert.equal(m.parseToolError(result('<validation_error action="a">\n</validation_error>')).dialect, 'xml');
  assert.equal(m.parseToolError({ isError: true }).dialect, 'text');
});

test('a 10 MB text is read to the cap; cut messages, recoveries and request ids end in …', () => {
  const big = 'x'.repeat(10 * 1024 * 1024);
  const forms = {
    text: big,
    jsonrpc: `Error: ${big}\n\nRecovery: r\n\n(request R)`,
    xml: `<tool_error code="X">\n<message>${big}</message>\n</tool_error>`,
    validation: `<validation_error action="a">\n<field name="f">${big}</field>\n</validation_error>`,
  };
  for (const [label, text] of Object.entries(forms)) {
    const parsed = m.parseToolError(result(text));
    assert.equal(units(parsed.message), 131_072, label);
    assert.ok(parsed.message.endsWith('x…'), label);
  }
  assert.equal(m.parseToolError(result(forms.xml)).code, 'X');
  // The text is read to 1,048,576 units in all, blocks and separators included.
  const blocks = {
    isError: true,
    content: [
      { type: 'text', text: 'Error: a' },
      { type: 'text', text: 'b'.repeat(2_000_000) },
      { type: 'text', text: 'c' },
    ],
  };
  const joined = m.parseToolError(blocks);
  assert.equal(joined.dialect, 'jsonrpc');
  assert.equal(units(joined.message), 131_072);
  // A cut that falls short of the message cap still says so.
  const recovery = m.parseToolError({
    isError: true,
    content: [{ type: 'text', text: `Error: m\n\nRecovery: ${'r'.repeat(1_048_576)}` }],
  });
  assert.equal(recovery.message, 'm');
  assert.ok(recovery.recovery.endsWith('r…') && units(recovery.recovery) === 131_072);
  // Request ids and reasons: 1,024 units, `…` last, from the text and from structuredContent.
  const id = 'R'.repeat(5000);
  const fromText = m.parseToolError(result(`Error: m\n\n(reason ${id} · request ${id})`));
  assert.equal(fromText.requestId, `${'R'.repeat(1023)}…`);
  assert.equal(fromText.reason, `${'R'.repeat(1023)}…`);
  const structured = m.parseToolError({
    isError: true,
    content: [],
    structuredContent: {
      error: { code: -32001, message: big, data: { requestId: id, reason: id, recovery: { hint: big } } },
    },
  });
  assert.equal(structured.requestId, `${'R'.repeat(1023)}…`);
  assert.equal(units(structured.message), 131_072);
  assert.ok(structured.message.endsWith('…') && structured.recovery.endsWith('…'));
  // Never half a surrogate pair before the `…`.
  const emoji = m.parseToolError(result('😀'.repeat(700_000)));
  assert.ok(emoji.message.endsWith('😀…'), 'a pair is never split');
});

const SENTINEL = new Error("the caller's own error");
const throwing = () => {
  throw SENTINEL;
};
const allTraps = () =>
  new Proxy(
    {},
    Object.fromEntries(
      ['get', 'has', 'ownKeys', 'getOwnPropertyDescriptor', 'getPrototypeOf', 'defineProperty', 'set', 'apply'].map(
        (trap) => [trap, throwing],
      ),
    ),
  );
const revoked = () => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
};

test('a hostile result never makes parseToolError throw, let alone its own error', () => {
  const hostile = {
    'all traps throw': allTraps(),
    'revoked proxy': revoked(),
    'isError getter throws': {
      get isError() {
        return throwing();
      },
      content: [{ type: 'text', text: 'Error: m' }],
    },
    'content getter throws': {
      isError: true,
      get content() {
        return throwing();
      },
    },
    'content is a revoked proxy': { isError: true, content: revoked() },
    'content is a trapping proxy': { isError: true, content: allTraps() },
    'content length throws': {
      isError: true,
      content: new Proxy([], { get: (t, k) => (k === 'length' ? throwing() : t[k]) }),
    },
    'content claims 1e9 blocks': {
      isError: true,
      content: new Proxy([], { get: (_t, k) => (k === 'length' ? 1e9 : { type: 'text', text: 'x' }) }),
    },
    'a block getter throws': {
      isError: true,
      content: [
        {
          get type() {
            return throwing();
          },
        },
        {
          type: 'text',
          get text() {
            return throwing();
          },
        },
      ],
    },
    'text is an object with a throwing toString': {
      isError: true,
      content: [{ type: 'text', text: { toString: throwing, valueOf: throwing } }],
    },
    'structuredContent getter throws': {
      isError: true,
      get structuredContent() {
        return throwing();
      },
    },
    'structured error traps': { isError: true, structuredContent: { error: allTraps() } },
    'structured fields throw': {
      isError: true,
      structuredContent: {
        error: {
          get code() {
            return throwing();
          },
          get message() {
            return throwing();
          },
          get data() {
            return throwing();
          },
        },
      },
    },
    'structured data throws': {
      isError: true,
      structuredContent: {
        error: {
          code: -32001,
          message: 'm',
          data: {
            get recovery() {
              return throwing();
            },
            get requestId() {
              return throwing();
            },
            get reason() {
              return throwing();
            },
          },
        },
      },
    },
    'odd types everywhere': {
      isError: 1,
      content: [{ type: 'text', text: 5 }, null, 'x', { type: Symbol('t') }],
      structuredContent: {
        error: {
          code: 10n,
          message: Symbol('m'),
          data: { requestId: { toString: throwing }, retryable: 'yes', recovery: { hint: 10n } },
        },
      },
    },
    'lone surrogates': { isError: true, content: [{ type: 'text', text: `Error: \ud800x\n\n(request \udfff)` }] },
  };
  for (const [label, value] of Object.entries(hostile)) {
    let parsed;
    assert.doesNotThrow(() => {
      parsed = m.parseToolError(value);
    }, label);
    assert.ok(parsed === null || typeof parsed.message === 'string', label);
    assert.doesNotThrow(() => m.McpEnvelopeClientError.fromResult(value), label);
  }
  assert.equal(
    m.parseToolError(hostile['isError getter throws']).message,
    'm',
    'an isError that throws counts as an error',
  );
  assert.equal(m.parseToolError(hostile['lone surrogates']).requestId, '\ufffd');
  assert.equal(m.parseToolError(hostile['content claims 1e9 blocks']).message, Array(1000).fill('x').join('\n'));
  // The package's own TypeError for a non-object, never the caller's error.
  assert.throws(() => m.parseToolError(undefined), TypeError);
});

test('each field of a result is read once', () => {
  const reads = new Map();
  const counting = (target, name) =>
    new Proxy(target, {
      get(t, key, receiver) {
        const k = `${name}.${String(key)}`;
        reads.set(k, (reads.get(k) ?? 0) + 1);
        return Reflect.get(t, key, receiver);
      },
    });
  const value = counting(
    {
      isError: true,
      content: counting([counting({ type: 'text', text: 'Error: m\n\n(request R)' }, 'block')], 'content'),
      structuredContent: counting(
        {
          error: counting(
            { code: -32001, message: 'm', data: counting({ requestId: 'R', recovery: { hint: 'h' } }, 'data') },
            'error',
          ),
        },
        'structured',
      ),
    },
    'result',
  );
  const parsed = m.parseToolError(value);
  assert.deepEqual([parsed.code, parsed.requestId, parsed.recovery], [-32001, 'R', 'h']);
  for (const [key, count] of reads) assert.equal(count, 1, `${key} read ${count} times`);
  assert.ok(reads.has('block.text') && reads.has('data.requestId'));
});
