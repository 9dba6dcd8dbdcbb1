// The raw WebAssembly exports, guarded: the browser entry must `await init()` before
// any call, and a clear error beats wasm-bindgen's "cannot read properties of undefined".
import * as glue from '../wasm/mcp_envelope.js';

let ready = false;

export function markReady() {
  ready = true;
}

export function engine() {
  if (!ready) {
    throw new Error('mcp-envelope: the WebAssembly module is not initialised yet; `await init()` first');
  }
  return glue;
}
