// formatValidation copies only the parts of the arguments the issues' paths can reach
// (copy.js reachOf: each path from the root exactly; with a union branch's path, which may
// start at the union, each depth keeps every segment that may sit there). Pruning must
// never change what the core writes: each case renders once through the package (pruned)
// and once straight through the wasm export with the whole arguments, and the two must be
// the same McpError.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as z from 'zod';
import * as z3 from 'zod/v3';
import { formatValidation } from '../pkg/node.js';
import internals from '../pkg/lib/bundle.js';
import { seeded } from './seeded.mjs';

// The wasm export as the JS layer calls it, in the module the entry loaded.
const formatValidationCall = internals.abi.formatValidation;

/** The whole arguments as the package sends them: string values empty (only their type matters). */
function wholeArgs(args) {
  return JSON.stringify(args, (_key, value) => (typeof value === 'string' ? '' : value));
}

function same(schema, args, label) {
  const result = schema.safeParse(args);
  assert.equal(result.success, false, `${label}: the arguments must fail`);
  sameRendering(result.error.issues, args, label);
}

/**
 * The package's rendering of `issues` (pruned arguments) is the whole arguments' one.
 * `issuesJson`: the issues as they cross (JSON.stringify's, unless a test gives the text
 * the copy writes for what JSON.stringify cannot read).
 */
function sameRendering(issues, args, label, issuesJson = JSON.stringify(issues)) {
  const pruned = formatValidation(issues, { tool: 't', args });
  const reply = formatValidationCall({
    issues: issuesJson,
    issuesTotal: issues.length,
    issueSizes: [],
    tool: 't',
    args: wholeArgs(args),
  });
  const whole = { code: reply.code, message: reply.message, data: JSON.parse(reply.dataJson) };
  // data.issues are the issues' own copies (the oracle's come from JSON.stringify, whose
  // key order differs for Zod 3's nested ZodErrors): everything the arguments can change
  // is the rest.
  const withoutIssues = ({ issues: _, ...rest }) => rest;
  assert.equal(pruned.code, whole.code, label);
  assert.equal(pruned.message, whole.message, label);
  assert.deepEqual(withoutIssues(pruned.data), withoutIssues(whole.data), label);
  assert.ok(pruned.data.recovery.hint.length > 0, label);
}

test('pruned arguments render exactly as the whole arguments do (Zod 4)', () => {
  const item = z.object({ name: z.string(), qty: z.number().int(), kind: z.enum(['a', 'b']) });
  same(
    z.object({ items: z.array(item) }),
    { items: [{ name: 1, qty: 1.5, kind: 'c' }, { name: 'x', qty: 2, kind: 'a' }, { qty: 'q' }] },
    'array of objects',
  );
  // A union deep in the arguments: Zod 4 writes each branch's paths from the union.
  const shape = z.union([
    z.object({ kind: z.literal('circle'), r: z.number() }),
    z.object({ kind: z.literal('square'), side: z.number(), unit: z.string() }),
  ]);
  same(
    z.object({ groups: z.array(z.object({ shapes: z.array(shape) })) }),
    { groups: [{ shapes: [{ kind: 'square', side: 'big' }, { kind: 'circle' }] }, { shapes: [{ kind: 'tri' }] }] },
    'nested union branches',
  );
  same(
    z.object({ a: z.object({ b: z.union([z.object({ c: z.object({ d: z.number() }) }), z.string()]) }) }),
    { a: { b: { c: { d: 'x' } } } },
    'a branch failing below its root',
  );
  const tagged = z.discriminatedUnion('type', [
    z.object({ type: z.literal('x'), x: z.number() }),
    z.object({ type: z.literal('y'), y: z.array(z.number()) }),
  ]);
  same(
    z.object({ list: z.array(tagged) }),
    { list: [{ type: 'y', y: [1, 'two', 3] }, { type: 'z' }, { type: 'x' }] },
    'discriminated union in an array',
  );
  same(
    z.object({ m: z.record(z.string(), z.object({ n: z.number() })) }),
    { m: { 0: { n: 'a' }, items: { n: 1 }, k: { n: null } } },
    'a record with index-like keys',
  );
  same(z.object({ t: z.tuple([z.string(), z.object({ u: z.boolean() })]) }), { t: [1, { u: 'no' }] }, 'a tuple');
  same(z.object({ a: z.string(), b: z.number() }).strict(), { b: 'x', extra: 1 }, 'missing and unknown keys');
});

test('pruned arguments render exactly as the whole arguments do (Zod 3, absolute branch paths)', () => {
  const shape = z3.union([
    z3.object({ kind: z3.literal('circle'), r: z3.number() }),
    z3.object({ kind: z3.literal('square'), side: z3.number() }),
  ]);
  same(
    z3.object({ groups: z3.array(z3.object({ shapes: z3.array(shape) })) }),
    { groups: [{ shapes: [{ kind: 'square', side: 'big' }] }, { shapes: [{ kind: 'circle', r: 'x' }] }] },
    'Zod 3 nested union',
  );
  same(
    z3.object({ items: z3.array(z3.object({ n: z3.number() })) }),
    { items: [{ n: 1 }, { n: 'a' }, {}] },
    'Zod 3 array',
  );
});

test('a path segment the copy cannot read keeps the argument it then names', () => {
  // A segment that cannot be read crosses as '[Unreadable]', and the core looks that key
  // up: the pruned arguments must hold it as the whole arguments do.
  const throwing = ['a'];
  Object.defineProperty(throwing, 1, {
    enumerable: true,
    get() {
      throw new Error('no');
    },
  });
  const { proxy: revoked, revoke } = Proxy.revocable({ key: 'x' }, {});
  revoke();
  for (const [path, label] of [
    [throwing, 'a throwing getter'],
    [['a', revoked], 'a revoked Proxy'],
    [['a', Symbol('s')], 'a Symbol'],
  ]) {
    const issue = {
      code: 'invalid_type',
      expected: 'number',
      path,
      message: 'Invalid input: expected number, received string',
    };
    const args = { a: { '[Unreadable]': 'x', other: 1 } };
    sameRendering([issue], args, label, JSON.stringify([{ ...issue, path: ['a', '[Unreadable]'] }]));
    // The value was found: its type is named.
    const { hint } = formatValidation([issue], { tool: 't', args }).data.recovery;
    assert.match(hint, /as a number, not a string/, label);
  }
});

/** A random value: objects and lists up to `depth` deep, keys that are often list indices. */
function randomValue(random, depth) {
  const roll = random();
  if (depth > 0 && roll < 0.35) {
    return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(random, depth - 1));
  }
  if (depth > 0 && roll < 0.7) {
    const object = {};
    for (let i = Math.floor(random() * 4); i > 0; i--)
      object[KEYS[Math.floor(random() * KEYS.length)]] = randomValue(random, depth - 1);
    return object;
  }
  return [null, true, 0, 1.5, -3, 'text', ''][Math.floor(random() * 7)];
}
const KEYS = ['a', 'b', 'c', '0', '1', '2'];

/** A path that mostly follows what `value` holds, sometimes steps where nothing is. */
function randomPath(random, value) {
  const path = [];
  let at = value;
  // Mostly short; sometimes past the copy's depth (32).
  for (let n = random() < 0.1 ? 30 + Math.floor(random() * 10) : 1 + Math.floor(random() * 4); n > 0; n--) {
    let segment;
    if (Array.isArray(at) && at.length > 0 && random() < 0.8) segment = Math.floor(random() * at.length);
    else if (at !== null && typeof at === 'object' && !Array.isArray(at) && random() < 0.8) {
      const keys = Object.keys(at);
      segment = keys.length === 0 ? 'a' : keys[Math.floor(random() * keys.length)];
    } else segment = random() < 0.5 ? KEYS[Math.floor(random() * KEYS.length)] : Math.floor(random() * 3);
    // Sometimes a Standard Schema `{ key }` segment, its key among other strings.
    const roll = random();
    path.push(roll < 0.1 ? { key: segment, type: 'object' } : roll < 0.2 ? { type: 'array', key: segment } : segment);
    at = at !== null && typeof at === 'object' ? at[segment] : undefined;
  }
  return path;
}

test('pruned arguments render exactly as the whole arguments do (random arguments and paths)', () => {
  const random = seeded(21);
  for (let n = 0; n < 300; n++) {
    const args = { root: randomValue(random, 4), [KEYS[n % KEYS.length]]: randomValue(random, 3) };
    // A wrong type and an enum miss: both sentences depend on what arrived at the path.
    const issue = (path) =>
      random() < 0.5
        ? { code: 'invalid_type', expected: 'string', path, message: 'Invalid input: expected string' }
        : { code: 'invalid_value', values: ['x', 'y'], path, message: 'Invalid option: expected one of "x"|"y"' };
    const issues = Array.from({ length: 1 + Math.floor(random() * 6) }, () => {
      const path = randomPath(random, args);
      if (random() >= 0.25) return issue(path);
      // A Zod 4 union at a prefix of the path, its branches' paths from the union on.
      const at = Math.floor(random() * (path.length + 1));
      const errors = [[issue(path.slice(at))], [issue(randomPath(random, args).slice(at))]];
      return { code: 'invalid_union', errors, path: path.slice(0, at), message: 'Invalid input' };
    });
    sameRendering(issues, args, `case ${n}: ${JSON.stringify({ args, issues })}`);
  }
});
