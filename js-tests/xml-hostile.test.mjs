// Hostile and malformed inputs to the XML dialect: Proxies whose traps throw, revoked
// Proxies, cycles, BigInt, a million issues, 100 MB strings. Each call returns an
// envelope (or throws a TypeError naming the parameter, for a wrong argument type), and
// the next call still works: nothing traps the wasm instance.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { XMLValidator } from 'fast-xml-parser';
import * as m from '../pkg/node.js';

const text = (r) => r.content[0].text;
const HUGE = 100 * 1024 * 1024;

const NORMAL = '<tool_error code="NOT_FOUND" severity="error">\n<message>ok</message>\n</tool_error>';
function stillWorks(context) {
  assert.equal(text(m.toolError('NOT_FOUND', { message: 'ok' })), NORMAL, `${context}: the next call works`);
  assert.equal(
    m.formatValidationError([{ code: 'invalid_type', expected: 'string', path: ['a'], message: 'Required' }], 'x', {}),
    '<validation_error action="x">\n<field name="a">Required You sent: (missing). Expected type: string.</field>\n<recovery>Fix the fields above and call the tool again. Do not explain the error.</recovery>\n</validation_error>',
    context,
  );
}

const throwingTraps = () =>
  new Proxy(
    {},
    {
      get() {
        throw new Error('get trap');
      },
      ownKeys() {
        throw new Error('ownKeys trap');
      },
      has() {
        throw new Error('has trap');
      },
      getOwnPropertyDescriptor() {
        throw new Error('descriptor trap');
      },
      getPrototypeOf() {
        throw new Error('getPrototypeOf trap');
      },
    },
  );

function revoked() {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

const issue = (path, extra = {}) => ({
  code: 'invalid_type',
  expected: 'string',
  path,
  message: 'Expected string',
  ...extra,
});

test('Proxies whose traps throw, as sentArgs, issues and details: envelopes, no throw', () => {
  const v1 = m.formatValidationError([issue(['a'])], 'act', throwingTraps());
  assert.match(v1, /<field name="a">Expected string You sent: \(missing\)\. Expected type: string\.<\/field>/);
  stillWorks('throwing sentArgs');

  // The issues array itself a Proxy whose traps throw (Array.isArray sees through it).
  const issuesProxy = new Proxy([issue(['a'])], {
    get() {
      throw new Error('get');
    },
  });
  const v2 = m.formatValidationError(issuesProxy, 'act', { a: 1 });
  assert.equal(XMLValidator.validate(v2), true);
  // An issue that could not be read says `Invalid input` (the reference would print
  // `undefined`: see the README's deliberate differences).
  assert.match(v2, /<field name="\(root\)">Invalid input You sent: \(missing\)\.<\/field>/);
  stillWorks('throwing issues array');

  // One issue a throwing Proxy, one a revoked Proxy, one fine.
  const v3 = m.formatValidationError([throwingTraps(), revoked(), issue(['b'])], 'act', { b: 2 });
  assert.equal((v3.match(/<field /g) ?? []).length, 3);
  assert.match(v3, /<field name="b">Expected string You sent: 2\. Expected type: string\.<\/field>/);
  stillWorks('throwing issues');

  // A revoked Proxy as the issues list.
  assert.equal(XMLValidator.validate(m.formatValidationError(revoked(), 'act', {})), true);
  stillWorks('revoked issues');

  // Details: the whole object, and single values.
  const d1 = m.toolError('X', { message: 'm', details: throwingTraps() });
  assert.equal(text(d1), '<tool_error code="X" severity="error">\n<message>m</message>\n</tool_error>');
  const values = {
    ok: 'fine',
    get bad() {
      throw new Error('getter');
    },
    proxy: throwingTraps(),
    gone: revoked(),
  };
  const d2 = text(m.toolError('X', { message: 'm', details: values }));
  assert.match(
    d2,
    /<detail key="ok">fine<\/detail>\n {2}<detail key="bad">\[Unreadable\]<\/detail>\n {2}<detail key="proxy">\[Unreadable\]<\/detail>\n {2}<detail key="gone">\[Unreadable\]<\/detail>/,
  );
  assert.match(
    text(m.errorBuilder('X', 'm').details(throwingTraps()).details(values).build()),
    /key="bad">\[Unreadable\]/,
  );
  stillWorks('throwing details');

  // Deltas and a result to parse.
  const deltas = [throwingTraps(), { field: 'f', severity: 'BREAKING', description: 'd' }];
  const enriched = m.enrichValidationError('<validation_error>x</validation_error>', 't', 'a', {
    activeDeltas: new Map([['t', { deltas }]]),
  });
  assert.equal(enriched.injected, true);
  assert.equal(enriched.deltaCount, 1);
  assert.deepEqual(
    { ...m.parseToolError(throwingTraps()), raw: null },
    {
      code: null,
      message: 'Unknown error',
      recovery: null,
      availableActions: [],
      severity: 'error',
      dialect: 'text',
      raw: null,
    },
    'a result that cannot be read is not taken for a success',
  );
  assert.equal(m.parseToolError(revoked()).code, null);
  const unreadableFlag = {
    content: [{ type: 'text', text: '<tool_error code="X">\n<message>m</message>\n</tool_error>' }],
    get isError() {
      throw new Error('x');
    },
  };
  assert.equal(m.parseToolError(unreadableFlag).code, 'X', 'an isError that throws on read is not a success');
  stillWorks('throwing deltas and results');
});

test('each property of an untrusted value is read once', () => {
  const reads = new Map();
  const counted = new Proxy(
    { a: 'x', nested: { b: 1 } },
    {
      get(target, key, receiver) {
        reads.set(key, (reads.get(key) ?? 0) + 1);
        return Reflect.get(target, key, receiver);
      },
    },
  );
  m.formatValidationError([issue(['a']), issue(['nested', 'b']), issue(['a'])], 'act', counted);
  assert.deepEqual(
    [...reads.values()].filter((n) => n > 1),
    [],
  );
  const thrownReads = [];
  const thrown = new Proxy(new Error('boom'), {
    get(target, key, receiver) {
      thrownReads.push(key);
      return Reflect.get(target, key, receiver);
    },
  });
  assert.match(text(m.internalError(thrown, { tool: 't' })), /\[t\] boom/);
  const counts = thrownReads.reduce((c, k) => c.set(k, (c.get(k) ?? 0) + 1), new Map());
  assert.deepEqual(
    [...counts.values()].filter((n) => n > 1),
    [],
  );
});

test('toolError reads each of its options once, in order, and names the one whose read threw', () => {
  const FIELDS = ['message', 'suggestion', 'availableActions', 'details', 'retryAfter', 'severity', 'redactSecrets'];
  const reads = [];
  const opts = (throwOn) =>
    new Proxy(
      { message: 'm', suggestion: 's', severity: 'warning' },
      {
        get(target, key, receiver) {
          reads.push(key);
          if (key === throwOn) throw new Error('a secret in the getter');
          return Reflect.get(target, key, receiver);
        },
      },
    );
  const result = m.toolError('X', opts(undefined));
  assert.deepEqual(reads, FIELDS);
  assert.match(
    text(result),
    /^<tool_error code="X" severity="warning">\n<message>m<\/message>\n<recovery>s<\/recovery>/,
  );
  for (const [i, field] of FIELDS.entries()) {
    reads.length = 0;
    assert.throws(
      () => m.toolError('X', opts(field)),
      (error) => error instanceof TypeError && error.message.includes(`opts.${field}`) && !/secret/.test(error.message),
      field,
    );
    assert.deepEqual(reads, FIELDS.slice(0, i + 1), `${field}: nothing read after it`);
  }
  stillWorks('toolError options');
});

test('thrown Proxies, revoked Proxies and throwing getters become INTERNAL_ERROR', () => {
  for (const thrown of [
    throwingTraps(),
    revoked(),
    {
      get message() {
        throw new Error('x');
      },
    },
    Object.create(null),
  ]) {
    const r = m.internalError(thrown, { tool: 't', action: 'a' });
    assert.match(text(r), /^<tool_error code="INTERNAL_ERROR" severity="error">\n<message>\[t\/a\] /);
    assert.equal(XMLValidator.validate(text(r)), true);
  }
  assert.match(text(m.internalError(throwingTraps(), { tool: 't' })), /\[t\] \[Unreadable\]/);
  stillWorks('thrown proxies');
});

test('cyclic sentArgs, BigInt and odd values', () => {
  const cyclic = { name: 5 };
  cyclic.self = cyclic;
  cyclic.list = [cyclic];
  const v = m.formatValidationError([issue(['name']), issue(['self', 'self', 'name']), issue(['self'])], 'act', cyclic);
  assert.match(v, /<field name="name">Expected string You sent: 5\./);
  assert.match(v, /<field name="self\.self\.name">Expected string You sent: \(missing\)\./);
  assert.match(v, /<field name="self">Expected string You sent: '\[Unreadable\]'\./);
  stillWorks('cyclic');

  const big = m.formatValidationError(
    [issue(['n']), { code: 'too_big', origin: 'bigint', maximum: 10n ** 30n, path: ['n'], message: 'Too big' }],
    'act',
    { n: 123n },
  );
  assert.match(big, /You sent: '123'\./);
  assert.match(big, /Must be &lt;= 1000000000000000000000000000000\./);
  assert.match(
    text(m.toolError('X', { message: 'm', details: { n: 2n ** 70n, s: Symbol('s'), f: () => 1, u: undefined } })),
    /key="n">1180591620717411303424<[\s\S]*key="s">Symbol\(s\)<[\s\S]*key="f">\[Unreadable\]<[\s\S]*key="u">undefined</,
  );
  assert.match(text(m.internalError(5n, { tool: 't' })), /\[t\] 5/);
  // Getters that return fresh objects forever, and deep nesting, stay bounded.
  let depth = { leaf: 1 };
  for (let i = 0; i < 100_000; i++) depth = { d: depth };
  assert.equal(XMLValidator.validate(m.formatValidationError([issue(['d', 'd', 'd'])], 'act', depth)), true);
  const endless = {
    get next() {
      return { next: this.next, n: Math.random() };
    },
  };
  assert.equal(XMLValidator.validate(m.formatValidationError([issue(['next', 'next'])], 'act', endless)), true);
  stillWorks('bigint and deep values');
});

test('a million issues: 100 fields written, the rest counted in <more_issues> and (+N more)', () => {
  const issues = Array.from({ length: 1_000_000 }, (_, i) => issue(['items', i]));
  // What it costs is bench/bounded.mjs's to measure; here, what it writes.
  const xml = m.formatValidationError(issues, 'bulk', { items: [] });
  assert.equal((xml.match(/<field /g) ?? []).length, 100);
  assert.match(xml, /<more_issues count="999900">999900 more issues not shown\.<\/more_issues>/);
  const group = text(m.groupValidationError('g', 'op', issues));
  assert.match(group, /; \(\+999900 more\)<\/message>\n<\/tool_error>$/);
  // A sparse array claiming a million entries.
  assert.match(m.formatValidationError(new Array(1_000_000), 'bulk', {}), /<more_issues count="999900">/);
  stillWorks('a million issues');
});

test('100 MB strings: cut to their caps where the model sent them, at 65,536 units where the developer did', () => {
  const huge = 'é'.repeat(HUGE);
  const v = m.formatValidationError([issue(['bio'], { message: huge })], 'act', { bio: huge });
  assert.ok(v.length < 5000, `validation error is ${v.length} chars`);
  assert.match(v, /You sent: 'é{47}\.\.\.'\./);
  const thrown = text(m.internalError(new Error(huge), { tool: 't', action: 'a' }));
  assert.ok(thrown.length < 4500);
  assert.ok(text(m.routingError('unknown', { discriminator: 'action', actions: ['a'], value: huge })).length < 600);
  stillWorks('huge model-sent strings');

  // The developer's own strings are cut at 65,536 units with `…` (never inside a
  // surrogate pair), so a 100 MB message costs what its prefix costs, and reads back.
  const r = m.toolError('BIG', { message: huge, details: { k: huge } });
  const parsed = m.parseToolError(r);
  assert.equal(parsed.code, 'BIG');
  assert.equal(parsed.message, `${'é'.repeat(65536)}…`);
  assert.ok(text(r).length < 2 * 65536 + 500, `toolError wrote ${text(r).length} units`);
  const pair = `a${'😀'.repeat(40000)}`; // 80,001 units: unit 65,536 is a pair's second half
  const cut = m.parseToolError(m.toolError('BIG', { message: pair })).message;
  assert.ok(cut === `a${'😀'.repeat(32767)}…`, `cut inside a pair: ${cut.length} units`);
  assert.equal(m.parseToolError(m.error(huge)).message.length, 65537);
  const actions = new Proxy([], { get: (_t, k) => (k === 'length' ? 1e9 : 'list') });
  assert.ok(text(m.groupUnknownAction('g', 'a', actions)).length < 20000, 'a list claiming 1e9 entries reads 1,000');
  // The builder keeps 1,000 actions however many calls add them, as toolError's list.
  const names = Array.from({ length: 700 }, (_, i) => `a${i}`);
  const built = text(
    m
      .errorBuilder('X', 'm')
      .actions(...names)
      .actions(...names)
      .build(),
  );
  assert.equal(built.split('<action>').length - 1, 1000, 'the builder keeps the first 1,000 actions');
  assert.ok(built.includes('<action>a299</action>\n</available_actions>'), 'the last one kept is the 1,000th given');
  // Details keep their first 1,000 entries, from toolError and from the builder's calls.
  const many = Object.fromEntries(Array.from({ length: 1200 }, (_, i) => [`k${i}`, i]));
  const detailed = text(m.toolError('X', { message: 'm', details: many }));
  assert.equal(detailed.split('<detail ').length - 1, 1000, 'toolError keeps the first 1,000 details');
  assert.ok(detailed.includes('<detail key="k999">999</detail>'), 'the last one kept is the 1,000th given');
  const half = (from) => Object.fromEntries(Array.from({ length: 700 }, (_, i) => [`d${from + i}`, i]));
  const builtDetails = text(m.errorBuilder('X', 'm').details(half(0)).details(half(700)).build());
  assert.equal(builtDetails.split('<detail ').length - 1, 1000, 'the builder keeps the first 1,000 details');
  // A tool's deltas are found under its name as given, however long (only its copy is cut).
  const tool = 't'.repeat(70000);
  const deltas = [{ field: 'f', severity: 'BREAKING', description: 'changed' }];
  const enriched = m.enrichValidationError('<validation_error/>', tool, 'a', {
    activeDeltas: new Map([[tool, { deltas }]]),
  });
  assert.equal(enriched.deltaCount, 1, 'the deltas of a tool whose name is past the copy cap');
  stillWorks('huge developer strings');
});

test('wrong argument types throw a TypeError naming the parameter', () => {
  const cases = [
    [() => m.toolError(42, { message: 'm' }), /toolError: `code` must be a string, got a number/],
    [() => m.toolError('X'), /toolError: `opts` must be an object, got undefined/],
    [() => m.toolError('X', {}), /toolError: `opts\.message` must be a string, got undefined/],
    [() => m.toolError('X', { message: 1 }), /`opts\.message` must be a string, got a number/],
    [
      () => m.toolError('X', { message: 'm', availableActions: 'a' }),
      /`opts\.availableActions` must be an array of strings/,
    ],
    [
      () => m.toolError('X', { message: 'm', availableActions: ['a', 2] }),
      /`opts\.availableActions\[1\]` must be a string/,
    ],
    [() => m.toolError('X', { message: 'm', retryAfter: '30' }), /`opts\.retryAfter` must be a number, got a string/],
    [() => m.toolError('X', { message: 'm', severity: 1 }), /`opts\.severity` must be a string/],
    [() => m.toolError('X', { message: 'm', suggestion: {} }), /`opts\.suggestion` must be a string, got an object/],
    [() => m.toolError('X', { message: 'm', details: 'k=v' }), /`opts\.details` must be an object/],
    [() => m.error(), /error: `message` must be a string, got undefined/],
    [() => m.error('m', 5), /error: `code` must be a string/],
    [() => m.required(null), /required: `field` must be a string, got null/],
    [() => m.errorBuilder(1, 'm'), /ErrorBuilder: `code` must be a string/],
    [() => m.errorBuilder('X'), /ErrorBuilder: `message` must be a string/],
    [() => m.errorBuilder('X', 'm').suggest(1), /ErrorBuilder\.suggest: `suggestion` must be a string/],
    [() => m.errorBuilder('X', 'm').actions('a', 1), /ErrorBuilder\.actions: `names\[1\]` must be a string/],
    [() => m.errorBuilder('X', 'm').severity(), /ErrorBuilder\.severity: `level` must be a string/],
    [() => m.errorBuilder('X', 'm').details(null), /ErrorBuilder\.details: `details` must be an object, got null/],
    [() => m.errorBuilder('X', 'm').retryAfter('30'), /ErrorBuilder\.retryAfter: `seconds` must be a number/],
    [() => m.routingError('lost', { discriminator: 'a', actions: [] }), /routingError: `kind` must be/],
    [() => m.routingError('missing'), /routingError: `opts` must be an object/],
    [() => m.routingError('missing', { actions: [] }), /`opts\.discriminator` must be a string/],
    [
      () => m.routingError('missing', { discriminator: 'a' }),
      /`opts\.actions` must be an array of strings, got undefined/,
    ],
    [() => m.internalError(new Error('x')), /internalError: `where` must be an object, got undefined/],
    [() => m.internalError(new Error('x'), {}), /internalError: `where\.tool` must be a string/],
    [() => m.internalError(new Error('x'), { tool: 't', action: 3 }), /`where\.action` must be a string/],
    [
      () => m.formatValidationError('issues', 'a', {}),
      /formatValidationError: `issues` must be an array of Zod issues, got a string/,
    ],
    [() => m.formatValidationError({ issues: [] }, 'a', {}), /`issues` must be an array/],
    [() => m.formatValidationError([], undefined, {}), /formatValidationError: `actionKey` must be a string/],
    [() => m.enrichValidationError('<v/>', 't', 'a'), /enrichValidationError: `options` must be an object/],
    [() => m.enrichValidationError('<v/>', 't', 'a', { activeDeltas: {} }), /`options\.activeDeltas` must be a Map/],
    [
      () => m.enrichValidationError('<v/>', 't', 'a', { activeDeltas: new Map(), maxDeltasPerError: '5' }),
      /`options\.maxDeltasPerError` must be a number/,
    ],
    [
      () => m.enrichValidationError('<v/>', 't', 'a', { activeDeltas: new Map(), includeAllSeverities: 1 }),
      /`options\.includeAllSeverities` must be a boolean/,
    ],
    [() => m.enrichValidationError(1, 't', 'a', { activeDeltas: new Map() }), /`xml` must be a string/],
    [
      () => m.enrichValidationError('<v/>', 't', 'a', { activeDeltas: new Map([['t', { deltas: 'x' }]]) }),
      /\.deltas` must be an array/,
    ],
    [() => m.formatDeltasAsXml(null), /formatDeltasAsXml: `deltas` must be an array/],
    [() => m.groupUnknownAction('g', 1, []), /groupUnknownAction: `action` must be a string/],
    [() => m.groupValidationError('g', 'a', 'x'), /groupValidationError: `issues` must be an array/],
    [() => m.parseToolError(undefined), /parseToolError: `result` must be an object/],
  ];
  for (const [call, message] of cases)
    assert.throws(call, (e) => e instanceof TypeError && message.test(e.message), String(message));
  stillWorks('after TypeErrors');
});

test('lone surrogates become U+FFFD, as toWellFormed makes them', () => {
  const r = m.toolError('A\ud800', {
    message: 'x\udfffy',
    availableActions: ['\udbff'],
    details: { '\ud800k': 'v\udc00' },
  });
  const written = text(r);
  assert.equal(written.isWellFormed(), true);
  assert.match(written, /code="A\ufffd"/);
  assert.match(written, /<message>x\ufffdy<\/message>/);
  assert.match(written, /<detail key="\ufffdk">v\ufffd<\/detail>/);
  const v = m.formatValidationError([issue(['\ud800'])], 'a\udfff', { '\ud800': 'x\udc00' });
  assert.equal(v.isWellFormed(), true);
  assert.match(v, /action="a\ufffd"/);
});
