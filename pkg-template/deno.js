// Deno: the .wasm arrives as a compiled module through a source-phase import, which the
// module loader resolves itself, so `deno run` needs no --allow-read (reading the file
// with node:fs would). Initialisation is synchronous; there is no `await init()`.
import source wasmModule from './wasm/mcp_envelope_bg.wasm';
import internals from './lib/bundle.js';

internals.instantiate(wasmModule);

export * from './lib/bundle.js';

/** Already initialised; kept so code written for the browser entry runs unchanged. */
export function init() {
  return Promise.resolve();
}
