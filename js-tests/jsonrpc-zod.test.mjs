// Argument rejections from real Zod 4 parses, through the built package: the tool's
// JSON Schema (z.toJSONSchema) is all the formatter knows of the schema. Each case
// sends bad arguments carrying sentinel values and checks the lines, the hint's
// sentences (accepted keys, the type to send, Provide …), the -32602 shape, and that
// no value the caller sent appears anywhere in the rejection or its envelope.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import * as z3 from 'zod/v3';
import { errorResult, formatValidation, JsonRpcErrorCode, McpError } from '../pkg/node.js';

const PREFIX = 'Input validation error: Invalid arguments for tool ';
/** Values no sentence could contain unless a sent value leaked. */
const S = 'xyzzy-sentinel';
const N = 987654321;
const SENTINELS = [S, String(N), '98765.4321'];

const Item = z.object({ name: z.string() });
const Shape = z.discriminatedUnion('type', [
  z.object({ type: z.literal('circle'), radius: z.number().positive() }),
  z.object({ type: z.literal('rect'), width: z.number(), height: z.number() }),
]);

/**
 * [tool, schema (root made strict), bad args, expected lines after the prefix, expected hint].
 * The schemas cover string formats, number bounds, integers, enums, literals, unions
 * (a one-or-many and a discriminated one), nested strict objects, arrays, records,
 * tuples, optional and nullable fields, and dates as strings.
 */
const CASES = [
  [
    'contact',
    z.object({ email: z.email(), name: z.string() }),
    { email: `${S}@`, name: 'a' },
    'email: Invalid email address',
    'email: Invalid email address',
  ],
  [
    'formats',
    z.object({ id: z.uuid(), site: z.url(), ip: z.ipv4() }),
    { id: `${S}-1`, site: `${S} site`, ip: `${S}.1` },
    'id: Invalid UUID, site: Invalid URL, ip: Invalid IPv4 address',
    'id: Invalid UUID, site: Invalid URL, ip: Invalid IPv4 address',
  ],
  [
    'bounds',
    z.object({ n: z.number().min(1).max(10), m: z.number().gt(0) }),
    { n: N, m: -N },
    'n: Too big: expected number to be <=10, m: Too small: expected number to be >0',
    'n: Too big: expected number to be <=10, m: Too small: expected number to be >0',
  ],
  [
    'rows',
    z.object({ rows: z.number().int().min(1) }),
    { rows: 98765.4321 },
    'rows: Invalid input: expected int, received number',
    'Send rows as an integer, not a fractional number.',
  ],
  [
    'lookup',
    z.object({ limit: z.number(), query: z.string() }),
    { limit: S, query: true },
    'limit: Invalid input: expected number, received string, query: Invalid input: expected string, received boolean',
    'Send limit as a number, not a string. Send query as a string, not a boolean.',
  ],
  [
    'modes',
    z.object({ mode: z.enum(['fast', 'slow']) }),
    { mode: S },
    'mode: Invalid option: expected one of "fast"|"slow"',
    'mode: Invalid option: expected one of "fast"|"slow"',
  ],
  [
    'modes_missing',
    z.object({ mode: z.enum(['fast', 'slow']), q: z.string() }),
    {},
    'mode: Missing required field. Expected one of "fast"|"slow", q: Invalid input: expected string, received undefined',
    'Provide mode and q.',
  ],
  [
    'literal',
    z.object({ kind: z.literal('search'), n: z.number() }),
    { kind: S, n: S },
    'kind: Invalid input: expected "search", n: Invalid input: expected number, received string',
    'kind: Invalid input: expected "search". Send n as a number, not a string.',
  ],
  [
    'scalar_union',
    z.object({ v: z.union([z.string(), z.number()]) }),
    { v: true },
    'v: Invalid input: expected string, received boolean or Invalid input: expected number, received boolean',
    'v: Invalid input: expected string, received boolean or Invalid input: expected number, received boolean',
  ],
  [
    'one_or_many',
    z.object({ items: z.union([z.array(Item), Item]) }),
    { items: [{ name: S }, { name: true }] },
    'items.1.name: Invalid input: expected string, received boolean',
    'Send items.1.name as a string, not a boolean.',
  ],
  [
    'one_or_many_missing',
    z.object({ items: z.union([z.array(Item), Item]) }),
    { items: [{ name: S }, {}] },
    'items.1.name: Invalid input: expected string, received undefined',
    'Provide items.1.name.',
  ],
  [
    'one_or_many_lone',
    z.object({ items: z.union([z.array(Item), Item]) }),
    { items: { name: N } },
    'items.name: Invalid input: expected string, received number',
    'Send items.name as a string, not a number.',
  ],
  [
    'shapes',
    z.object({ shape: Shape }),
    { shape: { type: 'rect', width: S, height: 2 } },
    'shape.width: Invalid input: expected number, received string',
    'Send shape.width as a number, not a string.',
  ],
  [
    'shapes_tag',
    z.object({ shape: Shape }),
    { shape: { type: S } },
    "shape.type: Invalid discriminator value. Expected 'circle' | 'rect'",
    "shape.type: Invalid discriminator value. Expected 'circle' | 'rect'",
  ],
  [
    'nested_strict',
    z.object({ query: z.string(), opts: z.object({ depth: z.number(), lang: z.string() }).strict() }),
    { query: S, opts: { depth: 1, lang: S, colour: S } },
    'opts: Unrecognized key: "colour"',
    'Unknown key opts.colour. opts accepts: depth, lang.',
  ],
  [
    'root_unknown',
    z.object({ query: z.string(), limit: z.number().optional() }),
    { query: S, qeury: S, limt: N },
    'Unrecognized keys: "qeury", "limt"',
    'Unknown keys qeury, limt. This tool accepts: query, limit.',
  ],
  [
    'array_max',
    z.object({ tags: z.array(z.string()).max(3) }),
    { tags: [S, S, S, S, S] },
    'tags: Too big: expected array to have <=3 items',
    'tags: Too big: expected array to have <=3 items',
  ],
  [
    'array_items',
    z.object({ tags: z.array(z.string()) }),
    { tags: [S, N, S] },
    'tags.1: Invalid input: expected string, received number',
    'Send tags.1 as a string, not a number.',
  ],
  [
    'array_strict',
    z.object({ items: z.array(z.strictObject({ name: z.string() })) }),
    { items: [{ name: S, extra: S }] },
    'items.0: Unrecognized key: "extra"',
    'Unknown key items.0.extra. items.0 accepts: name.',
  ],
  [
    'record',
    z.object({ scores: z.record(z.string(), z.number()) }),
    { scores: { alice: S, bob: 2 } },
    'scores.alice: Invalid input: expected number, received string',
    'Send scores.alice as a number, not a string.',
  ],
  [
    'tuple',
    z.object({ point: z.tuple([z.number(), z.number()]) }),
    { point: [1, S] },
    'point.1: Invalid input: expected number, received string',
    'Send point.1 as a number, not a string.',
  ],
  [
    'optional_nullable',
    z.object({ note: z.string().nullable().optional(), n: z.number() }),
    { note: N, n: null },
    'note: Invalid input: expected string, received number, n: Invalid input: expected number, received null',
    'Send note as a string, not a number. Send n as a number, not null.',
  ],
  [
    'dates',
    z.object({ start: z.iso.date(), end: z.iso.datetime() }),
    { start: `${S}-01-01`, end: `2020-01-01 ${S}` },
    'start: Invalid ISO date, end: Invalid ISO datetime',
    'start: Invalid ISO date, end: Invalid ISO datetime',
  ],
  [
    'missing_many',
    z.object({ a: z.string(), b: z.number(), c: z.boolean() }),
    { c: S },
    'a: Invalid input: expected string, received undefined, b: Invalid input: expected number, received undefined, c: Invalid input: expected boolean, received string',
    'Provide a and b. Send c as a boolean, not a string.',
  ],
  [
    'nested_missing',
    z.object({ filter: z.object({ range: z.object({ from: z.string(), to: z.string().optional() }) }) }),
    { filter: { range: { to: S } } },
    'filter.range.from: Invalid input: expected string, received undefined',
    'Provide filter.range.from.',
  ],
  [
    'lengths',
    z.object({ code: z.string().length(4), s: z.string().min(2).max(3) }),
    { code: S, s: `${S}${S}` },
    'code: Too big: expected string to have exactly 4 characters, s: Too big: expected string to have <=3 characters',
    'code: Too big: expected string to have exactly 4 characters, s: Too big: expected string to have <=3 characters',
  ],
  [
    'refined',
    z.object({
      start: z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'Must be a parseable ISO 8601 date'),
      n: z.number(),
    }),
    { start: S, n: S },
    'start: Must be a parseable ISO 8601 date, n: Invalid input: expected number, received string',
    'start: Must be a parseable ISO 8601 date. Send n as a number, not a string.',
  ],
];

/** Every place a sent value could surface: the error itself and its whole envelope. */
function everything(error, result) {
  return JSON.stringify({ message: error.message, data: error.data, result });
}

test(`${CASES.length} Zod 4 schemas: lines, hints, -32602, and no sent value anywhere`, () => {
  assert.ok(CASES.length >= 15);
  const issueCodes = new Set();
  for (const [tool, shape, args, detail, hint] of CASES) {
    const schema = shape.strict();
    const parsed = schema.safeParse(args);
    assert.equal(parsed.success, false, `${tool}: the bad arguments parsed`);
    for (const issue of parsed.error.issues) issueCodes.add(issue.code);
    const error = formatValidation(parsed.error.issues, { tool, args, schema: z.toJSONSchema(schema) });
    assert.ok(error instanceof McpError, tool);
    assert.equal(error.code, JsonRpcErrorCode.InvalidParams, tool);
    assert.equal(error.message, `${PREFIX}${tool}: ${detail}`, tool);
    assert.equal(error.data.reason, 'invalid_arguments', tool);
    assert.equal(error.data.recovery.hint, hint, tool);
    // Within the caps, data.issues is Zod's own list.
    assert.deepEqual(error.data.issues, parsed.error.issues, tool);
    assert.deepEqual(Object.keys(error.data), ['issues', 'reason', 'recovery'], tool);

    const result = errorResult(error, { requestId: 'REQ01-ABCDE' });
    const text = result.content[0].text;
    assert.equal(result.structuredContent.error.code, -32602, tool);
    assert.ok(text.startsWith(`Error: ${PREFIX}${tool}: `), tool);
    assert.ok(text.endsWith('\n\n(reason invalid_arguments · request REQ01-ABCDE)'), tool);
    // The Recovery: line appears exactly when the hint adds something to the message.
    assert.equal(text.includes(`\n\nRecovery: ${hint}\n\n`), !error.message.includes(hint), tool);

    const all = everything(error, result);
    for (const sentinel of SENTINELS) assert.ok(!all.includes(sentinel), `${tool}: ${sentinel} reached the rejection`);
  }
  // The cases reach every kind of issue Zod 4 raises for bad arguments.
  for (const code of [
    'invalid_type',
    'invalid_value',
    'invalid_format',
    'too_big',
    'too_small',
    'unrecognized_keys',
    'invalid_union',
    'custom',
  ]) {
    assert.ok(issueCodes.has(code), `no case raised ${code}`);
  }
  console.log(`zod 4: ${CASES.length} schemas rejected, ${issueCodes.size} issue codes, no sent value leaked`);
});

test('the hint names the accepted keys from the schema, at the root and nested, and the alias step', () => {
  const schema = z
    .object({
      query: z.string(),
      pageSize: z.number().int().optional(),
      filter: z.object({ from: z.iso.date().optional(), to: z.iso.date().optional() }).strict().optional(),
    })
    .strict();
  const args = { query: S, filter: { from: '2020-01-01', until: S }, sort: S };
  const parsed = schema.safeParse(args);
  const error = formatValidation(parsed.error.issues, {
    tool: 'search',
    args,
    schema: z.toJSONSchema(schema),
    input: { aliased: [{ alias: 'limit', target: 'pageSize' }], ignored: ['_trace'] },
  });
  assert.equal(
    error.data.recovery.hint,
    'Unknown key filter.until. filter accepts: from, to. Unknown key sort. This tool accepts: query, pageSize, filter. ' +
      'Validated limit as pageSize. Dropped undeclared key _trace.',
  );
  assert.deepEqual(error.data.input, { aliased: [{ alias: 'limit', target: 'pageSize' }], ignored: ['_trace'] });
  assert.ok(!everything(error, errorResult(error)).includes(S));
});

test('an alias sent beside its target is named as one, not as an unknown key', () => {
  const schema = z.object({ pageSize: z.number().optional(), q: z.string() }).strict();
  const args = { q: 'x', pageSize: 5, maxResults: 7 };
  const parsed = schema.safeParse(args);
  const error = formatValidation(parsed.error.issues, {
    tool: 'search',
    args,
    schema: z.toJSONSchema(schema),
    input: { aliased: [], ignored: [], collisions: [{ target: 'pageSize', keys: ['pageSize', 'maxResults'] }] },
  });
  assert.equal(error.data.recovery.hint, 'maxResults is an alias of pageSize; send one of them, not both.');
  assert.equal('input' in error.data, false, 'a collision alone changes nothing the rejection reports');
});

test('Zod 3 issues (zod/v3) render the same sentences', () => {
  const Item3 = z3.object({ name: z3.string() });
  const schema = z3
    .object({ n: z3.number(), items: z3.union([z3.array(Item3), Item3]), mode: z3.enum(['a', 'b']) })
    .strict();
  const args = { n: S, items: [{ name: 'a' }, { name: true }], extra: S };
  const parsed = schema.safeParse(args);
  const error = formatValidation(parsed.error.issues, { tool: 'legacy', args });
  assert.equal(
    error.message,
    `${PREFIX}legacy: n: Expected number, received string, items.1.name: Expected string, received boolean, ` +
      "mode: Required, Unrecognized key(s) in object: 'extra'",
  );
  assert.equal(
    error.data.recovery.hint,
    'Send n as a number, not a string. Send items.1.name as a string, not a boolean. Provide mode. Unknown key extra.',
  );
  assert.ok(!everything(error, errorResult(error)).includes(S));
});
