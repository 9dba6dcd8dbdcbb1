// Parity of tryCatch: the same failed service calls through the npm package (`tryCatch`
// rethrowing, its record given to `onError`) and through the crate's Rust API (`caught`,
// examples/parity.rs), the rebuilt McpError and the record byte-identical. The failures
// are Rust-representable error chains (a message, an io::ErrorKind, an McpError with
// data), seeded: long and secret-bearing messages, 25-link chains, odd codes.
// Rust errors have no stack: the JS errors' are taken off before they are thrown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as m from '../pkg/node.js';
import { differing, thrownChain } from './parity.mjs';
import { seeded } from './seeded.mjs';

const random = seeded(0x7c47c4);
const pick = (list) => list[Math.floor(random() * list.length)];

const MESSAGES = [
  'quota exceeded',
  'record not found',
  'connect ECONNREFUSED 127.0.0.1:5432',
  'password=hunter2 rejected',
  'Authorization: Bearer abc123def456ghi789',
  '',
  '😀 line\u2028sep',
  'x'.repeat(70000),
  `token=abc ${'y'.repeat(20000)}`,
];
const IO = [undefined, 'TimedOut', 'ConnectionRefused', 'ConnectionReset', 'BrokenPipe'];
const CODES = [-32001, -32003, -32603, -32602, -32011];

function chain() {
  const length = pick([1, 2, 3, 25]);
  const links = Array.from({ length }, () => {
    const link = { message: pick(MESSAGES) };
    const io = pick(IO);
    if (io !== undefined) link.io = io;
    return link;
  });
  if (random() < 0.3) {
    const data = pick([undefined, { reason: 'no_match', hint: pick(MESSAGES) }, { nested: { deep: [1, 'token=t'] } }]);
    return [{ mcp: pick(CODES), message: pick(MESSAGES), ...(data && { data }) }];
  }
  return links;
}

function options() {
  const out = { operation: pick(['billing.charge', 'geocode', '']) };
  if (random() < 0.3) out.errorCode = pick([-32000, -32004, -32603]);
  if (random() < 0.3) out.raw = true;
  return out;
}

/** The npm side: tryCatch over a call that throws the chain; the rethrown error and the record. */
async function npm(call) {
  const thrown = thrownChain(call.chain);
  for (let e = thrown; e instanceof Error; e = e.cause) Object.defineProperty(e, 'stack', { value: undefined });
  let record;
  try {
    await m.tryCatch(
      () => {
        throw thrown;
      },
      {
        ...call.options,
        onError: (r) => {
          record = r;
        },
      },
    );
  } catch (error) {
    const json = JSON.stringify({ code: error.code, message: error.message, data: error.data });
    return JSON.stringify({ error: json, record: JSON.stringify(record) });
  }
  throw new Error('tryCatch did not rethrow');
}

test('tryCatch: the same rebuilt McpError and record through the npm package and the Rust API', async () => {
  const calls = Array.from({ length: 200 }, () => ({ chain: chain(), options: options() }));
  calls.push({ chain: [{ message: 'slow', io: 'TimedOut' }], options: { operation: 'geocode' } });
  const ours = [];
  for (const call of calls) ours.push(await npm(call));
  const asked = calls.map((args) => ({ op: 'try_catch', args }));
  const label = (call, i) => `call ${i} ${JSON.stringify(call.args).slice(0, 300)}`;
  assert.deepEqual(differing(asked, ours, label), []);
  // What the calls compared: a rebuilt error of each kind.
  const kinds = new Set(ours.map((o) => JSON.parse(JSON.parse(o).error).code));
  assert.ok(kinds.size >= 5, `codes compared: ${[...kinds]}`);
});
