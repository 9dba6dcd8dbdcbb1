// checkContract (the structural rules of mcp-ts-core's definition linter for an error
// contract) and capabilityMissing (seed 002's client_capability_missing refusal), from
// the built package: one bad contract per rule with the reference's rule id and message,
// hostile contract values, the package's own example contracts clean, registerTool's
// one warning per registration, and the refusal's exact bytes on the wire.
//
// Vectors of our own, from the reference's source:
// - rule ids, severities and messages: cyanheads/mcp-ts-core
//   src/linter/rules/error-contract-rules.ts `lintErrorContract`, commit
//   00c6ea22414fd8989fbfdbdacd3866e4509fbd73 (the function is unchanged in the newest
//   stored version, the one with `thrownBy`), reached through src/linter/tool-rules.ts
//   (commit 00b4c42161241673849614ad2a5cf1f25e7d12a8: definitionType 'tool', a nameless
//   definition named '<unnamed>').
// - the refusal's hint: src/mcp-server/inputRequired.ts `createInputRequiredGate`, the
//   stored version with #495's fallbackHint (index id 71209458485; its commit is not
//   reported), and the reference's own test of it ("the default hint stops at the
//   reconnect sentence").
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import * as z from 'zod';
import {
  capabilityMissing,
  checkContract,
  errorResult,
  JsonRpcErrorCode,
  logRecord,
  McpError,
  registerTool,
} from '../pkg/node.js';
import { root } from './link-package.mjs';
import { connected, V1, V2 } from './sdks.mjs';

const GOOD = Object.freeze({
  reason: 'no_match',
  code: JsonRpcErrorCode.NotFound,
  when: 'Nothing matched the query.',
  recovery: 'Call search_items to find a valid id first.',
});
const entry = (fields) => ({ ...GOOD, ...fields });
const rules = (contract) => checkContract(contract, { tool: 't' }).map((f) => f.rule);

test('a sound contract has no findings; no contract has none', () => {
  assert.deepEqual(checkContract([GOOD]), []);
  assert.deepEqual(
    checkContract([
      GOOD,
      entry({ reason: 'queue_full', code: JsonRpcErrorCode.RateLimited, retryable: true, severity: 'notice' }),
      entry({ reason: 'upstream_gone', code: JsonRpcErrorCode.ServiceUnavailable, thrownBy: 'service', extra: 1 }),
    ]),
    [],
  );
  assert.deepEqual(checkContract(undefined), []);
});

// One bad contract per rule: [rule, severity, the contract, the message].
const ONE_PER_RULE = [
  ['error-contract-type', 'error', { not: 'a list' }, "tool 't' has 'errors' but it is not an array."],
  [
    'error-contract-empty',
    'warning',
    [],
    "tool 't' declares an empty 'errors: []' contract. An empty contract is a no-op — drop the field entirely, or declare the actual failure modes. Empty contracts give clients no useful failure-surface preview.",
  ],
  [
    'error-contract-entry-type',
    'error',
    ['no_match'],
    "tool 't' errors[0] must be an object with { code, reason, when, recovery }.",
  ],
  [
    'error-contract-code-type',
    'error',
    [entry({ code: 'NotFound' })],
    "tool 't' errors[0].code must be a JsonRpcErrorCode value (number).",
  ],
  [
    'error-contract-code-unknown',
    'error',
    [entry({ code: 404 })],
    "tool 't' errors[0].code is 404, which is not a valid JsonRpcErrorCode. Use the enum import.",
  ],
  [
    'error-contract-code-unknown-error',
    'warning',
    [entry({ code: JsonRpcErrorCode.UnknownError })],
    "tool 't' errors[0].code is JsonRpcErrorCode.UnknownError. This is the framework's giveup-fallback code — it conveys no useful information to clients. Pick a more specific code (e.g. InternalError, ServiceUnavailable) or remove the entry.",
  ],
  [
    'error-contract-reason-required',
    'error',
    [entry({ reason: '' })],
    "tool 't' errors[0].reason must be a non-empty string.",
  ],
  [
    'error-contract-reason-format',
    'warning',
    [entry({ reason: 'NoMatch' })],
    "tool 't' errors[0].reason 'NoMatch' should be snake_case (start with a lowercase letter, then lowercase letters/digits/underscores). Treat reasons like API constants.",
  ],
  [
    'error-contract-reason-unique',
    'error',
    [GOOD, entry({ code: JsonRpcErrorCode.Conflict })],
    "tool 't' has duplicate reason 'no_match' in errors[]. Reasons must be unique within a contract.",
  ],
  [
    'error-contract-when-required',
    'error',
    [entry({ when: undefined })],
    "tool 't' errors[0].when must be a non-empty human-readable description.",
  ],
  [
    'error-contract-recovery-required',
    'error',
    [entry({ recovery: ['Call', 'search_items'] })],
    "tool 't' errors[0].recovery must be a non-empty string describing what the agent should do when this failure occurs.",
  ],
  [
    'error-contract-recovery-empty',
    'error',
    [entry({ recovery: ' \n\u00a0' })],
    "tool 't' errors[0].recovery is empty. Provide actionable guidance for the agent.",
  ],
  [
    'error-contract-recovery-min-words',
    'warning',
    [entry({ recovery: 'Try again.' })],
    `tool 't' errors[0].recovery has 2 word(s); minimum is 5. Specific guidance ("Try X with Y") beats placeholders ("Try again.", "Check input.").`,
  ],
  [
    'error-contract-retryable-type',
    'warning',
    [entry({ retryable: 'yes' })],
    "tool 't' errors[0].retryable should be a boolean when present.",
  ],
  [
    'error-contract-severity-unknown',
    'error',
    [entry({ severity: 'error' })],
    'tool \'t\' errors[0].severity is "error". Use one of: debug, info, notice, warning. Omit the field for the default `error` level.',
  ],
];

for (const [rule, severity, contract, message] of ONE_PER_RULE) {
  test(`${rule}: the reference's id, severity and message`, () => {
    const found = checkContract(contract, { tool: 't' });
    assert.equal(found.length, 1, JSON.stringify(found));
    assert.equal(found[0].rule, rule);
    assert.equal(found[0].severity, severity);
    assert.equal(found[0].message, message);
  });
}

test("framework-owned reasons (our rule: the reference's linter has none for them)", () => {
  for (const reason of ['invalid_arguments', 'client_capability_missing']) {
    const found = checkContract([entry({ reason })], { tool: 'ask' });
    assert.deepEqual(
      found.map(({ rule, severity, reason }) => ({ rule, severity, reason })),
      [{ rule: 'error-contract-reason-reserved', severity: 'error', reason }],
    );
    assert.ok(found[0].message.startsWith(`tool 'ask' errors[0].reason '${reason}' is framework-owned`));
  }
});

test('findings name the entry reason and the tool; a nameless tool is <unnamed>', () => {
  const [found] = checkContract([entry({ retryable: 1 })]);
  assert.equal(found.reason, 'no_match');
  assert.ok(found.message.startsWith("tool '<unnamed>' errors[0]."));
  assert.equal(Object.hasOwn(checkContract([])[0], 'reason'), false);
  assert.deepEqual(rules([entry({ reason: 7 }), entry({ reason: 'a' })]), ['error-contract-reason-required']);
});

test('every rule of one entry, in the reference order', () => {
  assert.deepEqual(rules([{ code: NaN, reason: 'Bad Reason', retryable: null, severity: 'fatal' }]), [
    'error-contract-code-unknown',
    'error-contract-reason-format',
    'error-contract-when-required',
    'error-contract-recovery-required',
    'error-contract-retryable-type',
    'error-contract-severity-unknown',
  ]);
  const [nan] = checkContract([entry({ code: NaN })]);
  assert.match(nan.message, /\.code is NaN, which is not/);
  const [big] = checkContract([entry({ code: 1e21 })]);
  assert.match(big.message, /\.code is 1e\+21, which is not/);
});

test('severity is quoted as JSON.stringify would, bounded and without running code', () => {
  const shown = (severity) =>
    checkContract([entry({ severity })])[0]
      .message.split(' is ')[1]
      .split('. Use')[0];
  assert.equal(shown(null), 'null');
  assert.equal(shown(NaN), 'null');
  assert.equal(shown(3), '3');
  assert.equal(shown({ level: 'info' }), '{"level":"info"}');
  assert.equal(
    shown(() => 'x'),
    'undefined',
  );
  assert.equal(shown(Symbol('s')), 'undefined');
  let ran = false;
  const sneaky = {
    toJSON() {
      ran = true;
      return 'info';
    },
  };
  assert.ok(shown(sneaky).startsWith('{'));
  assert.equal(ran, false);
});

test('hostile contract values are findings, never a throw; each field is read once', () => {
  const reads = new Map();
  const counted = new Proxy(
    { ...GOOD },
    {
      get(target, key) {
        reads.set(key, (reads.get(key) ?? 0) + 1);
        return Reflect.get(target, key);
      },
    },
  );
  assert.deepEqual(checkContract([counted]), []);
  for (const key of ['code', 'reason', 'when', 'recovery', 'retryable', 'severity'])
    assert.equal(reads.get(key), 1, key);

  const trap = new Proxy(
    {},
    {
      get() {
        throw new Error('trap');
      },
    },
  );
  assert.deepEqual(rules([trap]), [
    'error-contract-code-type',
    'error-contract-reason-required',
    'error-contract-when-required',
    'error-contract-recovery-required',
    'error-contract-retryable-type',
    'error-contract-severity-unknown',
  ]);
  assert.match(checkContract([trap])[5].message, /severity is "\[Unreadable\]"/);

  const getter = Object.defineProperty({ ...GOOD }, 'recovery', {
    get() {
      throw new Error('getter');
    },
    enumerable: true,
  });
  assert.deepEqual(rules([getter]), ['error-contract-recovery-required']);

  const entryThrows = new Proxy([GOOD], {
    get(target, key) {
      if (key === '0') throw new Error('index');
      return Reflect.get(target, key);
    },
  });
  assert.deepEqual(rules(entryThrows), ['error-contract-entry-type']);

  const { proxy: revokedEntry, revoke } = Proxy.revocable({}, {});
  revoke();
  assert.equal(rules([revokedEntry]).length, 6);
  assert.deepEqual(rules([null, 7, 'x', () => {}, Symbol('e'), 10n]), Array(6).fill('error-contract-entry-type'));
  assert.deepEqual(rules([[]]).slice(0, 1), ['error-contract-code-type']);

  const cyclic = entry({});
  cyclic.severity = cyclic;
  assert.equal(rules([cyclic])[0], 'error-contract-severity-unknown');

  // Lone surrogates and a 10-million-unit recovery.
  assert.deepEqual(rules([entry({ reason: 'a\ud800' })]), ['error-contract-reason-format']);
  assert.deepEqual(rules([entry({ recovery: `${'word '.repeat(2_000_000)}` })]), []);
});

test('a contract that cannot be read at all is a TypeError; bad options too', () => {
  const { proxy, revoke } = Proxy.revocable([], {});
  revoke();
  assert.throws(() => checkContract(proxy), {
    name: 'TypeError',
    message: /checkContract: `contract` could not be read/,
  });
  const lengthThrows = new Proxy([], {
    get(target, key) {
      if (key === 'length') throw new Error('length');
      return Reflect.get(target, key);
    },
  });
  assert.throws(() => checkContract(lengthThrows), { name: 'TypeError', message: /contract\.length/ });
  assert.throws(() => checkContract([GOOD], { tool: 7 }), { name: 'TypeError', message: /options\.tool/ });
  assert.throws(() => checkContract([GOOD], 'tool'), TypeError);
  assert.deepEqual(checkContract(null, { tool: 'n' })[0].rule, 'error-contract-type');
});

test('a million entries cost the caps: 1,024 checked, 100 findings listed, the rest counted', () => {
  let reads = 0;
  const huge = new Proxy(new Array(1_000_000).fill('not an entry'), {
    get(target, key) {
      if (key !== 'length') reads++;
      return Reflect.get(target, key);
    },
  });
  const found = checkContract(huge, { tool: 'big' });
  assert.ok(reads <= 1024, `${reads} entries read`);
  assert.equal(found.length, 101);
  assert.equal(found[100].rule, 'error-contract-truncated');
  assert.equal(
    found[100].message,
    "tool 'big' errors[] has 1000000 entries; only the first 1024 were checked. tool 'big' has 1024 findings; 924 more are not listed.",
  );
  // The duplicate rule still sees every checked entry.
  const dupes = checkContract(Array(5).fill(GOOD));
  assert.deepEqual(
    dupes.map((f) => f.rule),
    Array(4).fill('error-contract-reason-unique'),
  );
});

/** `const cancelErrors = [ … ] as const` of examples/server/tools.ts, evaluated. */
function exampleServerContracts() {
  const source = readFileSync(`${root}examples/server/tools.ts`, 'utf8');
  const found = [];
  for (const match of source.matchAll(/const (\w+) = (\[\n[\s\S]*?\n\]) as const satisfies ErrorContract;/g)) {
    found.push([
      `examples/server/tools.ts ${match[1]}`,
      new Function('JsonRpcErrorCode', `return ${match[2]};`)(JsonRpcErrorCode),
    ]);
  }
  return found;
}

/** The contracts of the README's js blocks (`const contract = [ … ];`), evaluated. */
function readmeContracts() {
  const source = readFileSync(`${root}README.md`, 'utf8');
  return [...source.matchAll(/const contract = (\[\n[\s\S]*?\n\]);/g)].map((m, i) => [
    `README.md contract ${i}`,
    new Function('JsonRpcErrorCode', `return ${m[1]};`)(JsonRpcErrorCode),
  ]);
}

test("the package's own example contracts have no findings", async () => {
  const { CONTRACT_EXAMPLES } = await import('../www/src/examples.js');
  const contracts = [
    ...exampleServerContracts(),
    ...readmeContracts(),
    ...CONTRACT_EXAMPLES.filter((e) => Array.isArray(e.contract)).map((e) => [`playground ${e.label}`, e.contract]),
  ];
  assert.ok(contracts.length >= 3, contracts.map(([name]) => name).join(', '));
  for (const [name, contract] of contracts) {
    assert.ok(contract.length > 0, name);
    assert.deepEqual(checkContract(contract, { tool: name }), [], name);
  }
});

test('the checks can fail on the examples: a placeholder recovery in one of them is found', () => {
  const [[, contract]] = exampleServerContracts();
  const broken = contract.map((e, i) => (i === 0 ? { ...e, recovery: 'Try again.' } : e));
  assert.deepEqual(rules(broken), ['error-contract-recovery-min-words']);
});

/** console.warn replaced for the duration of `fn`; the lines it was called with. */
async function warnings(fn) {
  const original = console.warn;
  const lines = [];
  console.warn = (...args) => lines.push(args.join(' '));
  try {
    await fn();
  } finally {
    console.warn = original;
  }
  return lines;
}

for (const sdk of [V1, V2]) {
  test(`${sdk.version}: registerTool warns once per registration of a contract with findings, and still registers`, async () => {
    const errors = [GOOD, entry({ reason: 'Gone', recovery: 'Retry.', code: JsonRpcErrorCode.Conflict })];
    let client;
    const lines = await warnings(async () => {
      ({ client } = await connected(sdk, (server) => {
        registerTool(
          server,
          'lookup',
          { description: 'd', inputSchema: { id: z.string() }, errors },
          async ({ id }) => {
            throw new McpError(JsonRpcErrorCode.Conflict, `No ${id}`, { reason: 'Gone' });
          },
        );
        registerTool(server, 'sound', { description: 'd', errors: [GOOD] }, async () => ({ content: [] }));
        registerTool(server, 'bare', { description: 'd' }, async () => ({ content: [] }));
      }));
      // Calls warn no more.
      await client.callTool({ name: 'lookup', arguments: { id: 'x' } });
      await client.callTool({ name: 'lookup', arguments: { id: 'y' } });
    });
    assert.equal(lines.length, 1, lines.join('\n---\n'));
    assert.equal(
      lines[0],
      [
        "mcp-envelope: registerTool: the error contract of tool 'lookup' has 2 findings:",
        "  error-contract-reason-format (warning): tool 'lookup' errors[1].reason 'Gone' should be snake_case (start with a lowercase letter, then lowercase letters/digits/underscores). Treat reasons like API constants.",
        `  error-contract-recovery-min-words (warning): tool 'lookup' errors[1].recovery has 1 word(s); minimum is 5. Specific guidance ("Try X with Y") beats placeholders ("Try again.", "Check input.").`,
      ].join('\n'),
    );
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), ['bare', 'lookup', 'sound']);
    const result = await client.callTool({ name: 'lookup', arguments: { id: 'z' } });
    assert.equal(result.isError, true);
    assert.match(result.content[0].text, /\(reason Gone · /);
  });
}

test('registerTool never throws for a contract it cannot lint, nor for a throwing console', async () => {
  const { proxy: revoked, revoke } = Proxy.revocable([], {});
  revoke();
  const server = new V1.Server({ name: 's', version: '1' });
  // A revoked contract is no list: registerTool's own check refuses it, as before.
  assert.throws(() => registerTool(server, 'r', { errors: revoked }, async () => ({ content: [] })), TypeError);
  const original = console.warn;
  console.warn = () => {
    throw new Error('console');
  };
  try {
    registerTool(server, 'w', { errors: [entry({ recovery: 'No.' })] }, async () => ({ content: [] }));
  } finally {
    console.warn = original;
  }
});

// --- capabilityMissing ----------------------------------------------------------------

const HINT = 'Reconnect with a client that declares the `elicitation.form` capability.';

test('capabilityMissing: the exact code, reason and hint, with and without fallbackHint', () => {
  const error = capabilityMissing('elicitation.form');
  assert.ok(McpError.isMcpError(error));
  assert.equal(error.code, -32600);
  assert.equal(error.code, JsonRpcErrorCode.InvalidRequest);
  assert.equal(error.message, 'The client on this connection did not declare the `elicitation.form` capability.');
  assert.deepEqual(error.data, { reason: 'client_capability_missing', recovery: { hint: HINT } });
  assert.equal(
    JSON.stringify(error.data),
    `{"reason":"client_capability_missing","recovery":{"hint":${JSON.stringify(HINT)}}}`,
  );

  const withFallback = capabilityMissing('elicitation.form', { fallbackHint: 'Or call again with noun supplied.' });
  assert.equal(withFallback.data.recovery.hint, `${HINT} Or call again with noun supplied.`);
  assert.equal(capabilityMissing('elicitation.form', { fallbackHint: '' }).data.recovery.hint, HINT);
  assert.equal(capabilityMissing('elicitation.form', {}).data.recovery.hint, HINT);
  assert.equal(
    capabilityMissing('sampling.tools').data.recovery.hint,
    'Reconnect with a client that declares the `sampling.tools` capability.',
  );
  // The stack starts at the caller.
  assert.doesNotMatch(error.stack.split('\n')[1], /capability\.js/);
});

test('capabilityMissing: bad arguments are a TypeError', () => {
  for (const bad of [undefined, 7, null, {}, '', 'a b', 'elicitation.', '`x`', 'x'.repeat(257)]) {
    assert.throws(
      () => capabilityMissing(bad),
      { name: 'TypeError', message: /capabilityMissing: `capability` must be/ },
      String(bad),
    );
  }
  assert.throws(() => capabilityMissing('roots', { fallbackHint: 7 }), {
    name: 'TypeError',
    message: /`options\.fallbackHint` must be a string, got a number/,
  });
  assert.throws(() => capabilityMissing('roots', 'hint'), TypeError);
  const trap = new Proxy(
    {},
    {
      get() {
        throw new Error('trap');
      },
    },
  );
  assert.throws(() => capabilityMissing('roots', trap), { name: 'TypeError', message: /could not be read/ });
});

test('capabilityMissing through errorResult and logRecord: the reason on the wire, logged at notice', () => {
  const error = capabilityMissing('elicitation.form', { fallbackHint: 'Or call again with noun supplied.' });
  const result = errorResult(error, { requestId: 'REQ01-ABCDE' });
  assert.equal(result.isError, true);
  assert.equal(
    result.content[0].text,
    `Error: The client on this connection did not declare the \`elicitation.form\` capability.\n\nRecovery: ${HINT} Or call again with noun supplied.\n\n(reason client_capability_missing · request REQ01-ABCDE)`,
  );
  assert.deepEqual(result.structuredContent.error, {
    code: -32600,
    message: 'The client on this connection did not declare the `elicitation.form` capability.',
    data: {
      reason: 'client_capability_missing',
      recovery: { hint: `${HINT} Or call again with noun supplied.` },
      requestId: 'REQ01-ABCDE',
    },
  });
  const record = logRecord(error, { tool: 'confirm' });
  assert.equal(record.level, 'notice');
  assert.equal(record.reason, 'client_capability_missing');
  assert.equal(record.code, -32600);
  // A contract entry naming it with its own severity still wins, as seed 002 says.
  const contract = [
    entry({ reason: 'client_capability_missing', code: JsonRpcErrorCode.InvalidRequest, severity: 'info' }),
  ];
  assert.equal(logRecord(error, { tool: 'confirm', contract }).level, 'info');
});

test('capabilityMissing from a registered tool: the model reads the refusal', async () => {
  for (const sdk of [V1, V2]) {
    const { client } = await connected(sdk, (server) => {
      registerTool(server, 'confirm', { description: 'Asks the caller to confirm.' }, async () => {
        throw capabilityMissing('elicitation.form');
      });
    });
    const result = await client.callTool({ name: 'confirm', arguments: {} });
    assert.equal(result.isError, true, sdk.version);
    assert.match(result.content[0].text, /^Error: The client on this connection did not declare/);
    assert.ok(result.content[0].text.includes(`Recovery: ${HINT}`), sdk.version);
    // registerTool's guidance may add a segment before the request id.
    assert.match(
      result.content[0].text,
      /\(reason client_capability_missing · (.+ · )?request [A-Z0-9]{5}-[A-Z0-9]{5}\)$/,
    );
  }
});

test('the vectors of tests/conformance-own/tscore-contract-lint.json, through the package', () => {
  const vectors = JSON.parse(readFileSync(`${root}tests/conformance-own/tscore-contract-lint.json`, 'utf8'));
  assert.ok(vectors.length >= 21);
  for (const { id, kind, input, expected } of vectors) {
    if (kind === 'lint') {
      const found = checkContract(input.contract, input.tool === undefined ? undefined : { tool: input.tool });
      assert.deepEqual(found, expected, id);
    } else {
      assert.equal(kind, 'capability', id);
      const options = input.fallbackHint === undefined ? undefined : { fallbackHint: input.fallbackHint };
      const error = capabilityMissing(input.capability, options);
      assert.deepEqual({ code: error.code, data: error.data }, expected, id);
    }
  }
});
