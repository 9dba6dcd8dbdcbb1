// make bench: formatValidation against zod-validation-error's fromError and Zod 4's
// prettifyError on the same ZodErrors, from 4 to 1,000,000 issues. Each issue is one
// bad field of one item (a wrong type, a fraction for an int, an unknown enum value, in
// turn), the way a model's batch call goes wrong. At 4 and 50 issues also against a
// plain-JS floor writing the same McpError (bench/format-floor.mjs), checked against the
// package before timing. Medians and fastest rounds; figures only, nothing asserts speed.
import assert from 'node:assert/strict';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { fromError } from 'zod-validation-error';
import { floorFormatValidation } from './format-floor.mjs';
import { duration, packageDir, perCallRounds, speed } from './timing.mjs';

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

/** Sizes with a plain-JS floor (bench/format-floor.mjs) and its goal: ours ≥ this × the floor's speed. */
const FLOOR_GOALS = { 4: 0.45, 50: 0.3 };

export async function run(pkg) {
  const { formatValidation } = await import(new URL('node.js', pkg).href);

  // The floor writes what the package writes: the same code, message and data (and the
  // same JSON, key order included) for each input it is timed on.
  const parts = ({ code, message, data }) => ({ code, message, data });
  for (const n of Object.keys(FLOOR_GOALS).map(Number)) {
    const { error, args } = zodError(n);
    const options = { tool: 'add_items', args, schema: jsonSchema };
    const ours = formatValidation(error.issues, options);
    const floor = floorFormatValidation(error.issues, options);
    assert.ok(ours instanceof Error && floor instanceof Error);
    assert.deepStrictEqual(parts(floor), parts(ours));
    assert.equal(JSON.stringify(parts(floor)), JSON.stringify(parts(ours)));
  }

  const rows = [];
  for (const n of SIZES) {
    const { error, args } = zodError(n);
    const options = { tool: 'add_items', args, schema: jsonSchema };
    // Building a million issues leaves garbage: collect it first (make bench passes
    // --expose-gc), so no side's rounds pay for it.
    globalThis.gc?.();
    const ours = perCallRounds(() => formatValidation(error.issues, options));
    const floor = n in FLOOR_GOALS ? perCallRounds(() => floorFormatValidation(error.issues, options)) : undefined;
    const zve = perCallRounds(() => fromError(error));
    // prettifyError formats every issue (a second per call at a million): fewer, shorter rounds.
    const pretty = perCallRounds(() => z.prettifyError(error), n >= 50_000 ? { rounds: 5, roundMs: 1 } : {});
    rows.push({
      n,
      ours: ours.median,
      zve: zve.median,
      pretty: pretty.median,
      floor: floor?.median,
      fastest: { ours: ours.fastest, zve: zve.fastest, pretty: pretty.fastest, floor: floor?.fastest },
    });
  }
  const goals = {
    4: `≥ ${FLOOR_GOALS[4].toFixed(2)}× floor, ≥ 0.50× zve`,
    50: `≥ ${FLOOR_GOALS[50].toFixed(2)}× floor, ≥ 0.80× zve`,
    50000: '> 1× both',
  };
  const table = (title, pick, withGoals) => {
    console.log(title);
    console.log(
      `  issues      formatValidation   fromError   prettifyError       floor   vs fromError  vs prettify  vs floor${withGoals ? '  goal' : ''}`,
    );
    for (const row of rows) {
      const { ours, zve, pretty, floor } = pick(row);
      const cells = [
        row.n.toLocaleString('en-US').padStart(9),
        duration(ours).padStart(16),
        duration(zve).padStart(10),
        duration(pretty).padStart(14),
        (floor === undefined ? '' : duration(floor)).padStart(10),
        speed(ours, zve).padStart(12),
        speed(ours, pretty).padStart(11),
        (floor === undefined ? '' : speed(ours, floor)).padStart(8),
      ];
      console.log(`  ${cells.join('  ')}${withGoals && goals[row.n] ? `  ${goals[row.n]}` : ''}`.trimEnd());
    }
  };
  table(
    'formatValidation vs zod-validation-error 5.0.0 fromError, Zod 4 prettifyError and a plain-JS floor writing the same McpError (bench/format-floor.mjs), per call, median round',
    (row) => row,
    true,
  );
  table('the same, fastest round', (row) => row.fastest, false);
  const growth = (pick) => (pick(rows.find((r) => r.n === 1_000_000)) / pick(rows.find((r) => r.n === 100))).toFixed(2);
  console.log(
    `  cost at 1,000,000 issues / cost at 100: ${growth((r) => r.ours)}× medians, ${growth((r) => r.fastest.ours)}× fastest rounds (goal ≤ 1.50×)`,
  );
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await run(packageDir());
