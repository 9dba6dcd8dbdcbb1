// Edge runtimes (Cloudflare Workers) forbid compiling wasm from bytes: the bundler hands
// us the compiled module, and initialisation is synchronous.
import wasmModule from './wasm/mcp_envelope_bg.wasm';
import { initSync } from './wasm/mcp_envelope.js';
import { markReady } from './lib/engine.js';

initSync({ module: wasmModule });
// The engine keeps the module to re-instantiate from if the instance traps.
markReady(wasmModule);

export * from './lib/index.js';

export function init() {
  return Promise.resolve();
}
