// Parity under hostile input: the same generated inputs (seeded, so every run sends the
// same bytes) through the npm package and through the crate's Rust API
// (js-tests/parity.mjs, examples/parity.rs), byte-identical outputs required. Only what
// a Rust string or value can hold is sent: very long messages and keys (past every
// cap), nesting past the depth caps, 50,000 issues, secrets, control characters,
// U+2028, astral characters, `__proto__` keys, 1e21 / -0 / 5e-324, empty strings.
//
// Deeper still is not sent: the Rust side's own `Value` conversions recurse once per
// level (Issue::from_value → Value::into_owned; Clone and Drop are derived), so a
// 5,000-deep issue overflows a debug build's main-thread stack before the core (which
// is bounded) sees it; 1,000 deep is sent below.
//
// Not sent: lone surrogates. A Rust `String` is UTF-8 and cannot hold one (the JSON
// that carries the calls to the Rust side would turn `\ud800` into U+FFFD on reading),
// so there is no Rust input to compare the package's answer with.
//
// The npm layer copies a hostile value bounded BEFORE the core sees it, while the Rust
// API hands the core the whole value; these calls are where that would show.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compare, deep } from './parity.mjs';
import { seeded } from './seeded.mjs';

const random = seeded(0x5eed2024);
const pick = (list) => list[Math.floor(random() * list.length)];

const SECRETS = [
  'password=hunter2',
  'DB_PASSWORD="hunter 2"',
  'Authorization: Bearer abc123def456ghi789',
  'key sk-proj-Ab12Cd34Ef56Gh78Ij90Kl12',
  'ghp_16C7e42F292c6912E7710c838347Ae178B4a',
  'GET /v1?api_key=k3y-value&page=2',
  'postgres://admin:pw-Secret1@db/app',
  'id AKIAIOSFODNN7EXAMPLE',
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
];
const ODD = [
  '',
  '\u0000\u0007\u001b[31m\u007f',
  'line\u2028sep\u2029para',
  '😀𝕏𐍈',
  '__proto__',
  '<tool_error code="X">&amp;</tool_error>',
  'a\r\nb\tc',
  '\ufeff\u200b',
  'constructor',
];

/** A text of `length` units or so: pieces of secrets and odd characters with filler between. */
function text(length) {
  let out = '';
  while (out.length < length) {
    out += random() < 0.3 ? pick(SECRETS) : random() < 0.5 ? pick(ODD) : 'x'.repeat(1 + Math.floor(random() * 40));
    out += ' ';
  }
  return out;
}

/** Lengths under, at and past the caps (1,024 lines, 2,048 / 8,192 / 16,384 / 65,536 / 262,144 copies). */
const LENGTHS = [0, 12, 300, 1030, 2100, 9000, 17000, 70000, 270000];
const TEXTS = [...ODD, ...SECRETS, ...LENGTHS.map(text)];
/** The package's copy of an author's value cuts its strings at this many units (COPY_DEFAULT). */
const TEXT_COPY_UNITS = 65536;
const NUMBERS = [
  1e21,
  { $num: '-0' },
  5e-324,
  1.7976931348623157e308,
  -1e-7,
  123456789012345680000,
  0.1,
  2 ** 60,
  -(2 ** 63),
  1.5e-6,
];

// Built once, as literal objects: a `__proto__` literal key sets the prototype, so the
// keys are defined as data properties instead.
function own(entries) {
  const out = {};
  for (const [k, v] of entries)
    Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
}

/** A value holding the hostile text, numbers, keys and depth. */
function hostileValue(t) {
  return own([
    ['__proto__', t],
    [t.slice(0, 70000) || 'empty', t],
    ['numbers', NUMBERS],
    ['deepArray', deep(100, 'array', t.slice(0, 100))],
    ['deepObject', deep(100, 'object', 1, '__proto__')],
    ['list', Array.from({ length: 20 }, (_, i) => (i % 2 ? t.slice(0, 50) : i))],
  ]);
}

const SCHEMA = {
  type: 'object',
  properties: { query: { type: 'string' }, limit: { type: 'number' }, ['__proto__']: { type: 'string' } },
  required: ['query'],
  additionalProperties: false,
};

/** Zod-4-shaped issues whose every field carries hostile content. */
function hostileIssues(t) {
  return [
    { code: 'invalid_type', expected: 'string', path: ['query'], message: t },
    { code: 'unrecognized_keys', keys: [t, '__proto__', t.slice(0, 10)], path: [], message: `Unrecognized keys: ${t}` },
    { code: 'custom', path: [t, 0, '__proto__'], message: t, params: hostileValue(t) },
    { code: 'invalid_value', values: [t, 1e21, { $num: '-0' }], path: ['limit'], message: t },
    { code: 'too_big', origin: 'string', maximum: 5e-324, path: ['a', 'b'], message: t },
  ];
}

function hostileArgs(t) {
  return own([
    ['query', t],
    ['__proto__', t],
    [t.slice(0, 300000) || 'k', deep(100, 'object', t.slice(0, 10), 'a')],
    ['limit', { $num: '-0' }],
  ]);
}

function contractOf(t) {
  return [
    { reason: t, code: -32001, when: t, recovery: t },
    { reason: 'no_match', code: -32003, when: t, recovery: `${t} Call search_items first.`, retryable: true },
    { reason: '__proto__', code: -32099, when: '', recovery: '', severity: t, thrownBy: t },
  ];
}

function callsFor(t, i) {
  const label = `text ${i} (${t.length} units)`;
  const issues = hostileIssues(t);
  const args = hostileArgs(t);
  const data = own([
    ['__proto__', t],
    ['12', t.slice(0, 30)],
    ['3', 1e21],
    ['detail', t],
    ['reason', t.slice(0, 2000)],
    ['retryable', true],
    ['recovery', { hint: t }],
    ['nested', hostileValue(t)],
    ['requestId', t],
  ]);
  const contract = contractOf(t);
  const calls = [
    { op: 'format_validation', args: { tool: t, issues, args, schema: SCHEMA } },
    {
      op: 'format_validation',
      args: {
        tool: 'search',
        issues,
        args: hostileValue(t),
        input: { aliased: [{ alias: t, target: 'query' }], ignored: [t] },
      },
      // The package copies `input` with its strings cut at 65,536 units before the core
      // sees them, so `aliasLength` / `ignoredLengths` report the copy's length, not the
      // key's (the Rust API reports the true length).
      known: t.length > TEXT_COPY_UNITS ? 'data.input lengths are the cut copy’s in the package' : undefined,
    },
    {
      op: 'rejection_result',
      args: { tool: t, issues, args, schema: SCHEMA, options: { requestId: t.slice(0, 100) } },
    },
    {
      op: 'rejection_result',
      args: { tool: 'search', issues, args, options: { requestId: null, guidance: true, redactSecrets: false } },
    },
    {
      op: 'error_result',
      args: { error: { code: -32001, message: t, data }, options: { requestId: t.slice(0, 500) } },
    },
    {
      op: 'error_result',
      args: { error: { code: -32603, message: t, data }, options: { requestId: null, maskServerErrors: true } },
    },
    {
      op: 'error_result',
      args: {
        error: { code: -32003, message: t, data },
        options: { requestId: null, guidance: true, redactSecrets: false, contract },
      },
    },
    {
      op: 'error_result',
      args: {
        error: { code: -32001, message: t, data: { reason: 'no_match' } },
        options: { requestId: 'r', contract },
      },
    },
    {
      op: 'error_result',
      args: {
        error: { code: -32001, message: t, data: deep(100, 'object', t, '__proto__') },
        options: { requestId: 'r', aborted: true },
      },
    },
    {
      op: 'error_result_for',
      args: { chain: [{ message: t }, { message: t, io: 'TimedOut' }], options: { requestId: 'r', guidance: true } },
    },
    { op: 'classify_error', args: { chain: [{ message: t }, { message: 'x', io: 'ConnectionRefused' }] } },
    { op: 'xml_internal_error', args: { chain: [{ message: t }], tool: t, action: t, maskServerErrors: i % 2 === 0 } },
    {
      op: 'xml_tool_error',
      args: {
        code: t,
        message: t,
        suggestion: t,
        availableActions: [t, '', '__proto__'],
        details: [
          ['__proto__', t],
          [t, t],
          ['7', t],
          ['1', '1e+21'],
        ],
        retryAfter: i % 3 === 0 ? 5e-324 : 1e21,
        severity: i % 2 ? 'warning' : t,
        redactSecrets: i % 4 !== 1,
      },
    },
    { op: 'xml_error', args: { message: t, code: t } },
    { op: 'xml_required', args: { field: t } },
    { op: 'xml_validation_error', args: { action: t, issues, sent: args } },
    { op: 'xml_validation_error', args: { action: 'a/b', issues, sent: hostileValue(t) } },
    { op: 'check_contract', args: { contract, tool: t } },
    { op: 'check_contract_value', args: { contract: [...contract, t, null, { code: t }], tool: t } },
    { op: 'fail', args: { contract, reason: 'no_match', message: t, data: hostileValue(t) } },
    { op: 'recovery_for', args: { contract, reason: t } },
    { op: 'capability_missing', args: { capability: t, fallbackHint: t } },
  ];
  // The client reads what either dialect (or anyone) wrote.
  const structured = own([
    [
      'error',
      own([
        ['code', -32001],
        ['message', t],
        [
          'data',
          own([
            ['reason', t],
            ['retryable', true],
            ['requestId', t],
            ['recovery', { hint: t }],
          ]),
        ],
      ]),
    ],
  ]);
  calls.push(
    {
      op: 'read_tool_error',
      args: {
        result: {
          isError: true,
          content: [
            { type: 'text', text: `Error: ${t}\n\nRecovery: ${t}\n\n(reason ${t} · retryable · request ${t})` },
          ],
          structuredContent: structured,
        },
      },
    },
    {
      op: 'read_tool_error',
      args: {
        result: {
          isError: true,
          content: [
            {
              type: 'text',
              text: `<tool_error code="${t}" severity="${t}">\n<message>${t}</message>\n<recovery>${t}</recovery>\n<available_actions>\n  <action>${t}</action>\n</available_actions>\n<details>\n  <${t}>${t}</${t}>\n</details>\n<retry_after>1e21</retry_after>\n</tool_error>`,
            },
          ],
        },
      },
    },
    {
      op: 'read_tool_error',
      args: {
        result: {
          isError: true,
          content: [
            {
              type: 'text',
              text: `<validation_error action="${t}">\n<field name="${t}">${t}</field>\n<field name="__proto__">x</field>\n</validation_error>`,
            },
            { type: 'text', text: t },
          ],
        },
      },
    },
    {
      op: 'read_tool_error',
      args: {
        result: {
          isError: true,
          content: [{ type: 'text', text: t }],
          structuredContent: { error: deep(100, 'object', t, 'error') },
        },
      },
    },
  );
  // The XML dialect's builder, routing, createGroup and contract deltas.
  const many = (n, f) => Array.from({ length: n }, (_, k) => f(k));
  const delta = (k) => ({
    category: t.slice(0, 40),
    field: k % 3 ? `actions.${t.slice(0, 5)}${k % 2 ? '.x' : ''}` : t,
    severity: ['BREAKING', 'RISKY', 'SAFE', 'COSMETIC', t.slice(0, 9)][k % 5],
    description: k < 3 ? t : t.slice(0, 1100),
    before: k % 4 ? t.slice(0, k < 3 ? 70000 : 20) : null,
    after: t.slice(0, 30),
  });
  calls.push(
    {
      op: 'error_builder',
      args: {
        code: t,
        message: t,
        chain: [
          ['suggest', t],
          ['actions', t, '__proto__', ...many(1100, (k) => `a${k}`)],
          [
            'details',
            own([['__proto__', t], [t.slice(0, 70000) || 'k', t], ...many(1100, (k) => [`d${k}`, t.slice(0, 20)])]),
          ],
          ['details', own([['__proto__', 'again']])],
          ['retryAfter', i % 2 ? 1e21 : 'NaN'],
          ['severity', t],
          ['redactSecrets', i % 3 !== 0],
        ],
      },
    },
    { op: 'routing_error', args: { kind: 'unknown', discriminator: t, actions: [t, ...many(1100, String)], value: t } },
    { op: 'routing_error', args: { kind: 'invalid', discriminator: t, actions: [], value: 5 } },
    { op: 'route_action', args: { discriminator: t, actions: [t.slice(0, 1030)], sent: t.slice(0, 1030) } },
    { op: 'route_action', args: { discriminator: t, actions: ['a'], sent: t } },
    { op: 'route_action', args: { discriminator: 'action', actions: ['a'], sent: [t] } },
    { op: 'group_unknown_action', args: { group: t, action: t, actions: [t, ...many(1100, String)] } },
    {
      op: 'group_validation_error',
      args: {
        group: t,
        action: t,
        issues: [...issues, ...many(150, (k) => ({ code: 'custom', path: [k], message: t.slice(0, 30) }))],
      },
    },
    {
      op: 'enrich_validation_error',
      args: {
        xml: `<validation_error>${t}</validation_error>${t.slice(0, 100)}`,
        tool: t,
        actionKey: t.slice(0, 5),
        deltas: many(1200, delta),
        includeAllSeverities: i % 2 === 0,
        maxDeltasPerError: [3, 'Infinity', 2.5, -1, 'NaN', 1e21][i % 6],
      },
    },
    { op: 'format_deltas', args: { deltas: many(i % 2 ? 1200 : 3, delta) } },
  );
  // The failure's log record: chains of Rust errors, McpErrors with data, the contract's level.
  const chainOf = (n) =>
    many(n, (k) =>
      k % 3 === 1 ? { message: t.slice(0, 17000), io: 'TimedOut' } : { message: `${k} ${t.slice(0, 300)}` },
    );
  calls.push(
    { op: 'log_record', args: { chain: [{ message: t }, ...chainOf(3)], options: { tool: t, phase: t } } },
    { op: 'log_record', args: { chain: chainOf(25), options: { tool: 'x', raw: i % 2 === 0 } } },
    {
      op: 'log_record',
      args: {
        chain: [{ mcp: -32001, message: t, data: { reason: 'no_match', detail: t, nested: hostileValue(t) } }],
        options: { tool: 'search', contract, aborted: i % 4 === 0, scopeRefusal: i % 5 === 0 },
      },
    },
    { op: 'log_record', args: { chain: [{ message: t, io: 'ConnectionRefused' }], options: { tool: t.slice(0, 50) } } },
  );
  // The package has no bare redact; its counterpart (the message errorResult sends) is bounded, so only texts within the caps.
  if (t.length <= 1000) calls.push({ op: 'redact', args: { text: t } });
  return calls.map((c, n) => ({ ...c, label: `${label} call ${n}` }));
}

test('hostile texts, keys, values and numbers: the same bytes through both', () => {
  const calls = TEXTS.flatMap(callsFor);
  console.log(`parity-hostile: ${calls.length} calls over ${TEXTS.length} texts`);
  const { differences, fixed } = compare(calls);
  assert.deepEqual(differences, []);
  assert.deepEqual(fixed, [], 'a known difference is gone: drop its `known`');
});

test('50,000 issues and 20,000-key arguments: the same bytes through both', () => {
  const issues = Array.from({ length: 50000 }, (_, i) => ({
    code: i % 3 ? 'invalid_type' : 'custom',
    expected: 'string',
    path: ['items', i, i % 7 ? 'name' : '__proto__'],
    message: i % 5 ? `Invalid input ${i} ${pick(SECRETS)}` : text(40),
  }));
  const args = own(Array.from({ length: 20000 }, (_, i) => [i % 1000 ? `k${i}` : '__proto__', i % 2 ? text(8) : i]));
  const hugeResult = { isError: true, content: [{ type: 'text', text: `Error: ${text(1100000)}` }] };
  const calls = [
    { op: 'format_validation', args: { tool: 'bulk', issues, args, schema: SCHEMA } },
    { op: 'rejection_result', args: { tool: 'bulk', issues, args, options: { requestId: 'r' } } },
    { op: 'xml_validation_error', args: { action: 'bulk/put', issues, sent: args } },
    { op: 'read_tool_error', args: { result: hugeResult } },
  ].map((c, n) => ({ ...c, label: `bulk call ${n}` }));
  assert.deepEqual(compare(calls), { differences: [], fixed: [] });
});

test('nesting 1,000 deep (far past every depth cap) and numbers JSON cannot carry: the same bytes through both', () => {
  const d = 1000;
  const calls = [
    {
      op: 'error_result',
      args: {
        error: { code: -32001, message: 'm', data: { a: deep(d, 'object', 1, 'k') } },
        options: { requestId: 'r' },
      },
      // The Rust API cuts a caller's value at 128 levels (its core recurses per level:
      // a deeper value would overflow the stack); the package's data keeps more.
      known: 'an McpError data nested past 128 levels is cut there by the Rust API',
    },
    {
      op: 'format_validation',
      args: {
        tool: 't',
        issues: [{ code: 'custom', path: ['a'], message: 'm', params: deep(d, 'array', 1) }],
        args: { a: deep(d, 'array', { $num: '-0' }) },
      },
    },
    {
      op: 'rejection_result',
      args: {
        tool: 't',
        issues: [{ code: 'invalid_type', expected: 'string', path: ['a', 0, 0], message: 'm' }],
        args: { a: deep(d, 'array', { $num: 'NaN' }) },
        options: { requestId: 'r', guidance: true },
      },
    },
    {
      op: 'xml_validation_error',
      args: {
        action: 'a',
        issues: [{ code: 'custom', path: ['a'], message: 'm' }],
        sent: { a: deep(d, 'object', 1, 'k') },
      },
    },
    {
      op: 'read_tool_error',
      args: {
        result: {
          isError: true,
          content: [{ type: 'text', text: 'x' }],
          structuredContent: deep(d, 'object', 1, 'error'),
        },
      },
    },
    { op: 'fail', args: { contract: [], reason: 'r', data: { a: deep(d, 'array', 1) } } },
    { op: 'xml_tool_error', args: { code: 'X', message: 'm', retryAfter: { $num: 'Infinity' } } },
    ...[{ $num: 'NaN' }, { $num: '-0' }, { $num: 'Infinity' }, 5e-324, 1e21, 404.5, 429, -1, 600].map((status) => ({
      op: 'http_status',
      args: { status },
    })),
    ...['ConnectionRefused', 'ConnectionReset', 'BrokenPipe', 'TimedOut', 'NotFound', 'InvalidData', 'Other'].map(
      (io) => ({
        op: 'classify_error',
        args: { chain: [{ message: 'lookup failed' }, { message: 'x', io }] },
      }),
    ),
  ].map((c, n) => ({ ...c, label: `deep/numbers call ${n}` }));
  assert.deepEqual(compare(calls), { differences: [], fixed: [] });
});
