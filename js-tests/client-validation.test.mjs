// validationErrorResult (the XML dialect's validation reply as a tool result) and the
// client reading a <validation_error> back field by field, through the built package;
// with the JSON-RPC envelope still read as before, and the SDK's request ids.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { z as z3 } from 'zod/v3';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import * as m from '../pkg/node.js';
import { vectors } from './vectors.mjs';

const BRAND = Symbol.for('mcp-fusion.ToolResponse');
const RECOVERY = 'Fix the fields above and call the tool again. Do not explain the error.';
const all = vectors('fusion.json');
const byId = (id) => all.find((v) => v.id === id);
const schemaOf = (expression) => new Function('z', `return (${expression});`)(z3);
const result = (text) => ({ content: [{ type: 'text', text }], isError: true });

/** `<field name="N">M</field>` lines, decoded with the five entities: an oracle that shares nothing with the parser. */
function fieldLines(text) {
  const decode = (s) =>
    s
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&quot;', '"')
      .replaceAll('&apos;', "'")
      .replaceAll('&amp;', '&');
  return text
    .split('\n')
    .map((line) => /^<field name="([^"]*)">(.*)<\/field>$/.exec(line))
    .filter(Boolean)
    .map(([, name, message]) => ({ name: decode(name), message: decode(message) }));
}

const validationTexts = all.filter(
  (v) => typeof v.expected?.text === 'string' && v.expected.text.startsWith('<validation_error'),
);

test('every fusion.json validation text parses back with one entry per field', () => {
  assert.equal(validationTexts.length, 22, '16 validation vectors and 6 pipeline rejections');
  for (const v of validationTexts) {
    const label = `#${v.id}`;
    const { text } = v.expected;
    const parsed = m.parseToolError(result(text));
    const lines = fieldLines(text);
    assert.ok(lines.length > 0, label);
    assert.deepEqual(parsed.fields, lines, label);
    assert.equal(parsed.code, 'VALIDATION_ERROR', label);
    assert.equal(parsed.recovery, RECOVERY, label);
    assert.equal(parsed.message, text, `${label}: the message is the whole text, as the reference's client gives it`);
    assert.equal(parsed.action, /^<validation_error action="([^"]*)">/.exec(text)[1], label);
    assert.equal(parsed.moreIssues, 0, label);
    assert.deepEqual(parsed.availableActions, [], label);
    assert.equal(parsed.severity, 'error', label);
    assert.equal(parsed.dialect, 'xml', label);
    if (v.expected.issues) {
      // Each field is one recorded issue: its path, and its message opening the line.
      assert.deepEqual(
        parsed.fields.map((f) => f.name),
        v.expected.issues.map((i) => (i.path.length === 0 ? '(root)' : i.path.join('.'))),
        label,
      );
      parsed.fields.forEach((f, i) =>
        assert.ok(f.message.startsWith(`${v.expected.issues[i].message} You sent: `), label),
      );
    }
  }
});

test('validationErrorResult is the pipeline reply of every rejected-arguments vector: an error, unbranded', () => {
  const pipelines = all.filter((v) => v.kind === 'pipeline' && v.expected.text.startsWith('<validation_error'));
  assert.equal(pipelines.length, 6);
  for (const v of pipelines) {
    const { tool, actions, args, commonSchema } = v.input;
    const { action, ...rest } = args;
    const own = schemaOf(actions.find((a) => a.name === action).schema);
    const schema = (commonSchema ? schemaOf(commonSchema).merge(own) : own).strict();
    const issues = schema.safeParse(rest).error.issues;
    const r = m.validationErrorResult(issues, `${tool}/${action}`, rest);
    assert.equal(r.content[0].text, v.expected.text, `#${v.id}`);
    assert.equal(r.isError, true);
    assert.equal(r[BRAND] === true, v.expected.branded, `#${v.id}: branded`);
    assert.deepEqual(Object.keys(r), ['content', 'isError']);
    assert.deepEqual(
      r.content.map((c) => Object.keys(c)),
      [['type', 'text']],
    );
    assert.equal(
      r.content[0].text,
      m.formatValidationError(issues, `${tool}/${action}`, rest),
      'the same text as formatValidationError',
    );
    // The MCP SDK accepts it as a CallToolResult.
    assert.equal(CallToolResultSchema.safeParse(r).success, true);
  }
});

test('validation vectors through validationErrorResult: text byte for byte, parsed back field by field', () => {
  for (const v of all.filter((x) => x.kind === 'validation')) {
    const r = m.validationErrorResult(v.expected.issues, v.input.actionKey, v.input.args);
    assert.equal(r.content[0].text, v.expected.text, `#${v.id}`);
    assert.deepEqual(m.parseToolError(r).fields, fieldLines(v.expected.text), `#${v.id}`);
  }
});

test('Zod 4 issues: every field comes back under its path, with the line the writer wrote', () => {
  const Input = z.object({
    name: z.string().min(2),
    age: z.number().int().min(18),
    tags: z.array(z.enum(['a', 'b'])),
    address: z.object({ zip: z.string().regex(/^\d{5}$/) }),
  });
  const sent = { name: 'x', age: 12.5, tags: ['c'], address: { zip: 'abc' } };
  const { issues } = Input.safeParse(sent).error;
  const r = m.validationErrorResult(issues, 'users/create', sent);
  const parsed = m.parseToolError(r);
  assert.deepEqual(
    parsed.fields.map((f) => f.name),
    issues.map((i) => i.path.join('.')),
  );
  assert.deepEqual(parsed.fields, fieldLines(r.content[0].text));
  assert.ok(parsed.fields.every((f, i) => f.message.startsWith(`${issues[i].message} You sent: `)));
  assert.equal(parsed.action, 'users/create');
});

test('names and lines with markup, quotes and entities come back exactly', () => {
  const issues = [
    { code: 'custom', path: ['a<b>', 'c"d', "e'f&g"], message: 'Use <b> & "quotes" & \'apostrophes\'' },
    { code: 'custom', path: [], message: '&amp; stays &amp;' },
  ];
  const parsed = m.parseToolError(m.validationErrorResult(issues, 'tool/"act"<ion>', { 'a<b>': 1 }));
  assert.equal(parsed.action, 'tool/"act"<ion>');
  assert.deepEqual(parsed.fields, [
    { name: 'a<b>.c"d.e\'f&g', message: 'Use <b> & "quotes" & \'apostrophes\' You sent: (missing).' },
    { name: '(root)', message: '&amp; stays &amp; You sent: (missing).' },
  ]);
});

test('issues the server left out are counted; fields past 1,000 are not read', () => {
  const issues = Array.from({ length: 150 }, (_, i) => ({ code: 'custom', path: [`f${i}`], message: 'bad' }));
  const parsed = m.parseToolError(m.validationErrorResult(issues, 't/a', {}));
  assert.equal(parsed.fields.length, 100);
  assert.equal(parsed.moreIssues, 50);
  assert.equal(parsed.fields[99].name, 'f99');
  const many = `<validation_error action="t/a">${'\n<field name="x">m</field>'.repeat(5000)}\n<recovery>r</recovery>\n</validation_error>`;
  const big = m.parseToolError(result(many));
  assert.equal(big.fields.length, 1000);
  assert.equal(big.recovery, 'r');
});

test('a <validation_error> with contract awareness still reads its own fields and recovery', () => {
  const xml = m.formatValidationError([{ code: 'custom', path: ['x'], message: 'bad' }], 'users/list', {});
  const delta = {
    category: 'surface',
    field: 'actions.list.schema',
    severity: 'BREAKING',
    description: 'field renamed',
  };
  const { xml: enriched, injected } = m.enrichValidationError(xml, 'users', 'list', {
    activeDeltas: new Map([['users', { deltas: [delta] }]]),
  });
  assert.equal(injected, true);
  const parsed = m.parseToolError(result(enriched));
  assert.deepEqual(parsed.fields, [{ name: 'x', message: 'bad You sent: (missing).' }]);
  assert.equal(parsed.recovery, RECOVERY);
  assert.equal(parsed.message, enriched);
});

test('vector 102 differs by design: the reference reads a <validation_error> as UNKNOWN with no recovery', () => {
  const v = byId(102);
  assert.equal(v.expected.code, 'UNKNOWN');
  assert.equal(v.expected.recovery, null);
  const r = result(v.input.text);
  const parsed = m.parseToolError(r);
  assert.equal(parsed.code, 'VALIDATION_ERROR');
  assert.equal(parsed.recovery, RECOVERY);
  // Everything the reference does read stays as it reads it.
  assert.equal(parsed.message, v.expected.message);
  assert.deepEqual(parsed.availableActions, v.expected.availableActions);
  assert.equal(parsed.severity, v.expected.severity);
  let thrown;
  try {
    m.throwIfToolError(r);
  } catch (e) {
    thrown = e;
  }
  assert.ok(thrown instanceof m.McpEnvelopeClientError);
  assert.equal(thrown.code, 'VALIDATION_ERROR');
  assert.equal(thrown.action, 'users/create');
  assert.deepEqual(thrown.fields, [
    { name: 'age', message: "Expected number, received string You sent: 'x'. Expected type: number." },
  ]);
  assert.equal(thrown.moreIssues, 0);
});

test('a <tool_error> and plain text gain no validation fields', () => {
  const parsed = m.parseToolError(m.toolError('NOT_FOUND', { message: 'gone', suggestion: 'list first' }));
  assert.deepEqual(Object.keys(parsed), [
    'code',
    'message',
    'recovery',
    'availableActions',
    'severity',
    'dialect',
    'raw',
  ]);
  const plain = m.parseToolError(result('something broke'));
  assert.equal(plain.code, null);
  assert.equal(plain.dialect, 'text');
  assert.equal(plain.fields, undefined);
  const error = m.McpEnvelopeClientError.fromResult(m.toolError('X', { message: 'm' }));
  assert.equal('fields' in error, false);
});

test('a thrown validationErrorResult is not branded, so internalError wraps it like the reference', () => {
  const r = m.validationErrorResult([{ code: 'custom', path: ['x'], message: 'bad' }], 't/a', {});
  assert.equal(r[BRAND], undefined);
  const wrapped = m.internalError(r, { tool: 't', action: 'a' });
  assert.notEqual(wrapped, r);
  assert.match(wrapped.content[0].text, /^<tool_error code="INTERNAL_ERROR"/);
});

test('validationErrorResult checks its arguments as formatValidationError does', () => {
  assert.throws(() => m.validationErrorResult('x', 't/a', {}), /validationErrorResult: `issues` must be an array/);
  assert.throws(() => m.validationErrorResult([], 1, {}), /validationErrorResult: `actionKey` must be a string/);
  // Hostile issues and arguments never throw.
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  const r = m.validationErrorResult(
    [
      revoked.proxy,
      {
        get code() {
          throw new Error('x');
        },
      },
    ],
    't/a',
    { big: 10n },
  );
  assert.equal(r.isError, true);
  assert.equal(m.parseToolError(r).fields.length, 2);
});

test('the JSON-RPC envelope still parses, with a numeric SDK request id as its decimal text', () => {
  const r = m.errorResult(m.notFound('No item 7', { recovery: { hint: 'List items first.' } }), { requestId: 42 });
  assert.equal(r.structuredContent.error.data.requestId, '42');
  assert.match(r.content[0].text, /\(request 42\)$/);
  const parsed = m.parseToolError(r);
  assert.deepEqual(
    { ...parsed, raw: undefined },
    {
      code: m.JsonRpcErrorCode.NotFound,
      message: 'No item 7',
      recovery: 'List items first.',
      availableActions: [],
      severity: 'error',
      dialect: 'jsonrpc',
      raw: undefined,
      requestId: '42',
    },
  );
  assert.equal(parsed.raw, r);
  // A JSON-RPC ValidationError whose text happens to hold a <validation_error> is still read as JSON-RPC.
  const zodish = m.errorResult(
    m.validationError('<validation_error action="a"><field name="x">m</field></validation_error>'),
    { requestId: false },
  );
  assert.equal(m.parseToolError(zodish).dialect, 'jsonrpc');
  assert.equal(m.parseToolError(zodish).fields, undefined);
});

test('errorResult requestId: integers as decimal text, other numbers refused', () => {
  const id = (requestId) => m.errorResult(new Error('x'), { requestId }).structuredContent.error.data.requestId;
  assert.equal(id(0), '0');
  assert.equal(id(-0), '0');
  assert.equal(id(-7), '-7');
  assert.equal(id(Number.MAX_SAFE_INTEGER), '9007199254740991');
  assert.equal(id(1e21), '1000000000000000000000');
  assert.equal(id('ABCDE-12345'), 'ABCDE-12345');
  assert.equal(m.errorResult(new Error('x'), { requestId: false }).structuredContent.error.data, undefined);
  for (const bad of [1.5, NaN, Infinity, -Infinity, true, null, 10n, {}]) {
    assert.throws(() => m.errorResult(new Error('x'), { requestId: bad }), TypeError, String(bad));
  }
});
