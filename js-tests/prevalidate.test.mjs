// prevalidate and registerTool's pre-validation: each key stage and each value repair
// end to end (prevalidate → formatValidation, and a real SDK server and Client), the
// sentences a rejection closes with, the refusals, and hostile arguments.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as z from 'zod';
import * as v from 'valibot';
import { Validator } from '@cfworker/json-schema';
import { formatValidation, jsonSchemaInput, prevalidate, registerTool } from '../pkg/node.js';
import { connected, V1, V2 } from './sdks.mjs';

const Input = z
  .object({
    query: z.string(),
    maxResults: z.number().optional(),
    tags: z.array(z.string()).optional(),
    filter: z.object({ year: z.number() }).optional(),
    id: z.string().optional(),
    exact: z.boolean().optional(),
    note: z.string().optional(),
  })
  .strict();
const schema = z.toJSONSchema(Input, { io: 'input' });
/** @param {unknown} args */
const validate = (args) => {
  const parsed = Input.safeParse(args);
  return parsed.success ? null : parsed.error.issues;
};
/** The rejection formatValidation writes for an outcome of the whole step. */
const rejection = (outcome) =>
  formatValidation(outcome.issues, { tool: 'search', args: outcome.args, schema, input: outcome.report });

test('client-added keys are dropped; only an undeclared underscore key is reported', () => {
  const filter = { year: 2020 };
  const out = prevalidate(
    { query: 'q', filter, _meta: { a: 1 }, toolCallId: 'c1', tool_call_description: 'd', _max: 5 },
    schema,
  );
  assert.deepEqual(out.args, { query: 'q', filter: { year: 2020 } });
  assert.equal(out.args.filter, filter, 'the caller’s own value, not a copy');
  assert.deepEqual(out.report, { aliased: [], ignored: ['_max'] });
  const more = prevalidate({ query: 'q', trace: 't' }, schema, { ignoreKeys: ['trace'] });
  assert.deepEqual([more.args, more.report], [{ query: 'q' }, { aliased: [], ignored: [] }]);
  const off = prevalidate({ query: 'q', _meta: {}, _max: 1 }, schema, { ignoreKeys: false });
  assert.deepEqual(off.args, { query: 'q', _meta: {}, _max: 1 });
});

test('declared and case-style aliases move to their target, in argument order; nothing else changes', () => {
  const sent = { max_results: 5, q: 'x', exact: true };
  const out = prevalidate(sent, schema, { aliases: { q: 'query' } });
  // A moved key comes last, as a spread then an assignment puts it.
  assert.deepEqual(Object.keys(out.args), ['exact', 'query', 'maxResults']);
  assert.deepEqual(out.args, { exact: true, maxResults: 5, query: 'x' });
  assert.deepEqual(out.report.aliased, [
    { alias: 'max_results', target: 'maxResults' },
    { alias: 'q', target: 'query' },
  ]);
  const untouched = { query: 'x', maxResults: 1 };
  assert.equal(
    prevalidate(untouched, schema).args,
    untouched,
    'a call naming only declared keys is the caller’s object',
  );
  const noCase = prevalidate({ query: 'x', Max_Results: 1 }, schema, { caseStyleAliases: false });
  assert.deepEqual(noCase.args, { query: 'x', Max_Results: 1 });
});

test('an alias sent beside its target is never rewritten, and the hint names it as one', () => {
  const out = prevalidate({ query: 'x', max_results: 1, maxResults: 2 }, schema, { validate });
  assert.deepEqual(out.args, { query: 'x', max_results: 1, maxResults: 2 });
  assert.deepEqual(out.report.collisions, [{ target: 'maxResults', keys: ['max_results', 'maxResults'] }]);
  const error = rejection(out);
  assert.equal(
    error.message,
    'Input validation error: Invalid arguments for tool search: Unrecognized key: "max_results"',
  );
  assert.equal(error.data.recovery.hint, 'max_results is an alias of maxResults; send one of them, not both.');
  assert.equal(error.data.input, undefined, 'nothing was changed: no data.input');
  // A key that is neither a field nor an alias keeps its unknown-key sentence.
  const unknown = prevalidate({ query: 'x', colour: 'red' }, schema, { validate });
  assert.match(rejection(unknown).data.recovery.hint, /^Unknown key colour\. This tool accepts: query, maxResults, /);
});

test('each value repair, only after the schema rejected the arguments, reaches the parse', () => {
  const cases = [
    [
      { query: 'x', tags: '["a","b"]' },
      { query: 'x', tags: ['a', 'b'] },
    ],
    [
      { query: 'x', filter: '{"year":2020}' },
      { query: 'x', filter: { year: 2020 } },
    ],
    [
      { query: 'x', id: 42 },
      { query: 'x', id: '42' },
    ],
    [
      { query: 'x', maxResults: '15' },
      { query: 'x', maxResults: 15 },
    ],
    [
      { query: 'x', exact: 'true' },
      { query: 'x', exact: true },
    ],
    [
      { query: 'x', tags: 'solo' },
      { query: 'x', tags: ['solo'] },
    ],
    [{ query: 'x', note: null }, { query: 'x' }],
    [
      { query: 123, maxResults: '2' },
      { query: '123', maxResults: 2 },
    ],
  ];
  for (const [sent, repaired] of cases) {
    const out = prevalidate(sent, schema, { validate });
    assert.equal(out.issues, undefined, JSON.stringify(sent));
    assert.deepEqual(out.args, repaired, JSON.stringify(sent));
  }
  // Already valid: never repaired (a free-text field holding "[1,2]" stays a string).
  const valid = { query: '[1,2]', note: '{"a":1}' };
  assert.equal(prevalidate(valid, schema, { validate }).args, valid);
});

test('a discriminator sent as the string of a numeric tag selects its variant (#714)', () => {
  const Tagged = z.discriminatedUnion('v', [
    z.object({ v: z.literal(1), a: z.string() }).strict(),
    z.object({ v: z.literal(2), b: z.string() }).strict(),
  ]);
  const out = prevalidate({ v: '2', b: 'x' }, z.toJSONSchema(Tagged), {
    validate: (a) => Tagged.safeParse(a).error?.issues,
  });
  assert.equal(out.issues, undefined);
  assert.deepEqual(out.args, { v: 2, b: 'x' });
});

test('what a repair refuses keeps its rejection, reported as sent', () => {
  for (const sent of [
    { query: 'x', tags: 'a,b' },
    { query: 'x', maxResults: '01' },
    { query: 'x', exact: 'yes' },
    { query: true },
    { query: 'x', maxResults: 1.5, id: 1.5 },
  ]) {
    const out = prevalidate(sent, schema, { validate });
    assert.ok(out.issues?.length > 0, JSON.stringify(sent));
    assert.deepEqual(out.args, sent);
  }
  const required = z.object({ query: z.string() }).strict();
  const out = prevalidate({ query: null }, z.toJSONSchema(required), {
    validate: (a) => required.safeParse(a).error?.issues,
  });
  assert.deepEqual(out.args, { query: null }, 'null for a required field is no unset field');
  const off = prevalidate({ query: 'x', tags: '["a"]' }, schema, { validate, coerce: false });
  assert.deepEqual(off.args, { query: 'x', tags: '["a"]' });
  assert.equal(off.issues.length, 1);
});

test('a rejection is parsed with the repairs that held, and closes with what the key stages changed', () => {
  const out = prevalidate({ q: 'x', tags: '["a"]', maxResults: 'many', _max: 5 }, schema, {
    validate,
    aliases: { q: 'query' },
  });
  assert.deepEqual(out.args, { tags: ['a'], maxResults: 'many', query: 'x' }, 'the repaired tags held');
  const error = rejection(out);
  assert.equal(
    error.message,
    'Input validation error: Invalid arguments for tool search: maxResults: Invalid input: expected number, received string',
  );
  assert.equal(
    error.data.recovery.hint,
    'Send maxResults as a number, not a string. Validated q as query. Dropped undeclared key _max.',
  );
  assert.deepEqual(error.data.input, { aliased: [{ alias: 'q', target: 'query' }], ignored: ['_max'] });
});

test('a key the drop discarded reaches its target on the alias-first retry', () => {
  const out = prevalidate({ _query: 'x' }, schema, { validate });
  assert.equal(out.issues, undefined);
  assert.deepEqual(out.args, { query: 'x' });
  // The retry's rejection reports the rewrite, not a dropped key beside a missing field.
  const bad = prevalidate({ _query: 5.5 }, schema, { validate });
  assert.deepEqual(bad.report, { aliased: [{ alias: '_query', target: 'query' }], ignored: [] });
  assert.equal(rejection(bad).data.recovery.hint, 'Send query as a string, not a number. Validated _query as query.');
});

test('an asynchronous validator runs the same steps; a throw of the first parse is the caller’s', async () => {
  const out = await prevalidate({ query: 'x', tags: 'solo' }, schema, {
    validate: async (args) => (await Input.safeParseAsync(args)).error?.issues,
  });
  assert.deepEqual(out.args, { query: 'x', tags: ['solo'] });
  assert.throws(
    () =>
      prevalidate({ query: 'x' }, schema, {
        validate: () => {
          throw new Error('boom');
        },
      }),
    /boom/,
  );
  let calls = 0;
  const second = prevalidate({ query: 'x', tags: '["a"]' }, schema, {
    validate: (args) => {
      calls += 1;
      if (calls > 1) throw new Error('a repaired parse threw');
      return validate(args);
    },
  });
  assert.deepEqual(second.args, { query: 'x', tags: '["a"]' }, 'a repair whose parse threw is discarded');
});

test('hostile arguments: Proxies, throwing getters, huge values never throw and stay the caller’s', () => {
  const trapped = new Proxy(
    {},
    {
      ownKeys() {
        throw new Error('no keys');
      },
    },
  );
  assert.equal(prevalidate(trapped, schema).args, trapped);
  const revocable = Proxy.revocable({}, {});
  revocable.revoke();
  assert.equal(prevalidate(revocable.proxy, schema).args, revocable.proxy);
  const getter = Object.defineProperty({ query: 'x' }, 'max_results', {
    enumerable: true,
    get() {
      throw new Error('getter');
    },
  });
  assert.equal(prevalidate(getter, schema).args, getter, 'a value that cannot be read is not moved');
  // Each property read once.
  const reads = new Map();
  const counted = new Proxy(
    { query: 'x', max_results: 3, _meta: 1 },
    {
      get(target, key, receiver) {
        reads.set(key, (reads.get(key) ?? 0) + 1);
        return Reflect.get(target, key, receiver);
      },
    },
  );
  assert.deepEqual(prevalidate(counted, schema).args, { query: 'x', maxResults: 3 });
  assert.ok(
    [...reads.values()].every((n) => n === 1),
    JSON.stringify([...reads]),
  );
  for (const odd of [null, undefined, 'text', 7, [1, 2]]) assert.equal(prevalidate(odd, schema).args, odd);
  // More root keys than the stages read: left as sent, quickly.
  const wide = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`_k${i}`, i]));
  const started = process.hrtime.bigint();
  assert.equal(prevalidate(wide, schema).args, wide);
  assert.ok(process.hrtime.bigint() - started < 5_000_000_000n);
  // A 10 MB stringified list is cut by the copy: never decoded from a prefix.
  const huge = `[${'1,'.repeat(5_000_000)}1]`;
  const big = prevalidate({ query: 'x', tags: huge }, schema, { validate });
  assert.equal(big.args.tags, huge);
  assert.ok(big.issues.length > 0);
  // A list longer than the copy's caps is not rebuilt: the repair inside it is refused.
  const List = z.object({ ids: z.array(z.string()) });
  const ids = Array.from({ length: 20_000 }, () => 'a');
  ids[3] = 7;
  const long = prevalidate({ ids }, z.toJSONSchema(List), { validate: (a) => List.safeParse(a).error?.issues });
  assert.equal(long.args.ids, ids);
});

test('argument checks', () => {
  assert.throws(
    () => prevalidate({}, 'schema'),
    /mcp-envelope: prevalidate: `inputSchema` must be a JSON Schema object/,
  );
  assert.throws(() => prevalidate({}, schema, { aliases: [] }), /`options.aliases` must be an object/);
  assert.throws(
    () => prevalidate({}, schema, { ignoreKeys: 'x' }),
    /`options.ignoreKeys` must be a list of keys or false/,
  );
  assert.throws(() => prevalidate({}, schema, { coerce: 'yes' }), /`options.coerce` must be a boolean/);
  assert.throws(() => prevalidate({}, schema, { validate: 1 }), /`options.validate` must be a function/);
});

// ---------------------------------------------------------------------------------
// registerTool, on a real server and Client of each SDK.

/** Calls `name` with each of `calls` and returns the texts. */
async function texts(sdk, install, name, calls) {
  const { client } = await connected(sdk, install);
  const out = [];
  for (const args of calls) {
    const result = await client.callTool({ name, arguments: args });
    out.push(result.content[0].text);
  }
  await client.close();
  return out;
}

const echo = async (args) => ({ content: [{ type: 'text', text: JSON.stringify(args) }] });
const shape = {
  query: z.string(),
  limit: z.number().optional(),
  tags: z.array(z.string()).optional(),
  exact: z.boolean().optional(),
  note: z.string().optional(),
  filter: z.object({ year: z.number() }).optional(),
};
const CALLS = [
  { query: 'x', tags: '["a"]' },
  { query: 7, limit: '15', exact: 'false', _meta: { progress: 1 } },
  { query: 'x', tags: 'solo', note: null },
  { Query: 'x', limit: 'many', _trace: 1 },
  { query: 'x', Query: 'y', limit: 'many' },
  { query: 'x', filter: '{"year":2020}' },
  { query: 'x', tags: '["a"]', limit: 'many' },
];
const WANT = [
  '{"query":"x","tags":["a"]}',
  '{"query":"7","limit":15,"exact":false}',
  '{"query":"x","tags":["solo"]}',
  /^Error: Input validation error: Invalid arguments for tool search: limit: Invalid input: expected number, received string\n\nRecovery: Send limit as a number, not a string\. Validated Query as query\. Dropped undeclared key _trace\.\n\n\(reason invalid_arguments · request /,
  undefined,
  '{"query":"x","filter":{"year":2020}}',
  // The repaired tags held: the rejection names only limit, and no recovery line repeats it.
  /^Error: Input validation error: Invalid arguments for tool search: limit: Invalid input: expected number, received string\n\nRecovery: Send limit as a number, not a string\.\n\n/,
];

for (const sdk of [V1, V2]) {
  test(`registerTool (${sdk.version}, Zod): each repair reaches the handler; a rejection says what moved`, async () => {
    const inputSchema = sdk === V1 ? shape : z.object(shape).strict();
    const got = await texts(sdk, (s) => registerTool(s, 'search', { inputSchema }, echo), 'search', CALLS);
    for (const [i, want] of WANT.entries()) {
      if (want === undefined) continue;
      if (typeof want === 'string') assert.equal(got[i], want);
      else assert.match(got[i], want);
    }
    if (sdk === V2) {
      assert.match(
        got[4],
        /Recovery: Send limit as a number, not a string\. Query is an alias of query; send one of them, not both\.\n/,
      );
    }
  });

  test(`registerTool (${sdk.version}): prevalidate: false parses the arguments as sent`, async () => {
    const inputSchema = sdk === V1 ? shape : z.object(shape);
    const got = await texts(
      sdk,
      (s) => registerTool(s, 'search', { inputSchema, prevalidate: false }, echo),
      'search',
      [{ query: 'x', tags: '["a"]' }],
    );
    assert.match(got[0], /tags: Invalid input: expected array, received string/);
  });

  test(`registerTool (${sdk.version}): options reach the step; the XML dialect has none unless asked`, async () => {
    const inputSchema = sdk === V1 ? shape : z.object(shape);
    const got = await texts(
      sdk,
      (s) => {
        registerTool(s, 'search', { inputSchema, prevalidate: { aliases: { q: 'query' }, coerce: false } }, echo);
        registerTool(s, 'xml', { inputSchema, dialect: 'xml' }, echo);
        registerTool(s, 'xmlOn', { inputSchema, dialect: 'xml', prevalidate: true }, echo);
      },
      'search',
      [{ q: 'x' }, { q: 'x', limit: '3' }],
    );
    assert.equal(got[0], '{"query":"x"}');
    assert.match(got[1], /limit: Invalid input: expected number/);
    const { client } = await connected(sdk, (s) => {
      registerTool(s, 'xml', { inputSchema, dialect: 'xml' }, echo);
      registerTool(s, 'xmlOn', { inputSchema, dialect: 'xml', prevalidate: true }, echo);
    });
    const off = await client.callTool({ name: 'xml', arguments: { query: 'x', limit: '3' } });
    assert.match(off.content[0].text, /^<validation_error/);
    const on = await client.callTool({ name: 'xmlOn', arguments: { query: 'x', limit: '3' } });
    assert.equal(on.content[0].text, '{"query":"x","limit":3}');
    await client.close();
  });
}

test('registerTool (v2): Standard Schema (Valibot) and jsonSchemaInput (@cfworker/json-schema) tools are repaired', async () => {
  const json = {
    type: 'object',
    properties: { city: { type: 'string' }, days: { type: 'number' }, units: { type: 'string' } },
    required: ['city'],
    additionalProperties: false,
  };
  const validator = new Validator(json, '2020-12', false);
  const got = await texts(
    V2,
    (s) => {
      registerTool(s, 'weather', { inputSchema: jsonSchemaInput(json, (a) => validator.validate(a).errors) }, echo);
      registerTool(s, 'valibot', { inputSchema: v.object({ n: v.number(), tags: v.array(v.string()) }) }, echo);
    },
    'weather',
    [
      { City: 'Oslo', days: '3', units: null, _meta: {} },
      { city: 'Oslo', days: 'x', _debug: 1 },
    ],
  );
  // City moved to city (last), units' null deleted, days' "3" read as 3, _meta dropped.
  assert.equal(got[0], '{"days":3,"city":"Oslo"}');
  assert.match(got[1], /days: Invalid input: expected number, received string[\s\S]*Dropped undeclared key _debug\./);
  const valibot = await texts(
    V2,
    (s) => registerTool(s, 'valibot', { inputSchema: v.object({ n: v.number(), tags: v.array(v.string()) }) }, echo),
    'valibot',
    [{ n: '4', tags: '["a"]' }],
  );
  assert.equal(valibot[0], '{"n":4,"tags":["a"]}');
});

test('registerTool: a malformed prevalidate option is a TypeError at registration', async () => {
  const server = new V1.Server({ name: 's', version: '1' });
  assert.throws(
    () => registerTool(server, 't', { inputSchema: shape, prevalidate: 'yes' }, echo),
    /config\.prevalidate must be a boolean or an object/,
  );
  assert.throws(
    () => registerTool(server, 'u', { inputSchema: shape, prevalidate: { ignoreKeys: 1 } }, echo),
    /`config\.prevalidate\.ignoreKeys` must be a list of keys or false/,
  );
});
