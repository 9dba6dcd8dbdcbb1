// The two changes to wasm-bindgen's glue (scripts/build-pkg.mjs, scripts/build-test-trap.mjs):
// a way to drop a trapped instance and instantiate the compiled module anew, for the
// self-healing engine (pkg-template/lib/engine.js), and strings passed into wasm with
// `TextEncoder.encodeInto` instead of a copy one UTF-16 unit at a time. The glue keeps
// its instance in a module-level `wasm` and `initSync` returns it while it is set.
const HOOK = `
// mcp-envelope (scripts/glue-hook.mjs): forget a trapped instance and instantiate the
// compiled module anew (pkg-template/lib/engine.js).
export function __mcpEnvelopeRenew(module) {
    wasm = undefined;
    return initSync({ module: module ?? wasmModule });
}
// The instance's linear memory in bytes, for bench/memory.mjs.
export function __mcpEnvelopeMemoryBytes() {
    return wasm === undefined ? 0 : wasm.memory.buffer.byteLength;
}
`;

// wasm-bindgen's passStringToWasm0 copies a string's ASCII prefix one unit at a time and
// only then hands the rest to encodeInto. This one keeps the loop for short strings (a
// name, a code: encodeInto's fixed cost is higher there) and writes longer ones with
// encodeInto straight into wasm memory: first into as many bytes as the string has
// units (enough for ASCII), then, past the first non-ASCII character, into room for
// three bytes a unit. The bytes are the same (TextEncoder's UTF-8, lone surrogates as
// U+FFFD); the allocation protocol (malloc, realloc to the size written) is the glue's.
const PASS_STRING = `function passStringToWasm0(arg, malloc, realloc) {
    if (realloc === undefined) {
        const buf = cachedTextEncoder.encode(arg);
        const ptr = malloc(buf.length, 1) >>> 0;
        getUint8ArrayMemory0().subarray(ptr, ptr + buf.length).set(buf);
        WASM_VECTOR_LEN = buf.length;
        return ptr;
    }
    const len = arg.length;
    let ptr = malloc(len, 1) >>> 0;
    // UTF-16 units of arg read so far, and the bytes they made.
    let read = 0;
    let written = 0;
    if (len <= 32) {
        const mem = getUint8ArrayMemory0();
        for (; read < len; read++) {
            const code = arg.charCodeAt(read);
            if (code > 0x7F) break;
            mem[ptr + read] = code;
        }
        written = read;
    } else {
        const first = cachedTextEncoder.encodeInto(arg, getUint8ArrayMemory0().subarray(ptr, ptr + len));
        read = first.read;
        written = first.written;
    }
    if (read === len) {
        WASM_VECTOR_LEN = written;
        return ptr;
    }
    // The units not yet written, at most three bytes each.
    const rest = read === 0 ? arg : arg.slice(read);
    const size = written + rest.length * 3;
    ptr = realloc(ptr, len, size, 1) >>> 0;
    written += cachedTextEncoder.encodeInto(rest, getUint8ArrayMemory0().subarray(ptr + written, ptr + size)).written;
    ptr = realloc(ptr, size, written, 1) >>> 0;
    WASM_VECTOR_LEN = written;
    return ptr;
}`;

export function addRenewHook(glueText) {
  if (!/^let wasmModule, wasmInstance, wasm;$/m.test(glueText) || !/^function initSync\(module\) \{$/m.test(glueText)) {
    throw new Error('glue-hook: the wasm-bindgen glue changed shape; update scripts/glue-hook.mjs');
  }
  const pass = /^function passStringToWasm0\(arg, malloc, realloc\) \{$[\s\S]*?^\}$/m;
  if (
    !pass.test(glueText) ||
    !/^let WASM_VECTOR_LEN = 0;$/m.test(glueText) ||
    !/^const cachedTextEncoder = /m.test(glueText)
  ) {
    throw new Error('glue-hook: the glue no longer has passStringToWasm0 as expected; update scripts/glue-hook.mjs');
  }
  return glueText.replace(pass, () => PASS_STRING) + HOOK;
}
