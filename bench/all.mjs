// make bench: every in-process comparison in one Node process (classify, formatValidation,
// the copy of its issues against a hand-written one, toolError / errorResult against their
// floors), then the size of the shipped .wasm.
// Cold start needs fresh processes: bench/coldstart.mjs. Figures only; nothing asserts speed.
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { gzipSync } from 'node:zlib';
import { run as classify } from './classify.mjs';
import { run as copy } from './copy.mjs';
import { run as envelope } from './envelope.mjs';
import { run as format } from './format.mjs';
import { packageDir } from './timing.mjs';

const pkg = packageDir();
console.log(
  `Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores); medians of rounds, and fastest rounds where printed`,
);
await classify(pkg);
await format(pkg);
await copy(pkg);
await envelope(pkg);
const wasm = readFileSync(new URL('wasm/mcp_envelope_bg.wasm', pkg));
const gzip = gzipSync(wasm, { level: 9 }).length;
const fmt = (n) => n.toLocaleString('en-US');
console.log(`wasm: ${fmt(wasm.length)} bytes raw, ${fmt(gzip)} bytes gzipped (goal ≤ 102,400)`);
