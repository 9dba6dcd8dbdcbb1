// make bench: classify against mcp-ts-core's determineErrorCode on the same 10,000
// varied errors, their rounds interleaved; medians and fastest rounds. Figures only;
// nothing asserts speed.
import { pathToFileURL } from 'node:url';
import { ErrorHandler } from '@cyanheads/mcp-ts-core/utils';
import { corpus } from './corpus.mjs';
import { duration, interleavedRounds, packageDir, speed } from './timing.mjs';

export async function run(pkg) {
  const { classify } = await import(new URL('node.js', pkg).href);
  const errors = corpus();
  // One "call" is the whole corpus; divided back to one error below.
  const pass = (fn) => () => {
    let codes = 0;
    for (const e of errors) codes += fn(e).code === undefined ? 0 : 1;
    return codes;
  };
  // A round is one pass over the corpus or more; 61 timed rounds each, alternating.
  const [ours, theirs] = interleavedRounds(
    [pass((e) => classify(e)), pass((e) => ({ code: ErrorHandler.determineErrorCode(e) }))],
    { rounds: 61, roundMs: 5 },
  ).map(({ median, fastest }) => ({ median: median / errors.length, fastest: fastest / errors.length }));
  const row = (label, a, b) => console.log(`  ${label.padEnd(40)} ${a.padStart(9)} ${b.padStart(9)}`);
  console.log(
    `classify, ${errors.length.toLocaleString('en-US')} varied errors, per call, rounds interleaved (goal ≥ 1.20×)`,
  );
  row('', 'median', 'fastest');
  row('mcp-envelope classify()', duration(ours.median), duration(ours.fastest));
  row('mcp-ts-core 0.10.17 determineErrorCode', duration(theirs.median), duration(theirs.fastest));
  row('speed vs reference', speed(ours.median, theirs.median), speed(ours.fastest, theirs.fastest));
  return { ours, theirs };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await run(packageDir());
