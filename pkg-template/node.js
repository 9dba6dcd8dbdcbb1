// Node (and Bun, Deno): the module compiles synchronously on import, so no `await init()`.
// `require()` reaches this file too (Node ≥ 20.19 / 22.12 load ES modules synchronously).
import { readFileSync } from 'node:fs';
import { initSync } from './wasm/mcp_envelope.js';
import { markReady } from './lib/engine.js';

initSync({ module: readFileSync(new URL('./wasm/mcp_envelope_bg.wasm', import.meta.url)) });
markReady();

export * from './lib/index.js';

/** Already initialised; kept so code written for the browser entry runs unchanged. */
export function init() {
  return Promise.resolve();
}
