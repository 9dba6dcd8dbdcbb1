// What each call allocates, by function: `node bench/alloc.mjs [PKG_DIR]` (default pkg/).
// V8's sampling heap profiler, told to keep what the collector already freed, over a
// loop of calls after a warm-up; the bytes are an estimate (one sample per 128 bytes).
// A profiling aid for bench/PROFILING.md, not part of make bench; nothing asserts.
import { Session } from 'node:inspector/promises';
import { z } from 'zod';
import { REQUEST_ID, THROWN_DATA, THROWN_MESSAGE, TOOL_ERROR_CASES } from './envelope.mjs';
import { zodError } from './format.mjs';
import { packageDir } from './timing.mjs';

const m = await import(new URL('node.js', packageDir()).href);
const item = z.object({ name: z.string(), qty: z.number().int().positive(), kind: z.enum(['book', 'pen', 'ink']) });
const schema = z.toJSONSchema(z.object({ items: z.array(item) }));
const { error, args } = zodError(4);
const rejection = { tool: 'add_items', args, schema };
const thrown = m.notFound(THROWN_MESSAGE, THROWN_DATA);
const plain = new Error('connect ECONNREFUSED 127.0.0.1:5432');
const [small, every] = TOOL_ERROR_CASES;
const rows = [
  ['classify(new Error(…))', () => m.classify(plain)],
  ['formatValidation, 4 issues', () => m.formatValidation(error.issues, rejection)],
  ['toolError, message only', () => m.toolError(...small)],
  ['toolError, every field', () => m.toolError(...every)],
  ['errorResult(McpError)', () => m.errorResult(thrown, { requestId: REQUEST_ID })],
  ['notFound(…) (a factory)', () => m.notFound('Invoice inv_42 was not found', { id: 'inv_42' })],
];

const CALLS = 20_000;
const session = new Session();
session.connect();
for (const [label, fn] of rows) {
  for (let i = 0; i < CALLS; i++) fn();
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 128,
    includeObjectsCollectedByMinorGC: true,
    includeObjectsCollectedByMajorGC: true,
  });
  for (let i = 0; i < CALLS; i++) fn();
  const { profile } = await session.post('HeapProfiler.stopSampling');
  /** @type {Map<string, number>} */
  const byFunction = new Map();
  let total = 0;
  const stack = [profile.head];
  while (stack.length > 0) {
    const node = stack.pop();
    const { functionName, url, lineNumber } = node.callFrame;
    if (node.selfSize > 0) {
      const where = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
      byFunction.set(where, (byFunction.get(where) ?? 0) + node.selfSize);
      total += node.selfSize;
    }
    stack.push(...(node.children ?? []));
  }
  console.log(`${label}: ≈ ${Math.round(total / CALLS)} bytes a call`);
  const top = [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 6);
  for (const [where, bytes] of top) console.log(`  ${String(Math.round(bytes / CALLS)).padStart(6)}  ${where}`);
}
session.disconnect();
