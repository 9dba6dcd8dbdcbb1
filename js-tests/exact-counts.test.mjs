// Count fields stay exact past every copy cap: only a bounded prefix of each value
// crosses into wasm, and the true size of whatever the copy cut crosses beside it.
import assert from 'node:assert/strict';
import test from 'node:test';

import { errorResult, formatValidation, formatValidationError } from '../pkg/node.js';

const custom = (i) => ({ code: 'custom', path: [`k${i}`], message: `Bad k${i}` });

test('a 300,000-unit string and a 20,000-entry list in an issue report their own sizes', () => {
  const message = 'm'.repeat(300_000);
  const keys = Array.from({ length: 20_000 }, (_, i) => `x${i}`);
  const error = formatValidation(
    [
      { code: 'custom', path: ['a'], message },
      { code: 'unrecognized_keys', keys, path: [], message: 'Unrecognized keys' },
    ],
    { tool: 't', args: {} },
  );
  const [first, second] = error.data.issues;
  assert.equal(first.message, 'm'.repeat(1024));
  assert.equal(first.messageLength, 300_000);
  assert.equal(second.keys.length, 10);
  assert.equal(second.keysCount, 20_000);
  // The thrown ZodError's envelope counts the same way.
  const zod = Object.assign(new Error('zod'), {
    name: 'ZodError',
    issues: [{ code: 'custom', path: ['a'], message: 'Bad', params: { list: keys } }],
  });
  const data = errorResult(zod, { requestId: false }).structuredContent.error.data;
  assert.equal(data.issues[0].params.listCount, 20_000);
});

test('an argument index past 16,384 reads as present', () => {
  const items = new Array(20_001).fill(5);
  const issue = {
    code: 'invalid_type',
    expected: 'string',
    path: ['items', 20_000],
    message: 'Invalid input: expected string, received number',
  };
  const error = formatValidation([issue], { tool: 't', args: { items } });
  assert.equal(error.data.recovery.hint, 'Send items.20000 as a string, not a number.');
  // And past the list's end it is absent.
  const past = formatValidation([{ ...issue, path: ['items', 20_001] }], { tool: 't', args: { items } });
  assert.equal(past.data.recovery.hint, 'Provide items.20001.');
});

test('a million issues: issuesCount, (+N more) and <more_issues> are exact', () => {
  const issues = Array.from({ length: 1_000_000 }, (_, i) => custom(i));
  const error = formatValidation(issues, { tool: 't', args: {} });
  assert.equal(error.data.issuesCount, 1_000_000);
  assert.ok(error.message.endsWith('k9: Bad k9 (+999990 more)'), error.message.slice(-60));
  assert.ok(error.data.recovery.hint.includes('(+999990 more)'));
  const zod = Object.assign(new Error('zod'), { name: 'ZodError', issues });
  const result = errorResult(zod, { requestId: 'R' });
  assert.equal(result.structuredContent.error.message, 'k0: Bad k0 (+999999 more)');
  assert.equal(result.structuredContent.error.data.issuesCount, 1_000_000);
  const xml = formatValidationError(issues, 'a');
  assert.ok(xml.includes('<more_issues count="999900">999900 more issues not shown.</more_issues>'), xml.slice(-200));
});

test('XML: a sent list longer than the copy reports its own length', () => {
  const tags = new Array(5000).fill('t');
  const xml = formatValidationError([{ code: 'custom', path: ['tags'], message: 'Too many.' }], 'a', { tags });
  assert.ok(xml.includes('You sent: array(5000).'), xml);
  const length = formatValidationError([{ code: 'custom', path: ['tags', 'length'], message: 'Too many.' }], 'a', {
    tags,
  });
  assert.ok(length.includes('You sent: 5000.'), length);
});

test('a JSON Schema object is prepared once: a later mutation of it is not seen', () => {
  const schema = { type: 'object', properties: { a: {} }, additionalProperties: false };
  const issue = { code: 'unrecognized_keys', keys: ['b'], path: [], message: 'Unrecognized key: "b"' };
  const first = formatValidation([issue], { tool: 't', args: { b: 1 }, schema });
  assert.equal(first.data.recovery.hint, 'Unknown key b. This tool accepts: a.');
  schema.properties.c = {};
  const again = formatValidation([issue], { tool: 't', args: { b: 1 }, schema });
  assert.equal(again.data.recovery.hint, 'Unknown key b. This tool accepts: a.');
  const fresh = formatValidation([issue], { tool: 't', args: { b: 1 }, schema: structuredClone(schema) });
  assert.equal(fresh.data.recovery.hint, 'Unknown key b. This tool accepts: a, c.');
});

test('errorResult makes its request id in the same call', () => {
  const ids = new Set();
  for (let i = 0; i < 50; i++) {
    const data = errorResult(new Error('boom')).structuredContent.error.data;
    assert.match(data.requestId, /^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    ids.add(data.requestId);
  }
  assert.equal(ids.size, 50);
});
