// classify(thrown).category files a code as the core's category_of does (mcp-ts-core's
// getErrorCategory(code, data), src/utils/internal/error-handler/mappings.ts @
// 09a64e1713d1e6cb8a4c29d6efbbe35e4c943496): a RateLimited McpError whose
// data.reason is 'canvas_capacity_exhausted' is `server`, like logRecord's category.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { classify, JsonRpcErrorCode, logRecord, McpError } from '../pkg/node.js';

const canvas = () =>
  new McpError(JsonRpcErrorCode.RateLimited, 'Canvas cap reached', { reason: 'canvas_capacity_exhausted' });

test('a RateLimited canvas capacity refusal is server, as logRecord files it', () => {
  assert.deepEqual(classify(canvas()), { code: JsonRpcErrorCode.RateLimited, name: 'RateLimited', category: 'server' });
  assert.equal(logRecord(canvas(), { tool: 't' }).category, 'server');
});

test('the reason moves only RateLimited; other reasons and plain errors keep the code category', () => {
  const rate = new McpError(JsonRpcErrorCode.RateLimited, 'slow down', { reason: 'upstream_quota' });
  assert.equal(classify(rate).category, 'upstream');
  const other = new McpError(JsonRpcErrorCode.NotFound, 'gone', { reason: 'canvas_capacity_exhausted' });
  assert.equal(classify(other).category, 'client');
  // Only an McpError's data is read (as logRecord reads it).
  const plain = Object.assign(new Error('rate limit hit'), { data: { reason: 'canvas_capacity_exhausted' } });
  assert.deepEqual([classify(plain).name, classify(plain).category], ['RateLimited', 'upstream']);
  assert.equal(classify(new McpError(JsonRpcErrorCode.RateLimited, 'x')).category, 'upstream');
  assert.equal(classify(new McpError(JsonRpcErrorCode.RateLimited, 'x', { reason: 42 })).category, 'upstream');
});

test('data and its reason are read once each, inside try/catch', () => {
  let reads = 0;
  const error = new McpError(JsonRpcErrorCode.RateLimited, 'cap');
  Object.defineProperty(error, 'data', {
    get() {
      reads += 1;
      return {
        get reason() {
          reads += 10;
          return 'canvas_capacity_exhausted';
        },
      };
    },
  });
  assert.equal(classify(error).category, 'server');
  assert.equal(reads, 11);
  reads = 0;
  assert.equal(logRecord(error, { tool: 't' }).category, 'server');
  assert.equal(reads, 11);
  const throwing = new McpError(JsonRpcErrorCode.RateLimited, 'cap');
  Object.defineProperty(throwing, 'data', {
    get() {
      throw new Error('no');
    },
  });
  assert.equal(classify(throwing).category, 'upstream');
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  assert.equal(classify(new McpError(JsonRpcErrorCode.RateLimited, 'cap', revoked.proxy)).category, 'upstream');
});
