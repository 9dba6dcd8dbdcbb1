// Memory: wasm linear memory and the JS heap before and after 1,000,000 mixed calls,
// and after each hostile input (goal: flat, under 1 MiB of growth). Run with
// `node --expose-gc bench/memory.mjs` (make bench). CALLS overrides the count.
import * as api from '../pkg/node.js';
import internals from '../pkg/lib/bundle.js';

if (typeof globalThis.gc !== 'function') throw new Error('bench/memory.mjs: run with node --expose-gc');
const calls = Number(process.env.CALLS ?? 1_000_000);
const MiB = 1024 * 1024;
// The instance's memory size, as scripts/glue-hook.mjs reads it (through lib/bundle.js, the
// module the entry loaded).
const wasmBytes = () => internals.memoryBytes();
function heap() {
  globalThis.gc();
  globalThis.gc();
  return process.memoryUsage().heapUsed;
}
const issues = [
  { code: 'invalid_type', expected: 'string', received: 'number', path: ['a', 0], message: 'Expected string' },
];
const mixed = [
  () => api.classify(new Error('connect ECONNREFUSED')),
  () => api.errorResult(new Error('boom'), { requestId: 'R' }),
  () => api.toolError('NOT_FOUND', { message: 'm', details: { id: 1 } }),
  () => api.formatValidation(issues, { tool: 't', args: { a: [1] } }),
  () => api.validationErrorResult(issues, 'act', { a: [1] }),
  () => api.parseToolError(api.error('m')),
  () => api.logRecord(new Error('x'), { tool: 't' }),
  () => api.internalError(new Error('x'), { tool: 't' }),
];
const row = (label, before, after) =>
  console.log(
    `${label.padEnd(34)} wasm ${(before.wasm / MiB).toFixed(2)} → ${(after.wasm / MiB).toFixed(2)} MiB   heap ${(before.heap / MiB).toFixed(2)} → ${(after.heap / MiB).toFixed(2)} MiB   growth wasm ${((after.wasm - before.wasm) / 1024).toFixed(0)} KiB, heap ${((after.heap - before.heap) / 1024).toFixed(0)} KiB`,
  );
const snapshot = () => ({ heap: heap(), wasm: wasmBytes() });

// Warm up: the allocator's first pages and V8's code are not growth.
for (let i = 0; i < 20_000; i += 1) mixed[i % mixed.length]();
const start = snapshot();
for (let i = 0; i < calls; i += 1) mixed[i % mixed.length]();
row(`${calls.toLocaleString('en')} mixed calls`, start, snapshot());

const deep = (() => {
  let d = {};
  for (let i = 0; i < 100_000; i += 1) d = { cause: d };
  return d;
})();
const hostile = {
  '100 MB message': () => api.errorResult(new Error('x'.repeat(100 * MiB)), { requestId: 'R' }),
  '1,000,000 issues': () =>
    api.formatValidation(
      Array.from({ length: 1e6 }, () => issues[0]),
      { tool: 't' },
    ),
  '100,000 detail keys': () =>
    api.toolError('X', {
      message: 'm',
      details: Object.fromEntries(Array.from({ length: 1e5 }, (_, i) => [`k${i}`, i])),
    }),
  '100,000-deep cause': () => api.classify(deep),
  'throwing Proxy': () =>
    api.errorResult(
      new Proxy(
        {},
        {
          get() {
            throw new Error('no');
          },
        },
      ),
    ),
};
for (const [label, run] of Object.entries(hostile)) {
  const before = snapshot();
  try {
    run();
  } catch {
    // a TypeError is an answer too
  }
  row(`after ${label}`, before, snapshot());
}
