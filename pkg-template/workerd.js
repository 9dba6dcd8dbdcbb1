// Edge runtimes (Cloudflare Workers) forbid compiling wasm from bytes: the bundler hands
// us the compiled module, and initialisation is synchronous.
import wasmModule from './wasm/mcp_envelope_bg.wasm';
import { initSync } from './wasm/mcp_envelope.js';
import { markReady } from './lib/engine.js';

initSync({ module: wasmModule });
markReady();

export * from './lib/index.js';

export function init() {
  return Promise.resolve();
}
