// `mcp-envelope/wasm` under `require` (see wasm.d.ts): the URL of the emitted `.wasm`, as
// a bundler with a file loader gives it.

/** The URL of the emitted `mcp_envelope_bg.wasm`, for `init()`. */
declare const wasmUrl: string;
export = wasmUrl;
