// make bench: formatValidation against zod-validation-error's fromError and Zod 4's
// prettifyError on the same ZodErrors, from 4 to 1,000,000 issues. Each issue is one
// bad field of one item (a wrong type, a fraction for an int, an unknown enum value, in
// turn), the way a model's batch call goes wrong. Figures only; nothing asserts speed.
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { fromError } from 'zod-validation-error';
import { duration, packageDir, perCall, speed } from './timing.mjs';

const item = z.object({ name: z.string(), qty: z.number().int().positive(), kind: z.enum(['book', 'pen', 'ink']) });
const schema = z.object({ items: z.array(item) });
const jsonSchema = z.toJSONSchema(schema);

const badItem = (i) =>
  i % 3 === 0
    ? { name: i, qty: 1, kind: 'book' }
    : i % 3 === 1
      ? { name: 'pen', qty: 1.5, kind: 'pen' }
      : { name: 'ink', qty: 2, kind: 'cap' };

/** The ZodError of a call with `n` bad items (exactly `n` issues) and the arguments it saw. */
export function zodError(n) {
  const args = { items: Array.from({ length: n }, (_, i) => badItem(i)) };
  const result = schema.safeParse(args);
  if (result.success || result.error.issues.length !== n) throw new Error(`bench: expected ${n} issues`);
  return { error: result.error, args };
}

export const SIZES = [4, 50, 100, 50_000, 1_000_000];

export async function run(pkg) {
  const { formatValidation } = await import(new URL('node.js', pkg).href);
  const rows = [];
  for (const n of SIZES) {
    const { error, args } = zodError(n);
    // Building a million issues leaves garbage: collect it first (make bench passes
    // --expose-gc), so no side's rounds pay for it.
    globalThis.gc?.();
    const ours = perCall(() => formatValidation(error.issues, { tool: 'add_items', args, schema: jsonSchema }));
    const zve = perCall(() => fromError(error));
    // prettifyError formats every issue (a second per call at a million): fewer, shorter rounds.
    const pretty = perCall(() => z.prettifyError(error), n >= 50_000 ? { rounds: 5, roundMs: 1 } : {});
    rows.push({ n, ours, zve, pretty });
  }
  const goals = { 4: '≥ 0.50× zve', 50: '≥ 0.67× zve', 50000: '> 1× both' };
  console.log('formatValidation vs zod-validation-error 5.0.0 fromError and Zod 4 prettifyError, per call');
  console.log('  issues      formatValidation   fromError   prettifyError   vs fromError  vs prettify  goal');
  for (const { n, ours, zve, pretty } of rows) {
    console.log(
      `  ${n.toLocaleString('en-US').padStart(9)}  ${duration(ours).padStart(16)}  ${duration(zve).padStart(10)}  ${duration(pretty).padStart(14)}  ${speed(ours, zve).padStart(12)}  ${speed(ours, pretty).padStart(11)}  ${goals[n] ?? ''}`,
    );
  }
  const at = (n) => rows.find((r) => r.n === n).ours;
  console.log(`  cost at 1,000,000 issues / cost at 100: ${(at(1_000_000) / at(100)).toFixed(2)}× (goal ≤ 1.50×)`);
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await run(packageDir());
