// The bounded copy every untrusted value goes through before it crosses into wasm.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  COPY_LIMITS,
  copyBudget,
  copyJson,
  JsonCopier,
  plainJson,
  reachOf,
  wireDataJson,
  wireFieldJson,
} from '../pkg/lib/copy.js';
import { capacity, held, holding, mark, release, textOf, written } from '../pkg/lib/json-out.js';
import { seeded } from './seeded.mjs';

const plainCopy = (value, limits, budget) => JSON.parse(copyJson(value, limits, budget));
/** The keys a Reach keeps, and what the value under `key` keeps. */
const namesOf = (reach) => {
  reach?.fill();
  return reach?.names ?? [];
};
const under = (reach, key) => reach?.unders[namesOf(reach).indexOf(key)];

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

// Strings of every kind of code unit JSON or UTF-8 treats apart: plain ASCII, the ones JSON
// escapes (control characters, `"`, `\`), DEL, two- and three-byte characters, U+2028,
// surrogate pairs and lone surrogates of both halves.
const UNITS = [0x41, 0x7a, 0x20, 0x22, 0x5c, 0x2f, 0x00, 0x08, 0x09, 0x0a, 0x0c, 0x0d, 0x1f, 0x7f, 0xe9, 0x7ff, 0x800];
const MORE_UNITS = [0x2028, 0xfffd, 0xffff, 0xd83d, 0xde00, 0xdbff, 0xdc00];

test('copied strings are written as JSON.stringify writes them once lone surrogates are U+FFFD', () => {
  const random = seeded(2126);
  const units = [...UNITS, ...MORE_UNITS];
  const wellFormed = (s) =>
    s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
  for (let i = 0; i < 3000; i++) {
    const length = Math.floor(random() * (i % 10 === 0 ? 400 : 12));
    let text = '';
    for (let j = 0; j < length; j++) {
      // A pair now and then, so that pairs are written whole.
      if (random() < 0.1) text += '\ud83d\ude00';
      else text += String.fromCharCode(units[Math.floor(random() * units.length)]);
    }
    const value = { [text.slice(0, 8)]: text, list: [text] };
    const expected = JSON.stringify({ [wellFormed(text.slice(0, 8))]: wellFormed(text), list: [wellFormed(text)] });
    assert.equal(copyJson(value), expected, JSON.stringify(text));
  }
});

test('a copy grows its buffer as it goes and keeps what it wrote before', () => {
  // Far past the buffer's first size, in pieces of every width.
  const value = Array.from({ length: 400 }, (_, i) => ({ ['k'.repeat(i % 50)]: 'é😀x'.repeat(i), n: i }));
  const limits = { depth: 5, entries: 1000, stringUnits: 100000, strings: true };
  assert.equal(copyJson(value, limits, copyBudget(100000)), JSON.stringify(value));
});

test('a huge copy does not keep its buffer once no call holds it', () => {
  const huge = { text: 'x'.repeat(300000), more: 'y'.repeat(300000) };
  const limits = { depth: 5, entries: 10, stringUnits: 1000000, strings: true };
  const grown = holding(() => {
    const copier = new JsonCopier(copyBudget(), undefined, undefined, undefined);
    copier.copy(huge, limits, []);
    return capacity();
  });
  assert.ok(grown > 1 << 20, `grew to ${grown}`);
  assert.equal(capacity(), 1 << 14);
});

test('a mark whose release never ran is given back by the release of the mark around it', () => {
  const outer = mark();
  const before = written();
  const copier = new JsonCopier(copyBudget(), undefined, undefined, undefined);
  copier.copy([1, 2], COPY_LIMITS, []);
  // An inner call that wrote and was cut short before its release.
  mark();
  copier.append('"left behind"');
  assert.equal(held(), 2);
  release(outer);
  assert.equal(held(), 0);
  assert.equal(written(), before);
});

test('a copy written in place outside a call that holds the buffer is refused', () => {
  assert.throws(() => new JsonCopier(copyBudget(), undefined, undefined, undefined), /outside a call that holds/);
  // Inside one, it is written; after it, the buffer is given back.
  const text = holding(() => {
    const copier = new JsonCopier(copyBudget(), undefined, undefined, undefined);
    copier.copy({ a: [1, 'b'] }, COPY_LIMITS, []);
    return textOf(copier.bytes());
  });
  assert.equal(text, '{"a":[1,"b"]}');
  assert.throws(() => new JsonCopier(copyBudget(), undefined, undefined, undefined), /outside a call that holds/);
});

test('a pruned copy keeps each path from the root exactly: an entry only the keys its own paths name', () => {
  const args = {
    items: [
      { name: 'a', qty: 1, kind: 'x' },
      { name: 'b', qty: 2, kind: 'y' },
      { name: 'c', qty: 3, kind: 'z' },
    ],
    note: 'n',
  };
  // items.0.name and items.2.qty, as a copy of the issues reports their paths' segments.
  const seen = ['items', 0, true, 0, 1, true, 'name', 2, true, 'items', 0, true, 2, 1, true, 'qty', 2, true];
  const copy = (only) => copyJson(args, COPY_LIMITS, copyBudget(), { only });
  assert.equal(copy(reachOf(seen, COPY_LIMITS.depth)), '{"items":[{"name":"a"},0,{"qty":3}]}');
  // A union branch's path may sit deeper than its position: every container keeps each
  // segment any path has at its depth, and the branch's from its position on.
  const branch = [...seen, 'kind', 0, false];
  assert.equal(
    copy(reachOf(branch, COPY_LIMITS.depth)),
    '{"items":[{"name":"a","qty":1,"kind":"x"},0,{"name":"c","qty":3,"kind":"z"}]}',
  );
  // So does a path whose segments skip a position (`items.true.name`: an entry that names
  // no key is not recorded).
  assert.equal(
    copy(reachOf([...seen, 'items', 0, true, 'name', 2, true], COPY_LIMITS.depth)),
    '{"items":[{"name":"a","qty":1},0,{"name":"c","qty":3}]}',
  );
});

test('a pruned copy keeps no segment deeper than the copy goes', () => {
  // One path of a thousand segments from the root: a Step per depth the copy has, no more.
  const seen = Array.from({ length: 1000 }, (_, i) => ['k', i, true]).flat();
  let steps = 0;
  for (let step = reachOf(seen, 16); step !== undefined && step.names.length > 0; step = under(step, 'k')) steps += 1;
  assert.equal(steps, 16);
  // Past 1,024 steps from the root the pruning goes by depth: an entry keeps every key
  // any path names at its depth (600 paths of two steps each here).
  const many = Array.from({ length: 600 }, (_, i) => [i, 0, true, i % 2 === 0 ? 'a' : 'b', 1, true]).flat();
  const list = [
    { a: 1, b: 2, c: 3 },
    { a: 4, b: 5, c: 6 },
  ];
  assert.equal(copyJson(list, COPY_LIMITS, copyBudget(), { only: reachOf(many, 16) }), '[{"a":1,"b":2},{"a":4,"b":5}]');
  assert.equal(
    copyJson(list, COPY_LIMITS, copyBudget(), { only: reachOf(many.slice(0, 6 * 500), 16) }),
    '[{"a":1},{"b":5}]',
  );
  // Nor does a pruning by depth: a branch's segment past the copy's depth is left out.
  const deep = reachOf(['a', 0, true, 'b', 20, false], 16);
  assert.deepEqual(namesOf(deep), ['a']);
});

test('a pruning by depth is built only for the depths a copy reaches, however long the paths', () => {
  // Four union branches' paths of a thousand segments each, over arguments three deep.
  const seen = [];
  for (let k = 0; k < 4; k++) for (let i = 0; i < 1000; i++) seen.push(`s${k}_${i}`, i, false);
  seen.push('a', 0, true, 'b', 1, true);
  const reach = reachOf(seen, COPY_LIMITS.depth);
  const args = { a: { b: { c: 1 } }, s0_0: 2, x: 3 };
  assert.equal(copyJson(args, COPY_LIMITS, copyBudget(), { only: reach }), '{"a":{"b":{}},"s0_0":2}');
  // The three depths the copy reached were built (each making the next, unbuilt), not a thousand.
  let built = 0;
  for (let level = reach; level?.built; level = level.unders[0]) built += 1;
  assert.equal(built, 3);
});

test('a pruned copy lists the indices an entry may hold in ascending order, short lists and long', () => {
  for (const count of [0, 1, 2, 5, 16, 17, 40]) {
    const random = seeded(count + 7);
    const indices = Array.from({ length: count }, () => Math.floor(random() * 1000));
    // Each index once as a number and once as its text (a validator that writes keys as text).
    const seen = indices.flatMap((i, n) => ['list', 0, true, n % 2 === 0 ? i : String(i), 1, true]);
    for (const key of ['not-an-index', '007', '-1', '1e2', '1.0', ' 1', '', '00'])
      seen.push('list', 0, true, key, 1, true);
    // `0` is an index; so is `-0` written as a number (its text is `0`).
    if (count === 1) seen.push('list', 0, true, '0', 1, true, 'list', 0, true, -0, 1, true);
    const list = under(reachOf(seen, COPY_LIMITS.depth), 'list');
    assert.deepEqual(
      list?.indexed().map(([i]) => i),
      [...new Set(count === 1 ? [...indices, 0] : indices)].sort((a, b) => a - b),
      `${count} indices`,
    );
  }
});

test('a pruning past its distinct segments is null (copy everything); repeats are not counted', () => {
  const repeated = Array.from({ length: 30 }, (_, i) => [i % 2 === 0 ? 'a' : 'b', 0, true]).flat();
  assert.ok(reachOf(repeated, COPY_LIMITS.depth, 2) !== null);
  assert.equal(reachOf([...repeated, 'c', 1, true], COPY_LIMITS.depth, 2), null);
  const reach = reachOf([...repeated, 'c', 1, true], COPY_LIMITS.depth, 3);
  assert.deepEqual(namesOf(reach), ['a', 'b']);
  assert.deepEqual(namesOf(under(reach, 'b')), ['c']);
  assert.deepEqual(namesOf(under(reach, 'a')), []);
});
