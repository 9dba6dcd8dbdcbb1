// Node: the module compiles synchronously on import, so no `await init()`.
// `require()` reaches this file too, through node.cjs (Node ≥ 20.19 / 22.12 load ES
// modules synchronously). Bundlers take embedded.js instead (the `module` condition).
import internals from './lib/bundle.js';

// `fs` as Node holds it, not `import … from 'node:fs'`: the ES module of a built-in reads
// every export, and `fs`'s lazy ones (its promises, its streams) load some thirty more of
// Node's modules, about 2 ms of a cold start. process.getBuiltinModule: Node ≥ 20.16 / 22.3.
const { readFileSync } = process.getBuiltinModule('node:fs');

const wasmUrl = new URL('./wasm/mcp_envelope_bg.wasm', import.meta.url);
let bytes;
try {
  bytes = readFileSync(wasmUrl);
} catch (error) {
  throw new Error(
    `mcp-envelope: cannot read ${wasmUrl.pathname}; a bundle for Node must resolve the \`module\` export condition (esbuild and webpack do by default; \`bun build --target=node\` needs --conditions=module)`,
    { cause: error },
  );
}
// Compiled here, so the engine keeps the module to re-instantiate from if the instance
// ever traps (lib/bundle.js's instantiate).
const wasmModule = new WebAssembly.Module(bytes);
internals.useNodeBuffer(Buffer);
internals.instantiate(wasmModule);

export * from './lib/bundle.js';

/** Already initialised; kept so code written for the browser entry runs unchanged. */
export function init() {
  return Promise.resolve();
}
