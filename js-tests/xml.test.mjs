// The XML dialect through the built package: every fusion.json vector replayed byte for
// byte (with isError and the brand), the three reference bugs asserted to differ, and
// the package-only behaviour: the lazy builder as a CallToolResult, the brand, the
// client error, the canonical code list.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z as z3 } from 'zod/v3';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import * as m from '../pkg/node.js';
import { vectors } from './vectors.mjs';

const BRAND = Symbol.for('mcp-fusion.ToolResponse');
const all = vectors('fusion.json');
const byId = (id) => all.find((v) => v.id === id);
const text = (r) => r.content[0].text;

/** Numbers JSON cannot hold are written as strings in the vectors. */
const num = (n) => (n === 'NaN' ? NaN : n === 'Infinity' ? Infinity : n === '-Infinity' ? -Infinity : n);

function toolErrorOptions(options) {
  const out = { ...options };
  if ('retryAfter' in out) out.retryAfter = num(out.retryAfter);
  return out;
}

/** A Zod 3 schema from a vector's expression, with `z` from zod/v3 (the reference's Zod). */
const schemaOf = (expression) => new Function('z', `return (${expression});`)(z3);

function replayChain(code, message, chain) {
  const b = m.errorBuilder(code, message);
  for (const [method, ...args] of chain) {
    if (method === 'retryAfter') b.retryAfter(num(args[0]));
    else b[method](...args);
  }
  return b;
}

function assertResponse(got, expected, label) {
  assert.equal(text(got), expected.text, `${label}: text`);
  assert.equal(got.isError, expected.isError, `${label}: isError`);
  if ('branded' in expected) assert.equal(got[BRAND] === true, expected.branded, `${label}: branded`);
  assert.deepEqual(Object.keys(got), ['content', 'isError'], `${label}: the brand is not enumerable`);
}

/** What an MCP Fusion-style pipeline built on this package returns for a vector's call. */
function pipeline(input) {
  const { tool, actions, args } = input;
  const names = actions.map((a) => a.name);
  const { action: sent, ...rest } = args;
  const kind =
    sent === undefined || sent === ''
      ? 'missing'
      : typeof sent !== 'string'
        ? 'invalid'
        : names.includes(sent)
          ? undefined
          : 'unknown';
  if (kind) return { response: m.routingError(kind, { discriminator: 'action', actions: names, value: sent }) };
  const def = actions.find((a) => a.name === sent);
  if (def.schema) {
    const own = schemaOf(def.schema);
    const schema = (input.commonSchema ? schemaOf(input.commonSchema).merge(own) : own).strict();
    const issues = schema.safeParse(rest).error.issues;
    // The pipeline's own response around the formatter's text: an error, not branded.
    return {
      response: {
        content: [{ type: 'text', text: m.formatValidationError(issues, `${tool}/${sent}`, rest) }],
        isError: true,
      },
    };
  }
  if ('throws' in def) {
    try {
      throw def.throws;
    } catch (thrown) {
      return { response: m.internalError(thrown, { tool, action: sent }) };
    }
  }
  if (def.throwsToolError) {
    const thrown = m.toolError(def.throwsToolError.code, toolErrorOptions(def.throwsToolError.options));
    return { response: m.internalError(thrown, { tool, action: sent }), thrown };
  }
  if (def.returnsBuilder) {
    const { code, message, chain } = def.returnsBuilder;
    const builder = replayChain(code, message, chain);
    // The reference's post-processor duck-types a returned builder and copies its
    // content and isError into a plain (unbranded) result; so does this pipeline.
    return { response: { content: builder.content, isError: builder.isError }, builder };
  }
  throw new Error(`pipeline vector with an unknown action shape: ${JSON.stringify(def)}`);
}

function resultOf(input) {
  return input.response ?? { content: [{ type: 'text', text: input.text }], isError: input.isError };
}

/** Replays one vector; returns 'pass', or the reason it differs by design. */
function replay(v) {
  const { input, expected } = v;
  const label = `#${v.id} ${v.kind}`;
  switch (v.kind) {
    case 'toolError':
      assertResponse(m.toolError(input.code, toolErrorOptions(input.options)), expected, label);
      return 'pass';
    case 'error':
      assertResponse(m.error(input.message, input.code), expected, label);
      return 'pass';
    case 'required':
      assertResponse(m.required(input.field), expected, label);
      return 'pass';
    case 'escape': {
      // Content escaping is what <message> gets, attribute escaping what code="" gets.
      const written = text(m.toolError(input.text, { message: input.text }));
      assert.equal(
        written,
        `<tool_error code="${expected.attr}" severity="error">\n<message>${expected.content}</message>\n</tool_error>`,
        label,
      );
      return 'pass';
    }
    case 'builder': {
      const b = replayChain(input.code, input.message, input.chain);
      if (input.via === 'getters') {
        assert.equal(text(b), expected.text, label);
        assert.equal(b.isError, expected.isError, label);
      } else {
        assertResponse(b.build(), expected, label);
      }
      return 'pass';
    }
    case 'validation':
      assert.equal(m.formatValidationError(expected.issues, input.actionKey, input.args), expected.text, label);
      // The recorded issues are what zod/v3 raises today for the vector's schema.
      assert.deepEqual(
        JSON.parse(JSON.stringify(schemaOf(input.schema).safeParse(input.args).error.issues)),
        expected.issues,
        label,
      );
      return 'pass';
    case 'pipeline': {
      const { response, thrown } = pipeline(input);
      if (v.id === 90) {
        assert.notEqual(text(response), expected.text, label);
        return 'vector 90 differs: a thrown branded toolError passes through instead of becoming [object Object]';
      }
      assert.equal(thrown, undefined);
      assertResponse(response, expected, label);
      return 'pass';
    }
    case 'create_group': {
      const names = Object.keys(input.actions);
      const def = input.actions[input.action];
      let response;
      if (def === undefined) {
        response = m.groupUnknownAction(input.name, input.action, names);
      } else {
        response = m.groupValidationError(
          input.name,
          input.action,
          schemaOf(def.schema).safeParse(input.args).error.issues,
        );
      }
      assertResponse(response, expected, label);
      return 'pass';
    }
    case 'fluent_tool': {
      const b = m.errorBuilder(input.code, input.message).suggest('s');
      assert.notEqual(JSON.stringify(b, null, 2), expected.text, label);
      return 'vector 92 differs: a returned ErrorBuilder is an error response, not a JSON-serialised success';
    }
    case 'client_parse': {
      const result = resultOf(input);
      if (v.id === 102) {
        // Our extension (js-tests/client-validation.test.mjs has the whole check).
        assert.equal(m.parseToolError(result).code, 'VALIDATION_ERROR', label);
        assert.notEqual(expected.code, 'VALIDATION_ERROR', label);
        return 'vector 102 differs: a <validation_error> is read with its code, recovery and fields';
      }
      if (input.builtBy?.toolError) {
        const { code, options } = input.builtBy.toolError;
        assert.equal(text(m.toolError(code, toolErrorOptions(options))), input.text, `${label}: builtBy`);
      } else if (input.builtBy?.error) {
        assert.equal(
          text(m.error(input.builtBy.error.message, input.builtBy.error.code)),
          input.text,
          `${label}: builtBy`,
        );
      }
      let threw;
      try {
        assert.equal(m.throwIfToolError(result), result, label);
      } catch (e) {
        threw = e;
      }
      assert.equal(threw !== undefined, expected.threw, `${label}: threw`);
      if (!expected.threw) {
        assert.equal(m.parseToolError(result), null, label);
        return 'pass';
      }
      // The reference names its class FusionClientError; ours is McpEnvelopeClientError.
      assert.equal(expected.name, 'FusionClientError');
      assert.ok(threw instanceof m.McpEnvelopeClientError && threw instanceof Error, label);
      assert.equal(threw.name, 'McpEnvelopeClientError');
      for (const field of ['message', 'code', 'recovery', 'availableActions', 'severity']) {
        assert.deepEqual(threw[field], expected[field], `${label}: ${field}`);
      }
      assert.equal(threw.raw, result, `${label}: raw is the caller's object`);
      const parsed = m.parseToolError(result);
      assert.deepEqual(
        { ...parsed, raw: undefined },
        {
          code: expected.code,
          message: expected.message,
          recovery: expected.recovery,
          availableActions: expected.availableActions,
          severity: expected.severity,
          dialect: 'xml',
          raw: undefined,
        },
        label,
      );
      assert.equal(parsed.raw, result);
      return 'pass';
    }
    case 'contract_awareness': {
      const activeDeltas = input.deltas ? new Map([[input.toolName, { deltas: input.deltas }]]) : new Map();
      const options = { activeDeltas };
      if ('includeAllSeverities' in input) options.includeAllSeverities = input.includeAllSeverities;
      if ('maxDeltasPerError' in input) options.maxDeltasPerError = num(input.maxDeltasPerError);
      const got = m.enrichValidationError(input.originalError, input.toolName, input.actionKey, options);
      if (v.id === 113) {
        assert.notEqual(got.xml, expected.enrichedError, label);
        return 'vector 113 differs: actions.listing is not action list';
      }
      assert.deepEqual(
        got,
        { xml: expected.enrichedError, injected: expected.injected, deltaCount: expected.deltaCount },
        label,
      );
      return 'pass';
    }
    case 'deltas_xml':
      assert.equal(m.formatDeltasAsXml(input.deltas), expected.text, label);
      return 'pass';
    default:
      throw new Error(`${label}: no replay for this kind`);
  }
}

test('every fusion.json vector replays through the built package', () => {
  assert.equal(all.length, 93);
  const counts = new Map();
  const byDesign = [];
  for (const v of all) {
    const outcome = replay(v);
    const [total, passed] = counts.get(v.kind) ?? [0, 0];
    counts.set(v.kind, [total + 1, passed + (outcome === 'pass' ? 1 : 0)]);
    if (outcome !== 'pass') byDesign.push([v.id, outcome]);
  }
  byDesign.sort((a, b) => a[0] - b[0]);
  for (const [kind, [total, passed]] of counts) console.log(`fusion ${kind} (package): ${passed}/${total}`);
  const passed = all.length - byDesign.length;
  console.log(`fusion (package): ${passed}/${all.length} byte for byte, ${byDesign.length} differ by design`);
  for (const [, why] of byDesign) console.log(`  ${why}`);
  assert.deepEqual(
    byDesign.map(([id]) => id),
    [90, 92, 102, 113],
  );
});

test('vector 90 differs because a thrown branded toolError passes through instead of becoming [object Object]', () => {
  const v = byId(90);
  const { response, thrown } = pipeline(v.input);
  assert.match(v.expected.text, /\[object Object\]/);
  assert.equal(response, thrown, 'the very object the handler threw');
  assert.equal(text(response), '<tool_error code="NOT_FOUND" severity="error">\n<message>x</message>\n</tool_error>');
  assert.equal(response[BRAND], true);
  // A thrown builder is branded too, and passes through the same way.
  const builder = m.errorBuilder('CONFLICT', 'taken');
  assert.equal(m.internalError(builder, { tool: 't', action: 'a' }), builder);
});

test('vector 92 differs because a returned ErrorBuilder is an error response, not a JSON-serialised success', () => {
  const v = byId(92);
  assert.equal(v.expected.isError, null, 'the reference sent it as a success');
  const b = m.errorBuilder(v.input.code, v.input.message).suggest('s');
  const reference = JSON.parse(v.expected.text);
  // What the reference serialised was the builder's internals; its cached content is
  // the envelope the builder stands for, and that is what ours *is*, serialised or not.
  assert.equal(text(b), reference._cached.content[0].text);
  assert.equal(b.isError, true);
  assert.deepEqual(JSON.parse(JSON.stringify(b)), reference._cached);
});

test('vector 113 differs because actions.listing is not action list', () => {
  const { input, expected } = byId(113);
  const got = m.enrichValidationError(input.originalError, 'users', 'list', {
    activeDeltas: new Map([['users', { deltas: input.deltas }]]),
  });
  assert.match(expected.enrichedError, /field="actions\.listing\.x"/);
  assert.doesNotMatch(got.xml, /actions\.listing\.x|actions\.delete\.readOnly/);
  assert.equal(got.deltaCount, 1);
  const foreign =
    '    <change severity="BREAKING" field="actions.listing.x">\n      <description>Presenter egress schema changed</description>\n      <before>old-digest</before>\n    </change>\n';
  assert.equal(
    got.xml,
    expected.enrichedError
      .replace(foreign, '')
      .replace('<change_count>2</change_count>', '<change_count>1</change_count>'),
  );
});

test('TOOL_ERROR_CODES is the core list, frozen', () => {
  assert.equal(m.TOOL_ERROR_CODES[0], 'MISSING_DISCRIMINATOR');
  assert.equal(m.TOOL_ERROR_CODES.length, 17);
  assert.ok(Object.isFrozen(m.TOOL_ERROR_CODES));
  assert.throws(() => m.TOOL_ERROR_CODES.push('X'), TypeError);
});

test('a builder is a CallToolResult: the MCP SDK schema accepts it and reads the same response', () => {
  const b = m
    .errorBuilder('NOT_FOUND', 'Invoice missing')
    .suggest('List invoices first')
    .actions('billing.list')
    .details({ id: 'inv_1' });
  const parsed = CallToolResultSchema.parse(b);
  assert.deepEqual(parsed.content, b.content);
  assert.equal(parsed.isError, true);
  assert.deepEqual(parsed.content, b.build().content);
  const warning = m.errorBuilder('DEPRECATED', 'use v2').warning();
  assert.equal(CallToolResultSchema.parse(warning).isError, false);
  // Plain responses too.
  assert.deepEqual(
    CallToolResultSchema.parse(m.toolError('X', { message: 'm' })).content,
    m.toolError('X', { message: 'm' }).content,
  );
  assert.equal(
    CallToolResultSchema.parse(m.routingError('missing', { discriminator: 'action', actions: ['a'] })).isError,
    true,
  );
});

test('a builder serialises as the ToolResponse it stands for: own enumerable getters', () => {
  const b = m.errorBuilder('RATE_LIMITED', 'slow down').retryAfter(30);
  assert.deepEqual(Object.keys(b), ['content', 'isError']);
  const descriptor = Object.getOwnPropertyDescriptor(b, 'content');
  assert.equal(typeof descriptor.get, 'function');
  assert.equal(descriptor.enumerable, true);
  const wire = JSON.parse(JSON.stringify(b));
  assert.deepEqual(wire, { content: [{ type: 'text', text: text(b.build()) }], isError: true });
  assert.deepEqual({ ...b }, { content: b.content, isError: true });
  assert.deepEqual(structuredClone(b), wire);
  assert.equal(b[BRAND], true);
  assert.equal(Object.getOwnPropertySymbols(b).length, 0, 'the brand is on the prototype, not serialised');
});

test('the builder builds lazily, caches, and rebuilds only after a change', () => {
  const b = m.errorBuilder('X', 'm');
  const first = b.content;
  assert.equal(b.content, first, 'cached: the very same array, no second build');
  assert.equal(b.isError, true);
  b.warning();
  assert.notEqual(b.content, first, 'rebuilt after a change');
  assert.equal(b.isError, false);
  assert.match(text(b), /severity="warning"/);
  // build() returns a fresh branded object each time, from the cached text.
  const x = b.build();
  const y = b.build();
  assert.notEqual(x, y);
  assert.deepEqual(x, y);
  assert.equal(x[BRAND], true);
});

test('builder details merge in place and actions accumulate', () => {
  const b = m
    .errorBuilder('X', 'm')
    .actions('a')
    .actions('b', 'c')
    .details({ k: 1, j: true })
    .details({ k: 'again', 10: null });
  assert.equal(
    text(b),
    '<tool_error code="X" severity="error">\n<message>m</message>\n<available_actions>\n  <action>a</action>\n  <action>b</action>\n  <action>c</action>\n</available_actions>\n<details>\n  <detail key="10">null</detail>\n  <detail key="k">again</detail>\n  <detail key="j">true</detail>\n</details>\n</tool_error>',
  );
  assert.equal(b.severity('critical').isError, true);
  assert.match(text(b.critical()), /severity="critical"/);
  assert.equal(new m.ErrorBuilder('A', 'b') instanceof m.ErrorBuilder, true);
});

test('toolError: severity rule, retry_after only for finite positive numbers, details in key order', () => {
  assert.equal(m.toolError('D', { message: 'm', severity: 'warning' }).isError, false);
  assert.equal(m.toolError('D', { message: 'm', severity: 'critical' }).isError, true);
  for (const n of [0, -0, -1, NaN, Infinity, -Infinity]) {
    assert.doesNotMatch(text(m.toolError('R', { message: 'm', retryAfter: n })), /retry_after/, String(n));
  }
  assert.match(
    text(m.toolError('R', { message: 'm', retryAfter: 1e21 })),
    /<retry_after>1e\+21 seconds<\/retry_after>/,
  );
  assert.match(text(m.toolError('R', { message: 'm', retryAfter: 0.5 })), /<retry_after>0\.5 seconds<\/retry_after>/);
  const ordered = text(m.toolError('K', { message: 'm', details: { b: 'x', 2: 'y', a: 'z', 1: 'w' } }));
  assert.match(ordered, /key="1">w<[\s\S]*key="2">y<[\s\S]*key="b">x<[\s\S]*key="a">z</);
  const values = text(
    m.toolError('K', {
      message: 'm',
      details: { n: 1.5, big: 12n, no: false, nil: null, when: new Date(0), nested: { a: [1, 'two'] } },
    }),
  );
  assert.match(values, /key="n">1\.5<\/detail>/);
  assert.match(values, /key="big">12<\/detail>/);
  assert.match(values, /key="no">false<\/detail>/);
  assert.match(values, /key="nil">null<\/detail>/);
  assert.match(values, /key="when">1970-01-01T00:00:00\.000Z<\/detail>/);
  assert.match(values, /key="nested">\{"a":\[1,"two"\]\}<\/detail>/);
  // Absent options may also be null.
  assert.equal(
    text(
      m.toolError('N', {
        message: 'm',
        suggestion: null,
        details: null,
        retryAfter: null,
        severity: null,
        availableActions: null,
      }),
    ),
    text(m.toolError('N', { message: 'm' })),
  );
});

test('routingError: the three kinds, typeof for invalid, echo cut for unknown; not branded', () => {
  const actions = ['list', 'create'];
  const missing = m.routingError('missing', { discriminator: 'op', actions });
  assert.match(
    text(missing),
    /^<tool_error code="MISSING_DISCRIMINATOR">\n<message>The required field "op" is missing\.<\/message>\n<available_actions>list, create<\/available_actions>/,
  );
  assert.equal(missing[BRAND], undefined);
  for (const [value, type] of [
    [42, 'number'],
    [null, 'object'],
    [[], 'object'],
    [true, 'boolean'],
    [undefined, 'undefined'],
    [1n, 'bigint'],
    [Symbol('s'), 'symbol'],
    [() => 1, 'function'],
  ]) {
    assert.match(
      text(m.routingError('invalid', { discriminator: 'op', actions, value })),
      new RegExp(`must be a string, got ${type}\\.`),
    );
  }
  const unknown = text(m.routingError('unknown', { discriminator: 'action', actions, value: 'x'.repeat(1e6) }));
  assert.ok(unknown.length < 600);
  assert.match(unknown, /The action "x{197}\.\.\." does not exist\./);
  assert.throws(
    () => m.routingError('other', { discriminator: 'op', actions }),
    /`kind` must be 'missing', 'invalid' or 'unknown'/,
  );
  assert.throws(
    () => m.routingError('unknown', { discriminator: 'op', actions, value: 3 }),
    /`opts\.value` must be a string/,
  );
});

test('internalError: messages from every kind of throw (more in xml-internal-error.test.mjs)', () => {
  const at = { tool: 'billing', action: 'charge' };
  const message = (thrown, where = at) => /<message>(.*)<\/message>/s.exec(text(m.internalError(thrown, where)))[1];
  assert.equal(message(new Error('boom')), '[billing/charge] boom');
  assert.equal(message(new Error('boom'), { tool: 'billing' }), '[billing] boom');
  assert.equal(message('plain string'), '[billing/charge] plain string');
  assert.equal(message(42), '[billing/charge] 42');
  assert.equal(message(null), '[billing/charge] null');
  assert.equal(message(undefined), '[billing/charge] undefined');
  assert.equal(message(10n), '[billing/charge] 10');
  assert.equal(message(Symbol('s')), '[billing/charge] Symbol(s)');
  assert.equal(message({}), '[billing/charge] [object Object]');
  // Not an Error, so String(value), as the reference writes it.
  assert.equal(message({ message: 'from an object' }), '[billing/charge] [object Object]');
  let ran = 0;
  const sneaky = {
    toString() {
      ran += 1;
      return 'x';
    },
    [Symbol.toPrimitive]() {
      ran += 1;
      return 'y';
    },
  };
  assert.equal(message(sneaky), '[billing/charge] y');
  assert.equal(ran, 1);
  const r = m.internalError(new Error('x<y'), at);
  assert.equal(r[BRAND], true);
  assert.equal(r.isError, true);
  assert.match(
    text(r),
    /<recovery>This may be a transient error\. Retry the same call with identical parameters\.<\/recovery>/,
  );
  // An object that merely has content is not branded: it is wrapped.
  const forged = { content: [{ type: 'text', text: 'x' }], isError: true };
  assert.notEqual(m.internalError(forged, at), forged);
  // Every response this package brands passes through.
  for (const branded of [
    m.toolError('X', { message: 'm' }),
    m.error('m'),
    m.required('f'),
    m.errorBuilder('X', 'm').build(),
    r,
  ]) {
    assert.equal(m.internalError(branded, at), branded);
  }
});

test('parseToolError reads the JSON-RPC dialect too, and null for successes', () => {
  const result = {
    content: [{ type: 'text', text: 'Error: Invalid id.\n\nRecovery: Send one id.' }],
    isError: true,
    structuredContent: {
      error: { code: -32007, message: 'Invalid id.', data: { recovery: { hint: 'Send one id.' } } },
    },
  };
  const parsed = m.parseToolError(result);
  assert.deepEqual(
    { ...parsed, raw: null },
    {
      code: -32007,
      message: 'Invalid id.',
      recovery: 'Send one id.',
      availableActions: [],
      severity: 'error',
      dialect: 'jsonrpc',
      raw: null,
    },
  );
  assert.equal(parsed.raw, result);
  assert.equal(m.parseToolError({ content: [{ type: 'text', text: 'fine' }] }), null);
  assert.equal(m.parseToolError({ content: [], isError: false }), null);
  assert.equal(m.parseToolError(m.toolError('W', { message: 'w', severity: 'warning' })), null);
  // A builder can be parsed directly.
  assert.equal(m.parseToolError(m.errorBuilder('NOT_FOUND', 'gone').actions('a.list')).code, 'NOT_FOUND');
  const error = m.McpEnvelopeClientError.fromResult(result);
  assert.equal(error.code, -32007);
  assert.equal(error.dialect, 'jsonrpc');
  assert.equal(m.McpEnvelopeClientError.fromResult({ content: [] }), null);
  assert.throws(() => m.parseToolError('text'), /`result` must be an object/);
  assert.throws(() => new m.McpEnvelopeClientError(null), TypeError);
});

test('throwIfToolError throws an McpEnvelopeClientError whose stack starts at the caller', () => {
  const result = m.toolError('NOT_FOUND', {
    message: 'Invoice missing',
    suggestion: 'List first',
    availableActions: ['billing.list'],
  });
  let e;
  try {
    m.throwIfToolError(result);
  } catch (caught) {
    e = caught;
  }
  assert.ok(e instanceof m.McpEnvelopeClientError);
  assert.equal(e.name, 'McpEnvelopeClientError');
  assert.equal(e.message, 'Invoice missing');
  assert.equal(e.recovery, 'List first');
  assert.deepEqual(e.availableActions, ['billing.list']);
  assert.equal(e.raw, result);
  assert.doesNotMatch(e.stack.split('\n')[1], /client\.js/);
  const ok = { content: [{ type: 'text', text: 'ok' }] };
  assert.equal(m.throwIfToolError(ok), ok);
});
