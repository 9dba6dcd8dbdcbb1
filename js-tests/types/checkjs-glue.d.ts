// The exports scripts/glue-hook.mjs adds to the wasm glue (not in its generated .d.ts).
export {};

declare module '../../pkg/wasm/mcp_envelope.js' {
  export function __mcpEnvelopeRenew(module: WebAssembly.Module | undefined): void;
  export function __mcpEnvelopeMemoryBytes(): number;
  export function __mcpEnvelopeExports(): import('../../pkg/lib/wire.js').Exports;
}
