// Every runtime export of pkg/node.js meets a table of hostile values in every
// parameter: each call returns (an envelope, a value) or throws a clear TypeError, never
// a trap, a RangeError or anything leaking; then an ordinary call must write exactly
// what it wrote before any hostile value.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as api from '../pkg/node.js';

const throwing = () => {
  throw new Error('SECRET-trap');
};
const revoked = (() => {
  const r = Proxy.revocable({}, {});
  r.revoke();
  return r.proxy;
})();
const lying = new Proxy([], {
  get: (_t, k) => (k === 'length' ? 1e9 : k === Symbol.iterator ? throwing : 'x'),
  ownKeys: () => ['a', 'a', 'length'],
  getOwnPropertyDescriptor: () => ({ value: 1, enumerable: true, configurable: true }),
  getPrototypeOf: throwing,
});
const trapsThrow = new Proxy(
  {},
  { get: throwing, ownKeys: throwing, has: throwing, getPrototypeOf: throwing, getOwnPropertyDescriptor: throwing },
);
const getter = Object.defineProperty({}, 'message', { get: throwing, enumerable: true });
const toJSON = { toJSON: throwing, message: 'm', code: 'NOT_FOUND' };
const cycle = (() => {
  const e = new Error('cyclic');
  e.cause = e;
  e.data = { self: null };
  e.data.self = e.data;
  return e;
})();
const cyclicIssue = { code: 'custom', message: 'm', path: ['a'] };
cyclicIssue.params = { back: cyclicIssue };
const cyclicSchema = { type: 'object', properties: {} };
cyclicSchema.properties.self = cyclicSchema;
let deep = {};
for (let i = 0; i < 100_000; i += 1) deep = { a: deep, cause: deep };
const lone = '\ud800 lone \udfff';
const sparse = [];
sparse[1_000_000] = { code: 'custom', message: lone, path: ['x'] };
const frozen = Object.freeze([Object.freeze({ code: 'custom', message: 'frozen', path: Object.freeze(['f']) })]);
const manyKeys = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, lone]));
const manyIssues = Array.from({ length: 1_000_000 }, (_, i) => ({ code: 'custom', message: 'm', path: [i] }));
const huge = 'x'.repeat(100 * 1024 * 1024);

// The table: every value goes into every parameter; the big ones are shared objects, so
// the table costs their construction once.
const HOSTILE = {
  trapsThrow,
  revoked,
  lying,
  getter,
  toJSON,
  cycle,
  cyclicIssue,
  cyclicSchema,
  deep,
  sparse,
  frozen,
  manyKeys,
  bigint: 10n ** 30n,
  symbol: Symbol('s'),
  lone,
  nan: NaN,
  negZero: -0,
  fn: throwing,
  issuesOfProxies: [trapsThrow, revoked, getter],
  issuesCycle: [cyclicIssue],
  manyIssues,
  optionsHostile: {
    requestId: trapsThrow,
    contract: lying,
    tool: lone,
    args: deep,
    schema: cyclicSchema,
    activeDeltas: trapsThrow,
    deltas: lying,
  },
  huge,
};

// Arity per export (parameters to fill); every runtime export must be listed.
const ARITY = {
  ErrorBuilder: 2,
  McpEnvelopeClientError: 2,
  McpError: 3,
  capabilityMissing: 2,
  checkContract: 2,
  classify: 2,
  configurationError: 2,
  conflict: 2,
  enrichValidationError: 4,
  error: 2,
  errorBuilder: 2,
  errorResult: 2,
  fail: 4,
  forbidden: 2,
  formatDeltasAsXml: 1,
  formatValidation: 2,
  formatValidationError: 3,
  groupUnknownAction: 3,
  groupValidationError: 3,
  httpErrorFromResponse: 2,
  httpStatusToErrorCode: 1,
  init: 1,
  internalError: 2,
  jsonSchemaInput: 2,
  invalidParams: 2,
  invalidRequest: 2,
  logRecord: 2,
  notFound: 2,
  parseToolError: 1,
  prevalidate: 3,
  rateLimited: 2,
  recoveryFor: 2,
  registerTool: 4,
  requestId: 0,
  required: 1,
  routingError: 2,
  serviceUnavailable: 2,
  throwIfToolError: 1,
  timeout: 2,
  toolError: 2,
  tryCatch: 2,
  unauthorized: 2,
  validationError: 2,
  validationErrorResult: 3,
};
// Objects: their hostile case is writing to them and reading hostile keys.
const OBJECTS = ['JsonRpcErrorCode', 'TOOL_ERROR_CODES'];

// Ordinary arguments (a valid call) for each export.
const issues = [{ code: 'custom', message: 'bad', path: ['a'] }];
const ORDINARY = {
  ErrorBuilder: ['NOT_FOUND', 'm'],
  McpEnvelopeClientError: [api.parseToolError(api.toolError('NOT_FOUND', { message: 'm' })), { cause: 'm' }],
  McpError: [-32602, 'm'],
  capabilityMissing: ['elicitation.form', { fallbackHint: 'm' }],
  checkContract: [
    [{ reason: 'r', code: -32602, when: 'w', recovery: 'Call the search tool first, then retry.' }],
    { tool: 't' },
  ],
  classify: [new Error('x')],
  enrichValidationError: ['<validation_error action="a"></validation_error>', 't', 'a', { activeDeltas: new Map() }],
  error: ['m'],
  errorBuilder: ['NOT_FOUND', 'm'],
  errorResult: [new Error('x')],
  fail: [[{ reason: 'r', code: -32602, when: 'w' }], 'r'],
  formatDeltasAsXml: [[]],
  formatValidation: [issues, { tool: 't' }],
  formatValidationError: [issues, 'a', {}],
  groupUnknownAction: ['g', 'a', ['b']],
  groupValidationError: ['g', 'a', issues],
  httpErrorFromResponse: [new Response(null, { status: 503 }), { service: 'Billing' }],
  httpStatusToErrorCode: [404],
  init: [],
  internalError: [new Error('x'), { tool: 't' }],
  logRecord: [new Error('x'), { tool: 't' }],
  parseToolError: [{ content: [] }],
  prevalidate: [
    { q: 'x', _meta: 1, _x: 2 },
    { type: 'object', properties: { query: { type: 'string' } }, additionalProperties: false },
    { aliases: { q: 'query' } },
  ],
  recoveryFor: [[{ reason: 'r', code: -32602, when: 'w' }], 'r'],
  jsonSchemaInput: [{ type: 'object' }, () => null],
  requestId: [],
  required: ['f'],
  routingError: ['missing', { discriminator: 'action', actions: ['a'] }],
  throwIfToolError: [{ content: [] }],
  toolError: ['NOT_FOUND', { message: 'm' }],
  tryCatch: [() => 1, { operation: 'op' }],
  validationErrorResult: [issues, 'a', {}],
};
const NEEDS_NEW = new Set(['ErrorBuilder', 'McpEnvelopeClientError', 'McpError']);

function call(name, args) {
  const f = api[name];
  return NEEDS_NEW.has(name) ? new f(...args) : f(...args);
}

/** An ordinary call's output as text, each generated request id as `<id>`. */
function snapshot(out) {
  if (out instanceof Promise) return 'a promise';
  const seen = new WeakSet();
  const text = JSON.stringify(out, (_key, value) => {
    if (typeof value === 'bigint') return `${value}n`;
    if (typeof value === 'function') return `function ${value.name}`;
    if (value !== null && typeof value === 'object') {
      if (seen.has(value)) return '<seen>';
      seen.add(value);
      if (value instanceof Error) return { name: value.name, message: value.message, ...value };
    }
    return value;
  });
  return String(text).replace(/[A-Z0-9]{5}-[A-Z0-9]{5}/g, '<id>');
}

function ordinaryCall(name) {
  try {
    return snapshot(call(name, ORDINARY[name] ?? ['m']));
  } catch (error) {
    return `threw ${error?.name}: ${error?.message}`;
  }
}

// Each export's ordinary output before any hostile value reached it.
const BEFORE = Object.fromEntries(
  Object.keys(ARITY)
    .filter((name) => name !== 'registerTool')
    .map((name) => [name, ordinaryCall(name)]),
);
for (const [name, out] of Object.entries(BEFORE)) assert.doesNotMatch(out, /^threw /, `${name}: its ordinary call`);

/** After a hostile call, an ordinary call writes exactly what it wrote before any. */
function ordinary(name) {
  if (name === 'registerTool') return; // needs a server; its hostile servers are in register.test.mjs
  assert.equal(ordinaryCall(name), BEFORE[name], `${name}: an ordinary call after a hostile one`);
}

test('every runtime export has a hostile case', () => {
  for (const name of Object.keys(api)) {
    assert.ok(name in ARITY || OBJECTS.includes(name), `export ${name} has no hostile case`);
  }
  for (const name of [...Object.keys(ARITY), ...OBJECTS]) assert.ok(name in api, `${name} is no longer exported`);
});

test('the exported objects refuse writes and answer hostile keys', () => {
  for (const name of OBJECTS) {
    const object = api[name];
    assert.ok(Object.isFrozen(object));
    assert.throws(() => {
      object.NotFound = 1;
    }, TypeError);
    assert.equal(object[Symbol('x')], undefined);
  }
});

for (const name of Object.keys(ARITY)) {
  test(`${name}: every hostile value in every parameter returns or throws a TypeError, and the next ordinary call writes what it wrote before`, async () => {
    const base = ORDINARY[name] ?? ['m', 'm', 'm', 'm'];
    const positions = Math.max(ARITY[name], 1);
    for (const [label, value] of Object.entries(HOSTILE)) {
      if (process.env.HOSTILE_ONLY && label !== process.env.HOSTILE_ONLY) continue;
      if (process.env.HOSTILE_TRACE) console.error('case', name, label);
      for (let at = 0; at < positions; at += 1) {
        const args = [...base];
        while (args.length < positions) args.push(undefined);
        args[at] = value;
        let out;
        try {
          out = call(name, args);
          if (out instanceof Promise)
            await out.catch((e) =>
              assert.ok(
                e instanceof TypeError ||
                  // tryCatch calls a hostile function: what it throws comes back as an McpError.
                  (name === 'tryCatch' && at === 0 && typeof value === 'function' && api.McpError.isMcpError(e)),
                `${name}(${label} at ${at}) rejected with ${e?.constructor?.name}`,
              ),
            );
        } catch (error) {
          const ok =
            error instanceof TypeError || (name === 'throwIfToolError' && error instanceof api.McpEnvelopeClientError);
          assert.ok(
            ok,
            `${name}(${label} at ${at}) threw ${error?.constructor?.name}: ${String(error?.message).slice(0, 200)}`,
          );
          assert.doesNotMatch(
            String(error.message),
            /SECRET-trap/,
            `${name}(${label} at ${at}) leaked a thrown message`,
          );
          continue;
        }
        if (out !== null && typeof out === 'object' && Array.isArray(out.content)) {
          const text = out.content[0]?.text ?? '';
          assert.equal(typeof text, 'string');
          assert.ok(text.length < 1_000_000, `${name}(${label} at ${at}) wrote ${text.length} units`);
        }
        ordinary(name);
      }
    }
  });
}
