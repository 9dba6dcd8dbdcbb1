// make bench-levels: the same package built at each rustc opt-level, measured side by
// side in one Node process (the calls interleaved level by level, each figure the
// fastest of several rounds), with the size of each .wasm. The shipped level is the one
// in Cargo.toml's [profile.release]; README "Build level" explains the choice.
// Figures only; nothing asserts speed.
//
// Each level is built into build/levels/<level>/ (its own cargo target directory), and
// its .wasm swapped into a copy of pkg/: the glue and JS layer are the same for every
// level. Run `make build` first.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';
import { WASM_OPT_FEATURES } from '../scripts/wasm-features.mjs';
import { zodError } from './format.mjs';
import { duration } from './timing.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const LEVELS = (process.argv[2] ?? 'z,s,2,3').split(',');

if (!existsSync(`${root}pkg/node.js`)) throw new Error('bench/levels.mjs: run `make build` first');

function build(level) {
  const dir = `${root}build/levels/${level}`;
  const value = /^[0-9]$/.test(level) ? level : `"${level}"`;
  const run = (command, args, env = {}) =>
    execFileSync(command, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } });
  run(
    'cargo',
    [
      'build',
      '--release',
      '--target',
      'wasm32-unknown-unknown',
      '--lib',
      '--config',
      `profile.release.opt-level=${value}`,
    ],
    {
      CARGO_TARGET_DIR: `${dir}/target`,
    },
  );
  rmSync(`${dir}/pkg`, { recursive: true, force: true });
  rmSync(`${dir}/bindgen`, { recursive: true, force: true });
  cpSync(`${root}pkg`, `${dir}/pkg`, { recursive: true });
  run('wasm-bindgen', [
    '--target',
    'web',
    '--out-dir',
    `${dir}/bindgen`,
    '--out-name',
    'mcp_envelope',
    `${dir}/target/wasm32-unknown-unknown/release/mcp_envelope.wasm`,
  ]);
  run(`${root}node_modules/.bin/wasm-opt`, [
    `${dir}/bindgen/mcp_envelope_bg.wasm`,
    '-Oz',
    ...WASM_OPT_FEATURES,
    '-o',
    `${dir}/pkg/wasm/mcp_envelope_bg.wasm`,
  ]);
  return `${dir}/pkg/`;
}

mkdirSync(`${root}build/levels`, { recursive: true });
const builds = [];
for (const level of LEVELS) {
  const dir = build(level);
  const wasm = readFileSync(`${dir}wasm/mcp_envelope_bg.wasm`);
  const m = await import(`file://${dir}node.js`);
  builds.push({ level, m, raw: wasm.length, gzip: gzipSync(wasm, { level: 9 }).length });
}

const four = zodError(4);
const fifty = zodError(50);
const jsonSchema = z.toJSONSchema(
  z.object({
    items: z.array(
      z.object({ name: z.string(), qty: z.number().int().positive(), kind: z.enum(['book', 'pen', 'ink']) }),
    ),
  }),
);
const thrown = new Error('connect ECONNREFUSED 127.0.0.1:5432');
const thrownFor = new Map(
  builds.map(({ m }) => [
    m,
    m.notFound('Invoice inv_42 was not found', {
      reason: 'invoice_missing',
      retryable: false,
      recovery: { hint: 'Call list_invoices and retry.' },
    }),
  ]),
);
const calls = {
  classify: (m) => m.classify(thrown),
  'toolError (every field)': (m) =>
    m.toolError('NOT_FOUND', {
      message: 'Invoice inv_42 was not found for tenant <acme>',
      suggestion: 'Call list_invoices to see the ids that exist & retry',
      availableActions: ['list_invoices', 'get_invoice'],
      details: { invoiceId: 'inv_42', tenant: 'acme' },
      retryAfter: 5,
    }),
  'errorResult (McpError)': (m) => m.errorResult(thrownFor.get(m), { requestId: 'REQ42-ABCDE' }),
  'formatValidation, 4 issues': (m) =>
    m.formatValidation(four.error.issues, { tool: 'add_items', args: four.args, schema: jsonSchema }),
  'formatValidation, 50 issues': (m) =>
    m.formatValidation(fifty.error.issues, { tool: 'add_items', args: fifty.args, schema: jsonSchema }),
};

let sink = 0;
/** µs per call of `call(m)` over one ~40 ms round. */
function round(call, m) {
  const start = performance.now();
  let n = 0;
  while (performance.now() - start < 40) {
    for (let i = 0; i < 20; i++) sink ^= call(m) ? 1 : 0;
    n += 20;
  }
  return ((performance.now() - start) * 1000) / n;
}

console.log(
  `Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores); fastest of 9 interleaved rounds, µs per call`,
);
const header = ['opt-level', 'raw bytes', 'gzip bytes', ...Object.keys(calls)];
const rows = builds.map((b) => [
  /^[0-9]$/.test(b.level) ? b.level : `"${b.level}"`,
  b.raw.toLocaleString('en-US'),
  b.gzip.toLocaleString('en-US'),
]);
for (const call of Object.values(calls)) {
  const best = builds.map(() => Infinity);
  for (let r = 0; r < 9; r++) builds.forEach(({ m }, i) => (best[i] = Math.min(best[i], round(call, m))));
  best.forEach((us, i) => rows[i].push(duration(us)));
}
console.log(`| ${header.join(' | ')} |`);
console.log(`|${header.map(() => '---').join('|')}|`);
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
if (sink === 2) console.log(sink);
