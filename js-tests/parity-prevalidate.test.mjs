// Parity of `prevalidate` under hostile input: the same generated calls (seeded, so every
// run sends the same bytes) through the npm package's `prevalidate` and the crate's
// `prevalidate` / `prevalidate_with` (js-tests/parity.mjs, examples/parity.rs), the
// whole result (`args`, `report`, `issues`) byte-identical. The validator on both sides
// is data (parity.mjs's `byRules`). Sent: odd keys (`__proto__`, `constructor`, control
// characters, astral characters, array-index keys, which JS orders first), keys and
// strings past the copy caps (2,048 units for a root key, 65,536 for an alias, 262,144
// for an argument string), more root keys than the stages read, values nested past the
// copy's depth, lists past the entries a rebuild takes, more issues than the repairs
// read, aliases that collide with their target or with each other.
//
// Not sent: values nested past 128 levels (the Rust API cuts them, see README's Known
// limits), lone surrogates (no Rust string holds one), alias targets that are no string
// (the Rust options hold strings).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compare, deep } from './parity.mjs';
import { seeded } from './seeded.mjs';

const random = seeded(0x9e3779b9);
const pick = (list) => list[Math.floor(random() * list.length)];
const chance = (p) => random() < p;

/** An object with these entries, each an own data property (`__proto__` included). */
function record(entries) {
  const out = {};
  for (const [k, v] of entries) {
    Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

const DECLARED = ['query', 'maxResults', 'page_size', 'tags', 'filter', 'id', 'opt', '_cursor', '10', 'kind'];
const ODD_KEYS = [
  '__proto__',
  'constructor',
  '',
  '\u0000\u001b[31m',
  'line\u2028sep',
  '😀𝕏',
  '0',
  '7',
  '4294967295',
  '01',
  '_meta',
  'toolCallId',
  'tool_call_description',
  '_trace',
  '_query',
  'MAX_RESULTS',
  'max-results',
  'MaxResults',
  'PageSize',
  'Query',
  'q',
  'Tags',
];
/** Keys past the copy caps, each ending in a surrogate pair the cut halves. */
const LONG_KEYS = [
  `${'k'.repeat(2047)}😀tail`,
  `_${'u'.repeat(3000)}`,
  `${'Max_results'.repeat(300)}`,
  `${'a'.repeat(65535)}😀`,
  `q${'-'.repeat(70000)}`,
];
const STRINGS = [
  '',
  '15',
  ' 2.5 ',
  'true',
  'false',
  'True',
  '-0',
  '01',
  '1e3',
  '9007199254740993',
  '["a","b"]',
  ' [1,2] ',
  '{"y":1}',
  '[1,',
  'solo',
  'a,b',
  'a\nb',
  '   ',
  '😀',
  '__proto__',
];

function scalar() {
  switch (Math.floor(random() * 8)) {
    case 0:
      return pick(STRINGS);
    case 1:
      return pick([42, -1, 0, 1.5, 1e21, 5e-324, 9007199254740992, -7]);
    case 2:
      return chance(0.5);
    case 3:
      return null;
    case 4:
      return `[${'"x",'.repeat(3)}"y"]`;
    case 5:
      return chance(0.1) ? '7'.repeat(262145) : pick(STRINGS);
    case 6:
      return pick(ODD_KEYS);
    default:
      return pick(STRINGS);
  }
}

function value(depth = 0) {
  const r = random();
  if (depth > 2 || r < 0.6) return scalar();
  if (r < 0.7) return deep(40 + Math.floor(random() * 60), pick(['array', 'object']), scalar(), pick(['a', 'tags']));
  if (r < 0.85) return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
  return record(
    Array.from({ length: Math.floor(random() * 4) }, () => [pick([...DECLARED, ...ODD_KEYS]), value(depth + 1)]),
  );
}

/** A tool's input schema: a closed or open object root, or a discriminated union. */
function schema() {
  const keys = DECLARED.filter(() => chance(0.5));
  if (!keys.includes('query')) keys.push('query');
  const properties = () =>
    record(
      keys.map((k) => [
        k,
        pick([
          { type: 'string' },
          { type: 'number' },
          { type: 'array', items: { type: 'string' } },
          { type: 'object' },
          { type: ['string', 'null'] },
          { type: 'boolean' },
          {},
        ]),
      ]),
    );
  if (chance(0.15)) {
    const option = (tag) => ({
      type: 'object',
      properties: record([['kind', { const: tag }], ...Object.entries(properties()).slice(0, 3)]),
      required: ['kind'],
      additionalProperties: false,
    });
    return { oneOf: [option('a'), option('b')] };
  }
  const out = { type: 'object', properties: properties(), required: keys.filter(() => chance(0.3)) };
  if (chance(0.8)) out.additionalProperties = false;
  else if (chance(0.5)) out.additionalProperties = {};
  if (chance(0.1)) out.properties.query['x-mcp-header'] = 'Query';
  return out;
}

function options(declared) {
  const out = {};
  if (chance(0.6)) {
    const aliases = [];
    for (let i = Math.floor(random() * 4); i > 0; i--) {
      const alias = pick([...ODD_KEYS, ...DECLARED, ...(chance(0.1) ? LONG_KEYS : [])]);
      // A target declared, or not; two aliases for one target; an alias that is a declared key.
      aliases.push([alias, chance(0.8) ? pick(declared) : pick(ODD_KEYS)]);
    }
    out.aliases = record(aliases);
  }
  if (chance(0.25)) out.ignoreKeys = chance(0.3) ? false : ODD_KEYS.filter(() => chance(0.2));
  if (chance(0.2)) out.caseStyleAliases = false;
  if (chance(0.15)) out.coerce = false;
  return out;
}

/** The issue a validator raises for what sits at `path`, by the JSON type it expects. */
function issueAt(path, expected) {
  return { expected, code: 'invalid_type', path, message: `Invalid input: expected ${expected}, received string` };
}

function rules(args, s) {
  const out = [];
  for (const key of s.required ?? []) {
    out.push({ when: 'missing', key, issue: issueAt([key], 'string') });
  }
  if (s.additionalProperties === false) {
    const declared = new Set(Object.keys(s.properties ?? {}));
    for (const key of Object.keys(args)
      .filter((k) => !declared.has(k))
      .slice(0, 20)) {
      out.push({
        when: 'present',
        key,
        issue: { code: 'unrecognized_keys', keys: [key], path: [], message: 'Unrecognized key' },
      });
    }
  }
  for (const [key, v] of Object.entries(args)) {
    const expected =
      typeof v === 'string'
        ? pick(['array', 'object', 'number', 'boolean', 'string'])
        : typeof v === 'number'
          ? 'string'
          : v === null
            ? 'string'
            : pick(['array', 'string']);
    if (chance(0.6)) out.push({ when: 'unchanged', path: [key], issue: issueAt([key], expected) });
    if (Array.isArray(v) && v.length > 0 && chance(0.5)) {
      out.push({ when: 'unchanged', path: [key, 0], issue: issueAt([key, 0], 'string') });
    }
  }
  if (chance(0.1)) out.push({ when: 'always', issue: { code: 'custom', path: [], message: 'always' } });
  return out;
}

function randomCall() {
  const s = schema();
  const declared = s.oneOf ? ['kind', 'query'] : Object.keys(s.properties);
  const keys = Array.from({ length: Math.floor(random() * 7) }, () =>
    pick([...declared, ...declared, ...ODD_KEYS, ...(chance(0.1) ? LONG_KEYS : [])]),
  );
  const args = record(keys.map((k) => [k, k === 'kind' && chance(0.7) ? pick(['a', 'b', { a: 1 }]) : value()]));
  const call = { args, schema: s, options: options(declared) };
  if (chance(0.8)) call.rules = rules(args, s);
  return call;
}

const CLOSED = {
  type: 'object',
  properties: { query: { type: 'string' }, maxResults: { type: 'number' }, tags: { type: 'array' } },
  required: ['query'],
  additionalProperties: false,
};

/** Fixed edges: the caps, each just past and just within. */
function edges() {
  const calls = [];
  const many = (n) => record(Array.from({ length: n }, (_, i) => [`_k${i}`, i]));
  calls.push({ label: '1,024 root keys: the stages read them', args: { args: many(1024), schema: CLOSED } });
  calls.push({ label: '1,025 root keys: left as sent', args: { args: many(1025), schema: CLOSED } });
  const list = (n) => ({ args: { tags: Array(n).fill('[1]') }, schema: CLOSED });
  for (const n of [16384, 16385]) {
    calls.push({
      label: `a list of ${n} entries repaired below`,
      args: { ...list(n), rules: [{ when: 'unchanged', path: ['tags', 3], issue: issueAt(['tags', 3], 'array') }] },
    });
  }
  const issues = Array.from({ length: 1100 }, (_, i) => ({
    when: 'unchanged',
    path: ['n', i],
    issue: issueAt(['n', i], 'string'),
  }));
  calls.push({
    label: '1,100 issues: the repairs read 1,024',
    args: { args: { n: Array.from({ length: 1100 }, (_, i) => i) }, schema: { type: 'object' }, rules: issues },
  });
  calls.push({
    label: 'a string past 262,144 units is never decoded',
    args: {
      args: { tags: `[${'1,'.repeat(131072)}1]` },
      schema: CLOSED,
      rules: [{ when: 'unchanged', path: ['tags'], issue: issueAt(['tags'], 'array') }],
    },
  });
  calls.push({
    label: 'a repair below the copy depth',
    args: {
      args: { a: deep(40, 'object', '5', 'a') },
      schema: { type: 'object' },
      rules: [{ when: 'always', issue: issueAt(Array(40).fill('a'), 'number') }],
    },
  });
  calls.push({
    label: 'aliases colliding with their target and with each other',
    args: {
      args: record([
        ['q', 'x'],
        ['Query', 'y'],
        ['query', 'z'],
        ['max_results', 1],
        ['m', 2],
      ]),
      schema: CLOSED,
      options: { aliases: { q: 'query', m: 'maxResults', Query: 'query' } },
      rules: [{ when: 'present', key: 'q', issue: { code: 'custom', path: [], message: 'q' } }],
    },
  });
  calls.push({
    label: 'a root key past 2,048 units is never an alias, nor an ignore-list entry',
    args: {
      args: record([
        [LONG_KEYS[0], 'x'],
        [LONG_KEYS[1], 1],
      ]),
      schema: CLOSED,
      options: { aliases: { [LONG_KEYS[0]]: 'query' }, ignoreKeys: [LONG_KEYS[1]] },
    },
  });
  calls.push({
    label: '__proto__ moved by an alias, and sent undeclared beside a repair',
    args: {
      args: record([
        ['__proto__', '["a"]'],
        ['constructor', record([['__proto__', null]])],
      ]),
      schema: CLOSED,
      options: {
        aliases: record([
          ['__proto__', 'tags'],
          ['constructor', 'query'],
        ]),
      },
      rules: [{ when: 'unchanged', path: ['tags'], issue: issueAt(['tags'], 'array') }],
    },
  });
  calls.push({
    label: '__proto__ holding a stringified list to repair',
    args: {
      args: record([
        ['query', 'x'],
        ['__proto__', '[1]'],
      ]),
      schema: {
        type: 'object',
        properties: record([
          ['query', {}],
          ['__proto__', { type: 'array' }],
        ]),
        additionalProperties: false,
      },
      rules: [{ when: 'unchanged', path: ['__proto__'], issue: issueAt(['__proto__'], 'array') }],
    },
  });
  calls.push({
    label: 'an alias to an array-index key, which JS orders first',
    args: {
      args: record([
        ['query', 'x'],
        ['ten', 1],
      ]),
      schema: { type: 'object', properties: { query: {}, 10: {} }, additionalProperties: false },
      options: { aliases: { ten: '10' } },
    },
  });
  calls.push({
    label: 'the alias-first retry after a dropped underscore key',
    args: {
      args: { _query: 'lamps', max_results: '5' },
      schema: CLOSED,
      rules: [
        { when: 'missing', key: 'query', issue: issueAt(['query'], 'string') },
        { when: 'unchanged', path: ['maxResults'], issue: issueAt(['maxResults'], 'number') },
      ],
    },
  });
  return calls;
}

test('prevalidate under hostile input: the npm package and the Rust API return the same bytes', () => {
  const calls = edges().map((c) => ({ ...c, op: 'prevalidate' }));
  for (let i = 0; i < 400; i++) calls.push({ op: 'prevalidate', label: `random #${i}`, args: randomCall() });
  assert.deepEqual(compare(calls), { differences: [], fixed: [] });
});
