// Timing for make bench: the median per-call time of a function over several rounds,
// each round long enough (or one call) for the clock. Figures only; nothing asserts speed.

let sink = 0;

/** Median µs per call of `fn()`; `rounds` rounds after a warm-up of the same length. */
export function perCall(fn, options) {
  return perCallRounds(fn, options).median;
}

/**
 * perCall's rounds, summed up: the median and the fastest round (µs per call). On a
 * shared machine medians move between runs, the fastest round far less.
 */
export function perCallRounds(fn, { rounds = 15, roundMs = 25 } = {}) {
  // Calibrate: how many calls fill one round.
  let calls = 1;
  for (;;) {
    const start = performance.now();
    for (let i = 0; i < calls; i++) sink ^= consume(fn());
    const ms = performance.now() - start;
    if (ms >= roundMs || calls >= 1 << 24) break;
    calls *= ms < 1 ? 10 : Math.max(2, Math.ceil(roundMs / ms));
  }
  for (let i = 0; i < calls; i++) sink ^= consume(fn()); // warm-up
  const times = [];
  for (let round = 0; round < rounds; round++) {
    const start = performance.now();
    for (let i = 0; i < calls; i++) sink ^= consume(fn());
    times.push(((performance.now() - start) * 1000) / calls);
  }
  if (sink === 0.5) console.log(sink);
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], fastest: times[0] };
}

function consume(value) {
  return value === undefined || value === null ? 0 : 1;
}

/** `1.02 µs`, `3.4 ms`, `1.21 s`. */
export function duration(us) {
  if (us < 1000) return `${us.toFixed(us < 10 ? 2 : 1)} µs`;
  if (us < 1e6) return `${(us / 1000).toFixed(us < 1e4 ? 2 : 1)} ms`;
  return `${(us / 1e6).toFixed(2)} s`;
}

/** How many times faster `ours` is than `theirs` (both µs per call): `1.20×`. */
export function speed(ours, theirs) {
  return `${(theirs / ours).toFixed(2)}×`;
}

/** The package to measure: `node bench/X.mjs [DIR]` (default pkg/). */
export function packageDir(argv = process.argv) {
  const root = new URL('..', import.meta.url);
  return argv[2] ? new URL(`${argv[2].replace(/\/$/, '')}/`, `file://${process.cwd()}/`) : new URL('pkg/', root);
}
