// Browsers: compiling wasm synchronously is refused on the main thread, so this entry
// exposes `init()`; it is idempotent, and a failed attempt can be retried.
import internals from './lib/bundle.js';

export * from './lib/bundle.js';

let pending;

export function init(input) {
  pending ??= internals.initWasm(input === undefined ? undefined : { module_or_path: input }).then(
    () => {
      // No module to hand over: the glue keeps the one it compiled, and the engine
      // re-instantiates from it (synchronously) if the instance traps.
      internals.markReady();
    },
    (error) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}
