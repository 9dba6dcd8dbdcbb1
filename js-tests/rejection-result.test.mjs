// registerTool answers a failed argument parse with one wasm call (lib/jsonrpc.js
// rejectionResult: the core's rejection_result), where a user writes
// `errorResult(formatValidation(issues, …), options)`: two calls, with the McpError
// built, its data copied back and read again. The two must be the same envelope, byte
// for byte, for every kind of rejection and every envelope option.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as z from 'zod';
import * as z3 from 'zod/v3';
import { errorResult, formatValidation, JsonRpcErrorCode } from '../pkg/node.js';
import internals from '../pkg/lib/bundle.js';

const { rejectionResult } = internals;

const item = z.object({ name: z.string(), qty: z.number().int().positive(), kind: z.enum(['book', 'pen', 'ink']) });
const batch = z.object({ items: z.array(item) });
const badItem = (i) =>
  i % 3 === 0
    ? { name: i, qty: 1, kind: 'book' }
    : i % 3 === 1
      ? { name: 'pen', qty: 1.5, kind: 'pen' }
      : { name: 'ink', qty: 2, kind: 'cap' };
const long = 'é'.repeat(70_000);
const secret = 'sk-live-0123456789abcdefghijklmnop';

/** `[label, schema, args]`: each fails to parse. */
const cases = [
  ['4 bad items', batch, { items: Array.from({ length: 4 }, (_, i) => badItem(i)) }],
  ['150 bad items', batch, { items: Array.from({ length: 150 }, (_, i) => badItem(i)) }],
  ['missing and unknown keys', z.strictObject({ a: z.string(), b: z.number() }), { b: 'x', extra: 1, [long]: 2 }],
  [
    'a union at a long key',
    z.object({
      [long]: z.union([
        z.object({ kind: z.literal('a'), n: z.number() }),
        z.object({ kind: z.literal('b'), s: z.string() }),
      ]),
    }),
    { [long]: { kind: 'a', n: 'x' } },
  ],
  [
    'a refinement naming a secret and a long value',
    z.object({ token: z.string().refine(() => false, `bad token ${secret} ${long}`) }),
    { token: secret },
  ],
  [
    'Zod 3',
    z3.object({ user: z3.object({ id: z3.number(), tags: z3.array(z3.string()) }) }),
    { user: { id: 'x', tags: [1, 2] } },
  ],
];
const contract = [
  {
    reason: 'invalid_arguments',
    code: JsonRpcErrorCode.InvalidParams,
    when: 'bad input',
    recovery: 'Send what the schema asks for.',
  },
];
const optionSets = [
  { requestId: 'REQ42-ABCDE' },
  { requestId: false },
  { requestId: 7, contract },
  { requestId: 'R', aborted: true, contract },
  { requestId: 'R', redactSecrets: false },
  { requestId: 'R', maskServerErrors: true },
];

test('one call writes what errorResult(formatValidation(…)) writes, byte for byte', () => {
  let compared = 0;
  for (const [label, schema, args] of cases) {
    const result = schema.safeParse(args);
    assert.equal(result.success, false, label);
    const jsonSchema = schema instanceof z.ZodType ? z.toJSONSchema(schema) : undefined;
    for (const rejection of [
      { tool: 'add_items', args },
      { tool: 'add_items', args, schema: jsonSchema },
      { tool: 't' },
    ]) {
      for (const options of optionSets) {
        const two = JSON.stringify(errorResult(formatValidation(result.error.issues, rejection), options));
        const one = JSON.stringify(rejectionResult(result.error.issues, rejection, options));
        assert.equal(one, two, `${label}, ${JSON.stringify(Object.keys(rejection))}, ${JSON.stringify(options)}`);
        compared += 1;
      }
    }
  }
  assert.equal(compared, cases.length * 3 * optionSets.length);
});

test('without a request id, one call makes a fresh one as errorResult does', () => {
  const issues = batch.safeParse({ items: [badItem(0)] }).error.issues;
  const a = rejectionResult(issues, { tool: 't' });
  const b = rejectionResult(issues, { tool: 't' });
  const id = /request ([0-9A-Z]{5}-[0-9A-Z]{5})\)$/;
  assert.match(a.content[0].text, id);
  assert.notEqual(a.content[0].text.match(id)[1], b.content[0].text.match(id)[1]);
  assert.equal(a.structuredContent.error.data.requestId, a.content[0].text.match(id)[1]);
  const named = errorResult(formatValidation(issues, { tool: 't' }), {
    requestId: a.structuredContent.error.data.requestId,
  });
  assert.deepEqual(a, named);
});

test('bad input is a TypeError, as formatValidation and errorResult give', () => {
  assert.throws(() => rejectionResult('nope', { tool: 't' }), TypeError);
  assert.throws(() => rejectionResult([], { tool: 5 }), TypeError);
  assert.throws(() => rejectionResult([], { tool: 't' }, { aborted: 'yes' }), TypeError);
});
