// make bench: classify throughput against mcp-ts-core's determineErrorCode on the same
// 10,000 errors, and the size of the shipped .wasm. Figures only; nothing asserts speed.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { ErrorHandler } from '@cyanheads/mcp-ts-core/utils';
import { classify } from '../pkg/node.js';
import { corpus } from './corpus.mjs';

const errors = corpus();
const ROUNDS = 15;

function callsPerSecond(fn) {
  let sink = 0;
  for (let i = 0; i < 3; i++) for (const e of errors) sink += fn(e) === undefined ? 0 : 1; // warm up
  const rates = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = process.hrtime.bigint();
    for (const e of errors) sink += fn(e) === undefined ? 0 : 1;
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    rates.push(errors.length / seconds);
  }
  if (sink === -1) console.log(sink);
  rates.sort((a, b) => a - b);
  return rates[Math.floor(rates.length / 2)];
}

const ours = callsPerSecond((e) => classify(e));
const theirs = callsPerSecond((e) => ErrorHandler.determineErrorCode(e));
const wasm = readFileSync(new URL('../pkg/wasm/mcp_envelope_bg.wasm', import.meta.url));
const fmt = (n) => Math.round(n).toLocaleString('en-US');

console.log(`classify, ${errors.length.toLocaleString('en-US')} varied errors, median of ${ROUNDS} rounds, Node ${process.version}`);
console.log(`  mcp-envelope classify()                 ${fmt(ours)} calls/s  (${(1e6 / ours).toFixed(2)} µs/call)`);
console.log(`  mcp-ts-core 0.10.17 determineErrorCode  ${fmt(theirs)} calls/s  (${(1e6 / theirs).toFixed(2)} µs/call)`);
console.log(`  ratio (ours / reference)                ${(ours / theirs).toFixed(2)}×`);
console.log(`wasm: ${fmt(wasm.length)} bytes raw, ${fmt(gzipSync(wasm, { level: 9 }).length)} bytes gzipped`);
