// Two builds of the package side by side: `node --expose-gc bench/compare.mjs BEFORE AFTER`
// (each a pkg/ directory, e.g. a git worktree of the base commit after its own `make
// build`). Each package runs in its own process, the two alternating three times; each
// figure is the fastest round of all (µs per call): on a shared machine medians move
// ±20 % between runs, the fastest round far less. Figures only; nothing asserts speed.
import { execFileSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { z } from 'zod';

const self = fileURLToPath(import.meta.url);

/** µs per call of `fn`, the fastest of `rounds` rounds of at least `ms` each. */
function fastest(fn, { ms = 40, rounds = 15 } = {}) {
  let calls = 1;
  for (;;) {
    const start = performance.now();
    for (let i = 0; i < calls; i++) fn();
    if (performance.now() - start > ms || calls > 1 << 20) break;
    calls *= 2;
  }
  let best = Infinity;
  for (let round = 0; round < rounds; round++) {
    const start = performance.now();
    for (let i = 0; i < calls; i++) fn();
    best = Math.min(best, ((performance.now() - start) * 1000) / calls);
  }
  return best;
}

async function measure(dir) {
  const m = await import(pathToFileURL(resolve(dir, 'node.js')).href);
  const item = z.object({ name: z.string(), qty: z.number().int().positive(), kind: z.enum(['book', 'pen', 'ink']) });
  const schema = z.object({ items: z.array(item) });
  const jsonSchema = z.toJSONSchema(schema);
  const bad = (i) =>
    i % 3 === 0
      ? { name: i, qty: 1, kind: 'book' }
      : i % 3 === 1
        ? { name: 'pen', qty: 1.5, kind: 'pen' }
        : { name: 'ink', qty: 2, kind: 'cap' };
  const rows = {};
  for (const n of [4, 50, 100, 50_000]) {
    const args = { items: Array.from({ length: n }, (_, i) => bad(i)) };
    const error = schema.safeParse(args).error;
    globalThis.gc?.();
    const rejection = { tool: 'add_items', args, schema: jsonSchema };
    rows[`formatValidation, ${n} issues`] = fastest(() => m.formatValidation(error.issues, rejection));
    if (n <= 50)
      rows[`errorResult(formatValidation(…)), ${n} issues`] = fastest(() =>
        m.errorResult(m.formatValidation(error.issues, rejection), { requestId: 'R' }),
      );
    if (n === 4 || n === 50_000)
      rows[`errorResult(ZodError), ${n} issues`] = fastest(() => m.errorResult(error, { requestId: 'R' }));
  }
  const mcp = m.notFound('Invoice inv_42 was not found', {
    reason: 'invoice_missing',
    retryable: false,
    recovery: { hint: 'Call list_invoices and retry.' },
  });
  const plain = new Error('boom');
  rows['errorResult(McpError)'] = fastest(() => m.errorResult(mcp, { requestId: 'REQ42-ABCDE' }));
  rows['errorResult(new Error(…))'] = fastest(() => m.errorResult(plain, { requestId: 'REQ42-ABCDE' }));
  rows['errorResult(new Error(…)), fresh id'] = fastest(() => m.errorResult(plain));
  rows['toolError, message only'] = fastest(() =>
    m.toolError('NOT_FOUND', { message: 'Invoice inv_42 was not found' }),
  );
  rows['classify(new Error(…))'] = fastest(() => m.classify(plain));
  rows['notFound(…) (a factory)'] = fastest(() => m.notFound('Invoice inv_42 was not found', { id: 'inv_42' }));
  return rows;
}

if (process.argv[2] === '--one') {
  process.stdout.write(JSON.stringify(await measure(process.argv[3])));
} else {
  const [before, after] = process.argv.slice(2);
  if (!before || !after) throw new Error('usage: node --expose-gc bench/compare.mjs BEFORE_PKG AFTER_PKG');
  const best = [{}, {}];
  for (let run = 0; run < 3; run++) {
    [before, after].forEach((dir, side) => {
      const rows = JSON.parse(
        execFileSync(process.execPath, ['--expose-gc', self, '--one', dir], { encoding: 'utf8' }),
      );
      for (const [name, us] of Object.entries(rows)) best[side][name] = Math.min(best[side][name] ?? Infinity, us);
    });
  }
  const fmt = (us) => (us < 10 ? us.toFixed(2) : us < 100 ? us.toFixed(1) : us.toFixed(0));
  console.log(`| call | before (µs) | after (µs) | after / before |\n|---|---|---|---|`);
  for (const name of Object.keys(best[1])) {
    const [b, a] = [best[0][name], best[1][name]];
    console.log(
      `| ${name} | ${b === undefined ? '—' : fmt(b)} | ${fmt(a)} | ${b === undefined ? '—' : (a / b).toFixed(2)} |`,
    );
  }
}
