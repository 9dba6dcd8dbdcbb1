// The features rustc enables by default for wasm32, named for wasm-opt (scripts/build-pkg.mjs,
// bench/levels.mjs); naming them beats --all-features, which can emit a module older
// engines refuse.
export const WASM_OPT_FEATURES = Object.freeze([
  '--enable-bulk-memory',
  '--enable-mutable-globals',
  '--enable-nontrapping-float-to-int',
  '--enable-sign-ext',
  '--enable-reference-types',
  '--enable-multivalue',
]);
