// The bounded copy every untrusted value goes through before it crosses into wasm.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyBudget, copyJson, plainJson, wireDataJson, wireFieldJson } from '../pkg/lib/copy.js';

const plainCopy = (value, limits, budget) => JSON.parse(copyJson(value, limits, budget));

test('copyJson honours every limit it is given', () => {
  const limits = { depth: 3, entries: 2, stringUnits: 4, strings: true };
  assert.deepEqual(plainCopy({ a: 'abcdefgh', b: [1, 2, 3], c: 'dropped: third key' }, limits), {
    a: 'abcd',
    b: [1, 2],
  });
  assert.deepEqual(plainCopy({ a: { b: { c: { d: 1 } } } }, limits), { a: { b: { c: '[Unreadable]' } } });
  assert.deepEqual(plainCopy({ longkeyname: 1 }, limits), { long: 1 });
  const many = Array.from({ length: 50 }, () => ({}));
  // The array is a node too: it and 9 entries are copied, the other 41 are not.
  assert.equal(
    plainCopy(many, { ...limits, entries: 100 }, copyBudget(10)).filter((v) => v === '[Unreadable]').length,
    41,
  );
});

test('copyJson survives cycles, getters, Proxies, BigInt, Symbols and lone surrogates', () => {
  const cyclic = { name: 'a' };
  cyclic.self = cyclic;
  const getter = {
    get boom() {
      throw new Error('x');
    },
    ok: 1,
  };
  const revocable = Proxy.revocable({}, {});
  revocable.revoke();
  const traps = new Proxy(
    {},
    {
      ownKeys() {
        throw new Error('keys');
      },
    },
  );
  assert.deepEqual(plainCopy(cyclic), { name: 'a', self: '[Unreadable]' });
  assert.deepEqual(plainCopy(getter), { boom: '[Unreadable]', ok: 1 });
  assert.equal(plainCopy(revocable.proxy), '[Unreadable]');
  assert.equal(plainCopy(traps), '[Unreadable]');
  assert.deepEqual(plainCopy([1n, Symbol('s'), NaN, undefined, () => 1]), [
    '[Unreadable]',
    '[Unreadable]',
    null,
    null,
    '[Unreadable]',
  ]);
  assert.equal(plainCopy('a\ud800b'), 'a\ufffdb');
  const shared = { x: 1 };
  assert.deepEqual(
    plainCopy({ a: shared, b: shared }),
    { a: { x: 1 }, b: { x: 1 } },
    'a repeated (acyclic) object is copied twice',
  );
});

test('copyJson policies: lenient readings, string-free copies, __proto__ kept as a key', () => {
  const lenient = { ...{ depth: 4, entries: 10, stringUnits: 100, strings: true }, lenient: true };
  assert.deepEqual(plainCopy([1n, Symbol('s'), new Date(0), new Date(NaN), () => 1, { f() {} }], lenient), [
    '1',
    'Symbol(s)',
    '1970-01-01T00:00:00.000Z',
    null,
    null,
    {},
  ]);
  assert.equal(copyJson(undefined, lenient), 'null');
  assert.equal(copyJson({ a: 'secret', b: [1, 'x'] }, { ...lenient, strings: false }), '{"a":"","b":[1,""]}');
  assert.equal(copyJson(JSON.parse('{"__proto__":1,"a":2}')), '{"__proto__":1,"a":2}');
  assert.equal(plainJson(undefined), 'null');
});

test('wire data: each unsendable top-level field is [Unreadable], the rest exactly as JSON writes it', () => {
  const cyclic = {};
  cyclic.self = cyclic;
  const data = {
    ok: { n: 1, d: new Date(0) },
    big: { deep: [1n] },
    cycle: cyclic,
    toJSON: undefined,
    badToJSON: {
      toJSON() {
        throw new Error('no');
      },
    },
    get getter() {
      throw new Error('no');
    },
    skipped: undefined,
  };
  assert.equal(
    wireDataJson(data),
    '{"ok":{"n":1,"d":"1970-01-01T00:00:00.000Z"},"big":"[Unreadable]","cycle":"[Unreadable]","badToJSON":"[Unreadable]","getter":"[Unreadable]"}',
  );
  assert.equal(wireFieldJson(Array.from({ length: 1_000_001 }, () => 0)), '"[Truncated]"');
  assert.equal(wireDataJson(null), undefined);
});
