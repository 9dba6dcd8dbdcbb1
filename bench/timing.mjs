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

/**
 * perCallRounds of several functions in one go, their rounds interleaved: each round runs
 * every function once in turn (the order reversed every other round), so load from other
 * work on a shared machine weighs on each alike. Many short rounds: the median and the
 * fastest round of each (µs per call), in the order of `fns`.
 */
export function interleavedRounds(fns, { rounds = 201, roundMs = 2 } = {}) {
  const calls = fns.map((fn) => {
    let n = 1;
    for (;;) {
      const start = performance.now();
      for (let i = 0; i < n; i++) sink ^= consume(fn());
      const ms = performance.now() - start;
      if (ms >= roundMs || n >= 1 << 24) return n;
      n *= ms < roundMs / 10 ? 10 : Math.max(2, Math.ceil(roundMs / ms));
    }
  });
  const times = fns.map(() => []);
  const round = (k, record) => {
    const start = performance.now();
    for (let i = 0; i < calls[k]; i++) sink ^= consume(fns[k]());
    if (record) times[k].push(((performance.now() - start) * 1000) / calls[k]);
  };
  for (let r = 0; r < rounds * 2; r++) {
    // The first half of the rounds warms up; the second is timed.
    const record = r >= rounds;
    if (r % 2 === 0) for (let k = 0; k < fns.length; k++) round(k, record);
    else for (let k = fns.length - 1; k >= 0; k--) round(k, record);
  }
  if (sink === 0.5) console.log(sink);
  return times.map((list) => {
    list.sort((a, b) => a - b);
    return { median: list[Math.floor(list.length / 2)], fastest: list[0] };
  });
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
