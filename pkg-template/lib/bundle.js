// The module every entry loads: the public API (index.js) as its named exports, and as
// its default export what only the entries and the repository's own tests and benches
// reach: the glue's initialisation, the engine's set-up and a few internals.
// scripts/bundle-lib.mjs bundles it in place with everything it imports, the glue
// included, so an entry loads this one module, not one per file (cold start). `export *`
// leaves a default export out, and the package's export map reaches only the entries,
// so none of this is reachable from `mcp-envelope`.
import initWasm, { __mcpEnvelopeMemoryBytes, initSync } from '../wasm/mcp_envelope.js';
import * as abi from './abi.js';
import { engine, markReady } from './engine.js';
import { rejectionResult } from './jsonrpc.js';
import { readThrown } from './read.js';
import { useNodeBuffer } from './wire.js';

export * from './index.js';

/**
 * Node, Deno, workerd and the embedded entry: instantiates the compiled module and hands
 * it to the engine, which re-instantiates from it if the instance traps.
 * @param {WebAssembly.Module} module
 */
function instantiate(module) {
  initSync({ module });
  markReady(module);
}

export default {
  instantiate,
  /** The Node entry: strings cross through Node's Buffer (wire.js); tests switch it off and on. */
  useNodeBuffer,
  /** The browser entry: fetches, compiles and instantiates the .wasm (or what `init()` was given). */
  initWasm,
  /** The browser entry, once `initWasm` is done: the engine is ready (engine.js). */
  markReady,
  /** The self-healing tests: the engine's guarded glue (engine.js). */
  engine,
  /** Tests of the protocol: each operation called as the JS layer calls it (abi.js). */
  abi,
  /** registerTool's one-call rejection envelope, not a package export (jsonrpc.js). */
  rejectionResult,
  /** Tests of what the JS layer reads of a thrown value (read.js). */
  readThrown,
  /** bench/memory.mjs: the instance's linear memory in bytes (scripts/glue-hook.mjs). */
  memoryBytes: __mcpEnvelopeMemoryBytes,
};
