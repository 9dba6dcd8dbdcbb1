// What scripts/build-pkg.mjs and scripts/build-test-trap.mjs add to wasm-bindgen's glue:
// a way to drop a trapped instance and instantiate the compiled module anew, for the
// self-healing engine (pkg-template/lib/engine.js), and the instance's raw exports, which
// the protocol calls (pkg-template/lib/wire.js). The glue keeps its instance in a
// module-level `wasm` and `initSync` returns it while it is set.
const HOOK = `
// mcp-envelope (scripts/glue-hook.mjs): forget a trapped instance and instantiate the
// compiled module anew (pkg-template/lib/engine.js).
export function __mcpEnvelopeRenew(module) {
    wasm = undefined;
    return initSync({ module: module ?? wasmModule });
}
// The instance's raw exports (memory, mcp_envelope_scratch, mcp_envelope_call, …).
export function __mcpEnvelopeExports() {
    return wasm;
}
// The instance's linear memory in bytes, for bench/memory.mjs.
export function __mcpEnvelopeMemoryBytes() {
    return wasm === undefined ? 0 : wasm.memory.buffer.byteLength;
}
`;

export function addRenewHook(glueText) {
  if (!/^let wasmModule, wasmInstance, wasm;$/m.test(glueText) || !/^function initSync\(module\) \{$/m.test(glueText)) {
    throw new Error('glue-hook: the wasm-bindgen glue changed shape; update scripts/glue-hook.mjs');
  }
  return glueText + HOOK;
}
