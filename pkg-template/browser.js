// Browsers: compiling wasm synchronously is refused on the main thread, so this entry
// exposes `init()`; it is idempotent, and a failed attempt can be retried.
import initWasm from './wasm/mcp_envelope.js';
import { markReady } from './lib/engine.js';

export * from './lib/index.js';

let pending;

export function init(input) {
  pending ??= initWasm(input === undefined ? undefined : { module_or_path: input }).then(
    () => {
      // No module to hand over: the glue keeps the one it compiled, and the engine
      // re-instantiates from it (synchronously) if the instance traps.
      markReady();
    },
    (error) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}
