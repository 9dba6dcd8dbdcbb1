// Issues of validators other than Zod, from real parses with the libraries on npm
// (Valibot, ArkType, Effect Schema through Standard Schema, and the JSON Schema validators
// Ajv and @cfworker/json-schema given Zod's own JSON Schema): each is read as the Zod 4
// issue for the same mistake (src/source/), so both dialects write what they write for
// Zod; where a library says less, the output says no more; no value the caller sent
// reaches the JSON-RPC dialect's rejection from any of them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Validator } from '@cfworker/json-schema';
import Ajv from 'ajv/dist/2020.js';
import { type } from 'arktype';
import { Schema } from 'effect';
import * as v from 'valibot';
import { z } from 'zod';
import {
  errorResult,
  formatValidation,
  formatValidationError,
  jsonSchemaInput,
  parseToolError,
  registerTool,
} from '../pkg/node.js';
import internals from '../pkg/lib/bundle.js';
import { connected, V2 } from './sdks.mjs';

const { rejectionResult } = internals;

const PREFIX = 'Input validation error: Invalid arguments for tool t: ';

const valibotIssues = (schema, args) => v.safeParse(schema, args, { abortEarly: false }).issues;
const arktypeIssues = (schema, args) => [...schema(args)];
const zodIssues = (schema, args) => schema.safeParse(args).error.issues;
const effectIssues = (schema, args) => Schema.toStandardSchemaV1(schema)['~standard'].validate(args).issues;

/** What a rejection says, in both dialects. */
function said(issues, args) {
  const e = formatValidation(issues, { tool: 't', args });
  return { message: e.message, hint: e.data.recovery.hint, xml: formatValidationError(issues, 'a', args) };
}

/**
 * One mistake per row: the Zod 4 schema, Valibot's and ArkType's for the same rule
 * (null where a library has none), the arguments, and where a library says less than
 * Zod the message it writes instead (the hint and XML then follow from that).
 */
const MISTAKES = [
  ['wrong type', z.object({ n: z.number() }), v.object({ n: v.number() }), type({ n: 'number' }), { n: 'x' }],
  [
    'wrong element type',
    z.object({ tags: z.array(z.string()) }),
    v.object({ tags: v.array(v.string()) }),
    type({ tags: 'string[]' }),
    { tags: ['a', 5] },
  ],
  [
    'nested wrong type',
    z.object({ o: z.object({ b: z.boolean() }) }),
    v.object({ o: v.object({ b: v.boolean() }) }),
    type({ o: { b: 'boolean' } }),
    { o: { b: 1 } },
  ],
  [
    'not an array',
    z.object({ l: z.array(z.number()) }),
    v.object({ l: v.array(v.number()) }),
    type({ l: 'number[]' }),
    { l: {} },
  ],
  [
    'missing field',
    z.object({ q: z.string() }),
    v.object({ q: v.string() }),
    type({ q: 'string' }),
    {},
    { valibot: `${PREFIX}q: Invalid input: expected a value, received undefined` },
  ],
  [
    'unknown key',
    z.strictObject({ a: z.string() }),
    v.strictObject({ a: v.string() }),
    type({ a: 'string', '+': 'reject' }),
    { a: 'x', extra: 1 },
  ],
  [
    'bad enum value',
    z.object({ m: z.enum(['a', 'b']) }),
    v.object({ m: v.picklist(['a', 'b']) }),
    type({ m: "'a'|'b'" }),
    { m: 'c' },
  ],
  ['bad literal', z.object({ k: z.literal('k') }), v.object({ k: v.literal('k') }), type({ k: "'k'" }), { k: 'z' }],
  [
    'too short',
    z.object({ s: z.string().min(3) }),
    v.object({ s: v.pipe(v.string(), v.minLength(3)) }),
    type({ s: 'string>=3' }),
    { s: 'ab' },
  ],
  [
    'too long',
    z.object({ s: z.string().max(3) }),
    v.object({ s: v.pipe(v.string(), v.maxLength(3)) }),
    type({ s: 'string<=3' }),
    { s: 'abcd' },
  ],
  [
    'too few items',
    z.object({ l: z.array(z.number()).min(2) }),
    v.object({ l: v.pipe(v.array(v.number()), v.minLength(2)) }),
    type({ l: 'number[]>=2' }),
    { l: [1] },
  ],
  [
    'pattern',
    z.object({ p: z.string().regex(/^x/) }),
    v.object({ p: v.pipe(v.string(), v.regex(/^x/)) }),
    type({ p: '/^x/' }),
    { p: 'abc' },
  ],
  [
    'too small',
    z.object({ n: z.number().min(10) }),
    v.object({ n: v.pipe(v.number(), v.minValue(10)) }),
    type({ n: 'number>=10' }),
    { n: 3 },
  ],
  [
    'too big',
    z.object({ n: z.number().max(10) }),
    v.object({ n: v.pipe(v.number(), v.maxValue(10)) }),
    type({ n: 'number<=10' }),
    { n: 50 },
  ],
  [
    'no union branch',
    z.object({ u: z.union([z.string(), z.number()]) }),
    v.object({ u: v.union([v.string(), v.number()]) }),
    type({ u: 'string|number' }),
    { u: true },
    { arktype: `${PREFIX}u: Invalid input: expected a number or a string` },
  ],
  ['not an integer', z.object({ i: z.int() }), v.object({ i: v.pipe(v.number(), v.integer()) }), null, { i: 1.5 }],
  ['email', z.object({ e: z.email() }), v.object({ e: v.pipe(v.string(), v.email()) }), null, { e: 'x@' }],
];

test('the same mistake reads the same from Zod, Valibot and ArkType, in both dialects', () => {
  for (const [label, zodSchema, valibotSchema, arktypeSchema, args, less = {}] of MISTAKES) {
    const expected = said(zodIssues(zodSchema, args), args);
    const sources = [['valibot', valibotIssues(valibotSchema, args)]];
    if (arktypeSchema !== null) sources.push(['arktype', arktypeIssues(arktypeSchema, args)]);
    for (const [source, issues] of sources) {
      const got = said(issues, args);
      if (less[source] !== undefined) {
        assert.equal(got.message, less[source], `${label}, ${source}`);
        continue;
      }
      assert.equal(got.message, expected.message, `${label}, ${source}`);
      assert.equal(got.hint, expected.hint, `${label}, ${source}`);
      assert.equal(got.xml, expected.xml, `${label}, ${source}`);
    }
  }
});

const ajv = new Ajv({ allErrors: true, strict: false });
const ajvIssues = (jsonSchema, args) => {
  const validate = ajv.compile(jsonSchema);
  validate(args);
  return validate.errors;
};
const cfworkerIssues = (jsonSchema, args) => new Validator(jsonSchema, '2020-12', false).validate(args).errors;

test("the same mistake reads the same from Zod and from Ajv and @cfworker/json-schema given Zod's JSON Schema", () => {
  const rows = MISTAKES.filter(([label]) => !['email', 'no union branch', 'not an array'].includes(label));
  assert.equal(rows.length, 14);
  for (const [label, zodSchema, , , args] of rows) {
    const schema = z.toJSONSchema(zodSchema);
    const said = (issues) => {
      const e = formatValidation(issues, { tool: 't', args, schema });
      return { message: e.message, hint: e.data.recovery.hint, xml: formatValidationError(issues, 'a', args) };
    };
    const expected = said(zodIssues(zodSchema, args));
    for (const [source, issues] of [
      ['ajv', ajvIssues(schema, args)],
      ['cfworker', cfworkerIssues(schema, args)],
    ]) {
      const got = said(issues);
      // A missing property's error does not say its type.
      if (label === 'missing field') {
        assert.equal(got.message, `${PREFIX}q: Invalid input: expected a value, received undefined`, source);
        assert.equal(got.hint, expected.hint, `${label}, ${source}`);
        assert.doesNotMatch(got.xml, /undefined\./, source);
        continue;
      }
      // The XML dialect's functions take no schema, where @cfworker/json-schema's units
      // keep their bounds; its `type` and `required` units name theirs in their text.
      if (source === 'cfworker' && !['wrong type', 'wrong element type', 'nested wrong type'].includes(label)) {
        assert.deepEqual({ ...got, xml: undefined }, { ...expected, xml: undefined }, `${label}, ${source}`);
        assert.doesNotMatch(got.xml, /undefined/, `${label}, ${source}`);
        continue;
      }
      assert.deepEqual(got, expected, `${label}, ${source}`);
    }
  }
});

/** A deterministic stream of secrets: ASCII, accents, astral characters, quotes. */
function* secrets(count) {
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed;
  };
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789é"\\😀-_';
  for (let i = 0; i < count; i++) {
    const chars = Array.from(alphabet);
    let s = 'sk-';
    for (let n = 0; n < 10 + (next() % 40); n++) s += chars[next() % chars.length];
    yield s;
  }
}

/** The schema the secrets break, as JSON Schema. */
const SECRET_SCHEMA = {
  type: 'object',
  properties: {
    n: { type: 'number' },
    m: { const: 'a' },
    s: { type: 'string', minLength: 500, pattern: '^x' },
    u: { anyOf: [{ type: 'number' }, { type: 'boolean' }] },
  },
  additionalProperties: false,
};

test('no value sent reaches the JSON-RPC rejection from any source: random secrets through each', () => {
  const sources = {
    zod: (a) =>
      zodIssues(
        z.strictObject({
          n: z.number(),
          m: z.enum(['a']),
          s: z.string().min(500),
          u: z.union([z.number(), z.boolean()]),
        }),
        a,
      ),
    valibot: (a) =>
      valibotIssues(
        v.strictObject({
          n: v.number(),
          m: v.picklist(['a']),
          s: v.pipe(v.string(), v.minLength(500)),
          u: v.union([v.number(), v.boolean()]),
        }),
        a,
      ),
    arktype: (a) =>
      arktypeIssues(type({ n: 'number', m: "'a'", s: 'string>=500', u: 'number|boolean', '+': 'reject' }), a),
    effect: (a) =>
      effectIssues(
        Schema.Struct({
          n: Schema.Number,
          m: Schema.Literal('a'),
          s: Schema.String.check(Schema.isMinLength(500)),
          u: Schema.Union([Schema.Number, Schema.Boolean]),
        }),
        a,
      ),
    ajv: (a) => ajvIssues(SECRET_SCHEMA, a),
    cfworker: (a) => cfworkerIssues(SECRET_SCHEMA, a),
    // A validator whose messages print the value, as a Standard Schema issue.
    standard: (a) =>
      Object.keys(a).map((k) => ({ message: `Bad value ${JSON.stringify(a[k])} at ${k}`, path: [{ key: k }] })),
  };
  for (const secret of secrets(60)) {
    const args = { n: secret, m: secret, s: secret, u: secret, extra: secret };
    for (const [source, issuesOf] of Object.entries(sources)) {
      const issues = issuesOf(args);
      assert.ok(issues.length > 0, source);
      const error = formatValidation(issues, { tool: 't', args });
      const wire = [
        JSON.stringify({ message: error.message, data: error.data }),
        JSON.stringify(errorResult(error, { requestId: false })),
        JSON.stringify(rejectionResult(issues, { tool: 't', args }, { requestId: false })),
      ];
      for (const text of wire) {
        // Not the value, not its JSON, not its first characters.
        for (const needle of [secret, JSON.stringify(secret).slice(1, -1), secret.slice(0, 12)]) {
          assert.ok(!text.includes(needle), `${source}: ${needle} in ${text.slice(0, 400)}`);
        }
      }
    }
  }
});

/** Fifteen schemas per library, each given arguments that break it. */
const SCHEMAS = {
  valibot: [
    [v.object({ a: v.string() }), { a: 1 }],
    [v.object({ a: v.number() }), {}],
    [v.strictObject({ a: v.string() }), { a: 'x', b: 1, c: 2 }],
    [v.object({ a: v.array(v.object({ b: v.number() })) }), { a: [{ b: 'x' }, { b: 2 }, {}] }],
    [v.object({ a: v.union([v.string(), v.number()]) }), { a: true }],
    [
      v.object({
        a: v.variant('t', [v.object({ t: v.literal('x'), x: v.number() }), v.object({ t: v.literal('y') })]),
      }),
      { a: { t: 'z' } },
    ],
    [v.object({ a: v.picklist(['x', 'y', 'z']) }), { a: 'w' }],
    [v.object({ a: v.pipe(v.string(), v.email()) }), { a: 'no' }],
    [v.object({ a: v.pipe(v.string(), v.url()) }), { a: 'no' }],
    [v.object({ a: v.pipe(v.string(), v.uuid()) }), { a: 'no' }],
    [v.object({ a: v.pipe(v.number(), v.multipleOf(3)) }), { a: 4 }],
    [v.object({ a: v.pipe(v.string(), v.startsWith('x')) }), { a: 'y' }],
    [v.object({ a: v.tuple([v.string(), v.number()]) }), { a: [1, 'x'] }],
    [v.object({ a: v.record(v.string(), v.number()) }), { a: { k: 'x' } }],
    [v.object({ a: v.nullable(v.boolean()), b: v.optional(v.date()) }), { a: 'x', b: 'y' }],
  ],
  arktype: [
    [type({ a: 'string' }), { a: 1 }],
    [type({ a: 'number' }), {}],
    [type({ a: 'string', '+': 'reject' }), { a: 'x', b: 1, c: 2 }],
    [type({ a: type({ b: 'number' }).array() }), { a: [{ b: 'x' }, { b: 2 }, {}] }],
    [type({ a: 'string|number' }), { a: true }],
    [type({ a: "'x'|'y'|'z'" }), { a: 'w' }],
    [type({ a: 'string.email' }), { a: 'no' }],
    [type({ a: 'string.url' }), { a: 'no' }],
    [type({ a: 'string.uuid' }), { a: 'no' }],
    [type({ a: 'number%3' }), { a: 4 }],
    [type({ a: 'number<5' }), { a: 9 }],
    [type({ a: ['string', 'number'] }), { a: [1, 'x'] }],
    [type({ a: 'Record<string, number>' }), { a: { k: 'x' } }],
    [type({ a: 'boolean | null', 'b?': 'Date' }), { a: 'x', b: 'y' }],
    [type({ a: 'string.numeric' }), { a: 'x1' }],
  ],
  effect: [
    [Schema.Struct({ a: Schema.String }), { a: 1 }],
    [Schema.Struct({ a: Schema.Number }), {}],
    [Schema.Struct({ a: Schema.Array(Schema.Struct({ b: Schema.Number })) }), { a: [{ b: 'x' }, { b: 2 }, {}] }],
    [Schema.Struct({ a: Schema.Union([Schema.String, Schema.Number]) }), { a: true }],
    [Schema.Struct({ a: Schema.Literals(['x', 'y', 'z']) }), { a: 'w' }],
    [Schema.Struct({ a: Schema.String.check(Schema.isMinLength(3)) }), { a: 'ab' }],
    [Schema.Struct({ a: Schema.String.check(Schema.isMaxLength(1)) }), { a: 'ab' }],
    [Schema.Struct({ a: Schema.Number.check(Schema.isGreaterThan(5)) }), { a: 1 }],
    [Schema.Struct({ a: Schema.Number.check(Schema.isInt()) }), { a: 1.5 }],
    [Schema.Struct({ a: Schema.Tuple([Schema.String, Schema.Number]) }), { a: [1, 'x'] }],
    [Schema.Struct({ a: Schema.Record(Schema.String, Schema.Number) }), { a: { k: 'x' } }],
    [Schema.Struct({ a: Schema.NullOr(Schema.Boolean) }), { a: 'x' }],
    [Schema.Struct({ a: Schema.Boolean, b: Schema.Boolean, c: Schema.Boolean }), { a: 1, b: 2, c: 3 }],
    [Schema.Struct({ a: Schema.Struct({ b: Schema.Struct({ c: Schema.String }) }) }), { a: { b: { c: 5 } } }],
    [Schema.Struct({ a: Schema.String.check(Schema.isPattern(/^x/)) }), { a: 'y' }],
  ],
};

/** Fifteen JSON Schemas, each given arguments that break it (Ajv and @cfworker/json-schema). */
const JSON_SCHEMAS = [
  [{ type: 'object', properties: { a: { type: 'string' } } }, { a: 1 }],
  [{ type: 'object', properties: { a: { type: 'number' } }, required: ['a'] }, {}],
  [
    { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
    { a: 'x', b: 1, c: 2 },
  ],
  [
    {
      type: 'object',
      properties: {
        a: { type: 'array', items: { type: 'object', properties: { b: { type: 'number' } }, required: ['b'] } },
      },
    },
    { a: [{ b: 'x' }, { b: 2 }, {}] },
  ],
  [{ type: 'object', properties: { a: { anyOf: [{ type: 'string' }, { type: 'number' }] } } }, { a: true }],
  [{ type: 'object', properties: { a: { enum: ['x', 'y', 'z'] } } }, { a: 'w' }],
  [{ type: 'object', properties: { a: { const: 'k' } } }, { a: 'w' }],
  [{ type: 'object', properties: { a: { type: 'string', minLength: 3, maxLength: 5 } } }, { a: 'ab' }],
  [{ type: 'object', properties: { a: { type: 'array', minItems: 2, maxItems: 3 } } }, { a: [1, 2, 3, 4] }],
  [{ type: 'object', properties: { a: { type: 'number', exclusiveMinimum: 5 } } }, { a: 5 }],
  [{ type: 'object', properties: { a: { type: 'integer', multipleOf: 3 } } }, { a: 4.5 }],
  [{ type: 'object', properties: { a: { type: 'string', pattern: '^x' } } }, { a: 'y' }],
  [
    {
      type: 'object',
      properties: {
        a: { type: 'object', properties: { b: { type: 'object', properties: { c: { type: 'boolean' } } } } },
      },
    },
    { a: { b: { c: 'no' } } },
  ],
  [
    { type: 'object', properties: { a: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] } } },
    { a: [1, 'x'] },
  ],
  [
    { type: 'object', properties: { 'a/b': { type: 'null' }, '~c': { type: 'boolean' } } },
    { 'a/b': 1, '~c': 2 },
  ],
];

test('fifteen JSON Schemas through Ajv and @cfworker/json-schema: well-formed rejections, paths as keys, never undefined', () => {
  assert.equal(JSON_SCHEMAS.length, 15);
  JSON_SCHEMAS.forEach(([schema, args], i) => {
    for (const [source, issues] of [
      ['ajv', ajvIssues(schema, args)],
      ['cfworker', cfworkerIssues(schema, args)],
    ]) {
      assert.ok(issues?.length > 0, `${source} #${i}: the arguments must fail`);
      const error = formatValidation(issues, { tool: 't', args, schema });
      assert.ok(error.message.startsWith(PREFIX), `${source} #${i}: ${error.message}`);
      const xml = formatValidationError(issues, 'a', args);
      assert.match(xml, /^<validation_error action="a">\n[\s\S]*\n<\/validation_error>$/, `${source} #${i}`);
      for (const text of [error.message, error.data.recovery.hint, xml]) {
        assert.ok(!text.replace(/received undefined/g, '').includes('undefined'), `${source} #${i}: ${text}`);
        assert.ok(!text.includes('[object Object]') && !text.includes('/a'), `${source} #${i}: ${text}`);
      }
    }
  });
  // A JSON Pointer's escapes are undone: the keys are `a/b` and `~c`.
  const [schema, args] = JSON_SCHEMAS[14];
  for (const issues of [ajvIssues(schema, args), cfworkerIssues(schema, args)]) {
    const { message } = formatValidation(issues, { tool: 't', args, schema });
    assert.ok(message.includes('a/b: Invalid input: expected null, received number'), message);
    assert.ok(message.includes('~c: Invalid input: expected boolean, received number'), message);
  }
});

test('fifteen schemas of each library: well-formed rejections in both dialects, within the caps, never undefined', () => {
  const issuesOf = { valibot: valibotIssues, arktype: arktypeIssues, effect: effectIssues };
  for (const [source, cases] of Object.entries(SCHEMAS)) {
    assert.equal(cases.length, 15, source);
    cases.forEach(([schema, args], i) => {
      const issues = issuesOf[source](schema, args);
      assert.ok(issues?.length > 0, `${source} #${i}: the arguments must fail`);
      const error = formatValidation(issues, { tool: 't', args });
      assert.equal(error.code, -32602);
      assert.ok(error.message.startsWith(PREFIX), `${source} #${i}: ${error.message}`);
      assert.ok(error.message.length <= 12 * 1024, `${source} #${i}`);
      assert.ok(error.data.issues.length <= 10, `${source} #${i}`);
      const xml = formatValidationError(issues, 'a', args);
      assert.match(xml, /^<validation_error action="a">\n[\s\S]*\n<\/validation_error>$/, `${source} #${i}`);
      for (const text of [error.message, error.data.recovery.hint, xml]) {
        assert.ok(!text.replace(/received undefined/g, '').includes('undefined'), `${source} #${i}: ${text}`);
      }
      // Each line names a path the arguments hold, or the arguments (`root`).
      assert.ok(!error.message.includes('[object Object]'), `${source} #${i}: ${error.message}`);
    });
  }
});

test('a hostile issue of any shape is read once, safely, and the call still answers', () => {
  const throwing = new Proxy(
    {},
    {
      get() {
        throw new Error('trap');
      },
    },
  );
  const arkLike = {
    ' arkKind': 'error',
    get code() {
      throw new Error('code');
    },
    path: ['a'],
  };
  const valibotLike = {
    kind: 'schema',
    type: 'number',
    expected: 'number',
    path: [{ key: 'a', origin: 'value' }],
    requirement: throwing,
  };
  const standardLike = { message: 'Expected a number', path: [{ key: 'a' }, Symbol('s')] };
  for (const issue of [throwing, arkLike, valibotLike, standardLike]) {
    const error = formatValidation([issue], { tool: 't', args: { a: 'x' } });
    assert.ok(error.message.startsWith(PREFIX), error.message);
    assert.ok(!error.message.includes('undefined'), error.message);
    assert.match(formatValidationError([issue], 'a', { a: 'x' }), /^<validation_error/);
  }
  assert.equal(formatValidation([arkLike], { tool: 't' }).message, `${PREFIX}a: Invalid input`);
});

test('registerTool on SDK v2 rejects arguments with Valibot, ArkType and Effect schemas as it does with Zod', async () => {
  const echo = async (args) => ({ content: [{ type: 'text', text: JSON.stringify(args) }] });
  const schemas = {
    zod: z.strictObject({ name: z.string(), age: z.number() }),
    valibot: v.strictObject({ name: v.string(), age: v.number() }),
    arktype: type({ name: 'string', age: 'number', '+': 'reject' }),
    effect: Schema.toStandardSchemaV1(Schema.Struct({ name: Schema.String, age: Schema.Number })),
  };
  const { client } = await connected(V2, (server) => {
    for (const [name, inputSchema] of Object.entries(schemas)) registerTool(server, name, { inputSchema }, echo);
  });
  const sent = { name: 'sk-live-secret-value', age: 'sk-live-secret-value' };
  const text = async (name, args) => {
    const result = await client.callTool({ name, arguments: args });
    assert.equal(result.isError, true, name);
    const parsed = parseToolError(result);
    assert.equal(parsed.code, -32602, name);
    assert.ok(!JSON.stringify(result).includes('sk-live'), `${name}: ${JSON.stringify(result)}`);
    return parsed.message.replace(`tool ${name}:`, 'tool T:');
  };
  const zod = await text('zod', sent);
  assert.equal(
    zod,
    'Input validation error: Invalid arguments for tool T: age: Invalid input: expected number, received string',
  );
  assert.equal(await text('valibot', sent), zod);
  assert.equal(await text('arktype', sent), zod);
  // An unknown key: the hint names the keys the schema accepts, from the JSON Schema the
  // schema offers (`~standard.jsonSchema`: Zod's and ArkType's; Valibot's offers none).
  const unknown = { name: 'a', age: 1, extra: 1 };
  assert.equal(await text('arktype', unknown), await text('zod', unknown));
  const hint = async (name) => (await client.callTool({ name, arguments: unknown })).content[0].text.split('\n')[2];
  assert.equal(await hint('zod'), 'Recovery: Unknown key extra. This tool accepts: name, age.');
  // ArkType's JSON Schema lists the keys in its own (sorted) order.
  assert.equal(await hint('arktype'), 'Recovery: Unknown key extra. This tool accepts: age, name.');
  assert.equal(await hint('valibot'), 'Recovery: Unknown key extra.');
  // Effect's issue is its own message at the path.
  assert.equal(
    await text('effect', sent),
    'Input validation error: Invalid arguments for tool T: age: Expected number',
  );
  // And the arguments each accepts reach the handler.
  for (const name of Object.keys(schemas)) {
    const ok = await client.callTool({ name, arguments: { name: 'a', age: 1 } });
    assert.equal(ok.isError, undefined, name);
  }
});

test('registerTool on SDK v2 with a plain JSON Schema checked by Ajv or @cfworker/json-schema (jsonSchemaInput)', async () => {
  const schema = {
    type: 'object',
    properties: { name: { type: 'string' }, age: { type: 'number', minimum: 0 } },
    required: ['name', 'age'],
    additionalProperties: false,
  };
  const check = new Ajv({ allErrors: true, strict: false }).compile(schema);
  const validator = new Validator(schema, '2020-12', false);
  const inputs = {
    ajv: jsonSchemaInput(schema, (args) => (check(args) ? [] : check.errors)),
    cfworker: jsonSchemaInput(schema, (args) => validator.validate(args).errors),
    zod: z.strictObject({ name: z.string(), age: z.number().min(0) }),
  };
  const seen = [];
  const { client } = await connected(V2, (server) => {
    for (const [name, inputSchema] of Object.entries(inputs)) {
      registerTool(server, name, { inputSchema }, async (args) => {
        seen.push(args);
        return { content: [{ type: 'text', text: 'ok' }] };
      });
    }
  });
  // tools/list shows the JSON Schema as given.
  const listed = Object.fromEntries((await client.listTools()).tools.map((t) => [t.name, t.inputSchema]));
  for (const name of ['ajv', 'cfworker']) {
    assert.deepEqual(listed[name].properties, schema.properties, name);
    assert.deepEqual(listed[name].required, schema.required, name);
  }
  const said = async (name, args) => {
    const result = await client.callTool({ name, arguments: args });
    assert.equal(result.isError, true, name);
    assert.ok(!JSON.stringify(result).includes('sk-live'), `${name}: ${JSON.stringify(result)}`);
    return parseToolError(result).message.replace(`tool ${name}:`, 'tool T:');
  };
  for (const args of [
    { name: 'a', age: 'sk-live-secret' },
    { name: 'a', age: -1 },
    { name: 'a', age: 1, extra: 'sk-live-x' },
  ]) {
    const zod = await said('zod', args);
    assert.equal(await said('ajv', args), zod, JSON.stringify(args));
    assert.equal(await said('cfworker', args), zod, JSON.stringify(args));
  }
  // The hint names the keys the schema accepts, read from the JSON Schema.
  const extra = await client.callTool({ name: 'cfworker', arguments: { name: 'a', age: 1, extra: 1 } });
  assert.match(extra.content[0].text, /This tool accepts: name, age/);
  // Arguments it accepts reach the handler as sent.
  for (const name of ['ajv', 'cfworker']) {
    const ok = await client.callTool({ name, arguments: { name: 'a', age: 1 } });
    assert.equal(ok.isError, undefined, name);
  }
  assert.deepEqual(seen, [
    { name: 'a', age: 1 },
    { name: 'a', age: 1 },
  ]);
  // A bad schema or validator is a TypeError at once.
  assert.throws(() => jsonSchemaInput(null, () => null), TypeError);
  assert.throws(() => jsonSchemaInput(schema, 'no'), TypeError);
});
