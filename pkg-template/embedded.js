// Bun (run and `bun build`), and bundles for Node (esbuild, webpack: the `module`
// condition, which bundlers set and Node does not): the .wasm travels inside the
// JavaScript as base64, so the bundle needs no file beside it and no loader setting.
import wasmBase64 from './wasm/mcp_envelope_bg.wasm.js';
import internals from './lib/bundle.js';

const bytes =
  typeof Buffer === 'function'
    ? Buffer.from(wasmBase64, 'base64')
    : Uint8Array.from(atob(wasmBase64), (c) => c.charCodeAt(0));
// Compiled here, so the engine keeps the module to re-instantiate from if the instance
// ever traps (lib/bundle.js's instantiate).
const wasmModule = new WebAssembly.Module(bytes);
internals.instantiate(wasmModule);

export * from './lib/bundle.js';

/** Already initialised; kept so code written for the browser entry runs unchanged. */
export function init() {
  return Promise.resolve();
}
