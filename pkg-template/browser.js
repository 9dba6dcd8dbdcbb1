// Browsers: compiling wasm synchronously is refused on the main thread, so this entry
// exposes `init()`; it is idempotent, and a failed attempt can be retried.
import initWasm from './wasm/mcp_envelope.js';
import { markReady } from './lib/engine.js';

export * from './lib/index.js';

let pending;

export function init(input) {
  pending ??= initWasm(input === undefined ? undefined : { module_or_path: input }).then(
    () => {
      markReady();
    },
    (error) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}
