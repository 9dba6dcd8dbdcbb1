// A thrown value's name is decided by the core (src/classify/name.rs, mcp-ts-core's
// getErrorName), from what lib/read.js reads of the value: every output a name can
// reach (classify, errorResult with and without guidance, logRecord, internalError,
// masked or not) is the one tests/fixtures/thrown-names.json holds, captured from the
// package as it was when read.js still named the value itself (issue 20, item 3).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as m from '../pkg/node.js';
import {
  VALUE_NULL,
  VALUE_OBJECT,
  VALUE_PRIMITIVE,
  VALUE_UNDEFINED,
  VALUE_UNINSPECTABLE,
} from '../pkg/lib/constants.js';
import internals from '../pkg/lib/bundle.js';

// What the JS layer reads of a thrown value, in the module the entry loaded.
const { readThrown } = internals;

const expected = JSON.parse(readFileSync(new URL('../tests/fixtures/thrown-names.json', import.meta.url), 'utf8'));

// The thrown values whose name the core decides, each made fresh.
function revoked() {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}
const throwingName = (message) => ({
  get name() {
    throw new Error('name getter');
  },
  message,
});
const named = (name, message = '') => Object.assign(new Error(message), { name });
const VALUES = {
  null: () => null,
  undefined: () => undefined,
  42: () => 42,
  "'rate limit'": () => 'rate limit',
  '10n': () => 10n,
  true: () => true,
  "Symbol('rate limit')": () => Symbol('rate limit'),
  'a revoked Proxy': revoked,
  'an object whose name getter throws': () => throwingName('x'),
  "an object whose name getter throws, message 'rate limit'": () => throwingName('rate limit'),
  "an Error whose name is ''": () => named(''),
  "an Error whose name is '' and message 'timed out'": () => named('', 'timed out'),
  'an Error whose name is 0': () => named(0),
  'an Error whose name is an object': () => named({ toString: () => 'AbortError' }),
  "an Error whose name is Symbol('timeout')": () => named(Symbol('timeout')),
  'an Error whose name is 404': () => named(404, 'x'),
  "{ name: 'AbortError' }": () => ({ name: 'AbortError' }),
  "{ name: 'RangeError' }": () => ({ name: 'RangeError' }),
  "{ name: '' }": () => ({ name: '' }),
  '{}': () => ({}),
  'a function': () => function thrower() {},
  "{ name: 'ZodError', issues: [] } whose message getter throws": () => ({
    name: 'ZodError',
    issues: [],
    get message() {
      throw new Error('never read');
    },
  }),
  "an Error named 'ZodError' whose message getter throws": () =>
    Object.defineProperty(named('ZodError'), 'message', {
      get() {
        throw new Error('never read');
      },
    }),
  "an Error caused by { name: 'AbortError' }": () => new Error('x', { cause: { name: 'AbortError' } }),
  'an Error caused by 42': () => new Error('x', { cause: 42 }),
  "an Error caused by 'ECONNREFUSED'": () => new Error('x', { cause: 'ECONNREFUSED' }),
  "an Error caused by Symbol('timeout')": () => new Error('x', { cause: Symbol('timeout') }),
  'an Error caused by a revoked Proxy': () => new Error('x', { cause: revoked() }),
  'an Error caused by an object whose name getter throws': () => new Error('x', { cause: throwingName('timed out') }),
  "an Error caused by an Error whose name is ''": () => new Error('x', { cause: named('', 'x') }),
  "an Error caused by { name: 'RangeError' }": () => new Error('x', { cause: { name: 'RangeError' } }),
};

/** The fields of a log record the fixture was captured with (the record has more now: its stack differs per call). */
function recorded({ level, code, name, category, message, tool }) {
  return { level, code, name, category, message, tool };
}

/** Every output a thrown value's name can reach, per value. */
function outputs(make) {
  const at = { tool: 't', action: 'a' };
  return {
    classify: m.classify(make()),
    errorResult: m.errorResult(make(), { requestId: 'R-1' }),
    guidance: m.errorResult(make(), { requestId: 'R-1', guidance: true }),
    logRecord: recorded(m.logRecord(make(), { tool: 't' })),
    internalError: m.internalError(make(), at),
    masked: m.internalError(make(), { ...at, maskServerErrors: true }),
  };
}

test('every output a thrown value name reaches is what it was when JS named the value', () => {
  assert.deepEqual(Object.keys(VALUES), Object.keys(expected));
  for (const [label, make] of Object.entries(VALUES)) {
    assert.deepEqual(outputs(make), expected[label], label);
  }
});

// What read.js sends the core to name the value from, and nothing it decided itself.
const facts = (value) => {
  const { valueKind, typeOf, isError, nameThrew, name } = readThrown(value);
  return { valueKind, typeOf, isError, nameThrew, name };
};
const object = (isError, name, nameThrew = false) => ({
  valueKind: VALUE_OBJECT,
  typeOf: undefined,
  isError,
  nameThrew,
  name,
});
const kind = (valueKind, typeOf) => ({ valueKind, typeOf, isError: false, nameThrew: false, name: undefined });

test('read.js sends what it saw of the value, never a name it decided', () => {
  const rows = [
    [null, kind(VALUE_NULL)],
    [undefined, kind(VALUE_UNDEFINED)],
    [42, kind(VALUE_PRIMITIVE, 'number')],
    [Symbol('s'), kind(VALUE_PRIMITIVE, 'symbol')],
    [10n, kind(VALUE_PRIMITIVE, 'bigint')],
    [revoked(), kind(VALUE_UNINSPECTABLE)],
    [VALUES['an object whose name getter throws'](), object(false, undefined, true)],
    [VALUES["an Error whose name is ''"](), object(true, undefined)],
    [VALUES['an Error whose name is 0'](), object(true, undefined)],
    [VALUES['an Error whose name is an object'](), object(true, '[Unreadable]')],
    [VALUES["an Error whose name is Symbol('timeout')"](), object(true, 'Symbol(timeout)')],
    [VALUES['an Error whose name is 404'](), object(true, '404')],
    [{ name: 'AbortError' }, object(false, 'AbortError')],
    [{}, object(false, undefined)],
    [() => {}, object(false, undefined)],
    [new TypeError('x'), object(true, 'TypeError')],
  ];
  for (const [value, expected] of rows) assert.deepEqual(facts(value), expected, String(expected.name));
  // A name is sent at most `cap` units long, as every text read of the value is.
  assert.equal(readThrown({ name: 'n'.repeat(100) }, 10).name, 'n'.repeat(10));
});
