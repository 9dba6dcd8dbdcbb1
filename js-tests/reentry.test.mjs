// The only JS the core calls during a call is crypto.getRandomValues (for a fresh request
// id). A program may replace it with one that calls the package again: that inner call
// is refused with an Error while the outer one's request buffer is in use, and the outer
// call and every later one answer as usual (no instance is renewed under a running call).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as api from '../pkg/node.js';

test('a call made from inside crypto.getRandomValues is refused; the outer call answers', () => {
  const original = crypto.getRandomValues;
  const inner = [];
  crypto.getRandomValues = (buffer) => {
    try {
      inner.push(api.requestId());
    } catch (error) {
      inner.push(error);
    }
    return original.call(crypto, buffer);
  };
  const ids = [];
  try {
    // The core draws random bytes 4 KiB at a time: enough ids to need a fresh draw.
    for (let i = 0; i < 1000 && inner.length === 0; i += 1) ids.push(api.requestId());
  } finally {
    crypto.getRandomValues = original;
  }
  assert.ok(inner.length > 0, 'the core never called crypto.getRandomValues');
  for (const result of inner) {
    assert.ok(result instanceof Error, `an inner call answered ${String(result)}`);
    assert.match(result.message, /called from inside one of its own calls/);
  }
  for (const id of ids) assert.match(id, /^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
  assert.match(api.requestId(), /^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
  assert.equal(api.toolError('NOT_FOUND', { message: 'gone' }).content[0].text.includes('gone'), true);
});
