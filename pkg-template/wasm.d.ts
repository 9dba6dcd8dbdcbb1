// `mcp-envelope/wasm`: the package's WebAssembly module, for a bundler to emit as a file
// and for `init()` to load in a browser (the README's esbuild recipe:
// `loader: { '.wasm': 'file' }`). What a bundler with a file loader gives for the
// default import is the URL (or path) of the emitted `.wasm`, as a string.

/** The URL of the emitted `mcp_envelope_bg.wasm`: pass `new URL(wasmUrl, import.meta.url)` to `init()`. */
declare const wasmUrl: string;
export default wasmUrl;
