// Edge runtimes (Cloudflare Workers) forbid compiling wasm from bytes: the bundler hands
// us the compiled module, and initialisation is synchronous.
import wasmModule from './wasm/mcp_envelope_bg.wasm';
import internals from './lib/bundle.js';

internals.instantiate(wasmModule);

export * from './lib/bundle.js';

export function init() {
  return Promise.resolve();
}
