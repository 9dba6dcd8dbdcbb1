// The JS layer as the entries load it: lib/bundle.js of a built package (pkg/, or
// build/test-trap/), bundled in place with everything it imports, the wasm-bindgen glue
// included. Each module Node loads costs it about half a millisecond whatever its size,
// so an entry loading one module for the whole layer instead of one per file is most of
// what a cold start can win on the JS side (bench/PROFILING.md).
import { readFileSync, writeFileSync } from 'node:fs';
import { buildSync } from 'esbuild';

// The glue finds the .wasm beside itself when init() is given none; inside lib/bundle.js
// that file is one directory up. Bundlers (Vite, webpack) emit the file this expression
// names, so it stays a literal.
const GLUE_URL = /new URL\((['"])mcp_envelope_bg\.wasm\1, import\.meta\.url\)/g;
const BUNDLE_URL = "new URL('../wasm/mcp_envelope_bg.wasm', import.meta.url)";

/** @param {string} dir a built package: lib/bundle.js is still the template's source */
export function bundleLib(dir) {
  const file = `${dir}/lib/bundle.js`;
  buildSync({
    entryPoints: [file],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    outfile: file,
    allowOverwrite: true,
    logLevel: 'warning',
  });
  const text = readFileSync(file, 'utf8');
  const found = text.match(GLUE_URL)?.length ?? 0;
  if (found !== 1) {
    throw new Error(
      `bundle-lib: the glue's default .wasm URL occurs ${found} times in ${file}; update scripts/bundle-lib.mjs`,
    );
  }
  writeFileSync(file, text.replace(GLUE_URL, BUNDLE_URL));
}
