// Past the issues the core reads whole (ISSUES_READ_WHOLE: the first ten), an issue
// crosses as `0` (nothing of it) unless it is a union, whose branches decide how many lines
// it counts (tests/jsonrpc_props.rs proves the rule in the core). Here, through the
// package: each case renders once as the package sends it and once straight through
// the wasm export with every issue whole, and the two must be the same McpError and
// the same ZodError envelope.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as z from 'zod';
import * as z3 from 'zod/v3';
import { errorResult, formatValidation } from '../pkg/node.js';
import internals from '../pkg/lib/bundle.js';
import { ISSUES_READ_WHOLE, UNION_CODES, VALUE_OBJECT } from '../pkg/lib/constants.js';

// The wasm exports as the JS layer calls them, in the module the entry loaded.
const { errorResult: errorResultCall, formatValidation: formatValidationCall } = internals.abi;

const NONE = new Uint32Array(0);
/** The formatValidation export with every issue whole, as JSON text. */
const formatValidationJson = (issues, total, sizes, tool, args) => {
  const { code, message, dataJson } = formatValidationCall({
    issues,
    issuesTotal: total,
    issueSizes: sizes,
    tool,
    args,
  });
  return { code, message, data: JSON.parse(dataJson) };
};
const wholeArgs = (args) => JSON.stringify(args, (_key, value) => (typeof value === 'string' ? '' : value));

function same(schema, args, label) {
  const result = schema.safeParse(args);
  assert.equal(result.success, false, label);
  const issues = result.error.issues;
  assert.ok(issues.length > 10, `${label}: needs issues past the tenth (${issues.length})`);
  const sent = formatValidation(issues, { tool: 't', args });
  // Every issue whole, as the JSON-RPC copy writes it: a function (a Zod 3 ZodError's
  // own addIssue / addIssues in unionErrors) is '[Unreadable]', not left out.
  const wholeIssues = JSON.stringify(issues, (_key, value) => (typeof value === 'function' ? '[Unreadable]' : value));
  const whole = formatValidationJson(wholeIssues, issues.length, NONE, 't', wholeArgs(args));
  assert.equal(sent.message, whole.message, label);
  // data.issues are the issues' own copies (the oracle's are JSON.stringify's, whose key
  // order differs for Zod 3's nested ZodErrors): the same content, key order aside.
  assert.deepEqual(sent.data, whole.data, label);
  // The same issues thrown as a ZodError.
  const thrown = errorResult(result.error, { requestId: 'R' });
  const wholeThrown = errorResultCall({
    thrown: 2,
    kind: 0,
    code: NaN,
    valueKind: VALUE_OBJECT,
    isError: true,
    nameThrew: false,
    name: 'ZodError',
    message: '',
    statusCode: 0,
    issues: wholeIssues,
    issuesTotal: issues.length,
    issueSizes: NONE,
    requestId: 'R',
    freshId: false,
    aborted: false,
    redactSecrets: true,
    maskServerErrors: false,
    guidance: false,
    causes: '[]',
  });
  assert.equal(thrown.content[0].text, wholeThrown.content[0].text, label);
  assert.deepEqual(thrown.structuredContent, wholeThrown.structuredContent, label);
  return sent;
}

const shape = z.union([
  z.object({ kind: z.literal('circle'), r: z.number() }),
  z.object({ kind: z.literal('square'), side: z.number(), unit: z.string() }),
]);
// The first lifts into its square branch's two lines (circle fails on its tag alone).
const bad = (i) => [{ kind: 'square', side: 'big', unit: 5, r: 1 }, { kind: 'circle' }, { kind: 'tri' }, 7][i % 4];

test('the rule comes from the core: ten read whole, then unions', () => {
  assert.equal(ISSUES_READ_WHOLE, 10);
  assert.deepEqual([...UNION_CODES], ['invalid_union', 'invalid_union_discriminator']);
});

test('unions past the tenth still lift their branches into (+N more) (Zod 4)', () => {
  // Unions at every position: those lifted into several lines move (+N more).
  const sent = same(
    z.object({ shapes: z.array(shape) }),
    { shapes: Array.from({ length: 40 }, (_, i) => bad(i)) },
    'unions everywhere',
  );
  assert.match(sent.message, /\(\+\d+ more\)/);
  const tagged = z.discriminatedUnion('type', [
    z.object({ type: z.literal('x'), x: z.number() }),
    z.object({ type: z.literal('y'), y: z.array(z.number()) }),
  ]);
  same(
    z.object({ list: z.array(tagged) }),
    { list: Array.from({ length: 30 }, (_, i) => [{ type: 'y', y: [1, 'two'] }, { type: 'z' }, { type: 'x' }][i % 3]) },
    'tagged unions',
  );
  // Plain issues first, unions only past the tenth.
  same(
    z.object({ names: z.array(z.string()), shapes: z.array(shape) }),
    { names: Array.from({ length: 12 }, (_, i) => i), shapes: [bad(0), bad(1), bad(0)] },
    'unions only past the tenth',
  );
  const item = z.object({ name: z.string(), qty: z.number().int().positive(), kind: z.enum(['book', 'pen', 'ink']) });
  same(
    z.object({ items: z.array(item) }),
    { items: Array.from({ length: 150 }, (_, i) => ({ name: i, qty: 1.5, kind: 'cap', extra: 1 })) },
    'past the hundredth',
  );
  same(
    z.strictObject({ a: z.array(z.number()) }),
    { a: Array.from({ length: 20 }, () => 'x'), b: 1, c: 2 },
    'unknown keys after the tenth',
  );
});

test('unions past the tenth still lift their branches into (+N more) (Zod 3)', () => {
  const shape3 = z3.union([
    z3.object({ kind: z3.literal('circle'), r: z3.number() }),
    z3.object({ kind: z3.literal('square'), side: z3.number(), unit: z3.string() }),
  ]);
  const shapes = Array.from(
    { length: 25 },
    (_, i) => [{ kind: 'square', side: 'big', unit: 5, r: 1 }, { kind: 'circle', r: 'x' }, 5][i % 3],
  );
  same(z3.object({ shapes: z3.array(shape3) }), { shapes }, 'Zod 3 unions');
});

test('each field of an issue past the tenth is read once, whatever it is', () => {
  const reads = new Map();
  const counted = (issue, i) =>
    new Proxy(issue, {
      get(target, key, receiver) {
        const name = `${i}.${String(key)}`;
        reads.set(name, (reads.get(name) ?? 0) + 1);
        return Reflect.get(target, key, receiver);
      },
    });
  const plain = (i) => ({ code: 'custom', path: ['a', i], message: `bad ${i}` });
  const union = (i) => ({
    code: 'invalid_union',
    errors: [[plain(i)], [{ code: 'invalid_type', expected: 'string', path: [], message: 'no' }]],
    path: ['u', i],
    message: 'Invalid input',
  });
  const issues = Array.from({ length: 16 }, (_, i) => counted(i % 2 === 0 ? plain(i) : union(i), i));
  const sent = formatValidation(issues, { tool: 't', args: { a: [], u: [] } });
  assert.match(sent.message, /more\)$/);
  assert.ok(reads.size > 16 * 3);
  for (const [name, count] of reads) assert.equal(count, 1, `${name} read ${count} times`);
  // An unreadable issue past the tenth, and a list, cross as they would whole.
  const odd = [
    ...Array.from({ length: 10 }, (_, i) => plain(i)),
    new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('no');
        },
      },
    ),
    [1, 2],
    'text',
    null,
  ];
  const oddWhole = formatValidationJson(
    JSON.stringify([...odd.slice(0, 10), '[Unreadable]', [1, 2], 'text', null]),
    odd.length,
    NONE,
    't',
  );
  assert.deepEqual(formatValidation(odd, { tool: 't' }).message, oddWhole.message);
});

test('an issue past the tenth without a code of its own crosses whole: the core may read its ~source there', () => {
  const plain = (i) => ({ code: 'custom', path: ['a', i], message: `bad ${i}` });
  // An Ajv error that only wraps others (left out of the count, wherever it sits), and
  // an object whose code is inherited (no code JSON sees).
  const wrapper = { '~source': 'ajv', keyword: 'allOf' };
  const inherited = Object.create({ code: 'custom' });
  for (const extra of [[wrapper], [inherited], [wrapper, inherited, plain(12)]]) {
    const issues = [...Array.from({ length: 10 }, (_, i) => plain(i)), ...extra];
    const sent = formatValidation(issues, { tool: 't' });
    const whole = formatValidationJson(JSON.stringify(issues), issues.length, NONE, 't');
    assert.equal(sent.message, whole.message, JSON.stringify(extra));
    assert.equal(sent.data.issuesCount, whole.data.issuesCount, JSON.stringify(extra));
  }
});
