// parseToolError reads a <tool_error>'s <details> and <retry_after> back: what
// toolError / ErrorBuilder wrote comes back as `details` (an object) and `retryAfter`
// (seconds), entities decoded; absent when the envelope has none.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as m from '../pkg/node.js';

const result = (text) => ({ content: [{ type: 'text', text }], isError: true });

test('details and retryAfter round-trip through toolError', () => {
  const details = { 'a&"<\'k': 'v <1> & >', 10: 'ten', empty: '', line: 'one\ntwo', ctl: 'x\u0001y' };
  const r = m.toolError('RATE_LIMITED', { message: 'Slow down', details, retryAfter: 1.5 });
  const parsed = m.parseToolError(r);
  assert.deepEqual(parsed.details, details);
  assert.equal(parsed.retryAfter, 1.5);
  assert.equal(parsed.code, 'RATE_LIMITED');
  assert.equal(parsed.dialect, 'xml');
  const error = m.McpEnvelopeClientError.fromResult(r);
  assert.deepEqual(error.details, details);
  assert.equal(error.retryAfter, 1.5);
});

test('the builder, big numbers and non-string detail values', () => {
  const r = m.errorBuilder('X', 'm').details({ n: 3, ok: true }).retryAfter(1e21).build();
  const parsed = m.parseToolError(r);
  assert.deepEqual(parsed.details, { n: '3', ok: 'true' });
  assert.equal(parsed.retryAfter, 1e21);
});

test('an envelope without them has neither key', () => {
  const parsed = m.parseToolError(m.toolError('NOT_FOUND', { message: 'gone', retryAfter: 0 }));
  assert.equal('details' in parsed, false);
  assert.equal('retryAfter' in parsed, false);
  const error = m.McpEnvelopeClientError.fromResult(m.toolError('X', { message: 'm' }));
  assert.equal('details' in error, false);
  assert.equal('retryAfter' in error, false);
});

test('hand-written odd forms read without throwing', () => {
  const text = (inner) => `<tool_error code="X">\n<message>m</message>\n${inner}\n</tool_error>`;
  assert.equal(m.parseToolError(result(text('<retry_after>Infinity seconds</retry_after>'))).retryAfter, undefined);
  assert.equal(m.parseToolError(result(text('<retry_after>NaN seconds</retry_after>'))).retryAfter, undefined);
  assert.equal(m.parseToolError(result(text('<retry_after>30</retry_after>'))).retryAfter, 30);
  const parsed = m.parseToolError(
    result(text('<details>\n  <detail key="__proto__">p</detail>\n  <detail key=\'k\'/>\n</details>')),
  );
  assert.deepEqual(Object.keys(parsed.details), ['__proto__', 'k']);
  assert.equal(parsed.details.__proto__, 'p');
  assert.equal(Object.getPrototypeOf(parsed.details), Object.prototype);
});
