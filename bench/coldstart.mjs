// make bench: cold start — a fresh process imports the entry its runtime resolves and
// makes one call; the figure is the time from just before the import to the first result
// (median of RUNS processes). Figures only; nothing asserts speed.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.RUNS ?? 15);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('bench/coldstart.mjs: RUNS must be a positive integer');
// `node bench/coldstart.mjs [DIR]`: DIR is a built package (default pkg/), to compare builds;
// RUNS overrides the number of processes.
const pkgDir = process.argv[2] ? `${resolve(process.argv[2])}/` : `${root}pkg/`;
const dir = `${root}build/coldstart`;
mkdirSync(dir, { recursive: true });

const probe = (entry) => {
  const file = `${dir}/${entry.replace(/\W/g, '_')}.mjs`;
  writeFileSync(
    file,
    `const start = performance.now();
const { classify } = await import(${JSON.stringify(`${pkgDir}${entry}`)});
classify(new Error('Request failed with status code 503'));
const end = performance.now();
console.log(end - start);
`,
  );
  return file;
};

// Node's own compile cache (NODE_COMPILE_CACHE, Node ≥ 22.1), filled by one run first:
// what a server that turns it on pays from its second start. Every other row runs with it off.
const cacheDir = `${dir}/compile-cache`;
const runtimes = [
  ['Node 20', `${root}node_modules/node20/bin/node`, [], 'node.js', {}],
  ['Node 22', `${root}node_modules/node22/bin/node`, [], 'node.js', {}],
  ['Node 24', `${root}node_modules/node24/bin/node`, [], 'node.js', {}],
  ['Node 22, compile cache', `${root}node_modules/node22/bin/node`, [], 'node.js', { NODE_COMPILE_CACHE: cacheDir }],
  ['Bun', `${root}node_modules/bun/bin/bun.exe`, [], 'embedded.js', {}],
  ['Deno', `${root}node_modules/@deno/linux-x64-glibc/deno`, ['run'], 'deno.js', {}],
];

console.log(`cold start, import to first classify() result, median of ${RUNS} fresh processes:`);
for (const [name, command, args, entry, extra] of runtimes) {
  const file = probe(entry);
  const env = { ...process.env, DENO_NO_UPDATE_CHECK: '1', ...extra };
  if (extra.NODE_COMPILE_CACHE === undefined) delete env.NODE_COMPILE_CACHE;
  const run = () => Number(execFileSync(command, [...args, file], { encoding: 'utf8', env }).trim());
  if (extra.NODE_COMPILE_CACHE !== undefined) {
    rmSync(cacheDir, { recursive: true, force: true });
    run();
  }
  const times = [];
  for (let i = 0; i < RUNS; i++) times.push(run());
  times.sort((a, b) => a - b);
  const median = times[Math.floor(RUNS / 2)];
  console.log(
    `  ${name.padEnd(22)} ${entry.padEnd(12)} ${median.toFixed(1).padStart(5)} ms  (fastest ${times[0].toFixed(1)} ms)`,
  );
}
