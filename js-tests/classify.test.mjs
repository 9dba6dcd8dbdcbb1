// classify, httpStatusToErrorCode, requestId, McpError and the code enum, through the
// built package: the conformance vectors, hostile thrown values, and the reference.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as m from '../pkg/node.js';
import { CODE_TABLE } from '../pkg/lib/constants.js';
import { vectors } from './vectors.mjs';

function errorNamed(name, message) {
  const error = new Error(message);
  error.name = name;
  return error;
}

test('every tscore classify vector passes through the package', () => {
  const classifyVectors = vectors('tscore.json', 'classify');
  assert.ok(classifyVectors.length >= 36);
  for (const v of classifyVectors) {
    const got = m.classify(errorNamed(v.input.name, v.input.message));
    assert.equal(got.code, v.expected.code, `${v.id} ${v.input.message}`);
    assert.equal(got.name, v.expected.codeName, v.id);
  }
  console.log(`tscore classify (package): ${classifyVectors.length}/${classifyVectors.length}`);
});

test('every tscore httpStatus vector passes through the package', () => {
  const statusVectors = vectors('tscore.json', 'httpStatus');
  assert.ok(statusVectors.length >= 8);
  for (const v of statusVectors) {
    assert.equal(m.httpStatusToErrorCode(v.input), v.expected === null ? undefined : v.expected.code, v.id);
  }
  assert.equal(m.httpStatusToErrorCode(NaN), undefined);
  assert.throws(() => m.httpStatusToErrorCode('404'), TypeError);
  console.log(`tscore httpStatus (package): ${statusVectors.length}/${statusVectors.length}`);
});

test('the ladder: aborted, McpError, SDK connection closed, engine limits, AbortError', () => {
  assert.deepEqual(m.classify(m.notFound('x'), { aborted: true }), {
    code: m.JsonRpcErrorCode.RequestCancelled,
    name: 'RequestCancelled',
    category: 'client',
  });
  assert.equal(m.classify(m.rateLimited('anything at all')).code, -32003);
  const sdkV1 = Object.assign(new Error('MCP error -32000: Connection closed'), { name: 'McpError', code: -32000 });
  assert.equal(m.classify(sdkV1).name, 'RequestCancelled');
  const sdkV2 = Object.assign(new Error('Request aborted: transport closed'), {
    name: 'SdkError',
    code: 'CONNECTION_CLOSED',
  });
  assert.equal(m.classify(sdkV2).name, 'RequestCancelled');
  assert.equal(m.classify(new RangeError('Maximum call stack size exceeded')).name, 'InternalError');
  assert.equal(m.classify(new RangeError('Invalid array length')).name, 'ValidationError');
  assert.equal(m.classify(new TypeError("Cannot read properties of undefined (reading 'x')")).name, 'InternalError');
  assert.equal(m.classify(new DOMException('The operation was aborted.', 'AbortError')).name, 'Timeout');
  assert.equal(m.classify('a thrown string saying not found').name, 'NotFound');
  assert.throws(() => m.classify(new Error('x'), { aborted: 'yes' }), TypeError);
  assert.throws(() => m.classify(new Error('x'), 3), TypeError);
});

test('an McpError whose code was tampered with or cannot be read is InternalError', () => {
  const tampered = m.notFound('x');
  tampered.code = 'NOT_FOUND';
  assert.equal(m.classify(tampered).name, 'InternalError');
  class Sneaky extends m.McpError {
    get code() {
      throw new Error('no code for you');
    }
    set code(_) {}
  }
  assert.equal(m.classify(new Sneaky(m.JsonRpcErrorCode.Conflict, 'x')).name, 'InternalError');
});

function hostileValues() {
  const throwAll = new Proxy(
    {},
    Object.fromEntries(
      ['get', 'has', 'getPrototypeOf', 'ownKeys', 'getOwnPropertyDescriptor', 'defineProperty', 'set', 'apply'].map(
        (trap) => [
          trap,
          () => {
            throw new Error(`trap ${trap}`);
          },
        ],
      ),
    ),
  );
  const revocable = Proxy.revocable(new Error('gone'), {});
  revocable.revoke();
  const throwingName = new Error('not found');
  Object.defineProperty(throwingName, 'name', {
    get() {
      throw new Error('name getter');
    },
  });
  const throwingMessage = new Error('x');
  Object.defineProperty(throwingMessage, 'message', {
    get() {
      throw new Error('message getter');
    },
  });
  const cyclic = new Error('first', { cause: new Error('second') });
  cyclic.cause.cause = cyclic;
  const bigintMessage = new Error('x');
  bigintMessage.message = 10n;
  const symbolMessage = new Error('x');
  symbolMessage.message = Symbol('sym-msg');
  const objectMessage = new Error('x');
  objectMessage.message = {
    toString() {
      throw new Error('toString ran');
    },
  };
  return [
    ['Proxy whose every trap throws', throwAll, 'InternalError'],
    ['revoked Proxy', revocable.proxy, 'InternalError'],
    ['throwing name getter', throwingName, 'NotFound'],
    ['throwing message getter', throwingMessage, 'InternalError'],
    ['cyclic cause chain', cyclic, 'InternalError'],
    ['BigInt message', bigintMessage, 'InternalError'],
    ['Symbol message', symbolMessage, 'InternalError'],
    ['object message with a throwing toString', objectMessage, 'InternalError'],
    ['null', null, 'InternalError'],
    ['undefined', undefined, 'InternalError'],
    ['number', 404, 'InternalError'],
    ['string', 'connection refused', 'ServiceUnavailable'],
    ['frozen object', Object.freeze({ name: 'Error', message: 'rate limit' }), 'RateLimited'],
    ['BigInt', 12n, 'InternalError'],
    ['Symbol', Symbol('timeout'), 'Timeout'],
    ['function', function unauthorized() {}, 'Unauthorized'],
    ['lone surrogates', new Error('\ud800not found\udfff'), 'NotFound'],
    ['100 MB message, keyword past the cap', new Error(`${'x'.repeat(100_000_000)} not found`), 'InternalError'],
  ];
}

test('any thrown value classifies, and nothing throws out of classify', () => {
  for (const [label, value, expected] of hostileValues()) {
    assert.equal(m.classify(value).name, expected, label);
  }
});

test('after 10,000 hostile calls in a row an ordinary call still returns the right code', () => {
  const values = hostileValues().filter(([label]) => !label.startsWith('100 MB'));
  for (let i = 0; i < 10_000; i++) {
    const [label, value] = values[i % values.length];
    const got = m.classify(value);
    assert.ok(typeof got.code === 'number', label);
  }
  assert.deepEqual(m.classify(new Error('status code 429')), {
    code: -32003,
    name: 'RateLimited',
    category: 'upstream',
  });
});

test('JsonRpcErrorCode has the 19 codes with reverse mapping, equal to the core table', () => {
  const names = Object.keys(m.JsonRpcErrorCode).filter((k) => Number.isNaN(Number(k)));
  assert.equal(names.length, 19);
  assert.equal(m.JsonRpcErrorCode.RequestCancelled, -32011);
  assert.equal(m.JsonRpcErrorCode[-32011], 'RequestCancelled');
  assert.ok(Object.isFrozen(m.JsonRpcErrorCode));
  // The core's code table names the same codes, by the same names, in the enum's order.
  assert.deepEqual(
    CODE_TABLE.map(([code]) => code),
    names.map((name) => m.JsonRpcErrorCode[name]),
  );
  for (const [code, name, category] of CODE_TABLE) {
    assert.equal(m.JsonRpcErrorCode[code], name);
    assert.ok(['client', 'server', 'upstream'].includes(category), category);
    assert.deepEqual(m.classify(new m.McpError(code, 'x')), { code, name, category });
  }
  assert.ok(Object.isFrozen(CODE_TABLE) && CODE_TABLE.every(Object.isFrozen));
});

test('McpError and the 11 factories: code, message, data, cause, stack starting at the caller', () => {
  const factories = {
    invalidParams: -32602,
    invalidRequest: -32600,
    notFound: -32001,
    forbidden: -32005,
    unauthorized: -32006,
    validationError: -32007,
    conflict: -32002,
    rateLimited: -32003,
    timeout: -32004,
    serviceUnavailable: -32000,
    configurationError: -32008,
  };
  const cause = new Error('root');
  for (const [name, code] of Object.entries(factories)) {
    const error = m[name]('msg', { id: 1 }, { cause });
    assert.ok(error instanceof m.McpError && error instanceof Error, name);
    assert.equal(error.code, code, name);
    assert.equal(error.message, 'msg');
    assert.deepEqual(error.data, { id: 1 });
    assert.equal(error.cause, cause);
    assert.equal(error.name, 'McpError');
    assert.ok(!error.stack.split('\n')[1].includes(`at ${name} `), `${name} frame cut: ${error.stack}`);
  }
  const bare = new m.McpError(m.JsonRpcErrorCode.DatabaseError);
  assert.equal(bare.message, '');
  assert.ok(!('data' in bare));
  assert.throws(() => new m.McpError(12345, 'x'), TypeError);
  assert.throws(() => new m.McpError('NotFound', 'x'), TypeError);
  assert.equal(m.McpError.isMcpError(new Error('x')), false);
  assert.equal(m.McpError.isMcpError(new Proxy(m.notFound('x'), {})), false);
});

test("a factory's stack starts at its caller whatever Error.stackTraceLimit is, and the limit is left as found", () => {
  const here = () => m.notFound('msg', { id: 1 });
  const limit = Error.stackTraceLimit;
  const frames = (error) => error.stack.split('\n').slice(1);
  try {
    // The frames are the caller's: the first is `here`, and the limit counts from it.
    Error.stackTraceLimit = 2;
    const two = frames(here());
    assert.equal(two.length, 2);
    assert.match(two[0], /at here /);
    assert.equal(Error.stackTraceLimit, 2);
    Error.stackTraceLimit = 0;
    assert.deepEqual(frames(here()), []);
    assert.equal(Error.stackTraceLimit, 0);
    // Not a writable number (a frozen realm's, an accessor): never set, and the stack
    // still starts at the caller.
    Error.stackTraceLimit = 10;
    Object.defineProperty(Error, 'stackTraceLimit', { value: 10, writable: false, configurable: true });
    assert.match(frames(here())[0], /at here /);
    let sets = 0;
    Object.defineProperty(Error, 'stackTraceLimit', { get: () => 10, set: () => sets++, configurable: true });
    // (V8 then records no stack for any Error: the factory's is what `new Error` gets.)
    assert.equal(typeof here().stack, typeof new Error('x').stack);
    assert.equal(sets, 0);
  } finally {
    Object.defineProperty(Error, 'stackTraceLimit', {
      value: limit,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  }
  // Building the error throws (a setter someone put on Error.prototype): the limit is
  // still put back.
  Object.defineProperty(Error.prototype, 'code', {
    set() {
      throw new RangeError('no code here');
    },
    configurable: true,
  });
  try {
    assert.throws(() => m.notFound('x'), RangeError);
    assert.equal(Error.stackTraceLimit, limit);
  } finally {
    delete Error.prototype.code;
  }
  // A bad argument is a TypeError with the caller's frames, thrown before anything is built.
  for (const call of [() => m.notFound(5), () => m.notFound('x', undefined, 5)]) {
    const thrown = (() => {
      try {
        call();
      } catch (error) {
        return error;
      }
    })();
    assert.ok(thrown instanceof TypeError);
    assert.ok(frames(thrown).length > 0, thrown.stack);
    assert.equal(Error.stackTraceLimit, limit);
  }
  // options.cause is read once.
  let reads = 0;
  const error = m.conflict('x', undefined, {
    get cause() {
      reads += 1;
      return 'c';
    },
  });
  assert.deepEqual([error.cause, reads], ['c', 1]);
});

test('requestId: the tscore vector, uniqueness and an even spread over the alphabet', () => {
  const [vector] = vectors('tscore.json', 'requestId');
  const alphabet = vector.expected.charset;
  assert.equal(alphabet.length, 36);
  const counts = new Map([...alphabet].map((c) => [c, 0]));
  const seen = new Set();
  for (let i = 0; i < 4000; i++) {
    const id = m.requestId();
    assert.match(id, new RegExp(vector.expected.regex));
    seen.add(id);
    for (const c of id.replace('-', '')) counts.set(c, counts.get(c) + 1);
  }
  assert.equal(seen.size, 4000);
  // 40,000 draws: each character expects 1,111 (sd ≈ 33); ±300 is a 9-sigma band.
  for (const [c, n] of counts) assert.ok(Math.abs(n - 40000 / 36) < 300, `${c}: ${n}`);
});
