// make bench: classify against mcp-ts-core's determineErrorCode on the same 10,000
// varied errors. Figures only; nothing asserts speed.
import { pathToFileURL } from 'node:url';
import { ErrorHandler } from '@cyanheads/mcp-ts-core/utils';
import { corpus } from './corpus.mjs';
import { duration, packageDir, perCall, speed } from './timing.mjs';

export async function run(pkg) {
  const { classify } = await import(new URL('node.js', pkg).href);
  const errors = corpus();
  // One "call" is the whole corpus; divided back to one error below.
  const pass = (fn) => () => {
    let codes = 0;
    for (const e of errors) codes += fn(e).code === undefined ? 0 : 1;
    return codes;
  };
  const ours = perCall(pass((e) => classify(e))) / errors.length;
  const theirs = perCall(pass((e) => ({ code: ErrorHandler.determineErrorCode(e) }))) / errors.length;
  console.log(`classify, ${errors.length.toLocaleString('en-US')} varied errors, per call (goal ≥ 1.20×)`);
  console.log(`  mcp-envelope classify()                  ${duration(ours).padStart(9)}`);
  console.log(`  mcp-ts-core 0.10.17 determineErrorCode   ${duration(theirs).padStart(9)}`);
  console.log(`  speed vs reference                       ${speed(ours, theirs).padStart(9)}`);
  return { ours, theirs };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await run(packageDir());
