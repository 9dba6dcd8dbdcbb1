// formatValidation copies only the parts of the arguments the issues' paths can reach
// (copy.js segmentSet: each segment at its own depth, a union branch's segments at any
// depth from their position on). Pruning must never change what the core writes: each
// case renders once through the package (pruned) and once straight through the wasm
// export with the whole arguments, and the two must be the same McpError.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as z from 'zod';
import * as z3 from 'zod/v3';
import { formatValidation } from '../pkg/node.js';
import internals from '../pkg/lib/bundle.js';

// The wasm export as the JS layer calls it, in the module the entry loaded.
const formatValidationCall = internals.abi.formatValidation;

/** The whole arguments as the package sends them: string values empty (only their type matters). */
function wholeArgs(args) {
  return JSON.stringify(args, (_key, value) => (typeof value === 'string' ? '' : value));
}

function same(schema, args, label) {
  const result = schema.safeParse(args);
  assert.equal(result.success, false, `${label}: the arguments must fail`);
  const issues = result.error.issues;
  const pruned = formatValidation(issues, { tool: 't', args });
  const reply = formatValidationCall({
    issues: JSON.stringify(issues),
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
